/* eslint-disable @n8n/community-nodes/no-restricted-imports */
/** One HTTP request end to end: the JSON body, the request log, fault rules, routing, the answer written. */
import type * as http from 'node:http';

import type { FileContent } from './content';
import type { FaultInjector, FaultRule } from './faults';
import { dispatch } from './routes';
import type { Route } from './routes';
import { MESSAGES } from './schemas';

/** What a route answers: written as JSON, or, with `content`, the file's bytes. */
export interface Result {
	status: number;
	body: unknown;
	content?: FileContent;
}

export const ok = (status: number, body: unknown): Result => ({ status, body });
export const error = (status: number, message: string): Result =>
	ok(status, { type: 'error', message });
export const invalid = (errors: Record<string, string[]>, message: string = MESSAGES.invalid) =>
	ok(422, { message, errors });
export const content = (file: FileContent): Result => ({ ...ok(200, undefined), content: file });

export interface RecordedRequest {
	method: string;
	/** pathname */
	path: string;
	query: Record<string, string>;
	body: unknown;
	authorization?: string;
	/** 0 while unanswered, and for a connection reset on purpose */
	status: number;
	/** file content answers: the bytes of the body actually written */
	bytesSent?: number;
}

/** `path`: a string must equal the pathname, a RegExp must match it */
export type RequestFilter = { method?: string; path?: string | RegExp };

/** Whether a request matches a filter (or a fault rule): the method in any case, the path. */
export function matches({ method, path }: RequestFilter, r: { method: string; path: string }) {
	if (method && method.toUpperCase() !== r.method) return false;
	if (path instanceof RegExp) path.lastIndex = 0;
	return path === undefined || (typeof path === 'string' ? path === r.path : path.test(r.path));
}

const FOREVER_MS = 24 * 3600 * 1000;
const MAX_BODY_BYTES = 20 * 1024 * 1024;

async function readBody(req: http.IncomingMessage): Promise<string> {
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of req as AsyncIterable<Buffer>) {
		size += chunk.length;
		if (size > MAX_BODY_BYTES) throw new Error('request body too large');
		chunks.push(chunk);
	}
	return Buffer.concat(chunks).toString('utf8');
}

/** Resolves once `piece` and all before it are handed to the socket (or the connection is gone). */
const written = (res: http.ServerResponse, piece: Buffer | string = '') =>
	new Promise<void>((resolve) => {
		const done = () => {
			res.off('close', done);
			resolve();
		};
		res.once('close', done);
		res.write(piece, done);
	});

/**
 * Writes an answer: the head (with Content-Length), then the body block by block with backpressure, so a 1 GB file
 * streams in constant memory, shaped by a fault rule (FaultRule: cut, stall, slow, another or no length).
 * Returns the body bytes written.
 */
async function send(
	res: http.ServerResponse,
	status: number,
	headers: Record<string, string>,
	body: Body,
	faults: FaultInjector,
	rule?: FaultRule,
): Promise<number> {
	if (res.headersSent || res.destroyed) return 0;
	const declared = rule?.declaredLength ?? body.length;
	res.writeHead(status, { ...headers, ...(!rule?.omitLength && { 'Content-Length': declared }) });
	const stopAt = rule?.cutAfterBytes ?? rule?.stallAfterBytes;
	let sent = 0;
	for (const block of body.blocks) {
		if (res.destroyed) return sent;
		const last = stopAt !== undefined && sent + block.length >= stopAt;
		const piece = last ? block.subarray(0, Math.max(0, stopAt - sent)) : block;
		if (last) await written(res, piece);
		else if (!res.write(piece)) await written(res);
		sent += piece.length;
		if (last) break;
		if (rule?.blockDelayMs) await faults.delay(rule.blockDelayMs);
	}
	if (stopAt === undefined && declared === body.length) {
		res.end();
		return sent;
	}
	// the rest never comes (a stall holds it until the client gives up or the sandbox stops): the
	// client sees the connection end mid-body
	if (rule?.cutAfterBytes === undefined && rule?.stallAfterBytes !== undefined)
		await faults.delay(FOREVER_MS);
	await written(res);
	if (rule?.closeGracefully) res.socket?.end();
	else res.socket?.destroy();
	return sent;
}

type Body = { length: number; blocks: Iterable<Buffer> };
const whole = (bytes: Buffer): Body => ({ length: bytes.length, blocks: [bytes] });

