/** The worst faults of test/reliability/ in real n8n: a Return All listing over 4 pages (its own sandbox) faulted mid-walk. */
import { startSandbox } from '../../sandbox/server';
import type { FaultRule, Sandbox } from '../../sandbox/server';
import type { WorkflowSpec } from '../cli';
import { manualWorkflow, seedSecrets } from '../fixtures';
import { expectError, nodeOutput } from '../run-data';
import { manualRun } from '../shared-n8n';
import type { SharedN8n, SharedSuite } from '../shared-n8n';

const NODE = 'File Storage';
const LISTING_PATH = '/api/v1/browse/latest';
/** The sandbox serves at most 8 entries per page: the demo user's 31 files take 4 requests. */
const PAGE_SIZE = 8;
const TIMEOUT_S = 2;

let shared: SharedN8n;
let sandbox: Sandbox;
let secrets: string[];

const CREDENTIAL = {
	id: 'relAccessToken',
	name: 'File Storage API (sandbox with 8 per page)',
	type: 'fileStorageApi',
};

const listing = { resource: 'file', operation: 'getRecentUploads', returnAll: true };
const workflow = (id: string, options = {}) =>
	manualWorkflow(id, `reliability: ${id}`, NODE, { ...listing, options }, CREDENTIAL);
const WF = {
	listing: workflow('relListing'),
	listingShortTimeout: workflow('relListingTimeout', { timeout: TIMEOUT_S }),
};

type Requests = Sandbox['requests'];

/** A fault on the listing's n-th request; every file (no `error`) or a failed run with [message, description]. */
const CASES: Array<{
	title: string;
	workflow?: WorkflowSpec;
	fault?: [number, Omit<FaultRule, 'path' | 'skip'>];
	error?: [RegExp | string, RegExp];
	requests: (requests: Requests) => void;
}> = [
	{
		title: 'without a fault: all 31 files in 4 requests (the control)',
		requests: (requests) =>
			expect(requests.map((r) => r.path)).toEqual(Array(4).fill(LISTING_PATH)),
	},
	{
		title:
			'page 3 answered 200 {} fails the execution with "Unexpected answer", and nothing is output',
		fault: [3, { status: 200, body: {} }],
		error: [
			/^Unexpected answer from the server \(HTTP 200\): expected a listing with a "data" array/,
			/The server answered \{\}\. Nothing of this answer is used\./,
		],
		requests: (requests) => expect(requests.map((r) => r.status)).toEqual([200, 200, 200]),
	},
	{
		title:
			'page 2 answered 429 once (Retry-After: 0) is tried again: all 31 files, one request more',
		fault: [
			2,
			{ status: 429, headers: { 'Retry-After': '0' }, body: { message: 'Too Many Attempts.' } },
		],
		requests: (requests) =>
			expect(requests.map((r) => r.status)).toEqual([200, 429, 200, 200, 200]),
	},
	{
		title: 'page 2 with its connection reset is tried again: all 31 files, one request more',
		fault: [2, { reset: true }],
		requests: (requests) => {
			expect(requests).toHaveLength(5);
			expect(requests[1].query).toEqual(requests[2].query);
		},
	},
	{
		title: `page 2 never answered fails after Timeout (${TIMEOUT_S} s) with "No answer", and nothing is output`,
		workflow: WF.listingShortTimeout,
		fault: [2, { hang: true }],
		// the message ends with the item it concerns
		error: [`No answer within ${TIMEOUT_S} s to GET ${LISTING_PATH} [item 0]`, /Raise Timeout/],
		requests: (requests) => expect(requests).toHaveLength(2),
	},
];

export const reliabilitySuite: SharedSuite = {
	async prepare(given) {
		shared = given;
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
		test.each(CASES)(
			'$title',
			async ({ workflow = WF.listing, fault, error, requests }) => {
				sandbox.reset();
				if (fault) sandbox.fault({ path: LISTING_PATH, skip: fault[0] - 1, ...fault[1] });
				const options = { ok: !error, secrets: () => secrets, sandboxes: [sandbox] };
				const { run } = await manualRun(shared, workflow.id, options);
				const listed = nodeOutput(run, NODE).map((item) => item.id);
				if (error) {
					expectError(run?.data.resultData.error, ...error);
					expect(run?.data.resultData.lastNodeExecuted).toBe(NODE);
					expect(listed).toEqual([]);
				} else {
					// every file, newest first, as the sandbox holds them
					const files = [...sandbox.model.activeFiles(0, 'created_at')].reverse();
					expect(listed).toEqual(files.map((file) => file.id));
				}
				requests(sandbox.requests);
			},
			120_000,
		);
	});
}
