/**
 * Sorted indexes (keyset friendly) that listings are served from: kept up to date on every mutation by binary
 * insertion, so adding 10k items and listing them stays cheap.
 */
import type { ItemRec } from './records';

export type SortField = 'created_at' | 'name';
export type Direction = 'ASC' | 'DESC';
export type Key = [number | string, number];

function compareKeys(a: Key, b: Key): number {
	if (a[0] < b[0]) return -1;
	if (a[0] > b[0]) return 1;
	return a[1] - b[1];
}

export function sortKeyOf(item: ItemRec, sort: SortField): Key {
	return sort === 'name'
		? [item.name.toLowerCase(), item.seq]
		: [item.createdAt.getTime(), item.seq];
}

/** Ascending array ordered by a unique key; binary insertion/removal. */
export class SortedIndex<T> {
	arr: T[] = [];

	constructor(private readonly keyOf: (t: T) => Key) {}

	get size(): number {
		return this.arr.length;
	}

	/** first index whose key is >= k */
	lowerBound(k: Key): number {
		let lo = 0;
		let hi = this.arr.length;
		while (lo < hi) {
			const mid = (lo + hi) >>> 1;
			if (compareKeys(this.keyOf(this.arr[mid]), k) < 0) lo = mid + 1;
			else hi = mid;
		}
		return lo;
	}

	/** first index whose key is > k */
	upperBound(k: Key): number {
		let lo = 0;
		let hi = this.arr.length;
		while (lo < hi) {
			const mid = (lo + hi) >>> 1;
			if (compareKeys(this.keyOf(this.arr[mid]), k) <= 0) lo = mid + 1;
			else hi = mid;
		}
		return lo;
	}

	insert(t: T): void {
		const k = this.keyOf(t);
		const n = this.arr.length;
		if (n === 0 || compareKeys(this.keyOf(this.arr[n - 1]), k) < 0) {
			this.arr.push(t);
			return;
		}
		this.arr.splice(this.upperBound(k), 0, t);
	}

	remove(t: T): void {
		const i = this.lowerBound(this.keyOf(t));
		if (i < this.arr.length && this.arr[i] === t) {
			this.arr.splice(i, 1);
			return;
		}
		const j = this.arr.indexOf(t);
		if (j >= 0) this.arr.splice(j, 1);
	}

	insertMany(ts: T[]): void {
		if (ts.length <= 16) {
			for (const t of ts) this.insert(t);
			return;
		}
		this.arr.push(...ts);
		this.arr.sort((a, b) => compareKeys(this.keyOf(a), this.keyOf(b)));
	}

	removeMany(ts: Set<T>): void {
		if (ts.size <= 16) {
			for (const t of ts) this.remove(t);
			return;
		}
		this.arr = this.arr.filter((t) => !ts.has(t));
	}
}

/** The two orders of one listing (a folder, or the latest files of a user). */
export interface Scope {
	created_at: SortedIndex<ItemRec>;
	name: SortedIndex<ItemRec>;
}

export function newScope(): Scope {
	return {
		created_at: new SortedIndex<ItemRec>((i) => sortKeyOf(i, 'created_at')),
		name: new SortedIndex<ItemRec>((i) => sortKeyOf(i, 'name')),
	};
}
