/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
/** The benchmark's side of n8n-probe.ts: how n8n is started with it, and its two calls. */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { waitFor } from '../e2e/processes';
import type { ProbeBegin, ProbeResult } from './n8n-probe';

/** What `n8n start` needs in its environment to load the probe (compiled next to this file). */
export function probeEnv(dir: string): Record<string, string> {
	fs.mkdirSync(dir, { recursive: true });
	return {
		NODE_OPTIONS: `--require ${path.join(__dirname, 'n8n-probe.js')}`,
		BENCH_PROBE_DIR: dir,
		...(process.env.BENCH_TRACE_GC ? { BENCH_TRACE_GC: process.env.BENCH_TRACE_GC } : {}),
	};
}

export class ProbeClient {
	private constructor(private readonly baseUrl: string) {}

	/** The probe inside the process `pid` (it writes its port once it listens). */
	static async connect(dir: string, pid: number): Promise<ProbeClient> {
		const file = path.join(dir, `probe-${pid}.json`);
		const port = await waitFor(
			`the probe of process ${pid}`,
			() =>
				fs.existsSync(file)
					? (JSON.parse(fs.readFileSync(file, 'utf8')) as { port: number }).port
					: undefined,
			{ timeoutMs: 30_000, intervalMs: 100 },
		);
		const client = new ProbeClient(`http://127.0.0.1:${port}`);
		const ping = await client.call<{ pid: number }>('GET', '/ping');
		if (ping.pid !== pid)
			throw new Error(`the probe on port ${port} is in process ${ping.pid}, not ${pid}`);
		return client;
	}

	private async call<T>(method: string, route: string, body?: unknown): Promise<T> {
		const res = await fetch(`${this.baseUrl}${route}`, {
			method,
			headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
			signal: AbortSignal.timeout(120_000),
		});
		const text = await res.text();
		if (!res.ok)
			throw new Error(`probe ${method} ${route} answered ${res.status}: ${text.slice(0, 2000)}`);
		return JSON.parse(text) as T;
	}

	async begin(options: ProbeBegin = {}): Promise<void> {
		await this.call('POST', '/begin', options);
	}

	async end(): Promise<ProbeResult> {
		return await this.call<ProbeResult>('POST', '/end');
	}
}
