/**
 * The control API under /__sandbox/ (no auth, never recorded or faulted): lets tests and the e2e/dev tooling seed,
 * inspect and inject over HTTP what `sb.*` offers in process. Bad input → 400 `{error}`, unknown route → 404.
 */
import type { FaultInjector, FaultRule } from './faults';
import { ok } from './http';
import type { RequestLog, Result } from './http';
import type { Model } from './model';
import { fileWrapper, folderWrapper, notificationWrapper } from './representation';

export interface ControlDeps {
	model: Model;
	log: RequestLog;
	faults: FaultInjector;
	/** back to the seeded state, clears requests and faults */
	reset(): void;
	/** queued uploads finished */
	idle(): Promise<void>;
}

export type ControlApi = (
	method: string,
	path: string,
	query: Record<string, string>,
	raw: string,
) => Promise<Result>;

const userRef = (v: unknown): number | string =>
	typeof v === 'number' || typeof v === 'string' ? v : 0;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** A FaultRule from JSON: `path` is a string or `{regex, flags?}`; `times` a number, null or "Infinity". */
function faultRuleFromJson(body: Record<string, unknown>): FaultRule {
	const { path, times, ...rest } = body;
	const rule = rest as FaultRule;
	if (typeof path === 'string') rule.path = path;
	else if (path && typeof path === 'object' && 'regex' in path) {
		const { regex, flags } = path as { regex: string; flags?: string };
		rule.path = new RegExp(regex, flags);
	}
	if (typeof times === 'number') rule.times = times;
	if (times === null || times === 'Infinity') rule.times = Infinity;
	return rule;
}

export function controlApi({ model, log, faults, reset, idle }: ControlDeps): ControlApi {
	return async (method, path, query, raw) => {
		let body: Record<string, unknown> = {};
		if (raw.trim()) {
			try {
				const parsed: unknown = JSON.parse(raw);
				if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
					body = parsed as Record<string, unknown>;
			} catch {
				return ok(400, { error: 'invalid JSON body' });
			}
		}
		try {
			const key = `${method} ${path.replace(/\/$/, '')}`;
			switch (key) {
				case 'GET /__sandbox/seed':
					return ok(200, { ...model.seedInfo, baseUrl: model.baseUrl });
				case 'GET /__sandbox/requests': {
					const re = query.pathRegex ? new RegExp(query.pathRegex) : undefined;
					const list = log.list.filter(
						(r) =>
							(!query.method || query.method.toUpperCase() === r.method) &&
							(!query.path || query.path === r.path) &&
							(!re || re.test(r.path)),
					);
					return ok(200, { count: list.length, requests: list });
				}
				case 'POST /__sandbox/requests/clear':
					log.clear();
					return ok(200, { ok: true });
				case 'POST /__sandbox/reset':
					reset();
					return ok(200, { ok: true });
				case 'POST /__sandbox/faults':
					return ok(201, { ok: true, id: faults.add(faultRuleFromJson(body)).id });
				case 'DELETE /__sandbox/faults':
					faults.clear();
					return ok(200, { ok: true });
				case 'POST /__sandbox/files': {
					const file = model.addFile(userRef(body.user), {
						folderId: str(body.folderId) ?? null,
						name: str(body.name),
						mimetype: str(body.mimetype),
						size: typeof body.size === 'number' ? body.size : undefined,
					});
					return ok(201, fileWrapper(model, file));
				}
				case 'POST /__sandbox/folders': {
					const folder = model.addFolder(userRef(body.user), {
						parentId: str(body.parentId) ?? null,
						name: str(body.name),
					});
					return ok(201, folderWrapper(model, folder));
				}
				case 'POST /__sandbox/notifications': {
					const n = model.addNotification(userRef(body.user), {
						title: str(body.title),
						description: str(body.description),
						category: str(body.category),
						action: str(body.action),
						type: str(body.type),
						read: body.read === true,
					});
					return ok(201, notificationWrapper(n));
				}
				case 'GET /__sandbox/clock':
					return ok(200, { now: model.clock.now().toISOString() });
				case 'POST /__sandbox/clock':
					if (typeof body.set === 'string') model.clock.set(new Date(body.set));
					if (typeof body.advanceMs === 'number') model.clock.advance(body.advanceMs);
					return ok(200, { now: model.clock.now().toISOString() });
				case 'GET /__sandbox/idle':
					await idle();
					return ok(200, { ok: true });
				default:
					return ok(404, { error: `unknown control route ${method} ${path}` });
			}
		} catch (e) {
			return ok(400, { error: e instanceof Error ? e.message : String(e) });
		}
	};
}
