/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
/**
 * docs/benchmarks.md is written by several scripts: bench.ts writes the whole report, other scripts (the Download
 * benchmark, the queue benchmark) each own one section between `<!-- <name>:start -->` and `<!-- <name>:end -->`.
 * `replaceSection` puts one script's section in (replacing its previous text, or appending it); `rewriteKeepingSections`
 * writes a whole new report and carries over every marker section of the old file the new text does not have, so
 * running one benchmark never erases another's results.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const startMarker = (name: string) => `<!-- ${name}:start -->`;
const endMarker = (name: string) => `<!-- ${name}:end -->`;
const SECTION = /<!-- ([a-z0-9][a-z0-9-]*):start -->[\s\S]*?<!-- \1:end -->/g;

/** The marker sections of a text, in their order, each with its markers. */
export function sectionsOf(text: string): Array<{ name: string; text: string }> {
	return [...text.matchAll(SECTION)].map((match) => ({ name: match[1], text: match[0] }));
}

/** `content` with the section `name` set to `text` (without markers): replaced where it is, else appended. */
export function withSection(content: string, name: string, text: string): string {
	if (!/^[a-z0-9][a-z0-9-]*$/.test(name))
		throw new Error(`section name "${name}": use lower-case letters, digits and dashes`);
	const section = `${startMarker(name)}\n${text.trim()}\n${endMarker(name)}`;
	const start = content.indexOf(startMarker(name));
	const end = content.indexOf(endMarker(name), start);
	if (start >= 0 && end > start)
		return `${content.slice(0, start)}${section}${content.slice(end + endMarker(name).length)}`;
	return `${content.trimEnd()}\n\n${section}\n`;
}

/** `next` (a whole new report) with the marker sections of `previous` that `next` does not have, appended in their order. */
export function keepingSections(previous: string, next: string): string {
	const present = new Set(sectionsOf(next).map((section) => section.name));
	const kept = sectionsOf(previous).filter((section) => !present.has(section.name));
	if (!kept.length) return next;
	return `${next.trimEnd()}\n\n${kept.map((section) => section.text).join('\n\n')}\n`;
}

/** Sets one script's section of a report file (see withSection); the file is created if missing. */
export function replaceSection(file: string, name: string, text: string): void {
	const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n';
	fs.mkdirSync(path.dirname(file), { recursive: true });
	fs.writeFileSync(file, withSection(current, name, text));
}

/** Writes a whole new report, keeping the other scripts' sections of the previous file (see keepingSections). */
export function rewriteKeepingSections(file: string, next: string): void {
	const previous = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
	fs.mkdirSync(path.dirname(file), { recursive: true });
	fs.writeFileSync(file, keepingSections(previous, next));
}

// ----- one run, one count ------------------------------------------------------------------------------------------
// The report is written by three scripts, and `BENCH_ONLY` runs one of them alone, so a page can mix runs. Each
// part carries the run it came from (run-bench.sh sets BENCH_RUN once for all of them) and the summary at the top
// says whether the page is one run, and counts every target table on it, so no script's misses drop out of the count.

/** The run this process belongs to: BENCH_RUN from run-bench.sh, else now (a script started on its own). */
export function benchRun(): string {
	return process.env.BENCH_RUN || `${new Date().toISOString().replace('T', ' ').slice(0, 16)} UTC`;
}

export const runStamp = (run: string): string => `<!-- bench-run: ${run} -->`;
const STAMP = /<!-- bench-run: ([^>]*?) -->/;
const TARGET_HEADER = '| Target | Measured | Met |';

export interface TargetRow {
	/** The heading the target table is under (its section's title for the scripts' own sections). */
	heading: string;
	target: string;
	measured: string;
	met: boolean;
}

