/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
/**
 * Child process of the benchmark (started with n8n's Node 24): runs one batch operation of the File Storage node
 * in-process through n8n-core (test/harness/engine.ts `runNode`) against the benchmark's sandbox, a few warm-up
 * runs, then the measured runs under the V8 CPU profiler (node:inspector, sampling every 100 µs). Writes the
 * .cpuprofile and a JSON summary. (Listings are profiled inside the real n8n process: n8n-probe.ts.)
 *
 * Expressions are evaluated by the engine n8n 2.x uses by default, `vm` (isolated-vm, as `n8n start` initialises it),
 * or by the `legacy` one (the engine the test harness uses when nothing initialises one).
 *
 * Env: BENCH_PROFILE_CONFIG = path of a JSON file { mode, engine, baseUrl, accessToken, shareToken,
 * targets?, runs, warmups, out } (out = path prefix; `-N.cpuprofile` and `.json` are appended).
 */
import * as fs from 'node:fs';
import { Session } from 'node:inspector/promises';

import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { Expression } from 'n8n-workflow';

import type { CredentialSet } from '../harness/engine';
import { runNode } from '../harness/engine';

export interface ProfileConfig {
	mode: 'restore' | 'delete';
	engine: 'vm' | 'legacy';
	baseUrl: string;
	accessToken: string;
	shareToken: string;
	targets?: Array<{ id: string; type: string }>;
	runs: number;
	warmups: number;
	out: string;
}

export interface ProfileRunSummary {
	mode: ProfileConfig['mode'];
	engine: ProfileConfig['engine'];
	nodeVersion: string;
	runs: Array<{ wallMs: number; nodeMs: number; items: number }>;
	profileFile: string;
}

async function control(baseUrl: string, route: string, body: unknown): Promise<void> {
	const res = await fetch(`${baseUrl}/__sandbox/${route}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify(body),
	});
	if (!res.ok) throw new Error(`control ${route} answered ${res.status}: ${await res.text()}`);
}

async function main(): Promise<void> {
	const configFile = process.env.BENCH_PROFILE_CONFIG;
	if (!configFile) throw new Error('BENCH_PROFILE_CONFIG is not set');
	const config = JSON.parse(fs.readFileSync(configFile, 'utf8')) as ProfileConfig;
	if (config.engine === 'vm') {
		// n8n's defaults (@n8n/config ExpressionEngineConfig), as base-command.js passes them
		await Expression.initExpressionEngine({
			engine: 'vm',
			poolSize: 1,
			maxCodeCacheSize: 1024,
			bridgeTimeout: 5000,
			bridgeMemoryLimit: 128,
		});
	}
	const credentials = {
		fileStorageApi: { baseUrl: config.baseUrl, accessToken: config.accessToken },
		fileStorageShareApi: { baseUrl: config.baseUrl, shareToken: config.shareToken },
	} as CredentialSet;
	const targets = config.targets ?? [];
	let parameters: INodeParameters = {};
	let input: IDataObject[] | undefined;
	switch (config.mode) {
		case 'restore':
			parameters = { resource: 'trash', operation: 'restore', toHome: false };
			input = targets.map((t) => ({ ...t }));
			break;
		case 'delete':
			parameters = { resource: 'sharedFolder', operation: 'deleteItems', permanent: false };
			input = targets.map((t) => ({ ...t }));
			break;
	}
	/** state before each run: the targets trashed (restore) or active (delete); control requests are not recorded */
	const prepare = async () => {
		if (config.mode === 'restore')
			for (const t of targets) await control(config.baseUrl, 'trash', { id: t.id });
		if (config.mode === 'delete')
			for (const t of targets) await control(config.baseUrl, 'restore', { id: t.id });
	};
	/** one measured operation (after `prepare`): the node through n8n-core */
	const operation = async (): Promise<ProfileRunSummary['runs'][number]> => {
		const started = performance.now();
		const result = await runNode(parameters, { credentials, input });
		const wallMs = performance.now() - started;
		if (result.error) throw result.error;
		const task = result.run.data.resultData.runData['File Storage']?.[0];
		return { wallMs, nodeMs: task?.executionTime ?? NaN, items: result.items.length };
	};

	for (let i = 0; i < config.warmups; i++) {
		await prepare();
		await operation();
	}
	const session = new Session();
	session.connect();
	await session.post('Profiler.enable');
	await session.post('Profiler.setSamplingInterval', { interval: 100 });
	const runs: ProfileRunSummary['runs'] = [];
	// only the node runs are profiled: preparation happens before the profiler starts for each run
	for (let i = 0; i < config.runs; i++) {
		await prepare();
		await session.post('Profiler.start');
		let run: ProfileRunSummary['runs'][number];
		try {
			run = await operation();
		} finally {
			const { profile } = await session.post('Profiler.stop');
			fs.writeFileSync(`${config.out}-${i + 1}.cpuprofile`, JSON.stringify(profile));
		}
		runs.push(run);
	}
	session.disconnect();
	const summary: ProfileRunSummary = {
		mode: config.mode,
		engine: config.engine,
		nodeVersion: process.version,
		runs,
		profileFile: `${config.out}-N.cpuprofile`,
	};
	fs.writeFileSync(`${config.out}.json`, JSON.stringify(summary, null, 2));
}

main().then(
	() => process.exit(0),
	(error: unknown) => {
		process.stderr.write(
			`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
		);
		process.exit(1);
	},
);
