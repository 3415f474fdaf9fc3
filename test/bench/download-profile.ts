/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-hardcoded-secrets */
/**
 * CPU profiles of a download inside n8n (`BENCH_ONLY=download-profile npm run bench`: where does n8n's CPU go during File Storage → Download and n8n's
 * HTTP Request node). Same setup as download-bench.ts, n8n started with the probe (n8n-probe.ts); each profiled run
 * is one webhook call between probe.begin({cpu}) and probe.end(). Env: BENCH_DOWNLOAD_MB (256),
 * BENCH_PROFILE_RUNS (2), BENCH_PROFILE_VARIANTS (fileStorage,httpRequest).
 */
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { REPO_ROOT } from '../e2e/checkout';
import { preparePackagedN8n } from '../e2e/install';
import { Stopwatch } from '../e2e/progress';
import { N8n } from '../e2e/rest-client';
import type { Sandbox } from '../sandbox/server';
import { startSandbox } from '../sandbox/server';
import { runBounded, stopStarted } from './bounded-run';
import { summariseProfiles, summaryLines } from './cpuprofile';
import { ProbeClient, probeEnv } from './probe-client';

const WORK = path.join(REPO_ROOT, '.tmp', 'bench-download-profile');
const LOGS = path.join(WORK, 'logs');
const PROFILES = path.join(WORK, 'profiles');
const SIZE = (Number(process.env.BENCH_DOWNLOAD_MB ?? 256) || 256) * 1024 ** 2;
const RUNS = Number(process.env.BENCH_PROFILE_RUNS ?? 2) || 2;
const VARIANTS = (process.env.BENCH_PROFILE_VARIANTS ?? 'fileStorage,httpRequest').split(',');
const OWNER = {
	email: 'bench-download@example.com',
	password: 'Bench-Passw0rd-2026',
	firstName: 'Bench',
	lastName: 'Download',
};
const CREDENTIAL = {
	id: 'benchDlApi',
	name: 'Bench Download File Storage API',
	type: 'fileStorageApi',
};
const HEADER_CREDENTIAL = {
	id: 'benchDlHeader',
	name: 'Bench Download Header Auth',
	type: 'httpHeaderAuth',
};
const PATHS: Record<string, string> = {
	fileStorage: 'bench-download',
	httpRequest: 'bench-download-http',
};

let n8n: N8n | undefined;
let sandbox: Sandbox | undefined;
const log = (m: string) => process.stdout.write(`[profile] ${m}\n`);

async function call(webhookPath: string): Promise<number> {
	const res = await n8n!.callWebhook(webhookPath, { timeoutMs: 600_000 });
	if (res.status !== 200) throw new Error(`webhook ${webhookPath} answered ${res.status}`);
	return res.wallMs;
}

