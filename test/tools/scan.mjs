// Reproduces the lint legs of n8n's verification scanner offline: its rules, with inline eslint-disable
// comments ignored, over the source and over the packed tarball (the provenance/npm legs need a published
// package). Exits 1 on any error.
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
	const result = await analyzePackage(dir, patterns);
	if (result.passed) {
		process.stdout.write(
			`scanner lint (${name}): passed${result.message ? ` (${result.message})` : ''}\n`,
		);
		if (result.message === 'No files found to analyze') failed = true;
	} else {
		failed = true;
		process.stdout.write(
			`scanner lint (${name}): FAILED: ${result.message}\n${result.details ?? ''}\n`,
		);
	}
}

try {
	await leg('source', root, SOURCE_FILE_PATTERNS);
	const tarball = execFileSync(
		'npm',
		['pack', '--silent', '--ignore-scripts', '--pack-destination', work],
		{
			cwd: root,
			encoding: 'utf8',
		},
	)
		.trim()
		.split('\n')
		.pop();
	execFileSync('tar', ['-xzf', join(work, tarball), '-C', work]);
	await leg('packed tarball', join(work, 'package'), ['**/*.js', 'package.json']);
} finally {
	rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
