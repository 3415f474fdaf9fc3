/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error */
/**
 * Private PostgreSQL and Redis instances for queue mode: bound to 127.0.0.1 on free ports, data in a folder of
 * their own, each a child process of the suite (in the foreground, so it is stopped by its PID). The binaries come
 * from the distribution's packages (test/queue/ensure-services.sh installs them when missing).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import {
	assertOk,
	freePort,
	runCommand,
	spawnLogged,
	stopChild,
	waitUntilReady,
} from '../e2e/processes';
import type { SpawnedProcess } from '../e2e/processes';

const POSTGRES_ROOT = '/usr/lib/postgresql';

/** The folder of the newest installed PostgreSQL's binaries (Debian: /usr/lib/postgresql/<major>/bin), else PATH's. */
function postgresBinDir(): string {
	const majors = fs.existsSync(POSTGRES_ROOT) ? fs.readdirSync(POSTGRES_ROOT) : [];
	const dirs = [
		...majors.sort((a, b) => Number(b) - Number(a)).map((m) => path.join(POSTGRES_ROOT, m, 'bin')),
		...(process.env.PATH ?? '').split(':').filter(Boolean),
	];
	const found = dirs.find((dir) =>
		['postgres', 'initdb'].every((b) => fs.existsSync(path.join(dir, b))),
	);
	if (!found) throw new Error('PostgreSQL is not installed: run test/queue/ensure-services.sh');
	return found;
}

/** uid and gid of a local user, from /etc/passwd. */
function localUser(name: string): { uid: number; gid: number } | undefined {
	const line = fs
		.readFileSync('/etc/passwd', 'utf8')
		.split('\n')
		.find((entry) => entry.startsWith(`${name}:`));
	const [, , uid, gid] = line?.split(':') ?? [];
	return line ? { uid: Number(uid), gid: Number(gid) } : undefined;
}

/** A server in the foreground, once its log says `readyText`; ended by `stop` if it never does. */
async function startServer(
	name: string,
	command: string,
	args: string[],
	readyText: string,
	options: { logDir: string; uid?: number; gid?: number },
	stop: (server: SpawnedProcess) => Promise<void>,
): Promise<SpawnedProcess> {
	const server = spawnLogged(command, args, {
		logPrefix: path.join(options.logDir, name),
		uid: options.uid,
		gid: options.gid,
	});
	await waitUntilReady(server, name, () => server.readOutput().includes(readyText), {
		timeoutMs: 60_000,
		intervalMs: 100,
		stop: () => stop(server),
	});
	return server;
}

export interface Postgres {
	port: number;
	database: string;
	user: string;
	/** One SQL statement through psql; its rows as tab-separated lines. */
	query(sql: string): Promise<string>;
	/** A query returning one JSON value (e.g. `SELECT json_agg(...)`), parsed. */
	queryJson<T>(sql: string): Promise<T>;
	stop(): Promise<void>;
}

/**
 * initdb into `dataDir` and `postgres` on a free port, TCP on 127.0.0.1 only (no Unix socket), trust
 * authentication for the one user `postgres`, and one database. PostgreSQL refuses to run as root, so as root
 * both run as the `postgres` user the package created, which then owns `dataDir`.
 */
export async function startPostgres(options: {
	dataDir: string;
	logDir: string;
	database: string;
}): Promise<Postgres> {
	const bin = postgresBinDir();
	const owner = process.getuid?.() === 0 ? localUser('postgres') : undefined;
	if (process.getuid?.() === 0 && !owner)
		throw new Error('running as root, but there is no "postgres" user to run PostgreSQL as');
	fs.rmSync(options.dataDir, { recursive: true, force: true });
	// the parents stay readable (the server's user must reach its folder); the folder itself is private
	fs.mkdirSync(path.dirname(options.dataDir), { recursive: true });
	fs.mkdirSync(options.dataDir, { mode: 0o700 });
	if (owner) fs.chownSync(options.dataDir, owner.uid, owner.gid);
	const initdb = ['-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'];
	assertOk(
		await runCommand(path.join(bin, 'initdb'), ['-D', options.dataDir, ...initdb], {
			logDir: options.logDir,
			name: 'initdb',
			timeoutMs: 120_000,
			...owner,
		}),
		'initdb',
	);
	const port = await freePort();
	const settings = ['listen_addresses=127.0.0.1', 'unix_socket_directories='];
	const server = await startServer(
		'postgres',
		path.join(bin, 'postgres'),
		['-D', options.dataDir, '-p', String(port), ...settings.flatMap((s) => ['-c', s])],
		'ready to accept connections',
		{ logDir: options.logDir, ...owner },
		stopPostgresServer,
	);
	const psql = fs.existsSync(path.join(bin, 'psql')) ? path.join(bin, 'psql') : 'psql';
	const query = async (sql: string, database = options.database): Promise<string> => {
		// unaligned, tuples only, tab-separated, stopping at the first error
		const flags = ['-X', '-q', '-A', '-t', '-F', '\t', '-v', 'ON_ERROR_STOP=1'];
		const connection = ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', database];
		const result = assertOk(
			await runCommand(psql, [...connection, ...flags, '-c', sql], {
				logDir: path.join(options.logDir, 'psql'),
				name: 'psql',
				timeoutMs: 60_000,
			}),
			`psql: ${sql.slice(0, 200)}`,
		);
		return result.stdout.trim();
	};
	try {
		await query(`CREATE DATABASE ${options.database}`, 'postgres');
	} catch (error) {
		await stopPostgresServer(server);
		throw error;
	}
	return {
		port,
		database: options.database,
		user: 'postgres',
		query,
		queryJson: async <T>(sql: string) => JSON.parse((await query(sql)) || 'null') as T,
		stop: async () => await stopPostgresServer(server),
	};
}

/** SIGINT is PostgreSQL's fast shutdown (SIGTERM waits for clients); stopChild then makes sure it is gone. */
async function stopPostgresServer(server: SpawnedProcess): Promise<void> {
	if (server.child.exitCode === null && server.child.signalCode === null)
		server.child.kill('SIGINT');
	await stopChild(server.child, 20_000);
}

export interface Redis {
	port: number;
	stop(): Promise<void>;
}

/** redis-server on a free port of 127.0.0.1, nothing persisted. */
export async function startRedis(options: { dataDir: string; logDir: string }): Promise<Redis> {
	fs.mkdirSync(options.dataDir, { recursive: true });
	const port = await freePort();
	const { dataDir: dir } = options;
	const settings = { port, bind: '127.0.0.1', save: '', appendonly: 'no', daemonize: 'no', dir };
	const server = await startServer(
		'redis',
		'redis-server',
		Object.entries(settings).flatMap(([k, v]) => [`--${k}`, String(v)]),
		'Ready to accept connections',
		options,
		async (s) => await stopChild(s.child, 5_000),
	);
	return { port, stop: async () => await stopChild(server.child, 10_000) };
}
