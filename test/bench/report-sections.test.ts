/* eslint-disable @n8n/community-nodes/no-restricted-imports */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import {
	finishReport,
	keepingSections,
	replaceSection,
	rewriteKeepingSections,
	runStamp,
	sectionsOf,
	summaryOf,
	targetRows,
	withSection,
} from './report-sections';

const REPORT = '# Benchmarks\n\n## Listing\n\n| a | b |\n';

describe('report sections: one file, several benchmark scripts', () => {
	it('appends a section that is not there yet, with its markers', () => {
		const next = withSection(REPORT, 'download-bench', '## Download\n\nfigures 1\n');
		expect(next).toBe(
			`${REPORT}\n<!-- download-bench:start -->\n## Download\n\nfigures 1\n<!-- download-bench:end -->\n`,
		);
		expect(sectionsOf(next).map((section) => section.name)).toEqual(['download-bench']);
	});

	it('replaces only its own section, in place, and leaves the text around and other sections alone', () => {
		const before = withSection(
			withSection(REPORT, 'download-bench', 'old download'),
			'queue-bench',
			'queue figures',
		);
		const after = withSection(before, 'download-bench', 'new download');
		expect(after).toContain(
			'<!-- download-bench:start -->\nnew download\n<!-- download-bench:end -->',
		);
		expect(after).not.toContain('old download');
		expect(after).toContain('<!-- queue-bench:start -->\nqueue figures\n<!-- queue-bench:end -->');
		expect(after.indexOf('download-bench')).toBeLessThan(after.indexOf('queue-bench'));
		expect(after.startsWith(REPORT)).toBe(true);
	});

	it("a whole new report keeps the other scripts' sections of the old file, in their order", () => {
		const old = withSection(
			withSection('# Benchmarks\n\nold listing figures\n', 'download-bench', 'download'),
			'queue-bench',
			'queue',
		);
		const next = keepingSections(old, '# Benchmarks\n\nnew listing figures\n');
		expect(next).not.toContain('old listing figures');
		expect(next).toContain('new listing figures');
		expect(sectionsOf(next)).toEqual(sectionsOf(old));
	});

	it('a section the new report carries itself is not doubled', () => {
		const old = withSection(REPORT, 'download-bench', 'old');
		const next = keepingSections(old, withSection('# Benchmarks\n', 'download-bench', 'new'));
		expect(sectionsOf(next)).toEqual([
			{
				name: 'download-bench',
				text: '<!-- download-bench:start -->\nnew\n<!-- download-bench:end -->',
			},
		]);
	});

	it('works on files: replaceSection, then a rewrite of the whole report', () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-sections-'));
		try {
			const file = path.join(dir, 'docs', 'benchmarks.md');
			replaceSection(file, 'download-bench', 'download figures');
			expect(fs.readFileSync(file, 'utf8')).toContain(
				'<!-- download-bench:start -->\ndownload figures\n<!-- download-bench:end -->',
			);
			rewriteKeepingSections(file, '# Benchmarks\n\nlisting figures\n');
			const text = fs.readFileSync(file, 'utf8');
			expect(text.startsWith('# Benchmarks\n\nlisting figures\n')).toBe(true);
			expect(sectionsOf(text).map((section) => section.name)).toEqual(['download-bench']);
		} finally {
			fs.rmSync(dir, { recursive: true, force: true });
		}
	});

	it('refuses a section name that would not round-trip through the markers', () => {
		expect(() => withSection(REPORT, 'Download Bench', 'x')).toThrow(/section name/);
	});
});

describe('the summary: one run or not, every target counted', () => {
	const main = (run: string) =>
		[
			'# Benchmarks',
			'',
			'<!-- summary:start -->',
			'<!-- summary:end -->',
			'',
			runStamp(run),
			'## Results',
			'### Targets',
			'',
			'| Target | Measured | Met |',
			'|---|---|---|',
			'| Restore ≥ 20× faster | 57× | ✅ |',
			'| Delete Items ≥ 20× faster | 11× | ❌ |',
			'',
		].join('\n');
	const download = (run: string) =>
		`${runStamp(run)}\n## Download of a 1 GiB file\n\n| Target | Measured | Met |\n|---|---|---|\n| throughput ≥ 0.8× the raw stream | 0.32× | ❌ |\n| memory ≤ 64 MB | 57 MiB | ✅ |\n`;
	const queue = (run: string) =>
		`${runStamp(run)}\n## Queue mode\n\n| Mode | Executions / min |\n|---|---|\n| regular | 1600 |\n`;
	const page = (runs: [string, string, string]) =>
		withSection(
			withSection(main(runs[0]), 'download-bench', download(runs[1])),
			'queue-bench',
			queue(runs[2]),
		);

	it("reads every target table, the scripts' sections included, under their headings", () => {
		expect(targetRows(page(['r', 'r', 'r']))).toEqual([
			{ heading: '', target: 'Restore ≥ 20× faster', measured: '57×', met: true },
			{ heading: '', target: 'Delete Items ≥ 20× faster', measured: '11×', met: false },
			{
				heading: 'Download of a 1 GiB file',
				target: 'throughput ≥ 0.8× the raw stream',
				measured: '0.32×',
				met: false,
			},
			{
				heading: 'Download of a 1 GiB file',
				target: 'memory ≤ 64 MB',
				measured: '57 MiB',
				met: true,
			},
		]);
	});

	it('counts all of them and names each miss with what was measured', () => {
		const summary = summaryOf(page(['r', 'r', 'r']));
		expect(summary).toContain('**2 of 4 targets met**. Missed:');
		expect(summary).toContain('- Delete Items ≥ 20× faster: 11×.');
		expect(summary).toContain(
			'- Download of a 1 GiB file: throughput ≥ 0.8× the raw stream: 0.32×.',
		);
	});

	it('says one run only when every part carries the same run', () => {
		expect(
			summaryOf(page(['2026-11-25 04:00 UTC', '2026-11-25 04:00 UTC', '2026-11-25 04:00 UTC'])),
		).toMatch(
			/^Every section of this page comes from one run of `npm run bench`, started 2026-11-25 04:00 UTC\./,
		);
		const mixed = summaryOf(
			page(['2026-11-25 04:00 UTC', '2026-11-23 16:44 UTC', '2026-11-25 04:00 UTC']),
		);
		expect(mixed).toMatch(/^\*\*Not one run\*\*/);
		expect(mixed).toContain('Download of a 1 GiB file from the run of 2026-11-23 16:44 UTC');
		const unstamped = withSection(main('r'), 'queue-bench', '## Queue mode\n\nold figures');
		expect(summaryOf(unstamped)).toContain('Queue mode from an earlier run without a run stamp');
	});

	it('writes the summary into its markers, or after the title when there are none', () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-summary-'));
		try {
			const file = path.join(dir, 'benchmarks.md');
			fs.writeFileSync(file, page(['r', 'r', 'r']));
			finishReport(file);
			finishReport(file);
			const text = fs.readFileSync(file, 'utf8');
			expect(sectionsOf(text).map((section) => section.name)).toEqual([
				'summary',
				'download-bench',
				'queue-bench',
			]);
			expect(text).toContain(
				'<!-- summary:start -->\nEvery section of this page comes from one run',
			);
			fs.writeFileSync(file, `# Benchmarks\n\n${download('r')}`);
			finishReport(file);
			expect(fs.readFileSync(file, 'utf8')).toMatch(
				/^# Benchmarks\n\n<!-- summary:start -->\n.*\n\n\*\*1 of 2 targets met\*\*/,
			);
		} finally {
			fs.rmSync(dir, { recursive: true, force: true });
		}
	});
});
