/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions */
// A local `npm publish` must be refused; only `npm run release` in GitHub Actions publishes. Each case runs the
// real npm in this checkout (so the project's .npmrc applies) against a stand-in registry on 127.0.0.1 that
// records what arrives: a refused publish never sends the package (PUT).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { lockDist } from '../helpers/dist-lock';
import { root } from './repo';

const packageName = 'n8n-nodes-file-storage';

let server: Server;
let registry: string;
let home: string;
const received: string[] = [];

let unlockDist: (() => void) | undefined;

// npm packs dist/, which the packed tarball's test may be rebuilding in another jest worker: wait for it.
beforeAll(async () => {
	unlockDist = await lockDist();
}, 330_000);
beforeAll(async () => {
	home = mkdtempSync(join(tmpdir(), 'fs-publish-home-'));
	server = createServer((request, response) => {
		received.push(`${request.method} ${decodeURIComponent(request.url ?? '')}`);
		request.resume();
		request.on('end', () => {
			const put = request.method === 'PUT';
			response
				.writeHead(put ? 201 : 404, { 'content-type': 'application/json' })
				.end(put ? '{"ok":true}' : '{"error":"Not found"}');
		});
	});
	await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
	registry = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(async () => {
	await new Promise((done) => server.close(done));
	rmSync(home, { recursive: true, force: true });
	unlockDist?.();
});
beforeEach(() => {
	received.length = 0;
});

/** `npm publish <args>` to the stand-in registry, without CI markers and with a throwaway HOME (no login). */
function publish(args: string[], extraEnv: Record<string, string> = {}) {
	const auth = `--${registry.replace(/^http:/, '')}:_authToken=stand-in-token`;
	return new Promise<{ status: number | null; output: string }>((done, fail) => {
		const child = spawn(
			'npm',
			['publish', `--registry=${registry}`, auth, '--loglevel=warn', ...args],
			{ cwd: root, env: { PATH: process.env.PATH ?? '', HOME: home, ...extraEnv } },
		);
		let output = '';
		child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
		child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
		child.on('error', fail);
		child.on('close', (status) => done({ status, output }));
	});
}
const uploads = () => received.filter((line) => line.startsWith('PUT '));

describe('a local npm publish', () => {
	it('is refused by publishConfig.provenance before anything is sent, even though .npmrc skips scripts', async () => {
		const { status, output } = await publish([]);
		expect(output).toContain('Automatic provenance generation not supported');
		expect(status).not.toBe(0);
		// npm got as far as asking the registry about the package: the refusal is the provenance check itself.
		expect(received).toContain(`GET /${packageName}`);
		expect(uploads()).toEqual([]);
	});

	it('is refused by prepublishOnly (n8n-node prerelease) when scripts do run', async () => {
		const { status, output } = await publish(['--ignore-scripts=false', '--provenance=false']);
		expect(output).toContain('Run `npm run release` to publish the package');
		expect(status).not.toBe(0);
		expect(received).toEqual([]);
	});

	// Controls: the stand-in registry does see a publish that nothing stops, so the refusals above are real.
	it('goes through when both guards are explicitly switched off', async () => {
		const { status, output } = await publish(['--provenance=false']);
		expect(uploads()).toEqual([`PUT /${packageName}`]);
		expect(output).not.toContain('npm error');
		expect(status).toBe(0);
	});

	it('passes prepublishOnly in release mode, as `n8n-node release` runs it in GitHub Actions', async () => {
		const { status } = await publish(['--ignore-scripts=false', '--provenance=false'], {
			RELEASE_MODE: 'true',
		});
		expect(uploads()).toEqual([`PUT /${packageName}`]);
		expect(status).toBe(0);
	});
});
