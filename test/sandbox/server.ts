/* eslint-disable @n8n/community-nodes/no-restricted-imports */
/** The sandbox's entry point: wires the parts together (README.md describes them and the answers). */
import { once } from 'node:events';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';

import { FaultInjector } from './faults';
import type { FaultRule } from './faults';
import { matches, ok, requestListener } from './http';
import type { RecordedRequest, RequestFilter, Result } from './http';
import { Model } from './model';
import { fileWrapper } from './representation';
import { apiRoutes } from './routes';
import type { SeedInfo, SeedOptions } from './seed';
import { RemoteUploads } from './uploads';

export type { FaultRule } from './faults';
export type { RecordedRequest } from './http';

export interface SandboxOptions {
	/** 0 = free port (default) */
	port?: number;
	/** default 127.0.0.1 */
	host?: string;
	seed?: Partial<SeedOptions>;
	/** default 500; larger `limit` values are clamped */
	maxPageSize?: number;
	/** the clock runs in real time from its last set() (default false: frozen) */
	realtimeClock?: boolean;
	/** after each routed API answer: the time from the body read to the answer written (the benchmark) */
	onAnswered?: (request: RecordedRequest, handlingMs: number) => void;
}

/** `POST /__sandbox/files` adds a file to a separate-process sandbox (`npm run dev`): a trigger there sees it. */
function controlApi(model: Model, method: string, path: string, raw: string): Result {
	if (`${method} ${path.replace(/\/$/, '')}` !== 'POST /__sandbox/files')
		return ok(404, { error: `unknown control route ${method} ${path}` });
	const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
	try {
		const body = (raw.trim() ? JSON.parse(raw) : {}) as Record<string, unknown>;
		const user = typeof body.user === 'number' || typeof body.user === 'string' ? body.user : 0;
		const file = model.addFile(user, {
			folderId: str(body.folderId) ?? null,
			name: str(body.name),
			mimetype: str(body.mimetype),
			size: typeof body.size === 'number' ? body.size : undefined,
		});
		return ok(201, fileWrapper(model, file));
	} catch (e) {
		return ok(400, { error: e instanceof Error ? e.message : String(e) });
	}
}

/** A running sandbox: `sb.baseUrl` (no trailing slash, no /api/v1), `sb.model`, `sb.fault(rule)`… (README.md) */
export type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

export async function startSandbox(options: SandboxOptions = {}) {
	const model = new Model(options.seed, options.realtimeClock);
	const requests: RecordedRequest[] = [];
	const faults = new FaultInjector();
	const storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'file-storage-sandbox-'));
	const uploads = new RemoteUploads(model, storeDir);
	const server = http.createServer(
		requestListener(
			apiRoutes(model, uploads, options.maxPageSize ?? 500),
			(method, urlPath, raw) => controlApi(model, method, urlPath, raw),
			requests,
			faults,
			options.onAnswered,
		),
	);
	server.keepAliveTimeout = 5_000;

	const host = options.host ?? '127.0.0.1';
	server.listen(options.port ?? 0, host);
	await once(server, 'listening'); // rejects on 'error'
	const port = (server.address() as AddressInfo).port;
	const publicHost =
		host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
	const baseUrl = `http://${publicHost}:${port}`;
	model.baseUrl = baseUrl;
	let stopped = false;

	return {
		baseUrl,
		port,
		get seed(): SeedInfo {
			return model.seedInfo;
		},
		model,
		clock: model.clock,
		requests,
		clearRequests: (): void => void (requests.length = 0),
		countRequests: (filter: RequestFilter = {}) =>
			requests.filter((r) => matches(filter, r)).length,
		fault: (rule: FaultRule) => faults.add(rule),
		clearFaults: () => faults.clear(),
		/** back to the seeded state (no restart); clears requests, faults and upload settings */
		reset: () => {
			uploads.reset();
			model.reset();
			requests.length = 0;
			faults.clear();
		},
		/** queued uploads finished */
		idle: () => uploads.idle(),
		uploads: uploads.options,
		/** every URL a remote upload was asked to fetch, kept across reset() */
		remoteUrls: uploads.asked as readonly string[],
		/** closes the server and all sockets */
		stop: async () => {
			if (stopped) return;
			stopped = true;
			uploads.abort();
			faults.stop();
			const closed = once(server, 'close');
			server.close();
			server.closeAllConnections();
			await closed;
			await uploads.idle();
			fs.rmSync(storeDir, { recursive: true, force: true });
		},
	};
}