/** Every row of every `| Target | Measured | Met |` table of the report. */
export function targetRows(text: string): TargetRow[] {
	const rows: TargetRow[] = [];
	const lines = text.split('\n');
	let heading = '';
	for (let i = 0; i < lines.length; i++) {
		const title = /^#{2,3} (.+)$/.exec(lines[i]);
		// a main-report target names its subject itself; a script's section is named by its title
		if (title) heading = title[1] === 'Targets' ? '' : title[1];
		if (lines[i].trim() !== TARGET_HEADER) continue;
		for (i += 2; i < lines.length && lines[i].startsWith('|'); i++) {
			const cells = lines[i]
				.split('|')
				.slice(1, -1)
				.map((cell) => cell.trim());
			if (cells.length < 3) continue;
			rows.push({
				heading,
				target: cells[0],
				measured: cells[1],
				met: cells[cells.length - 1] === '✅',
			});
		}
		i--;
	}
	return rows;
}

/** The parts of the report (the main text, then each script's section) with the run each came from. */
export function partsOf(text: string): Array<{ name: string; run?: string }> {
	const sections = sectionsOf(text).filter((section) => section.name !== 'summary');
	let main = text;
	for (const section of sectionsOf(text)) main = main.replace(section.text, '');
	const title = (section: { text: string }) => /^## (.+)$/m.exec(section.text)?.[1] ?? 'a section';
	return [
		{ name: 'the main benchmark (listing, scale, batch, trigger)', run: STAMP.exec(main)?.[1] },
		...sections.map((section) => ({ name: title(section), run: STAMP.exec(section.text)?.[1] })),
	];
}

/** The summary at the top of the report: which run(s) it holds, and N of M targets met with every miss named. */
export function summaryOf(text: string): string {
	const parts = partsOf(text);
	const runs = new Set(parts.map((part) => part.run ?? ''));
	const origin =
		runs.size === 1 && !runs.has('')
			? `Every section of this page comes from one run of \`npm run bench\`, started ${[...runs][0]}.`
			: `**Not one run**: ${parts.map((part) => `${part.name} from ${part.run ? `the run of ${part.run}` : 'an earlier run without a run stamp'}`).join('; ')} (\`BENCH_ONLY\` runs one part alone). \`npm run bench\` measures them together.`;
	const rows = targetRows(text);
	const missed = rows.filter((row) => !row.met);
	const count = `**${rows.length - missed.length} of ${rows.length} targets met**${missed.length ? '. Missed:' : '.'}`;
	const misses = missed.map(
		(row) => `- ${row.heading ? `${row.heading}: ` : ''}${row.target}: ${row.measured}.`,
	);
	return [origin, '', count, ...misses].join('\n');
}

/** Writes the summary section of a report file (after its title when it has none yet). */
export function finishReport(file: string): void {
	const text = fs.readFileSync(file, 'utf8');
	const summary = summaryOf(text);
	if (text.includes('<!-- summary:start -->')) {
		fs.writeFileSync(file, withSection(text, 'summary', summary));
		return;
	}
	const titleEnd = text.indexOf('\n') + 1;
	fs.writeFileSync(
		file,
		`${text.slice(0, titleEnd)}\n<!-- summary:start -->\n${summary}\n<!-- summary:end -->\n${text.slice(titleEnd)}`,
	);
}

/** When and where a script measured: the date (UTC, to the minute) and the machine, as its section states them. */
export function measuredOn(): { date: string; machine: string } {
	const cpuinfo = fs.existsSync('/proc/cpuinfo') ? fs.readFileSync('/proc/cpuinfo', 'utf8') : '';
	const cpu = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim();
	return {
		date: `${new Date().toISOString().replace('T', ' ').slice(0, 16)} UTC`,
		machine: `${os.cpus().length} cores (${cpu ?? os.cpus()[0]?.model ?? 'unknown'}), ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
	};
}

/** A script's finished section: stamped with the run into the report, its raw results beside it, and printed. */
export function publishSection(
	report: string,
	name: string,
	section: string,
	resultsFile: string,
	results: unknown,
): void {
	replaceSection(report, name, `${runStamp(benchRun())}\n${section}`);
	fs.writeFileSync(resultsFile, JSON.stringify(results, null, 2));
	process.stdout.write(`\n${section}\n`);
}
