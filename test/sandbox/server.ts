/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
/**
 * HTTP sandbox of the File Storage API (/api/v1, nine endpoints) plus a control API under /__sandbox/.
 * Node built-ins only. See README.md for status codes, pagination, upload rule and fault injection.
 */
import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';

import { decodeCursor, Model } from './model';
import type { FolderRec, ItemRec, PageQuery, UserRec, FileRequestRec } from './model';
import {
	CreateFolderBody,
	DeleteItemsBody,
	ListQuery,
	MESSAGES,
	parseInput,
	RemoteUploadBody,
	RequestItemsQuery,
	RestoreBody,
} from './schemas';
import type { SeedInfo, SeedOptions } from './seed';

export { Model } from './model';
export type { SeedInfo, SeedOptions } from './seed';

export interface SandboxOptions {
	/** 0 = free port (default) */
	port?: number;
	/** default 127.0.0.1 */
	host?: string;
	seed?: Partial<SeedOptions>;
	/** remote uploads with more URLs than this are queued (default 5) */
	uploadQueueThreshold?: number;
	/** default 500; larger `limit` values are clamped */
	maxPageSize?: number;
	/** extension: per-URL timeout of remote uploads (default 10000 ms) */
	uploadTimeoutMs?: number;
	/** extension: let the sandbox clock run in real time from its last set() (default false: frozen) */
	realtimeClock?: boolean;
}

export interface RecordedRequest {
	method: string;
	/** pathname */
	path: string;
	query: Record<string, string>;
	body: unknown;
	authorization?: string;
	status: number;
}

export interface FaultRule {
	method?: string;
	/** matched against the pathname: a string must be equal, a RegExp must match */
	path?: string | RegExp;
	match?: (r: { method: string; path: string; query: Record<string, string>; body: unknown }) => boolean;
	/** let N matching requests through first */
	skip?: number;
	/** default 1; Infinity allowed */
	times?: number;
	status?: number;
	/** JSON */
	body?: unknown;
	rawBody?: string;
	contentType?: string;
	/** alone = slow pass-through */
	delayMs?: number;
}

export interface Sandbox {
	/** e.g. http://127.0.0.1:43123 (no trailing slash, no /api/v1) */
	baseUrl: string;
	port: number;
	seed: SeedInfo;
	model: Model;
	clock: { now(): Date; set(d: Date): void; advance(ms: number): void };
	/** every request, in order of arrival (fault-injected ones too); control requests are not recorded */
	requests: RecordedRequest[];
	clearRequests(): void;
	countRequests(filter?: { method?: string; path?: string | RegExp }): number;
	/** returns a remover */
	fault(rule: FaultRule): () => void;
	clearFaults(): void;
	/** back to the seeded state (fast, no restart), clears requests and faults */
	reset(): void;
	/** queued uploads finished */
	idle(): Promise<void>;
	/** closes server and all sockets */
	stop(): Promise<void>;
}

interface Result {
	status: number;
	body: unknown;
}

interface ActiveFault {
	id: number;
	rule: FaultRule;
	seen: number;
	fired: number;
}

interface Fetched {
	name: string;
	mimetype: string;
	size: number;
}

const MAX_BODY_BYTES = 20 * 1024 * 1024;
const MAX_REMOTE_BYTES = 200 * 1024 * 1024;

const ok = (status: number, body: unknown): Result => ({ status, body });
const error = (status: number, message: string): Result => ok(status, { type: 'error', message });
const invalid = (errors: Record<string, string[]>): Result => ok(422, { message: MESSAGES.invalid, errors });
const unauthorized = () => error(401, MESSAGES.unauthorized);
const notFoundEntry = (status = 200) => error(status, MESSAGES.notFound);

function isResult(x: unknown): x is Result {
	return typeof x === 'object' && x !== null && 'status' in x && 'body' in x;
}

function pathMatches(filter: string | RegExp | undefined, path: string): boolean {
	if (filter === undefined) return true;
	if (typeof filter === 'string') return filter === path;
	filter.lastIndex = 0;
	return filter.test(path);
}

function readBody(req: http.IncomingMessage): Promise<string> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		req.on('data', (chunk: Buffer) => {
			size += chunk.length;
			if (size > MAX_BODY_BYTES) {
				reject(new Error('request body too large'));
				req.destroy();
				return;
			}
			chunks.push(chunk);
		});
		req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
		req.on('error', reject);
	});
}

