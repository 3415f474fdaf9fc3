/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
/**
 * `npm run sandbox`: starts the sandbox as a separate process.
 * Env: SANDBOX_PORT (default 8787), SANDBOX_HOST (default 127.0.0.1), SANDBOX_BULK_FILES (default 0),
 * SANDBOX_REALTIME_CLOCK=1, SANDBOX_INFO_FILE (JSON: baseUrl + SeedInfo).
 */
import { writeFileSync } from 'node:fs';

import { startSandbox } from './server';

async function main(): Promise<void> {
	const sandbox = await startSandbox({
		port: Number(process.env.SANDBOX_PORT ?? 8787),
		host: process.env.SANDBOX_HOST ?? '127.0.0.1',
		seed: { bulkFolderFiles: Number(process.env.SANDBOX_BULK_FILES ?? 0) },
		realtimeClock: process.env.SANDBOX_REALTIME_CLOCK === '1',
	});
	const seed = sandbox.seed;
	const lines = [
		'File Storage sandbox is running',
		`  base URL        ${sandbox.baseUrl}   (API under ${sandbox.baseUrl}/api/v1, control under /__sandbox/)`,
		'  users (Bearer access tokens):',
		...seed.users.map((u, i) => `    [${i}] ${u.name.padEnd(12)} ${u.accessToken}`),
		'  share tokens:',
		...seed.shares.map(
			(s) =>
				`    ${s.token}  ${s.permission.padEnd(7)} ${s.protected ? 'protected' : 'open     '} ${
					s.expired ? 'EXPIRED' : 'active '
				}  folder ${s.folderId}`,
		),
		'  file requests:',
		...seed.fileRequests.map(
			(r) => `    ${r.id}  ${r.active ? 'active ' : 'EXPIRED'}  folder ${r.folderId}`,
		),
		...(seed.bulkFolderId ? [`  bulk folder     ${seed.bulkFolderId}`] : []),
	];
	const infoFile = process.env.SANDBOX_INFO_FILE;
	if (infoFile) {
		writeFileSync(infoFile, JSON.stringify({ baseUrl: sandbox.baseUrl, ...seed }, null, 2));
		lines.push(`  seed info written to ${infoFile}`);
	}
	process.stdout.write(`${lines.join('\n')}\n`);

	let stopping = false;
	for (const signal of ['SIGINT', 'SIGTERM'])
		process.on(signal, () => {
			if (stopping) return;
			stopping = true;
			process.stdout.write(`\n${signal}: stopping sandbox\n`);
			sandbox.stop().then(
				() => process.exit(0),
				() => process.exit(1),
			);
		});
}

main().catch((e: unknown) => {
	process.stderr.write(
		`sandbox failed to start: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`,
	);
	process.exit(1);
});
