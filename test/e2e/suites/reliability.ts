/**
 * The worst faults of the fault matrix (test/reliability/) inside a real, pinned n8n: a Return All listing over
 * 4 pages meets a fault mid-walk, run on a started n8n as the editor's "Execute workflow" runs it (the saved
 * execution read back). A malformed page fails the execution, a rate limit and a reset are tried again and the
 * listing is complete, a server that hangs runs into Timeout. No secret in any run (and, checked by e2e.test.ts at
 * the end, in anything n8n answered or logged). Its sandbox is its own: 8 entries per page.
 */
import { findLeaks } from '../../helpers/secret-leaks';
import { startSandbox } from '../../sandbox/server';
import type { FaultRule, Sandbox } from '../../sandbox/server';
import type { WorkflowSpec } from '../cli';
import { manualWorkflow, seedSecrets } from '../fixtures';
import type { ExecuteResult, N8n } from '../rest-client';
import { nodeOutput } from '../run-data';
import type { SharedSuite } from '../shared-n8n';

const NODE = 'File Storage';
const LISTING_PATH = '/api/v1/browse/latest';
/** The sandbox serves at most 8 entries per page: the demo user's 31 files take 4 requests. */
const PAGE_SIZE = 8;
const TIMEOUT_S = 2;

let n8n: N8n;
let sandbox: Sandbox;
let secrets: string[];

/** The File Storage API credential of this suite's sandbox (the fixed ids are the shared sandbox's). */
const CREDENTIAL = {
	id: 'relAccessToken',
	name: 'File Storage API (sandbox with 8 per page)',
	type: 'fileStorageApi',
};

const listing = { resource: 'file', operation: 'getRecentUploads', returnAll: true };
const WF: Record<'listing' | 'listingShortTimeout', WorkflowSpec> = {
	listing: manualWorkflow('relListing', 'reliability: recent uploads', NODE, listing, CREDENTIAL),
	listingShortTimeout: manualWorkflow(
		'relListingTimeout',
		'reliability: recent uploads, short timeout',
		NODE,
		{ ...listing, options: { timeout: TIMEOUT_S } },
		CREDENTIAL,
	),
};

function expectNoSecrets(texts: Record<string, string>): void {
	expect(findLeaks(texts, secrets)).toEqual([]);
}

/** Runs a workflow with one fault on the listing's `page`-th request; the run and the requests it made. */
async function executeWithFault(
	workflow: WorkflowSpec,
	page: number,
	rule: Omit<FaultRule, 'path' | 'skip'>,
): Promise<ExecuteResult> {
	sandbox.reset();
	sandbox.fault({ path: LISTING_PATH, skip: page - 1, ...rule });
	const result = await n8n.execute(workflow.id);
	expect(result.mode).toBe('manual');
	expectNoSecrets({
		[`output of ${workflow.id}`]: result.output,
		[`run data of ${workflow.id}`]: JSON.stringify(result.run ?? null),
	});
	return result;
}

/** Every file of the listing, newest first, as the sandbox holds them. */
function allFilesNewestFirst(): string[] {
	return [...sandbox.model.activeFiles(0, 'created_at')].reverse().map((file) => file.id);
}

const listed = (result: ExecuteResult) => nodeOutput(result.run, NODE).map((item) => item.id);

export const reliabilitySuite: SharedSuite = {
	async prepare(shared) {
		n8n = shared.n8n;
		sandbox = await startSandbox({ maxPageSize: PAGE_SIZE });
		secrets = seedSecrets(sandbox.seed);
		const data = { baseUrl: sandbox.baseUrl, accessToken: sandbox.seed.users[0].accessToken };
		return { credentials: [{ ...CREDENTIAL, data }], workflows: Object.values(WF) };
	},
	tests,
	secrets: () => secrets,
	stop: async () => await sandbox?.stop(),
};

function tests(): void {
	describe('a Return All listing over 4 pages in real n8n, with a fault mid-walk', () => {
		test('without a fault: all 31 files in 4 requests (the control)', async () => {
			sandbox.reset();
			const result = await n8n.execute(WF.listing.id);
			expect(result.code).toBe(0);
			expect(result.status).toBe('success');
			expect(listed(result)).toEqual(allFilesNewestFirst());
			expect(sandbox.requests.map((request) => request.path)).toEqual(Array(4).fill(LISTING_PATH));
		}, 120_000);

		test('page 3 answered 200 {} fails the execution with "Unexpected answer", and nothing is output', async () => {
			const result = await executeWithFault(WF.listing, 3, { status: 200, body: {} });
			expect(result.code).toBe(1);
			expect(result.status).toBe('error');
			const error = result.run?.data.resultData.error;
			expect(error?.message).toMatch(
				/^Unexpected answer from the server \(HTTP 200\): expected a listing with a "data" array/,
			);
			expect(String(error?.description)).toContain(
				'The server answered {}. Nothing of this answer is used.',
			);
			expect(result.run?.data.resultData.lastNodeExecuted).toBe(NODE);
			expect(nodeOutput(result.run, NODE)).toEqual([]);
			expect(sandbox.requests.map((request) => request.status)).toEqual([200, 200, 200]);
		}, 120_000);

		test('page 2 answered 429 once (Retry-After: 0) is tried again: all 31 files, one request more', async () => {
			const result = await executeWithFault(WF.listing, 2, {
				status: 429,
				headers: { 'Retry-After': '0' },
				body: { message: 'Too Many Attempts.' },
			});
			expect(result.code).toBe(0);
			expect(result.status).toBe('success');
			expect(listed(result)).toEqual(allFilesNewestFirst());
			expect(sandbox.requests.map((request) => request.status)).toEqual([200, 429, 200, 200, 200]);
		}, 120_000);

		test('page 2 with its connection reset is tried again: all 31 files, one request more', async () => {
			const result = await executeWithFault(WF.listing, 2, { reset: true });
			expect(result.code).toBe(0);
			expect(result.status).toBe('success');
			expect(listed(result)).toEqual(allFilesNewestFirst());
			expect(sandbox.requests).toHaveLength(5);
			expect(sandbox.requests[1].query).toEqual(sandbox.requests[2].query);
		}, 120_000);

		test(`page 2 never answered fails after Timeout (${TIMEOUT_S} s) with "No answer", and nothing is output`, async () => {
			const result = await executeWithFault(WF.listingShortTimeout, 2, { hang: true });
			expect(result.code).toBe(1);
			expect(result.status).toBe('error');
			const error = result.run?.data.resultData.error;
			// the message ends with the item it concerns
			expect(error?.message).toBe(
				`No answer within ${TIMEOUT_S} s to GET ${LISTING_PATH} [item 0]`,
			);
			expect(String(error?.description)).toMatch(/Raise Timeout/);
			expect(nodeOutput(result.run, NODE)).toEqual([]);
			expect(sandbox.requests).toHaveLength(2);
		}, 120_000);
	});
}
