/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
/**
 * n8n in queue mode for the queue suite and the benchmark: a main and workers sharing a PostgreSQL database, a Redis
 * queue and one user folder (one install of this package); where each execution ran, from n8n's logs.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import type { N8nInstall } from '../e2e/install';
import {
	freePort,
	spawnLogged,
	stopAllChildren,
	stopChild,
	waitUntilReady,
} from '../e2e/processes';
import { N8n } from '../e2e/rest-client';
import type { Postgres, Redis } from './services';

/** `n8n worker` with its own health-check port and, as root, its own host name (n8n: `worker-<hostname>`). */
export interface QueueWorker {
	name: string;
	port: number;
	hostname: string | undefined;
	readonly running: boolean;
	/** Its readiness check (database and Redis connected). */
	ready(): Promise<boolean>;
	/** Ids of the executions this worker started, from its log. */
	startedExecutions(): Set<string>;
	stop(): Promise<void>;
}

/** Every log file of a folder (all the main's starts), concatenated. */
const logsOf = (dir: string) =>
	(fs.existsSync(dir) ? fs.readdirSync(dir) : [])
		.filter((file) => file.endsWith('.log'))
		.sort()
		.map((file) => fs.readFileSync(path.join(dir, file), 'utf8'))
		.join('\n');

const idsIn = (log: string, pattern: RegExp) =>
	new Set([...log.matchAll(pattern)].map((m) => m[1]));

export interface ClusterOptions {
	install: N8nInstall;
	/** Shared by every process: the package is installed once into its `.n8n/nodes`. */
	userFolder: string;
	logDir: string;
	postgres: Postgres;
	redis: Redis;
	mode: 'queue' | 'regular';
	/** More environment for every process. */
	env?: Record<string, string>;
}

/** A main and its workers on one database and queue. Stops everything it started (`stopAll`), by PID. */
export class QueueCluster {
	private current?: N8n;
	/** Every worker started, also stopped ones: their logs tell where executions ran. */
	readonly startedWorkers: QueueWorker[] = [];
	private readonly mainLogDir: string;

	constructor(private readonly options: ClusterOptions) {
		this.mainLogDir = path.join(options.logDir, 'main');
	}

	get main(): N8n {
		if (!this.current) throw new Error('no main yet: call createMain()');
		return this.current;
	}

	get workers(): QueueWorker[] {
		return this.startedWorkers.filter((worker) => worker.running);
	}

	/** The database, the queue and its health checks (docs/running-at-scale.md), then `options.env`, `extra`. */
	private env(extra: Record<string, string> = {}): Record<string, string> {
		const { postgres, redis, mode } = this.options;
		return {
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: '127.0.0.1',
			DB_POSTGRESDB_PORT: String(postgres.port),
			DB_POSTGRESDB_DATABASE: postgres.database,
			DB_POSTGRESDB_USER: postgres.user,
			DB_POSTGRESDB_PASSWORD: '',
			EXECUTIONS_MODE: mode,
			QUEUE_BULL_REDIS_HOST: '127.0.0.1',
			QUEUE_BULL_REDIS_PORT: String(redis.port),
			QUEUE_HEALTH_CHECK_ACTIVE: 'true',
			QUEUE_HEALTH_CHECK_ADDRESS: '127.0.0.1',
			...this.options.env,
			...extra,
		};
	}

	/** An n8n of this cluster (its CLI and environment) logging into `logDir`. */
	private async n8n(logDir: string, port: number, env: Record<string, string>): Promise<N8n> {
		const { install, userFolder } = this.options;
		return await N8n.create({ install, userFolder, logDir, port, env: this.env(env) });
	}

	/** A main (not started), `extraEnv` for it only; a stopped previous main's port and API key carry over. */
	async createMain(extraEnv: Record<string, string> = {}): Promise<N8n> {
		if (this.current?.running) throw new Error('stop the running main before creating another');
		// a replacement keeps the address: the workers' N8N_WEBHOOK_URL names it
		const port = this.current?.port ?? (await freePort());
		const webhookUrl = `http://127.0.0.1:${port}/`;
		const main = await this.n8n(this.mainLogDir, port, {
			N8N_WEBHOOK_URL: webhookUrl,
			...extraEnv,
		});
		main.apiKey = this.current?.apiKey;
		this.current = main;
		return main;
	}

