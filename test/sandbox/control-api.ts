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
	const rule: FaultRule = {};
	if (typeof body.method === 'string') rule.method = body.method;
	const p = body.path;
	if (typeof p === 'string') rule.path = p;
	else if (p && typeof p === 'object' && typeof (p as { regex?: unknown }).regex === 'string') {
		const { regex, flags } = p as { regex: string; flags?: unknown };
		rule.path = new RegExp(regex, typeof flags === 'string' ? flags : undefined);
	}
	if (typeof body.skip === 'number') rule.skip = body.skip;
	if (typeof body.times === 'number') rule.times = body.times;
	if (body.times === null || body.times === 'Infinity') rule.times = Infinity;
	if (typeof body.status === 'number') rule.status = body.status;
	if ('body' in body) rule.body = body.body;
	if (typeof body.rawBody === 'string') rule.rawBody = body.rawBody;
	if (typeof body.contentType === 'string') rule.contentType = body.contentType;
	if (typeof body.delayMs === 'number') rule.delayMs = body.delayMs;
	if (body.headers && typeof body.headers === 'object')
		rule.headers = body.headers as Record<string, string>;
	if (body.reset === true) rule.reset = true;
	if (body.hang === true) rule.hang = true;
	if (typeof body.cutAfterBytes === 'number') rule.cutAfterBytes = body.cutAfterBytes;
	if (body.closeGracefully === true) rule.closeGracefully = true;
	if (typeof body.stallAfterBytes === 'number') rule.stallAfterBytes = body.stallAfterBytes;
	if (typeof body.blockDelayMs === 'number') rule.blockDelayMs = body.blockDelayMs;
	if (typeof body.declaredLength === 'number') rule.declaredLength = body.declaredLength;
	if (body.omitLength === true) rule.omitLength = true;
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
				case 'POST /__sandbox/notifications/read':
					return ok(200, notificationWrapper(model.markNotificationRead(String(body.id))));
				case 'POST /__sandbox/trash':
					return ok(200, { ok: true, trashed: model.trashItem(String(body.id)).length });
				case 'POST /__sandbox/restore':
					return ok(200, {
						ok: true,
						restored: model.restoreItem(String(body.id), { toHome: body.toHome === true }).length,
					});
				case 'POST /__sandbox/delete':
					return ok(200, {
						ok: true,
						deleted: model.deleteItemPermanently(String(body.id)).length,
					});
				case 'GET /__sandbox/clock':
					return ok(200, { now: model.clock.now().toISOString() });
				case 'POST /__sandbox/clock':
					if (typeof body.set === 'string') model.clock.set(new Date(body.set));
					if (typeof body.advanceMs === 'number') model.clock.advance(body.advanceMs);
					return ok(200, { now: model.clock.now().toISOString() });
				case 'GET /__sandbox/cursor-mode':
					return ok(200, { mode: model.cursorMode });
				case 'POST /__sandbox/cursor-mode':
					if (body.mode !== 'keyset' && body.mode !== 'offset')
						return ok(400, { error: 'mode must be "keyset" or "offset"' });
					model.cursorMode = body.mode;
					return ok(200, { mode: model.cursorMode });
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
