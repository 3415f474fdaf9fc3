/* eslint-disable @n8n/community-nodes/no-restricted-imports */
/**
 * One HTTP request end to end (`requestListener`): result values, JSON bodies in and out, the request log
 * (`sb.requests`), fault rules, routing, and file content written with backpressure and shaped by body faults.
 */
import type * as http from 'node:http';

import type { FileContent } from './content';
import { MESSAGES } from './schemas';
import type { FaultInjector, FaultRule } from './faults';
import type { ControlApi } from './control-api';
import { replacesResponse, writeInjectedResponse } from './faults';
import { dispatch } from './routes';
import type { Route } from './routes';

/** HTTP plumbing shared by the API and the control routes: result values, JSON bodies in and out. */
/** What a route answers: written as JSON, or, with `content`, the file's bytes. */
export interface Result {
	status: number;
	body: unknown;
	content?: FileContent;
}

const MAX_BODY_BYTES = 20 * 1024 * 1024;

export const ok = (status: number, body: unknown): Result => ({ status, body });
export const error = (status: number, message: string): Result =>
	ok(status, { type: 'error', message });
export const invalid = (
	errors: Record<string, string[]>,
	message: string = MESSAGES.invalid,
): Result => ok(422, { message, errors });
export const unauthorized = () => error(401, MESSAGES.unauthorized);
export const notFoundEntry = (status = 200) => error(status, MESSAGES.notFound);
export const content = (file: FileContent): Result => ({
	status: 200,
	body: undefined,
	content: file,
});

export function isResult(x: unknown): x is Result {
	return typeof x === 'object' && x !== null && 'status' in x && 'body' in x;
}

export function readBody(req: http.IncomingMessage): Promise<string> {
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

export function writeJson(res: http.ServerResponse, status: number, body: unknown): void {
	if (res.headersSent || res.destroyed) return;
	const text = JSON.stringify(body);
	res.writeHead(status, {
		'Content-Type': 'application/json',
		'Content-Length': Buffer.byteLength(text),
	});
	res.end(text);
}

/** Drops empty-string values (treated as absent). */
export function nonEmpty(query: Record<string, string>): Record<string, string> {
	const out: Record<string, string> = {};
	for (const [k, v] of Object.entries(query)) if (v !== '') out[k] = v;
	return out;
}

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

/**
 * Writing file content: headers up front (Content-Type, Content-Length, Content-Disposition), then the blocks with
 * backpressure, so a 1 GB file streams in constant memory. A fault rule that matched without replacing the answer
 * shapes the body: cut it (`cutAfterBytes`), stall it (`stallAfterBytes`), slow it (`blockDelayMs`) or announce
 * another length (`declaredLength`) or none (`omitLength`).
 */
/** How the body went out: bytes written, and whether the connection was ended on purpose. */
export interface ContentOutcome {
	bytesSent: number;
}

/** Resolves once `piece` is handed to the socket (or the connection is gone): only then may it be cut. */
function written(res: http.ServerResponse, piece: Buffer): Promise<void> {
	return new Promise<void>((resolve) => {
		res.write(piece, () => resolve());
		res.once('close', () => resolve());
	});
}

function drained(res: http.ServerResponse): Promise<void> {
	return new Promise<void>((resolve) => {
		const done = () => {
			res.off('drain', done);
			res.off('close', done);
			resolve();
		};
		res.on('drain', done);
		res.on('close', done);
	});
}

export async function writeContent(
	res: http.ServerResponse,
	file: FileContent,
	rule: FaultRule | undefined,
	faults: FaultInjector,
): Promise<ContentOutcome> {
	const declared = rule?.declaredLength ?? file.length;
	res.writeHead(200, {
		'Content-Type': file.contentType,
		...(rule?.omitLength ? {} : { 'Content-Length': declared }),
		'Content-Disposition': `inline; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
	});
	const stopAt = rule?.cutAfterBytes ?? rule?.stallAfterBytes;
	let sent = 0;
	for (const block of file.blocks()) {
		if (res.destroyed) return { bytesSent: sent };
		const last = stopAt !== undefined && sent + block.length >= stopAt;
		const piece = last ? block.subarray(0, Math.max(0, stopAt - sent)) : block;
		if (last) await written(res, piece);
		else if (!res.write(piece)) await drained(res);
		sent += piece.length;
		if (last) break;
		if (rule?.blockDelayMs) await faults.delay(rule.blockDelayMs);
	}
	if (rule?.stallAfterBytes !== undefined && rule.cutAfterBytes === undefined) {
		// Nothing more until the client gives up or the sandbox stops.
		await faults.delay(24 * 3600 * 1000);
		res.socket?.destroy();
		return { bytesSent: sent };
	}
	if (rule?.cutAfterBytes !== undefined || declared !== file.length) {
		// The promised length never arrives: the client sees the connection end mid-body.
		await new Promise<void>((resolve) => res.write('', () => resolve()));
		res.socket?.destroy();
		return { bytesSent: sent };
	}
	res.end();
	return { bytesSent: sent };
}

/**
 * One HTTP request end to end: /__sandbox/ goes to the control API; anything else is read as JSON, recorded,
 * offered to the fault rules, then routed. An unexpected failure answers 500 and is recorded as such.
 */
export interface RequestHandlerDeps {
	routes: Route[];
	control: ControlApi;
	log: RequestLog;
	faults: FaultInjector;
	/** called after each API request is answered, with the sandbox's own time on it (see SandboxOptions) */
	onAnswered?: (request: RecordedRequest, handlingMs: number) => void;
}

export type RequestListener = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export function requestListener({
	routes,
	control,
	log,
	faults,
	onAnswered,
}: RequestHandlerDeps): RequestListener {
	const handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
		const url = new URL(req.url ?? '/', 'http://sandbox.local');
		const method = (req.method ?? 'GET').toUpperCase();
		const path = url.pathname;
		const query: Record<string, string> = {};
		for (const [k, v] of url.searchParams) query[k] = v;
		const raw = await readBody(req);
		const handlingStarted = performance.now();

		if (path === '/__sandbox' || path.startsWith('/__sandbox/')) {
			const result = await control(method, path, raw);
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
		log.record(record);

		const rule = faults.pick({ method, path, query, body });
		if (rule) {
			if (rule.delayMs) await faults.delay(rule.delayMs);
			if (rule.hang) {
				// Held until the sandbox stops (which ends every pending wait), then dropped unanswered.
				await faults.delay(24 * 3600 * 1000);
				res.socket?.destroy();
				return;
			}
			if (replacesResponse(rule)) {
				record.status = rule.reset ? 0 : (rule.status ?? 500);
				if (res.headersSent || res.destroyed) return;
				writeInjectedResponse(res, rule);
				return;
			}
		}

		const result = bodyProblem
			? error(400, bodyProblem)
			: await dispatch(routes, method, path, { query, body, authorization });
		record.status = result.status;
		if (result.content) {
			// a rule that matched without replacing the answer shapes the file's body (cut, stall, slow, wrong length)
			record.bytesSent = (await writeContent(res, result.content, rule, faults)).bytesSent;
			return;
		}
		writeJson(res, result.status, result.body);
		onAnswered?.(record, performance.now() - handlingStarted);
	};

	return (req, res) => {
		handle(req, res).catch((e: unknown) => {
			const message = e instanceof Error ? e.message : String(e);
			const pending = log.unanswered();
			if (pending) pending.status = 500;
			writeJson(res, 500, { type: 'error', message: `Sandbox internal error: ${message}` });
		});
	};
}
