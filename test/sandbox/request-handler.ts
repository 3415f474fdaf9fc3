/* eslint-disable @n8n/community-nodes/no-restricted-imports */
/**
 * One HTTP request end to end: /__sandbox/ goes to the control API; anything else is read as JSON, recorded,
 * offered to the fault rules, then routed. An unexpected failure answers 500 and is recorded as such.
 */
import type * as http from 'node:http';

import { writeContent } from './content-io';
import type { ControlApi } from './control-api';
import { replacesResponse, writeInjectedResponse } from './faults';
import type { FaultInjector } from './faults';
import { error, readBody, writeJson } from './http-io';
import type { RecordedRequest, RequestLog } from './recording';
import { dispatch } from './routes';
import type { Route } from './routes';

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
