/** Deterministic randomness: every id and token of the sandbox comes from one seeded PRNG. */

export const RNG_SEED = 0x5eed2026;

/** mulberry32: tiny seeded PRNG. */
export class Rng {
	private state: number;

	constructor(seed: number) {
		this.state = seed >>> 0;
	}

	next(): number {
		this.state = (this.state + 0x6d2b79f5) >>> 0;
		let t = this.state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	}

	int(maxExclusive: number): number {
		return Math.floor(this.next() * maxExclusive);
	}

	hex(length: number): string {
		let s = '';
		for (let i = 0; i < length; i++) s += this.int(16).toString(16);
		return s;
	}

	alnum(length: number): string {
		const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
		let s = '';
		for (let i = 0; i < length; i++) s += chars[this.int(chars.length)];
		return s;
	}

	/** RFC 4122 version 4 layout. */
	uuid(): string {
		const b: number[] = [];
		for (let i = 0; i < 16; i++) b.push(this.int(256));
		b[6] = (b[6] & 0x0f) | 0x40;
		b[8] = (b[8] & 0x3f) | 0x80;
		const h = b.map((x) => x.toString(16).padStart(2, '0')).join('');
		return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
	}
}
