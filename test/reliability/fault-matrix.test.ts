import { useFixture } from '../helpers/fixture';
import type { Fault, MatrixEnv, Operation } from './matrix';
import {
	FAULTS,
	MATRIX_SANDBOX,
	matrixCases,
	OPERATIONS,
	POLL_TIME_LIMIT_S,
	SHORT_TIME_LIMIT_S,
} from './matrix';
import type { WaitRecorder } from './waits';
import { recordWaits } from './waits';

// Each case ends complete after bounded retries, or in a NodeApiError that says what happened; never wrong.
const fx = useFixture(MATRIX_SANDBOX);
let waits: WaitRecorder;
beforeAll(() => {
	// Back-offs are recorded, not slept, but in the one case (`only`) that proves Retry-After is honoured.
	waits = recordWaits({ sleep: false });
});
afterAll(() => waits.restore());

const env = (): MatrixEnv => ({
	sandbox: fx.sandbox,
	credentials: fx.credentials,
	waits,
	record: fx.record,
});

/** Retried (one extra request per wait), or failed after `tries` of the faulted request. */
type Expectation =
	| { handled: 'retried'; waits: number[] }
	| { handled: 'error'; tries: number; message: RegExp; description: RegExp; waits: number[] };

const retried = (waits: number[]): Expectation => ({ handled: 'retried', waits });
const fails = (tries: number, message: RegExp, description: RegExp, waits: number[] = []) =>
	({ handled: 'error', tries, message, description, waits }) as const;
/** A read that is tried again after the fault, and a mutation that fails saying it may have been applied. */
const readRetriedMutationFails = (readWaits: number[], message: RegExp) => ({
	read: retried(readWaits),
	mutation: fails(1, message, MAY_HAVE_BEEN_APPLIED),
});

/** Fails at once: a read with this hint, a mutation saying it may have been applied. */
const failsOnce = (message: RegExp, readHint: RegExp, mutationMessage = message) => ({
	read: fails(1, message, readHint),
	mutation: fails(1, mutationMessage, MAY_HAVE_BEEN_APPLIED),
});
/** The same for a read and a mutation. */
const both = (expectation: Expectation) => ({ read: expectation, mutation: expectation });
/** What a mutation's error must say when the server may have done it. */
const MAY_HAVE_BEEN_APPLIED = /may (still )?have been applied/;
const RATE_LIMITED = /^Too many requests: the server is rate limiting \(HTTP 429\)/;
const BROKEN_CONNECTION =
	/^The connection to the File Storage server broke before it answered \(ECONNRESET\)/;
const NOT_A_LISTING =
	/^Unexpected answer from the server \(HTTP 200\): expected a listing with a "data" array/;
const NOT_A_MESSAGE =
	/^Unexpected answer from the server \(HTTP 200\): expected \{type, message\} or an empty 204/;
// Under a second, the message counts milliseconds.
const BROKE_OFF =
	/^The answer of the File Storage server broke off before its end \(ERR_BAD_RESPONSE\)/;
const NO_ANSWER_IN_TIME = new RegExp(`^No answer within ${SHORT_TIME_LIMIT_S * 1000} ms to `);
const NO_ANSWER_IN_POLL_TIME = new RegExp(`^No answer within ${POLL_TIME_LIMIT_S} s to `);

