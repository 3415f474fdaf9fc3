/** The log of API requests (`sb.requests`), and the path filter it shares with fault rules. */

export interface RecordedRequest {
	method: string;
	/** pathname */
	path: string;
	query: Record<string, string>;
	body: unknown;
	authorization?: string;
	status: number;
	/** file content answers: the bytes of the body actually written */
	bytesSent?: number;
}

export interface RequestFilter {
	method?: string;
	/** a string must equal the pathname, a RegExp must match it */
	path?: string | RegExp;
}

export function pathMatches(filter: string | RegExp | undefined, path: string): boolean {
	if (filter === undefined) return true;
	if (typeof filter === 'string') return filter === path;
	filter.lastIndex = 0;
	return filter.test(path);
}

export class RequestLog {
	/** in order of arrival; the same array for the sandbox's whole life (`sb.requests`) */
	readonly list: RecordedRequest[] = [];

	record(r: RecordedRequest): void {
		this.list.push(r);
	}

	clear(): void {
		this.list.length = 0;
	}

	count(filter: RequestFilter = {}): number {
		return this.list.filter(
			(r) =>
				(!filter.method || filter.method.toUpperCase() === r.method) &&
				pathMatches(filter.path, r.path),
		).length;
	}

	/** The last request if the server has not answered it yet. */
	unanswered(): RecordedRequest | undefined {
		const last = this.list[this.list.length - 1];
		return last && last.status === 0 ? last : undefined;
	}
}