	/** The main's address, the workers' N8N_WEBHOOK_URL: n8n 2.41 builds a worker's signed links from it. */
	get mainUrl(): string {
		return `http://127.0.0.1:${this.main.port}/`;
	}

	/** `n8n worker`, told the main's address in N8N_WEBHOOK_URL; `extraEnv` for this worker only. */
	async addWorker(
		name: string,
		concurrency = 5,
		extraEnv: Record<string, string> = {},
	): Promise<QueueWorker> {
		const port = await freePort();
		const logDir = path.join(this.options.logDir, name);
		const n8n = await this.n8n(logDir, port, {
			N8N_WEBHOOK_URL: this.mainUrl,
			...extraEnv,
			QUEUE_HEALTH_CHECK_PORT: `${port}`,
		});
		const { nodeBin, n8nScript } = this.options.install;
		const command = [nodeBin, n8nScript, 'worker', `--concurrency=${concurrency}`];
		const canSetHostname = process.getuid?.() === 0 && fs.existsSync('/usr/bin/unshare');
		const hostname = canSetHostname ? `queue-${name}` : undefined;
		const logPrefix = path.join(logDir, `n8n-worker-${name}-${Date.now()}`);
		// unshare execs (no fork): the child's PID stays the worker's PID
		const inOwnUts = ['unshare', '--uts', 'sh', '-c', 'hostname "$1" && shift && exec "$@"', 'sh'];
		const [program, ...args] = hostname ? [...inOwnUts, hostname, ...command] : command;
		const proc = spawnLogged(program, args, { env: n8n.env(), logPrefix });
		const worker: QueueWorker = {
			name,
			port,
			hostname,
			get running() {
				return proc.child.exitCode === null && proc.child.signalCode === null;
			},
			ready: async () =>
				(
					await fetch(`http://127.0.0.1:${port}/healthz/readiness`, {
						signal: AbortSignal.timeout(5_000),
					}).catch(() => undefined)
				)?.status === 200,
			startedExecutions: () => idsIn(proc.readOutput(), /Worker started execution (\d+) \(job/g),
			stop: async () => await stopChild(proc.child, 20_000),
		};
		this.startedWorkers.push(worker);
		await waitUntilReady(proc, `n8n worker ${name}`, worker.ready, {
			timeoutMs: 180_000,
			intervalMs: 250,
			stop: worker.stop,
		});
		return worker;
	}

	/**
	 * Where each execution ran: the main's "Enqueued execution N", the worker(s) whose log says "Worker started
	 * execution N", the worker id the main logged when it finished.
	 */
	placement() {
		const mainLog = logsOf(this.mainLogDir);
		const reportedWorkerId = new Map<string, string>();
		for (const line of mainLog.split('\n')) {
			const finished = /Execution (\d+) \(job \S+\) finished/.exec(line);
			const workerId = /"workerId":"([^"]+)"/.exec(line);
			if (finished && workerId) reportedWorkerId.set(finished[1], workerId[1]);
		}
		const startedBy = new Map<string, string[]>();
		for (const worker of this.startedWorkers)
			for (const id of worker.startedExecutions())
				startedBy.set(id, [...(startedBy.get(id) ?? []), worker.name]);
		const enqueued = idsIn(mainLog, /Enqueued execution (\d+) \(job/g);
		return { enqueued, startedBy, reportedWorkerId };
	}

	async stopWorkers(): Promise<void> {
		await Promise.all(this.workers.map(async (worker) => await worker.stop()));
	}

	/** The main first (it stops handing out work), then the workers. */
	async stopAll(): Promise<void> {
		await this.current?.stop();
		await this.stopWorkers();
	}
}

/** Stops what a queue-mode run started, each by its PID: n8n (the main first), any child left, Redis, PostgreSQL. */
export async function stopQueueStack(stack: {
	cluster?: QueueCluster;
	redis?: Redis;
	postgres?: Postgres;
}): Promise<void> {
	await stack.cluster?.stopAll().catch(() => undefined);
	await stopAllChildren().catch(() => undefined);
	await stack.redis?.stop().catch(() => undefined);
	await stack.postgres?.stop().catch(() => undefined);
}