/** Per fault: what a read (listing, trigger poll) and a mutation (restore) must do. */
type Expected = { read: Expectation; mutation?: Expectation; poll?: Expectation };
const EXPECTED: Record<string, Expected> = {
	none: both(retried([])),
	'429-once': both(retried([0])),
	// The one case that really waits: the node asks n8n's sleep for exactly what Retry-After said.
	'429-wait': { read: retried([1000]) },
	'429-always': both(fails(3, RATE_LIMITED, /Tried 3 times, waiting 0 s in all/, [0, 0])),
	'429-too-long': both(fails(1, RATE_LIMITED, /asked to wait 120 s, longer than the node waits/)),
	'503-once': both(retried([0])),
	'500-once': readRetriedMutationFails(
		[0],
		/^The File Storage server could not handle the request \(HTTP 500\): Server Error/,
	),
	'502-html': readRetriedMutationFails(
		[0],
		/^The File Storage server could not handle the request \(HTTP 502\)/,
	),
	'200-html': failsOnce(
		/^The server answered with a web page instead of JSON \(HTTP 200\)/,
		/Base URL/,
	),
	// The head and 20 bytes arrive, then the connection ends, torn down (RST) or closed (FIN): either way the answer
	// broke off. Reads are tried again after a 1 s back-off.
	'cut-short': readRetriedMutationFails([1000], BROKE_OFF),
	'cut-short-closed': readRetriedMutationFails([1000], BROKE_OFF),
	// a read is safe to repeat: JSON that broke off is asked for again, like a reset
	'half-json': readRetriedMutationFails(
		[1000],
		/^The server's answer is not complete JSON \(HTTP 200\)/,
	),
	'empty-object': failsOnce(
		NOT_A_LISTING,
		/answered \{\}\. Nothing of this answer is used/,
		NOT_A_MESSAGE,
	),
	'empty-body': failsOnce(NOT_A_LISTING, /answered \(empty body\)/, NOT_A_MESSAGE),
	'data-object': failsOnce(NOT_A_LISTING, /answered \{"data":\{\}\}/, NOT_A_MESSAGE),
	reset: readRetriedMutationFails([1000], BROKEN_CONNECTION),
	timeout: {
		read: fails(1, NO_ANSWER_IN_TIME, /Raise Timeout/),
		mutation: fails(1, NO_ANSWER_IN_TIME, MAY_HAVE_BEEN_APPLIED),
		// a trigger has no Timeout option: it says when it tries again
		poll: fails(1, NO_ANSWER_IN_POLL_TIME, /tries again at its next poll/),
	},
};

function expectationFor(operation: Operation, fault: Fault): Expectation {
	const polled = operation.id.startsWith('trigger') ? EXPECTED[fault.id]?.poll : undefined;
	const expected = polled ?? EXPECTED[fault.id]?.[operation.kind];
	if (!expected) throw new Error(`No expectation for ${fault.id} on a ${operation.kind}`);
	return expected;
}

describe('the matrix', () => {
	it('covers every fault, a walk of at least 4 pages, a batch mutation, the five trigger events and Search', () => {
		expect(Object.keys(EXPECTED).sort()).toEqual(FAULTS.map((fault) => fault.id).sort());
		const byId = new Map(OPERATIONS.map((operation) => [operation.id, operation]));
		expect(byId.get('listing-page-3')?.healthyRequests).toBeGreaterThanOrEqual(4);
		expect(OPERATIONS.some((operation) => operation.kind === 'mutation')).toBe(true);
		expect([...byId.keys()]).toEqual(
			expect.arrayContaining([
				'trigger-upload',
				'trigger-notification',
				'trigger-file-request',
				'trigger-folder-file',
				'trigger-folder-item',
				'search',
			]),
		);
		expect(matrixCases().length).toBeGreaterThanOrEqual(100);
	});
});

describe.each(OPERATIONS.map((operation) => [operation.label, operation] as const))(
	'%s',
	(_label, operation) => {
		const faults = matrixCases()
			.filter((entry) => entry.operation === operation)
			.map((entry) => [entry.fault.label, entry.fault] as const);

		it.each(faults)('%s', async (_faultLabel, fault) => {
			const expected = expectationFor(operation, fault);
			waits.sleep = fault.only !== undefined;
			const result = await operation.run(env(), fault);

			expect(result.problems).toEqual([]);
			expect(result.waits).toEqual(expected.waits);
			if (expected.handled === 'retried') {
				expect(result.error).toBeUndefined();
				expect(result.outcome).toBe('ok');
				expect(result.requests).toBe(operation.healthyRequests + expected.waits.length);
				expect(result.retries).toBe(expected.waits.length);
			} else {
				expect(result.outcome).toBe('error');
				expect(result.error?.name).toBe('NodeApiError');
				expect(result.error?.message).toMatch(expected.message);
				expect(result.error?.description).toMatch(expected.description);
				// The requests before the faulted one, then the faulted one as often as it was tried.
				expect(result.requests).toBe(operation.faultAt - 1 + expected.tries);
				expect(result.retries).toBe(expected.tries - 1);
			}
			// A read changes nothing, so its errors never talk about having been applied.
			if (operation.kind === 'read') expect(result.error?.description ?? '').not.toMatch(/applied/);
		});
	},
);
