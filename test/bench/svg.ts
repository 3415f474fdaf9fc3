/**
 * The picture of the scale section (docs/benchmarks-scale.svg), pure (svg.test.ts): small line charts side by side,
 * each a few series against the file count on a log scale, the y axis from 0, every point labelled with its value.
 */
import { fmt } from './report';

export interface Series {
	label: string;
	color: string;
	dashed?: boolean;
	/** one value per x, in the order of the chart's xs */
	values: number[];
}

export interface Chart {
	title: string;
	/** the unit of the y axis, after the values of its ticks */
	unit: string;
	series: Series[];
}

const WIDTH = 340;
const HEIGHT = 270;
const LEFT = 50;
const RIGHT = 24;
const TOP = 66;
const BOTTOM = 44;

const escape = (text: string): string =>
	text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const text = (x: number, y: number, content: string, anchor = 'middle', color = '#333') =>
	`<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" text-anchor="${anchor}" fill="${color}">${escape(content)}</text>`;

/** A round step for about four ticks up to `max`: 1, 2 or 5 times a power of ten. */
export function tickStep(max: number): number {
	if (!(max > 0)) return 1;
	const raw = max / 4;
	const power = 10 ** Math.floor(Math.log10(raw));
	return ([1, 2, 5, 10].find((m) => m * power >= raw) ?? 10) * power;
}

function chart(xs: number[], c: Chart, offsetX: number): string[] {
	const plotW = WIDTH - LEFT - RIGHT;
	const plotH = HEIGHT - TOP - BOTTOM;
	const logs = xs.map((x) => Math.log10(x));
	const [lo, hi] = [Math.min(...logs), Math.max(...logs)];
	// the outermost points 24 px inside the axes, their labels clear of the ticks'
	const px = (x: number) =>
		offsetX +
		LEFT +
		24 +
		(hi > lo ? ((Math.log10(x) - lo) / (hi - lo)) * (plotW - 48) : plotW / 2 - 24);
	const finite = c.series.flatMap((s) => s.values).filter((v) => Number.isFinite(v));
	const step = tickStep(Math.max(0, ...finite));
	const top = step * Math.max(1, Math.ceil(Math.max(0, ...finite) / step));
	const py = (v: number) => TOP + plotH - (v / top) * plotH;
	const out = [text(offsetX + WIDTH / 2, 18, c.title)];
	for (let v = 0; v <= top + step / 2; v += step) {
		out.push(
			`<line x1="${offsetX + LEFT}" y1="${py(v).toFixed(1)}" x2="${offsetX + LEFT + plotW}" y2="${py(v).toFixed(1)}" stroke="${v === 0 ? '#999' : '#eee'}"/>`,
			text(offsetX + LEFT - 6, py(v) + 4, String(Number(v.toPrecision(6))), 'end'),
		);
	}
	out.push(
		`<line x1="${offsetX + LEFT}" y1="${TOP}" x2="${offsetX + LEFT}" y2="${TOP + plotH}" stroke="#999"/>`,
		text(offsetX + LEFT - 6, TOP - 8, c.unit, 'end'),
	);
	for (const x of xs) out.push(text(px(x), TOP + plotH + 16, x.toLocaleString('en-US')));
	out.push(text(offsetX + LEFT + plotW / 2, HEIGHT - 8, 'files in the folder (log scale)'));
	c.series.forEach((s, k) => {
		const points = xs
			.map((x, i) => ({ x: px(x), y: py(s.values[i]), v: s.values[i] }))
			.filter((p) => Number.isFinite(p.v));
		const dash = s.dashed ? ' stroke-dasharray="4 3"' : '';
		out.push(
			`<polyline fill="none" stroke="${s.color}" stroke-width="2"${dash} points="${points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ')}"/>`,
			...points.flatMap((p) => [
				`<circle cx="${p.x.toFixed(1)}" cy="${p.y.toFixed(1)}" r="3" fill="${s.color}"/>`,
				text(p.x, p.y - 7, fmt(p.v), 'middle', s.color),
			]),
			`<rect x="${offsetX + LEFT}" y="${26 + k * 14}" width="10" height="10" fill="${s.color}"/>`,
			text(offsetX + LEFT + 14, 35 + k * 14, s.label, 'start'),
		);
	});
	return out;
}

/** The charts side by side, against the same xs (file counts). */
export function lineChartsSvg(xs: number[], charts: Chart[]): string {
	const width = WIDTH * charts.length;
	return [
		`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${HEIGHT}" viewBox="0 0 ${width} ${HEIGHT}" font-family="sans-serif" font-size="11">`,
		`<rect width="${width}" height="${HEIGHT}" fill="#fff"/>`,
		...charts.flatMap((c, i) => chart(xs, c, i * WIDTH)),
		'</svg>',
		'',
	].join('\n');
}
