import { lineChartsSvg, tickStep } from './svg';

describe('the scale picture (docs/benchmarks-scale.svg)', () => {
	it('steps its y axis by 1, 2 or 5 times a power of ten, about four ticks to the top', () => {
		expect(tickStep(130)).toBe(50);
		expect(tickStep(13.2)).toBe(5);
		expect(tickStep(0.8)).toBe(0.2);
		expect(tickStep(0)).toBe(1);
	});

	it('draws one line per series, a labelled point per value, the file counts on the x axis', () => {
		const svg = lineChartsSvg(
			[1_000, 10_000, 100_000],
			[
				{
					title: 'Time',
					unit: 'µs',
					series: [{ label: 'node', color: '#111', values: [3, 2, 1] }],
				},
				{
					title: 'Memory',
					unit: '×',
					series: [{ label: 'a < b', color: '#222', values: [1, NaN, 2] }],
				},
			],
		);
		expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="680"')).toBe(true);
		expect(svg.match(/<polyline /g)).toHaveLength(2);
		expect(svg.match(/<circle /g)).toHaveLength(5);
		expect(svg).toContain('>100,000</text>');
		expect(svg).toContain('a &lt; b');
		expect(svg).not.toContain('NaN');
	});
});
