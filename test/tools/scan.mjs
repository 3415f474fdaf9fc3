// The lint legs of n8n's verification scanner, offline (inline eslint-disable ignored), over the source and the
// packed tarball. Exits 1 on any error.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import {
	analyzePackage,
	SOURCE_FILE_PATTERNS,
} from '@n8n/scan-community-package/scanner/scanner.mjs';

const root = resolve(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '../..');
const work = mkdtempSync(join(tmpdir(), 'fs-scan-'));
let failed = false;

async function leg(name, dir, patterns) {
	const { passed, message, details } = await analyzePackage(dir, patterns);
	if (!passed || message === 'No files found to analyze') failed = true;
	process.stdout.write(
		passed
			? `scanner lint (${name}): passed${message ? ` (${message})` : ''}\n`
			: `scanner lint (${name}): FAILED: ${message}\n${details ?? ''}\n`,
	);
}

try {
	await leg('source', root, SOURCE_FILE_PATTERNS);
	const pack = ['pack', '--silent', '--ignore-scripts', '--pack-destination', work];
	const tarball = execFileSync('npm', pack, { cwd: root, encoding: 'utf8' })
		.trim()
		.split('\n')
		.pop();
	execFileSync('tar', ['-xzf', join(work, tarball), '-C', work]);
	await leg('packed tarball', join(work, 'package'), ['**/*.js', 'package.json']);
} finally {
	rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
