/* eslint-disable @n8n/community-nodes/no-restricted-imports */
/** A fresh work folder, the packaged n8n (not started: imports come first) and the sandbox on 127.0.0.1. */
import * as fs from 'node:fs';
import * as path from 'node:path';

import type { Sandbox, SandboxOptions } from '../sandbox/server';
import { startSandbox } from '../sandbox/server';
import type { N8nInstall, StepTimer } from './install';
import { preparePackagedN8n } from './install';
import { N8n } from './rest-client';

export async function packagedN8nAndSandbox(
	work: string,
	options: { watch?: StepTimer; sandbox?: SandboxOptions; env?: Record<string, string> } = {},
): Promise<{ n8n: N8n; sandbox: Sandbox; install: N8nInstall; logDir: string }> {
	const logDir = path.join(work, 'logs');
	fs.rmSync(work, { recursive: true, force: true });
	fs.mkdirSync(logDir, { recursive: true });
	const { install, userFolder } = await preparePackagedN8n(work, logDir, options.watch);
	const sandbox = await startSandbox({ port: 0, host: '127.0.0.1', ...options.sandbox });
	const n8n = await N8n.create({ install, userFolder, logDir, env: options.env });
	return { n8n, sandbox, install, logDir };
}