/** The body as JSON, and why it is answered 400 (once recorded) when it is not JSON or not sent as JSON. */
function parseJson(raw: string, contentType = ''): { body: unknown; problem?: string } {
	if (!raw.length) return { body: undefined };
	try {
		const body: unknown = JSON.parse(raw);
		if (/json/i.test(contentType)) return { body };
		return { body, problem: 'The request body must be sent with Content-Type: application/json.' };
	} catch {
		return { body: raw, problem: 'The request body is not valid JSON.' };
	}
}

/**
 * /__sandbox/ goes to `control`, never recorded or faulted; any other request is recorded, offered to the fault
 * rules, then routed. An unexpected failure answers 500 and is recorded as such.
 */
export function requestListener(
	routes: Route[],
	control: (method: string, path: string, raw: string) => Result,
	requests: RecordedRequest[],
	faults: FaultInjector,
	onAnswered?: (request: RecordedRequest, handlingMs: number) => void,
): http.RequestListener {
	const writeJson = (res: http.ServerResponse, status: number, value: unknown) => {
		const json = whole(Buffer.from(JSON.stringify(value)));
		return send(res, status, { 'Content-Type': 'application/json' }, json, faults);
	};

	/** `seen.record`: this request's entry in the log, once made (a failure marks it, not the latest entry) */
	const handle = async (
		req: http.IncomingMessage,
		res: http.ServerResponse,
		seen: { record?: RecordedRequest },
	): Promise<void> => {
		const url = new URL(req.url ?? '/', 'http://sandbox.local');
		const method = (req.method ?? 'GET').toUpperCase();
		const path = url.pathname;
		const query = Object.fromEntries(url.searchParams);
		const raw = await readBody(req);
		const started = performance.now();

		if (path === '/__sandbox' || path.startsWith('/__sandbox/')) {
			const result = control(method, path, raw);
			return void (await writeJson(res, result.status, result.body));
		}

		const { body, problem } = parseJson(raw, req.headers['content-type']);
		const { authorization } = req.headers;
		const record: RecordedRequest = {
			method,
			path,
			query,
			body,
			...(authorization !== undefined && { authorization }),
			status: 0,
		};
		requests.push(record);
		seen.record = record;

		const rule = faults.pick({ method, path, query, body });
		if (rule?.hang || rule?.reset) {
			// a hang is held until the sandbox stops (which ends every pending wait), then dropped unanswered
			if (rule.hang) await faults.delay(FOREVER_MS);
			res.socket?.destroy();
			return;
		}
		if (rule?.status !== undefined || rule?.body !== undefined || rule?.rawBody !== undefined) {
			// the injected answer: `rawBody` as HTML, `body` as JSON, unless `contentType` says otherwise
			record.status = rule.status ?? 500;
			const [text, type]: [string, string?] =
				rule.rawBody !== undefined
					? [rule.rawBody, 'text/html; charset=utf-8']
					: rule.body !== undefined
						? [JSON.stringify(rule.body), 'application/json']
						: [''];
			const contentType = rule.contentType ?? type;
			const headers = { ...rule.headers, ...(contentType && { 'Content-Type': contentType }) };
			const bytes = Buffer.from(text);
			return void (await send(res, record.status, headers, whole(bytes), faults, rule));
		}

		const result = problem
			? error(400, problem)
			: await dispatch(routes, method, path, { query, body, authorization });
		record.status = result.status;
		const file = result.content;
		if (file) {
			// a rule that fired without replacing the answer shapes the file's body
			const disposition = `inline; filename*=UTF-8''${encodeURIComponent(file.fileName)}`;
			const headers = { 'Content-Type': file.contentType, 'Content-Disposition': disposition };
			const body = { ...file, blocks: file.blocks() };
			record.bytesSent = await send(res, 200, headers, body, faults, rule);
			return;
		}
		await writeJson(res, result.status, result.body);
		onAnswered?.(record, performance.now() - started);
	};

	return (req, res) => {
		const seen: { record?: RecordedRequest } = {};
		handle(req, res, seen).catch(async (e: unknown) => {
			const message = e instanceof Error ? e.message : String(e);
			if (seen.record?.status === 0) seen.record.status = 500;
			await writeJson(res, 500, { type: 'error', message: `Sandbox internal error: ${message}` });
		});
	};
}
