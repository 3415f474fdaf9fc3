import { formatSize, megabytesToBytes } from '../../../../nodes/lib/resources/sizes';

// One unit across the package, n8n's (its binary data's `fileSize` is pretty-bytes, base 1000).
describe('sizes: one unit, one reader, one formatter', () => {
	it.each([
		[1, 1_000_000],
		[2.5, 2_500_000],
		[0, 0],
		[0.000_000_4, 0],
		[-1, undefined],
		[Number.NaN, undefined],
		['5', undefined],
		[undefined, undefined],
	])('%j MB → %j bytes', (value, bytes) => expect(megabytesToBytes(value)).toBe(bytes));

	it.each([
		[0, '0 B'],
		[999, '999 B'],
		[1_000, '1 kB'],
		[1_500_000, '1.5 MB'],
		[9_961_472, '9.96 MB'], // 9.5 MiB, as n8n's own panel shows it
		[64_000_000, '64 MB'],
		[1024 ** 3, '1.07 GB'],
		[2 ** 29, '537 MB'],
	])('%j bytes read %j, as n8n shows them', (bytes, text) => expect(formatSize(bytes)).toBe(text));

	it('a size next to the limit it is over is said exactly, not as the same rounded text', () => {
		expect(formatSize(100_400_000, 100_000_000)).toBe('100,400,000 bytes');
		expect(formatSize(150_000_000, 100_000_000)).toBe('150 MB');
		expect(formatSize(100_000_000, 100_000_000)).toBe('100 MB');
	});
});
