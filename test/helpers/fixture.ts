import type { ICredentialDataDecryptedObject, IDataObject, INodeParameters } from 'n8n-workflow';

import type { CredentialSet, RunResult, WorkflowNodeSpec } from '../harness/engine';
import { runChain, runNode } from '../harness/engine';
import { activeFileRequest, editorShare, secretsOf } from '../sandbox/seed';
import type { Sandbox, SandboxOptions } from '../sandbox/server';
import { startSandbox } from '../sandbox/server';
import { findLeaks } from './secret-leaks';

/**
 * One sandbox per test file, credentials of all three kinds pointing at it, and a record of every output item
 * and error the file produced: `afterAll` fails the file if any of them contains a secret of the seed.
 */
export interface Fixture {
	sandbox: Sandbox;
	credentials: CredentialSet;
	/** Every secret the seed knows: access tokens, share tokens, file request ids. */
	secrets: string[];
	run(parameters: INodeParameters, options?: RunOptionsLite): ReturnType<typeof runNode>;
	chain(nodes: WorkflowNodeSpec[], options?: RunOptionsLite): Promise<RunResult>;
	/** Remember anything else a test produced (e.g. trigger output) for the secret check. */
	record(value: unknown): void;
	/** The file's credentials with some fields changed, e.g. `{ fileStorageApi: { accessToken: 'x' } }`. */
	credentialsWith(overrides: Partial<Record<string, IDataObject>>): CredentialSet;
}

export interface RunOptionsLite {
	input?: IDataObject[];
	continueOnFail?: WorkflowNodeSpec['continueOnFail'];
	credentials?: CredentialSet;
	restApiUrl?: string;
}

export function credentialsFor(
	sandbox: Sandbox,
	overrides: Partial<Record<string, IDataObject>> = {},
): CredentialSet {
	const secrets = {
		fileStorageApi: { accessToken: sandbox.seed.users[0].accessToken },
		fileStorageShareApi: { shareToken: editorShare(sandbox.seed).token },
		fileStorageFileRequestApi: { fileRequestId: activeFileRequest(sandbox.seed).id },
	};
	return Object.fromEntries(
		Object.entries(secrets).map(([type, secret]) => [
			type,
			{ baseUrl: sandbox.baseUrl, ...secret, ...overrides[type] } as ICredentialDataDecryptedObject,
		]),
	);
}

/** Serialises an error with everything n8n could show or store: message, description, context, cause. */
export function serialiseError(error: unknown): string {
	if (!error || typeof error !== 'object') return String(error);
	const seen = new WeakSet<object>();
	const plain = (value: unknown, depth: number): unknown => {
		if (depth > 8 || value === null || typeof value !== 'object') return value;
		if (seen.has(value)) return '[circular]';
		seen.add(value);
		const out: Record<string, unknown> = {};
		for (const key of Object.getOwnPropertyNames(value)) {
			if (key === 'node') continue; // the node's parameters are the test's input, not output
			out[key] = plain((value as Record<string, unknown>)[key], depth + 1);
		}
		return out;
	};
	return JSON.stringify(plain(error, 0));
}

/** Hands everything a run produced (output, error output, run data, the error) to `record`, for the secret check. */
export function recordRun(record: (text: string) => void, result: RunResult): void {
	record(JSON.stringify(result.outputs));
	record(JSON.stringify(result.errorOutputs));
	record(JSON.stringify(result.run.data.resultData.runData));
	if (result.error) record(serialiseError(result.error));
}

export function useFixture(options: SandboxOptions = {}): Fixture {
	const recorded: string[] = [];
	const fixture = {} as Fixture;

	const remember = <T extends RunResult>(result: T) => {
		recordRun((text) => recorded.push(text), result);
		return result;
	};

	beforeAll(async () => {
		fixture.sandbox = await startSandbox(options);
		fixture.credentials = credentialsFor(fixture.sandbox);
		fixture.secrets = secretsOf(fixture.sandbox.seed);
	});

	beforeEach(() => fixture.sandbox.reset());

	afterAll(async () => {
		await fixture.sandbox?.stop();
		expect(recorded.length).toBeGreaterThan(0);
		expect(findLeaks(recorded, fixture.secrets)).toEqual([]);
	});

	const withCredentials = (runOptions: RunOptionsLite) => ({
		...runOptions,
		credentials: runOptions.credentials ?? fixture.credentials,
	});
	fixture.run = async (parameters, runOptions = {}) =>
		remember(await runNode(parameters, withCredentials(runOptions)));
	fixture.chain = async (nodes, runOptions = {}) =>
		remember(await runChain(nodes, withCredentials(runOptions)));
	fixture.credentialsWith = (overrides) => credentialsFor(fixture.sandbox, overrides);
	fixture.record = (value) => {
		recorded.push(typeof value === 'string' ? value : serialiseError(value));
	};
	return fixture;
}
