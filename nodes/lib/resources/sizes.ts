// File sizes: as servers print them (`1.23MB`, `500B`, `1.50kB`: base 1000) → bytes; a size parameter in MB →
// bytes; bytes → the text n8n shows. One unit across the package, n8n's: its binary data's `fileSize` is written by
// pretty-bytes in base 1000, so a megabyte is 1,000,000 bytes everywhere here.

/** Bytes in one MB, the unit of every size parameter (the panel says "1 MB = 1,000,000 bytes"). */
export const BYTES_PER_MB = 1e6;

/** What every size parameter's description says of its unit. */
export const MB_UNIT = '1 MB = 1,000,000 bytes';

/**
 * A size parameter in MB → whole bytes; undefined when it is not a number of 0 or more (each parameter says so in
 * its own words).
 */
export function megabytesToBytes(value: unknown): number | undefined {
	if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return undefined;
	return Math.round(value * BYTES_PER_MB);
}

const SHOWN_UNITS = ['B', 'kB', 'MB', 'GB', 'TB'];

/**
 * Bytes as n8n shows a binary's size (pretty-bytes: base 1000, three significant digits): `9.96 MB`, `1.07 GB`.
 * Where that would read the same as `other` (a size next to the limit it is over), the exact bytes instead.
 */
export function formatSize(bytes: number, other?: number): string {
	const shown = (value: number) => {
		if (value < 1000) return `${value} B`;
		const exponent = Math.min(Math.floor(Math.log10(value) / 3), SHOWN_UNITS.length - 1);
		return `${Number((value / 1000 ** exponent).toPrecision(3))} ${SHOWN_UNITS[exponent]}`;
	};
	const text = shown(bytes);
	if (other === undefined || other === bytes || text !== shown(other)) return text;
	return `${bytes.toLocaleString('en-US')} bytes`;
}

/**
 * Bytes per unit: by the unit's lower-case name, and as servers print it (found without lower-casing each file's
 * unit). A Map: a unit such as `constructor` must not find a prototype's.
 */
const SIZE_UNITS = new Map<string, number>([
	['b', 1],
	['kb', 1e3],
	['mb', 1e6],
	['gb', 1e9],
	['tb', 1e12],
	['kib', 1024],
	['mib', 1024 ** 2],
	['gib', 1024 ** 3],
	['tib', 1024 ** 4],
	['B', 1],
	['kB', 1e3],
	['KB', 1e3],
	['MB', 1e6],
	['GB', 1e9],
	['TB', 1e12],
	['KiB', 1024],
	['MiB', 1024 ** 2],
	['GiB', 1024 ** 3],
	['TiB', 1024 ** 4],
]);

/** `1.23MB` → 1230000 (base 1000, as the service prints); numbers pass through; unparseable → null. */
export function parseSize(value: unknown): number | null {
	if (typeof value === 'number' && Number.isFinite(value)) return value;
	if (typeof value !== 'string') return null;
	// Listings size every file: the usual `83.08kB` is read by char codes, without the regex's match and copies.
	let unitStart = 0;
	while (unitStart < value.length && isAmountCode(value.charCodeAt(unitStart))) unitStart++;
	let end = unitStart;
	while (end < value.length && isLetterCode(value.charCodeAt(end))) end++;
	if (unitStart === 0 || end !== value.length) return parseSpacedSize(value);
	return sizeInBytes(value.slice(0, unitStart), value.slice(unitStart));
}

/** Digits, `.` and `,` (a decimal comma). */
function isAmountCode(code: number): boolean {
	return (code >= 48 && code <= 57) || code === 46 || code === 44;
}

function isLetterCode(code: number): boolean {
	return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** `2 GB`, ` 1.5 kB `: sizes with spaces around or between amount and unit. */
function parseSpacedSize(value: string): number | null {
	const match = /^\s*([\d.,]+)\s*([a-zA-Z]*)\s*$/.exec(value);
	return match ? sizeInBytes(match[1], match[2]) : null;
}

function sizeInBytes(amountText: string, unitText: string): number | null {
	const amount = Number(amountText.replace(',', '.'));
	const unit =
		unitText === '' ? 1 : (SIZE_UNITS.get(unitText) ?? SIZE_UNITS.get(unitText.toLowerCase()));
	if (!Number.isFinite(amount) || unit === undefined) return null;
	return Math.round(amount * unit);
}

/** Bytes per unit in both bases a server may mean by it: `kB` is 1000, or 1024 where the server counts so. */
function unitBytes(unitText: string): number[] {
	const unit = SIZE_UNITS.get(unitText) ?? SIZE_UNITS.get(unitText.toLowerCase());
	if (unit === undefined) return [];
	if (unit === 1 || unitText.toLowerCase().includes('i')) return [unit];
	return [unit, 1024 ** Math.round(Math.log10(unit) / 3)];
}

/**
 * Whether a size as a server prints it can be `bytes`: `1.2 MB` covers 1.1–1.3 million bytes (or MiB), as the last
 * digit may be rounded up or down. True when the size cannot be read: it then tells nothing.
 */
export function sizeFits(printed: unknown, bytes: number): boolean {
	if (typeof printed === 'number') return printed === bytes;
	const match =
		typeof printed === 'string' ? /^\s*(\d+)(?:[.,](\d+))?\s*([a-zA-Z]*)\s*$/.exec(printed) : null;
	if (!match) return true;
	const [, whole, fraction = '', unitText] = match;
	const amount = Number(`${whole}.${fraction || '0'}`);
	const step = 10 ** -fraction.length;
	const units = unitText === '' ? [1] : unitBytes(unitText);
	if (!units.length) return true;
	return units.some((unit) => Math.abs(bytes / unit - amount) <= step + 1e-9);
}