function writeJson(res: http.ServerResponse, status: number, body: unknown): void {
	if (res.headersSent || res.destroyed) return;
	const text = JSON.stringify(body);
	res.writeHead(status, {
		'Content-Type': 'application/json',
		'Content-Length': Buffer.byteLength(text),
	});
	res.end(text);
}

/** Drops empty-string values (treated as absent). */
function nonEmpty(query: Record<string, string>): Record<string, string> {
	const out: Record<string, string> = {};
	for (const [k, v] of Object.entries(query)) if (v !== '') out[k] = v;
	return out;
}

function fileNameFrom(url: URL, disposition: string | undefined): string {
	if (disposition) {
		const star = /filename\*\s*=\s*(?:UTF-8|utf-8)?'[^']*'([^;]+)/.exec(disposition);
		if (star) {
			try {
				return decodeURIComponent(star[1].trim());
			} catch {
				/* fall through */
			}
		}
		const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
		if (plain && plain[1].trim()) return plain[1].trim();
	}
	const last = url.pathname.split('/').filter(Boolean).pop();
	if (last) {
		try {
			return decodeURIComponent(last);
		} catch {
			return last;
		}
	}
	return 'download';
}

function fetchRemote(url: string, timeoutMs: number, signal: AbortSignal, redirects = 0): Promise<Fetched> {
	return new Promise<Fetched>((resolve, reject) => {
		let u: URL;
		try {
			u = new URL(url);
		} catch {
			reject(new Error('invalid URL'));
			return;
		}
		const mod = u.protocol === 'https:' ? https : http;
		const done = (fn: () => void) => {
			clearTimeout(timer);
			fn();
		};
		const req = mod.get(
			u,
			{ agent: false, signal, headers: { 'user-agent': 'file-storage-sandbox/1.0', accept: '*/*' } },
			(res) => {
				const status = res.statusCode ?? 0;
				if (status >= 300 && status < 400 && res.headers.location) {
					res.resume();
					if (redirects >= 5) return done(() => reject(new Error('too many redirects')));
					const next = new URL(res.headers.location, u).toString();
					return done(() => fetchRemote(next, timeoutMs, signal, redirects + 1).then(resolve, reject));
				}
				if (status < 200 || status >= 300) {
					res.resume();
					return done(() => reject(new Error(`HTTP ${status}`)));
				}
				let size = 0;
				res.on('data', (chunk: Buffer) => {
					size += chunk.length;
					if (size > MAX_REMOTE_BYTES) req.destroy(new Error('file too large'));
				});
				res.on('error', (e) => done(() => reject(e)));
				res.on('end', () =>
					done(() =>
						resolve({
							name: fileNameFrom(u, res.headers['content-disposition']).replace(/[\\/]/g, '_'),
							mimetype:
								(res.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase() ||
								'application/octet-stream',
							size,
						}),
					),
				);
				return undefined;
			},
		);
		const timer = setTimeout(() => req.destroy(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
		req.on('error', (e) => done(() => reject(e)));
	});
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	const model = new Model({ seed: options.seed, realtimeClock: options.realtimeClock });
	const uploadQueueThreshold = options.uploadQueueThreshold ?? 5;
	const maxPageSize = options.maxPageSize ?? 500;
	const uploadTimeoutMs = options.uploadTimeoutMs ?? 10_000;
	const requests: RecordedRequest[] = [];
	let faults: ActiveFault[] = [];
	let faultIds = 0;
	const jobs = new Set<Promise<void>>();
	const aborters = new Set<AbortController>();
	const delays = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
	let stopped = false;

	const delay = (ms: number) =>
		new Promise<void>((resolve) => {
			const entry = {
				timer: setTimeout(() => {
					delays.delete(entry);
					resolve();
				}, ms),
				resolve,
			};
			delays.add(entry);
		});

	// ----- helpers ------------------------------------------------------------------------------------------

	const authUser = (header: string | undefined): UserRec | undefined => {
		const m = header ? /^Bearer\s+(\S+)\s*$/i.exec(header.trim()) : null;
		return m ? model.userByToken(m[1]) : undefined;
	};

	const parseListQuery = (query: Record<string, string>): PageQuery | Result => {
		const q = nonEmpty(query);
		const r = parseInput(ListQuery, q);
		if (!r.ok) return invalid(r.errors);
		let sort = r.value.sort ?? 'created_at';
		let direction = r.value.direction ?? 'DESC';
		const limit = Math.min(r.value.limit ?? 50, maxPageSize);
		if (r.value.cursor !== undefined) {
			const c = decodeCursor(r.value.cursor);
			if (!c) return invalid({ cursor: ['The cursor is invalid.'] });
			if ((r.value.sort && r.value.sort !== c.sort) || (r.value.direction && r.value.direction !== c.direction)) {
				return invalid({ cursor: ['The cursor does not match the requested sort and direction.'] });
			}
			sort = c.sort;
			direction = c.direction;
			return { sort, direction, limit, cursor: c, rawCursor: r.value.cursor };
		}
		return { sort, direction, limit, page: r.value.page };
	};

	const shareAccess = (token: string): { root: FolderRec; userId: string } | Result => {
		const share = model.shares.get(token);
		if (!share || model.isShareExpired(share)) return error(404, MESSAGES.accessDenied);
		const item = model.findItem(share.itemId);
		if (!item || item.deletedAt) return error(404, MESSAGES.accessDenied);
		if (share.protected || share.permission !== 'editor' || item.type !== 'folder') {
			return error(403, MESSAGES.accessDenied);
		}
		return { root: item, userId: share.userId };
	};

	const requestAccess = (id: string): { req: FileRequestRec; root: FolderRec } | Result => {
		const req = model.fileRequests.get(id);
		if (!req) return error(404, MESSAGES.accessDenied);
		const folder = model.findItem(req.folderId);
		if (!folder || folder.type !== 'folder' || folder.deletedAt) return error(404, MESSAGES.accessDenied);
		if (!model.isFileRequestActive(req)) return ok(410, { type: 'gone', message: MESSAGES.gone });
		return { req, root: folder };
	};

	/** The folder itself or an active folder below it; otherwise undefined. */
	const folderWithin = (root: FolderRec, id: string | null | undefined): FolderRec | undefined => {
		if (id === undefined || id === null) return root;
		const item = model.findItem(id);
		if (!item || item.type !== 'folder' || item.deletedAt) return undefined;
		return item.id === root.id || model.isInside(item, root.id) ? item : undefined;
	};

	const deleteBatch = (root: FolderRec, body: unknown): Result => {
		const r = parseInput(DeleteItemsBody, body);
		if (!r.ok) return invalid(r.errors);
		for (const ref of r.value.items) {
			const item: ItemRec | undefined = model.findItem(ref.id);
			if (!item || item.type !== ref.type) return notFoundEntry();
			if (!model.isInside(item, root.id)) return error(403, MESSAGES.accessDenied);
			if (ref.force_delete) model.deleteItemPermanently(item.id);
			else if (item.deletedAt) return notFoundEntry();
			else model.trashItem(item.id);
		}
		return ok(200, { type: 'success', message: MESSAGES.deleted });
	};

	const fetchAll = (urls: string[]) => {
		const ac = new AbortController();
		aborters.add(ac);
		return Promise.all(
			urls.map((u) =>
				fetchRemote(u, uploadTimeoutMs, ac.signal).then(
					(f) => ({ ok: true as const, file: f }),
					(e: unknown) => ({ ok: false as const, reason: e instanceof Error ? e.message : String(e) }),
				),
			),
		).finally(() => aborters.delete(ac));
	};

	const storeUploads = (req: FileRequestRec, targetId: string, files: Fetched[]): void => {
		if (!files.length) return;
		const target =
			[model.findItem(targetId), model.findItem(req.folderId)].find(
				(f): f is FolderRec => !!f && f.type === 'folder' && !f.deletedAt,
			) ?? undefined;
		if (!target) return;
		for (const f of files) {
			model.addFile(req.userId, { folderId: target.id, name: f.name, mimetype: f.mimetype, size: f.size });
		}
		const n = files.length;
		model.addNotification(req.userId, {
			type: 'App\\Notifications\\FileRequestUploadNotification',
			category: 'upload',
			action: 'view',
			title: 'New files were uploaded',
			description: `${n} ${n === 1 ? 'file was' : 'files were'} uploaded into your file request "${req.name}".`,
		});
	};

	// ----- API routes ---------------------------------------------------------------------------------------

	interface Ctx {
		params: string[];
		query: Record<string, string>;
		body: unknown;
		authorization?: string;
	}
	type Handler = (ctx: Ctx) => Result | Promise<Result>;

	const routes: Array<{ pattern: RegExp; methods: Record<string, Handler> }> = [
		{
			pattern: /^\/api\/v1\/browse\/folders\/([^/]+)$/,
			methods: {
				GET: ({ params, query, authorization }) => {
					const user = authUser(authorization);
					if (!user) return unauthorized();
					const q = parseListQuery(query);
					if (isResult(q)) return q;
					let scopeKey: string;
					let root;
					if (params[0] === 'all') {
						scopeKey = `root:${user.id}`;
						root = model.rootWrapper(user.id);
					} else {
						const folder = model.findItem(params[0]);
						if (!folder || folder.type !== 'folder' || folder.userId !== user.id || folder.deletedAt) {
							return notFoundEntry(404);
						}
						scopeKey = folder.id;
						root = model.folderWrapper(folder);
					}
					const page = model.folderPage(scopeKey, q);
					return ok(200, {
						data: page.items.map((i) => model.itemWrapper(i)),
						meta: { cursor: page.meta, root },
					});
				},
			},
		},
		{
			pattern: /^\/api\/v1\/browse\/latest$/,
			methods: {
				GET: ({ query, authorization }) => {
					const user = authUser(authorization);
					if (!user) return unauthorized();
					const q = parseListQuery(query);
					if (isResult(q)) return q;
					const page = model.latestPage(user.id, q);
					return ok(200, { data: page.items.map((i) => model.itemWrapper(i)), meta: { cursor: page.meta } });
				},
			},
		},
		{
			pattern: /^\/api\/v1\/trash\/restore$/,
			methods: {
				POST: ({ body, authorization }) => {
					const user = authUser(authorization);
					if (!user) return unauthorized();
					const r = parseInput(RestoreBody, body);
					if (!r.ok) return invalid(r.errors);
					for (const ref of r.value.items) {
						const item = model.findItem(ref.id);
						if (!item || item.type !== ref.type || item.userId !== user.id || !item.deletedAt) {
							return notFoundEntry();
						}
						model.restoreItem(item.id, { toHome: r.value.to_home });
					}
					return ok(200, { type: 'success', message: MESSAGES.restored });
				},
			},
		},
		{
			pattern: /^\/api\/v1\/shares\/([^/]+)\/items$/,
			methods: {
				POST: ({ params, body }) => {
					const access = shareAccess(params[0]);
					if (isResult(access)) return access;
					const r = parseInput(CreateFolderBody, body);
					if (!r.ok) return invalid(r.errors);
					const parent = folderWithin(access.root, r.value.parent_id);
					if (!parent) return error(403, MESSAGES.accessDenied);
					const folder = model.addFolder(access.userId, { parentId: parent.id, name: r.value.name });
					return ok(201, model.folderWrapper(folder));
				},
				DELETE: ({ params, body }) => {
					const access = shareAccess(params[0]);
					if (isResult(access)) return access;
					return deleteBatch(access.root, body);
				},
			},
		},
		{
			pattern: /^\/api\/v1\/requests\/([^/]+)\/items$/,
			methods: {
				GET: ({ params, query }) => {
					const access = requestAccess(params[0]);
					if (isResult(access)) return access;
					const r = parseInput(RequestItemsQuery, nonEmpty(query));
					if (!r.ok) return invalid(r.errors);
					const folder = folderWithin(access.root, r.value.parent_id);
					if (!folder) return error(403, MESSAGES.accessDenied);
					const items = model.sortedChildren(folder.id, r.value.sort ?? 'created_at', r.value.direction ?? 'DESC');
					return ok(200, {
						data: items.map((i) => model.itemWrapper(i)),
						meta: { root: model.folderWrapper(folder) },
					});
				},
				DELETE: ({ params, body }) => {
					const access = requestAccess(params[0]);
					if (isResult(access)) return access;
					return deleteBatch(access.root, body);
				},
			},
		},
		{
			pattern: /^\/api\/v1\/requests\/([^/]+)\/uploads$/,
			methods: {
				POST: async ({ params, body }) => {
					const access = requestAccess(params[0]);
					if (isResult(access)) return access;
					const r = parseInput(RemoteUploadBody, body);
					if (!r.ok) return invalid(r.errors);
					const target = folderWithin(access.root, r.value.parent_id);
					if (!target) return error(403, MESSAGES.accessDenied);
					const { urls } = r.value;
					const generation = model.generation;
					if (urls.length <= uploadQueueThreshold) {
						const results = await fetchAll(urls);
						const errors: Record<string, string[]> = {};
						results.forEach((res, i) => {
							if (!res.ok) errors[`urls.${i}`] = [`The file at urls.${i} could not be downloaded: ${res.reason}.`];
						});
						if (Object.keys(errors).length) return invalid(errors);
						if (model.generation === generation) {
							storeUploads(access.req, target.id, results.flatMap((x) => (x.ok ? [x.file] : [])));
						}
						return ok(201, { type: 'success', message: MESSAGES.uploaded });
					}
					const job = fetchAll(urls).then((results) => {
						if (stopped || model.generation !== generation) return;
						storeUploads(access.req, target.id, results.flatMap((x) => (x.ok ? [x.file] : [])));
					});
					jobs.add(job);
					void job.finally(() => jobs.delete(job));
					return ok(201, { type: 'success', message: MESSAGES.queued });
				},
			},
		},
		{
			pattern: /^\/api\/v1\/notifications$/,
			methods: {
				GET: ({ authorization }) => {
					const user = authUser(authorization);
					if (!user) return unauthorized();
					return ok(200, { data: model.notificationsOf(user.id).map((n) => model.notificationWrapper(n)) });
				},
			},
		},
	];

	const route = async (method: string, path: string, ctx: Omit<Ctx, 'params'>): Promise<Result> => {
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
	};

	// ----- faults ---------------------------------------------------------------------------------------------

	const addFault = (rule: FaultRule): (() => void) => {
		const f: ActiveFault = { id: ++faultIds, rule, seen: 0, fired: 0 };
		faults.push(f);
		return () => {
			faults = faults.filter((x) => x !== f);
		};
	};

	const pickFault = (r: { method: string; path: string; query: Record<string, string>; body: unknown }) => {
		for (const f of faults) {
			const rule = f.rule;
			if (rule.method && rule.method.toUpperCase() !== r.method) continue;
			if (!pathMatches(rule.path, r.path)) continue;
			if (rule.match && !rule.match(r)) continue;
			f.seen++;
			if (f.seen <= (rule.skip ?? 0)) continue;
			if (f.fired >= (rule.times ?? 1)) continue;
			f.fired++;
			return rule;
		}
		return undefined;
	};

	const countRequests = (filter: { method?: string; path?: string | RegExp } = {}) =>
		requests.filter(
			(r) => (!filter.method || filter.method.toUpperCase() === r.method) && pathMatches(filter.path, r.path),
		).length;

	const idle = async (): Promise<void> => {
		while (jobs.size) await Promise.allSettled([...jobs]);
	};

	const reset = () => {
		model.reset();
		requests.length = 0;
		faults = [];
	};

	// ----- control API ------------------------------------------------------------------------------------------

	const userRef = (v: unknown): number | string => (typeof v === 'number' || typeof v === 'string' ? v : 0);
	const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

	const control = async (method: string, path: string, query: Record<string, string>, raw: string): Promise<Result> => {
		let body: Record<string, unknown> = {};
		if (raw.trim()) {
			try {
				const parsed: unknown = JSON.parse(raw);
				if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
			} catch {
				return ok(400, { error: 'invalid JSON body' });
			}
		}
		try {
			const key = `${method} ${path.replace(/\/$/, '')}`;
			switch (key) {
				case 'GET /__sandbox/seed':
					return ok(200, { ...model.seedInfo, baseUrl: sandbox.baseUrl });
				case 'GET /__sandbox/requests': {
					const re = query.pathRegex ? new RegExp(query.pathRegex) : undefined;
					const list = requests.filter(
						(r) =>
							(!query.method || query.method.toUpperCase() === r.method) &&
							(!query.path || query.path === r.path) &&
							(!re || re.test(r.path)),
					);
					return ok(200, { count: list.length, requests: list });
				}
				case 'POST /__sandbox/requests/clear':
					requests.length = 0;
					return ok(200, { ok: true });
				case 'POST /__sandbox/reset':
					reset();
					return ok(200, { ok: true });
				case 'POST /__sandbox/faults': {
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
					addFault(rule);
					return ok(201, { ok: true, id: faultIds });
				}
				case 'DELETE /__sandbox/faults':
					faults = [];
					return ok(200, { ok: true });
				case 'POST /__sandbox/files': {
					const file = model.addFile(userRef(body.user), {
						folderId: str(body.folderId) ?? null,
						name: str(body.name),
						mimetype: str(body.mimetype),
						size: typeof body.size === 'number' ? body.size : undefined,
					});
					return ok(201, model.fileWrapper(file));
				}
				case 'POST /__sandbox/folders': {
					const folder = model.addFolder(userRef(body.user), {
						parentId: str(body.parentId) ?? null,
						name: str(body.name),
					});
					return ok(201, model.folderWrapper(folder));
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
					return ok(201, model.notificationWrapper(n));
				}
				case 'POST /__sandbox/notifications/read':
					return ok(200, model.notificationWrapper(model.markNotificationRead(String(body.id))));
				case 'POST /__sandbox/trash':
					return ok(200, { ok: true, trashed: model.trashItem(String(body.id)).length });
				case 'POST /__sandbox/restore':
					return ok(200, { ok: true, restored: model.restoreItem(String(body.id), { toHome: body.toHome === true }).length });
				case 'POST /__sandbox/delete':
					return ok(200, { ok: true, deleted: model.deleteItemPermanently(String(body.id)).length });
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

	// ----- request handling -------------------------------------------------------------------------------------

	const handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
		const url = new URL(req.url ?? '/', 'http://sandbox.local');
		const method = (req.method ?? 'GET').toUpperCase();
		const path = url.pathname;
		const query: Record<string, string> = {};
		for (const [k, v] of url.searchParams) query[k] = v;
		const raw = await readBody(req);

		if (path === '/__sandbox' || path.startsWith('/__sandbox/')) {
			const result = await control(method, path, query, raw);
			writeJson(res, result.status, result.body);
			return;
		}

		let body: unknown = undefined;
		let bodyProblem: string | undefined;
		if (raw.length) {
			try {
				body = JSON.parse(raw);
			} catch {
				body = raw;
				bodyProblem = 'The request body is not valid JSON.';
			}
			const ct = req.headers['content-type'] ?? '';
			if (!bodyProblem && !/json/i.test(ct)) {
				bodyProblem = 'The request body must be sent with Content-Type: application/json.';
			}
		}
		const authorization = req.headers.authorization;
		const record: RecordedRequest = {
			method,
			path,
			query,
			body,
			...(authorization !== undefined ? { authorization } : {}),
			status: 0,
		};
		requests.push(record);

		const rule = pickFault({ method, path, query, body });
		if (rule) {
			if (rule.delayMs) await delay(rule.delayMs);
			if (rule.status !== undefined || rule.body !== undefined || rule.rawBody !== undefined) {
				const status = rule.status ?? 500;
				record.status = status;
				if (res.headersSent || res.destroyed) return;
				let text = '';
				let contentType = rule.contentType;
				if (rule.rawBody !== undefined) {
					text = rule.rawBody;
					contentType ??= 'text/html; charset=utf-8';
				} else if (rule.body !== undefined) {
					text = JSON.stringify(rule.body);
					contentType ??= 'application/json';
				}
				const headers: Record<string, string | number> = { 'Content-Length': Buffer.byteLength(text) };
				if (contentType) headers['Content-Type'] = contentType;
				res.writeHead(status, headers);
				res.end(text);
				return;
			}
		}

		const result = bodyProblem
			? error(400, bodyProblem)
			: await route(method, path, { query, body, authorization });
		record.status = result.status;
		writeJson(res, result.status, result.body);
	};

	const server = http.createServer((req, res) => {
		handle(req, res).catch((e: unknown) => {
			const message = e instanceof Error ? e.message : String(e);
			const last = requests[requests.length - 1];
			if (last && last.status === 0) last.status = 500;
			writeJson(res, 500, { type: 'error', message: `Sandbox internal error: ${message}` });
		});
	});
	server.keepAliveTimeout = 5_000;

	const host = options.host ?? '127.0.0.1';
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port ?? 0, host, () => {
			server.off('error', reject);
			resolve();
		});
	});
	const port = (server.address() as AddressInfo).port;
	const publicHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
	const baseUrl = `http://${publicHost}:${port}`;
	model.baseUrl = baseUrl;

	const sandbox: Sandbox = {
		baseUrl,
		port,
		get seed() {
			return model.seedInfo;
		},
		model,
		clock: model.clock,
		requests,
		clearRequests: () => {
			requests.length = 0;
		},
		countRequests,
		fault: addFault,
		clearFaults: () => {
			faults = [];
		},
		reset,
		idle,
		stop: async () => {
			if (stopped) return;
			stopped = true;
			for (const ac of aborters) ac.abort();
			for (const d of delays) {
				clearTimeout(d.timer);
				d.resolve();
			}
			delays.clear();
			await new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			});
			await Promise.allSettled([...jobs]);
		},
	};
	return sandbox;
}
