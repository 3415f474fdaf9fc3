/* eslint-disable @n8n/community-nodes/no-restricted-imports */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { keepingSections, replaceSection, rewriteKeepingSections, sectionsOf, withSection } from './report-sections';

const REPORT = '# Benchmarks\n\n## Listing\n\n| a | b |\n';

describe('report sections: one file, several benchmark scripts', () => {
	it('appends a section that is not there yet, with its markers', () => {
		const next = withSection(REPORT, 'download-bench', '## Download\n\nfigures 1\n');
		expect(next).toBe(`${REPORT}\n<!-- download-bench:start -->\n## Download\n\nfigures 1\n<!-- download-bench:end -->\n`);
		expect(sectionsOf(next).map((section) => section.name)).toEqual(['download-bench']);
	});

	it('replaces only its own section, in place, and leaves the text around and other sections alone', () => {
		const before = withSection(withSection(REPORT, 'download-bench', 'old download'), 'queue-bench', 'queue figures');
		const after = withSection(before, 'download-bench', 'new download');
		expect(after).toContain('<!-- download-bench:start -->\nnew download\n<!-- download-bench:end -->');
		expect(after).not.toContain('old download');
		expect(after).toContain('<!-- queue-bench:start -->\nqueue figures\n<!-- queue-bench:end -->');
		expect(after.indexOf('download-bench')).toBeLessThan(after.indexOf('queue-bench'));
		expect(after.startsWith(REPORT)).toBe(true);
	});

	it("a whole new report keeps the other scripts' sections of the old file, in their order", () => {
		const old = withSection(withSection('# Benchmarks\n\nold listing figures\n', 'download-bench', 'download'), 'queue-bench', 'queue');
		const next = keepingSections(old, '# Benchmarks\n\nnew listing figures\n');
		expect(next).not.toContain('old listing figures');
		expect(next).toContain('new listing figures');
		expect(sectionsOf(next)).toEqual(sectionsOf(old));
	});

	it('a section the new report carries itself is not doubled', () => {
		const old = withSection(REPORT, 'download-bench', 'old');
		const next = keepingSections(old, withSection('# Benchmarks\n', 'download-bench', 'new'));
		expect(sectionsOf(next)).toEqual([{ name: 'download-bench', text: '<!-- download-bench:start -->\nnew\n<!-- download-bench:end -->' }]);
	});

	it('works on files: replaceSection, then a rewrite of the whole report', () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-sections-'));
		try {
			const file = path.join(dir, 'docs', 'benchmarks.md');
			replaceSection(file, 'download-bench', 'download figures');
			expect(fs.readFileSync(file, 'utf8')).toContain('<!-- download-bench:start -->\ndownload figures\n<!-- download-bench:end -->');
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
