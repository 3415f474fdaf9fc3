/* eslint-disable @n8n/community-nodes/no-restricted-imports */
/** HTTP plumbing shared by the API and the control routes: result values, JSON bodies in and out. */
import type * as http from 'node:http';

import type { FileContent } from './content';
import { MESSAGES } from './schemas';

/** What a route answers: written as JSON, or, with `content`, the file's bytes (see content-io.ts). */
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
