/* eslint-disable @n8n/community-nodes/no-restricted-imports */
/**
 * HTTP sandbox of the File Storage API (/api/v1, nine endpoints) plus a control API under /__sandbox/: the entry
 * point callers import, which wires the parts together (README.md describes them and what the server answers).
 */
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
	/** extension: let the sandbox clock run in real time from its last set() (default false: frozen) */
	realtimeClock?: boolean;
	/**
	 * extension: called after each API request is answered (not fault-injected ones), with the time the sandbox
	 * spent on it from the request body read to the answer written (routing, the model's work, serialisation)
	 */
	onAnswered?: (request: RecordedRequest, handlingMs: number) => void;
}

/**
 * The control API under /__sandbox/: `POST /__sandbox/files` adds a file to a separate-process sandbox
 * (`npm run sandbox`, `npm run dev`), so a trigger there has something new to see. Bad input → 400, other routes → 404.
 */
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
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port ?? 0, host, () => {
			server.off('error', reject);
			resolve();
		});
	});
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
		/** every request, in order of arrival (fault-injected ones too); control requests are not recorded */
		requests,
		clearRequests: (): void => void (requests.length = 0),
		countRequests: (filter: RequestFilter = {}) =>
			requests.filter((r) => matches(filter, r)).length,
		/** returns a remover */
		fault: (rule: FaultRule) => faults.add(rule),
		clearFaults: () => faults.clear(),
		/** back to the seeded state (fast, no restart), clears requests and faults, upload settings as started */
		reset: () => {
			uploads.reset();
			model.reset();
			requests.length = 0;
			faults.clear();
		},
		/** queued uploads finished */
		idle: () => uploads.idle(),
		/** how remote uploads behave until reset(): `naming`, `unreachable`, `queueThreshold`, `queueWhen`… */
		uploads: uploads.options,
		/** every URL a remote upload was asked to fetch since the start, kept across reset() and clearRequests() */
		remoteUrls: uploads.asked as readonly string[],
		/** closes the server and all sockets */
		stop: async () => {
			if (stopped) return;
			stopped = true;
			uploads.abort();
			faults.stop();
			await new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			});
			await uploads.idle();
			fs.rmSync(storeDir, { recursive: true, force: true });
		},
	};
}
