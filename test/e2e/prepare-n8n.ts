/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
/**
 * Installs every n8n line and its template user folder into the cache (.ci/run, in the background):
 *   npm run build:scripts && node .tmp/build/test/e2e/prepare-n8n.js
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { freshUserFolder, installN8n } from './install';
import { N8N_LINES } from './n8n-versions';

async function main(): Promise<void> {
	const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'prepare-n8n-'));
	for (const offers of N8N_LINES) {
		const started = Date.now();
		const install = await installN8n(logDir, offers);
		const user = await freshUserFolder(install, path.join(logDir, `user-${offers.line}`), logDir);
		fs.rmSync(user, { recursive: true, force: true });
		process.stdout.write(
			`n8n ${install.version} ready in ${Math.round((Date.now() - started) / 1000)} s\n`,
		);
	}
	fs.rmSync(logDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
	process.stderr.write(`${String(error)}\n`);
	process.exitCode = 1;
});
