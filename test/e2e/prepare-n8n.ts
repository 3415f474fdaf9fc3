/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
/**
 * Installs every n8n the suites run (n8n-versions.ts) and their template user folders into the cache, one after the
 * other, so that .ci/run can do it in the background while the engine-level suite runs. A suite that gets there
 * first waits for the same install (install-n8n.sh holds a lock) or builds the same template (last one wins).
 *
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
