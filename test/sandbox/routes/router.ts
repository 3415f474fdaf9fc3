/** The route table type and its dispatch: first matching pattern, 405 for a method it lacks, 404 for no match. */
import { error } from '../http-io';
import type { Result } from '../http-io';

export interface Ctx {
	/** the pattern's groups, URL-decoded */
	params: string[];
	query: Record<string, string>;
	body: unknown;
	authorization?: string;
}

export type Handler = (ctx: Ctx) => Result | Promise<Result>;

export interface Route {
	pattern: RegExp;
	methods: Record<string, Handler>;
}

export async function dispatch(
	routes: Route[],
	method: string,
	path: string,
	ctx: Omit<Ctx, 'params'>,
): Promise<Result> {
	for (const r of routes) {
		const m = r.pattern.exec(path);
		if (!m) continue;
		const handler = r.methods[method];
		if (!handler) {
			return error(
				405,
				`The ${method} method is not supported for this route. Supported methods: ${Object.keys(r.methods).join(', ')}.`,
			);
		}
		let params: string[];
		try {
			params = m.slice(1).map((p) => decodeURIComponent(p));
		} catch {
			return error(404, `The route ${path} could not be found.`);
		}
		return handler({ ...ctx, params });
	}
	return error(404, `The route ${path} could not be found.`);
}
