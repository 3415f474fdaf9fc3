/**
 * Statistics and Markdown of docs/benchmarks.md, pure (report.test.ts). The page is a title, a summary and one
 * marker section per benchmark section (`<!-- name:start -->` … `<!-- name:end -->`), each stamped with the run it
 * came from: a section run alone (BENCH_ONLY) replaces only its own, and the summary counts every target table.
 */

/** Nearest-rank percentile: the smallest value with at least p % of the values at or below it; p50 is the median. */
export function percentile(values: number[], p: number): number {
	const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
	if (!sorted.length) return NaN;
	if (p === 50 && sorted.length % 2 === 0)
		return (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
	return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const median = (values: number[]): number => percentile(values, 50);

/** Three significant digits or so; `n/a` for a value that could not be measured. */
export const fmt = (value: number): string =>
	!Number.isFinite(value)
		? 'n/a'
		: Math.abs(value) >= 100
			? value.toFixed(0)
			: Math.abs(value) >= 10
				? value.toFixed(1)
				: value.toFixed(2);

export const times = (value: number): string => `${fmt(value)}×`;
export const list = (values: number[]): string => values.map(fmt).join(', ');
export const distinct = (values: unknown[]): string => [...new Set(values)].join(', ');

type Figures<K extends string> = Array<Record<K, number>>;
export const medianOf = <K extends string>(runs: Figures<K>, key: K) =>
	median(runs.map((r) => r[key]));
export const maxOf = <K extends string>(runs: Figures<K>, key: K) =>
	Math.max(...runs.map((r) => r[key]));
export const listOf = <K extends string>(runs: Figures<K>, key: K) => list(runs.map((r) => r[key]));

/** A section's Markdown: its blocks (paragraphs, tables) a blank line apart. */
export const blocks = (...parts: string[]): string => parts.join('\n\n');

export interface Target {
	target: string;
	measured: string;
	ok: boolean;
}

/** A Markdown table: its header cells separated by ` | `, then the rows. */
export function table(header: string, rows: Array<Array<string | number>>): string {
	const line = (cells: Array<string | number>) => `| ${cells.join(' | ')} |`;
	const columns = header.split(' | ').length;
	return [`| ${header} |`, `|${'---|'.repeat(columns)}`, ...rows.map(line)].join('\n');
}

const TARGET_HEADER = 'Target | Measured | Met';

export const targetTable = (rows: Target[]): string =>
	table(
		TARGET_HEADER,
		rows.map((r) => [r.target, r.measured, r.ok ? '✅' : '❌']),
	);

// ----- the page --------------------------------------------------------------------------------------------------

const SECTION = /<!-- ([a-z0-9-]+):start -->\n([\s\S]*?)\n<!-- \1:end -->/g;
const STAMP = /<!-- bench-run: ([^>]*?) -->/;

export const stamped = (run: string, text: string): string =>
	`<!-- bench-run: ${run} -->\n${text.trim()}`;

/** The marker sections of a page, by name. */
export function sectionsOf(page: string): Map<string, string> {
	return new Map([...page.matchAll(SECTION)].map((m) => [m[1], m[2]]));
}

/** Every row of every target table of a section, with the section's title. */
export function targetRows(section: string): Array<Target & { title: string }> {
	const title = /^## (.+)$/m.exec(section)?.[1] ?? '';
	const rows: Array<Target & { title: string }> = [];
	let inTable = false;
	for (const line of section.split('\n')) {
		if (line === `| ${TARGET_HEADER} |`) inTable = true;
		else if (!line.startsWith('|')) inTable = false;
		else if (inTable && !line.startsWith('|---')) {
			const cells = line
				.split('|')
				.slice(1, -1)
				.map((c) => c.trim());
			rows.push({ title, target: cells[0], measured: cells[1], ok: cells[2] === '✅' });
		}
	}
	return rows;
}

/** Which run(s) the sections come from, and N of M targets met with every miss named. */
export function summaryOf(sections: Map<string, string>): string {
	const runs = [...sections].map(([name, text]) => ({ name, run: STAMP.exec(text)?.[1] }));
	const distinct = new Set(runs.map((r) => r.run));
	const origin =
		distinct.size === 1 && runs[0]?.run
			? `Every section comes from one run of \`npm run bench\`, started ${runs[0].run}.`
			: `**Not one run** (\`BENCH_ONLY\` runs some sections alone): ${runs.map((r) => `${r.name} from ${r.run ?? 'a run without a stamp'}`).join('; ')}.`;
	const rows = [...sections.values()].flatMap(targetRows);
	const missed = rows.filter((r) => !r.ok);
	return [
		origin,
		'',
		`**${rows.length - missed.length} of ${rows.length} targets met**${missed.length ? '. Missed:' : '.'}`,
		...missed.map((r) => `- ${r.title}: ${r.target}: ${r.measured}.`),
	].join('\n');
}

/**
 * The whole page: `intro`, the summary, then the sections in `order`, each the new text when `fresh` has it, else
 * the previous page's (a section not run this time keeps its figures).
 */
export function renderPage(
	previous: string,
	fresh: Map<string, string>,
	order: string[],
	intro: string,
): string {
	const old = sectionsOf(previous);
	const sections = new Map<string, string>();
	for (const name of order) {
		const text = fresh.get(name) ?? old.get(name);
		if (text !== undefined) sections.set(name, text);
	}
	const block = (name: string, text: string) =>
		`<!-- ${name}:start -->\n${text}\n<!-- ${name}:end -->`;
	return (
		[
			'# Benchmarks',
			intro.trim(),
			block('summary', summaryOf(sections)),
			...[...sections].map(([name, text]) => block(name, text)),
		].join('\n\n') + '\n'
	);
}
