import {
	percentile,
	renderPage,
	sectionsOf,
	stamped,
	summaryOf,
	table,
	targetTable,
} from './report';

const section = (title: string, run: string, targets: Array<[string, boolean]>) =>
	stamped(
		run,
		[
			`## ${title}`,
			'',
			table('a | b', [[1, 2]]),
			'',
			targetTable(targets.map(([target, ok]) => ({ target, measured: `${target} measured`, ok }))),
		].join('\n'),
	);

describe('benchmark report (docs/benchmarks.md)', () => {
	it('takes nearest-rank percentiles, the median of an even count halfway, and skips unmeasured values', () => {
		expect(percentile([5, 1, 4, 2, 3], 50)).toBe(3);
		expect(percentile([1, 2, 3, 4], 50)).toBe(2.5);
		expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90)).toBe(9);
		expect(percentile([NaN, 7], 90)).toBe(7);
		expect(percentile([], 50)).toBeNaN();
	});

	it('counts every target of every section and names each miss with its section', () => {
		const listing = section('Listing', 'run A', [
			['fast', true],
			['small', false],
		]);
		const sections = new Map([
			['main', listing],
			['download', section('Download', 'run A', [['streams', true]])],
		]);
		expect(summaryOf(sections)).toBe(
			[
				'Every section comes from one run of `npm run bench`, started run A.',
				'',
				'**2 of 3 targets met**. Missed:',
				'- Listing: small: small measured.',
			].join('\n'),
		);
	});

	it('says when the sections come from different runs', () => {
		const sections = new Map([
			['main', section('Listing', 'run A', [['fast', true]])],
			['download', section('Download', 'run B', [['streams', true]])],
		]);
		expect(summaryOf(sections)).toContain('**Not one run**');
		expect(summaryOf(sections)).toContain('main from run A; download from run B');
	});

	it('replaces the sections that ran, keeps the others, and orders them as the benchmark does', () => {
		const order = ['main', 'download'];
		const first = new Map([
			['download', section('Download', 'run A', [['streams', false]])],
			['main', section('Listing', 'run A', [['fast', true]])],
		]);
		const before = renderPage('', first, order, 'intro');
		const rerun = section('Download', 'run B', [['streams', true]]);
		const after = renderPage(before, new Map([['download', rerun]]), order, 'intro');
		const sections = sectionsOf(after);
		expect([...sections.keys()]).toEqual(['summary', 'main', 'download']);
		expect(sections.get('main')).toBe(sectionsOf(before).get('main'));
		expect(sections.get('download')).toContain('run B');
		expect(sections.get('summary')).toContain('**2 of 2 targets met**.');
		expect(after.startsWith('# Benchmarks\n\nintro\n\n<!-- summary:start -->')).toBe(true);
	});
});