async function main(): Promise<void> {
	fs.rmSync(WORK, { recursive: true, force: true });
	fs.mkdirSync(LOGS, { recursive: true });
	fs.mkdirSync(PROFILES, { recursive: true });
	const { install, userFolder } = await preparePackagedN8n(WORK, LOGS, new Stopwatch());
	sandbox = await startSandbox({ port: 0, host: '127.0.0.1' });
	const file = sandbox.model.addFile(0, {
		name: 'bench.bin',
		size: SIZE,
		mimetype: 'application/octet-stream',
	});
	const token = sandbox.seed.users[0].accessToken;
	const url = `${sandbox.baseUrl}/file/${file.basename}`;
	const probeDir = path.join(WORK, 'probe');
	n8n = await N8n.create({
		install,
		userFolder,
		logDir: LOGS,
		env: { N8N_DEFAULT_BINARY_DATA_MODE: 'filesystem', ...probeEnv(probeDir) },
	});
	await n8n.importCredentials([
		{ ...CREDENTIAL, data: { baseUrl: sandbox.baseUrl, accessToken: token } },
		{ ...HEADER_CREDENTIAL, data: { name: 'Authorization', value: `Bearer ${token}` } },
	]);
	const webhook = (p: string) => ({
		id: crypto.randomUUID(),
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		webhookId: crypto.randomUUID(),
		position: [0, 0],
		parameters: {
			httpMethod: 'POST',
			path: p,
			responseMode: 'lastNode',
			responseData: 'noData',
			options: {},
		},
	});
	await n8n.importWorkflows([
		{
			id: 'benchDownload',
			name: 'profile: File Storage',
			nodes: [
				webhook(PATHS.fileStorage),
				{
					id: crypto.randomUUID(),
					name: 'Download',
					type: 'n8n-nodes-file-storage.fileStorage',
					typeVersion: 1,
					position: [220, 0],
					parameters: {
						resource: 'file',
						operation: 'download',
						source: 'url',
						fileUrl: url,
						options: { timeout: 120 },
					},
					credentials: { fileStorageApi: { id: CREDENTIAL.id, name: CREDENTIAL.name } },
				},
			],
			connections: { Webhook: { main: [[{ node: 'Download', type: 'main', index: 0 }]] } },
			settings: { executionOrder: 'v1', saveDataSuccessExecution: 'none' },
		},
		{
			id: 'benchDownloadHttp',
			name: 'profile: HTTP Request',
			nodes: [
				webhook(PATHS.httpRequest),
				{
					id: crypto.randomUUID(),
					name: 'HTTP Request',
					type: 'n8n-nodes-base.httpRequest',
					typeVersion: 4.2,
					position: [220, 0],
					parameters: {
						method: 'GET',
						url,
						authentication: 'genericCredentialType',
						genericAuthType: 'httpHeaderAuth',
						options: { response: { response: { responseFormat: 'file' } }, timeout: 120_000 },
					},
					credentials: {
						httpHeaderAuth: { id: HEADER_CREDENTIAL.id, name: HEADER_CREDENTIAL.name },
					},
				},
			],
			connections: { Webhook: { main: [[{ node: 'HTTP Request', type: 'main', index: 0 }]] } },
			settings: { executionOrder: 'v1', saveDataSuccessExecution: 'none' },
		},
	]);
	await n8n.start();
	await n8n.setupOwner(OWNER);
	await n8n.createApiKey('bench-download-profile');
	await n8n.activate('benchDownload');
	await n8n.activate('benchDownloadHttp');
	const probe = await ProbeClient.connect(probeDir, n8n.pid!);
	const storage = path.join(userFolder, '.n8n', 'storage');
	for (const v of VARIANTS) log(`warm-up ${v}: ${(await call(PATHS[v])).toFixed(0)} ms`);
	fs.rmSync(storage, { recursive: true, force: true });
	const files: Record<string, string[]> = {};
	for (let r = 1; r <= RUNS; r++) {
		for (const v of VARIANTS) {
			const profileOut = path.join(PROFILES, `${v}-${r}`);
			await probe.begin({ profileOut, cpu: true });
			const ms = await call(PATHS[v]);
			const result = await probe.end();
			const gcMs = result.gc.reduce((s, g) => s + g.ms, 0);
			const kinds: Record<string, number> = {};
			for (const g of result.gc) kinds[g.kind] = (kinds[g.kind] ?? 0) + 1;
			log(
				`${v} run ${r}: ${ms.toFixed(0)} ms (${(SIZE / 1024 ** 2 / (ms / 1000)).toFixed(0)} MiB/s), GC ${gcMs.toFixed(0)} ms in ${result.gc.length} pauses ${JSON.stringify(kinds)}, heap ${result.heapUsedBeforeMb.toFixed(0)} MB`,
			);
			(files[v] ??= []).push(result.cpuProfile!);
			fs.rmSync(storage, { recursive: true, force: true });
		}
	}
	for (const v of VARIANTS) {
		const s = summariseProfiles(files[v], REPO_ROOT, 25);
		fs.writeFileSync(path.join(WORK, `summary-${v}.json`), JSON.stringify(s, null, 2));
		log(`\n=== ${v}: ${files[v].length} profiles, ${s.totalMs.toFixed(0)} ms sampled`);
		for (const line of summaryLines(s)) log(line);
	}
}

const cleanup = async () => await stopStarted(n8n, sandbox);

runBounded({ what: 'download profile', main, cleanup, deadlineMs: 20 * 60_000, progress: log });
