import type { IHttpRequestMethods } from 'n8n-workflow';

import type {
	RequestPolicy,
	ResponseHead,
	RetryReport,
} from '../../../../nodes/lib/transport/retry';
import {
	EXECUTION_POLICY,
	executionPolicy,
	pollPolicy,
	sendWithRetries,
} from '../../../../nodes/lib/transport/retry';

// The retry loop alone: each try's response (or failure) is scripted, and each wait is recorded, never slept.

type Response = ResponseHead & { body?: string };
type Step = Response | Error;

const networkError = (code: string | undefined, message = 'socket closed') =>
	Object.assign(new Error(message), code === undefined ? {} : { code });

async function run(
	method: IHttpRequestMethods,
	steps: Step[],
	policy: Partial<RequestPolicy> = {},
	isIncomplete?: (response: Response) => boolean,
) {
	const waits: number[] = [];
	const discarded: Response[] = [];
	const reports: RetryReport[] = [];
	let sent = 0;
	const outcome = await sendWithRetries<Response>({
		method,
		policy: {
			timeoutMs: 1000,
			maxTries: 3,
			maxWaitMs: 60_000,
			wait: async (ms) => void waits.push(ms),
			...policy,
		},
		// the last step repeats: one step is a server that always answers the same
		send: async () => {
			const step = steps[Math.min(sent++, steps.length - 1)];
			if (step instanceof Error) throw step;
			return step;
		},
		isIncomplete,
		discard: (response) => void discarded.push(response),
		noAnswer: (error, report) => {
			reports.push(report);
			return new Error(`no answer: ${(error as Error).message}`);
		},
	}).catch((error: unknown) => error as Error);
	return { outcome, waits, discarded, reports, sent };
}

/** Each method with each status (or network code), and whether it is tried again. */
const each = <V>(methods: IHttpRequestMethods[], values: V[], retried: boolean) =>
	methods.flatMap((method) =>
		values.map((value): [IHttpRequestMethods, V, boolean] => [method, value, retried]),
	);

describe('transport/retry: which responses are tried again', () => {
	// 429 and 503 say the request was not processed; after 500, 502 or 504 a mutation may have been applied.
	it.each([
		...each(['GET', 'POST', 'DELETE'], [429, 503], true),
		...each(['GET'], [500, 502, 504], true),
		...each(['HEAD'], [500, 502], true),
		...each(['POST'], [500, 502], false),
		...each(['DELETE', 'PATCH'], [504], false),
		...each(['PUT'], [502], false),
		...each(['GET'], [501, 505, 404, 400, 300, 200], false),
	])('%s answered %s: tried again: %s', async (method, statusCode, retried) => {
		const { outcome, waits, sent } = await run(method, [{ statusCode }]);
		expect(sent).toBe(retried ? 3 : 1);
		expect(waits).toEqual(retried ? [1000, 2000] : []);
		expect(outcome).toMatchObject({
			response: { statusCode },
			tries: retried ? 3 : 1,
			waitedMs: retried ? 3000 : 0,
		});
	});

	it('the response after a retried one counts, and each retried response is discarded (its connection ended)', async () => {
		const busy = { statusCode: 503, headers: {} };
		const ok = { statusCode: 200, body: 'whole' };
		const { outcome, discarded } = await run('GET', [busy, busy, ok]);
		expect(outcome).toMatchObject({ response: ok, tries: 3, waitedMs: 3000 });
		expect(discarded).toEqual([busy, busy]);
	});

	// A 2xx whose JSON broke off: a read asks again, a mutation may have been applied and is not repeated.
	it.each<[IHttpRequestMethods, number, boolean, number]>([
		['GET', 200, true, 2],
		['HEAD', 206, true, 2],
		['GET', 299, true, 2],
		['GET', 200, false, 1],
		['POST', 200, true, 1],
		['DELETE', 200, true, 1],
		// only a success is asked whether it is complete
		['GET', 300, true, 1],
		['GET', 404, true, 1],
	])('%s answered %s, cut short: %s → %s tries', async (method, statusCode, cut, tries) => {
		const first = { statusCode, body: cut ? 'cut' : 'whole' };
		const { outcome, waits, discarded } = await run(
			method,
			[first, { statusCode, body: 'whole' }],
			{},
			(response) => response.body === 'cut',
		);
		expect(outcome).toMatchObject({ tries });
		expect(waits).toEqual(tries === 2 ? [1000] : []);
		expect(discarded).toEqual(tries === 2 ? [first] : []);
	});

	it('a 2xx is never asked again when the caller cannot tell a cut answer', async () => {
		const { outcome } = await run('GET', [{ statusCode: 200, body: 'cut' }]);
		expect(outcome).toMatchObject({ tries: 1, waitedMs: 0 });
	});
});

describe('transport/retry: which failures without a response are tried again', () => {
	// Only a read, only a transient failure, never a time-out: the server may still be working on it.
	it.each<[IHttpRequestMethods, string, boolean, Error?]>([
		...each(['GET'], ['ECONNRESET', 'EPIPE', 'ECONNREFUSED', 'ERR_BAD_RESPONSE'], true),
		...each(['HEAD'], ['ECONNRESET', 'EPIPE'], true),
		[
			'GET',
			'ECONNRESET on the cause',
			true,
			Object.assign(new Error('wrapped'), { cause: networkError('ECONNRESET') }),
		],
		...each(['POST'], ['ECONNRESET', 'ECONNREFUSED'], false),
		...each(['DELETE'], ['EPIPE'], false),
		...each(['GET'], ['ENOTFOUND', 'ECONNABORTED', 'ETIMEDOUT'], false),
		[
			'GET',
			'ECONNRESET "timeout of 1000ms exceeded"',
			false,
			networkError('ECONNRESET', 'timeout of 1000ms exceeded'),
		],
		['GET', 'no code', false, networkError(undefined, 'something else')],
	])('%s, %s: tried again: %s', async (method, code, retried, error = networkError(code)) => {
		const { outcome, waits, reports, sent } = await run(method, [error]);
		expect(outcome).toEqual(new Error(`no answer: ${error.message}`));
		expect(sent).toBe(retried ? 3 : 1);
		expect(waits).toEqual(retried ? [1000, 2000] : []);
		expect(reports).toEqual([retried ? { tries: 3, waitedMs: 3000 } : { tries: 1, waitedMs: 0 }]);
	});

	it('a read that fails once and then gets an answer returns that answer', async () => {
		const ok = { statusCode: 200 };
		const { outcome, waits } = await run('GET', [networkError('EPIPE'), ok]);
		expect(outcome).toMatchObject({ response: ok, tries: 2, waitedMs: 1000 });
		expect(waits).toEqual([1000]);
	});
});

describe('transport/retry: tries and waits stay within the policy', () => {
	// Back-off doubles from 1 s; the loop stops at maxTries, or before a wait that would pass maxWaitMs in all.
	const always = {
		'no response': networkError('ECONNRESET'),
		'a 503': { statusCode: 503 },
	};
	it.each(
		(['no response', 'a 503'] as const).flatMap((what) =>
			(
				[
					[1, 60_000, []],
					[3, 60_000, [1000, 2000]],
					[5, 60_000, [1000, 2000, 4000, 8000]],
					[10, 3000, [1000, 2000]],
					[10, 2999, [1000]],
					[10, 15_000, [1000, 2000, 4000, 8000]],
				] as Array<[number, number, number[]]>
			).map(([maxTries, maxWaitMs, waits]) => [what, maxTries, maxWaitMs, waits] as const),
		),
	)('%s, maxTries %s, maxWaitMs %s: waits %j', async (what, maxTries, maxWaitMs, expected) => {
		const { outcome, waits, reports, sent } = await run('GET', [always[what]], {
			maxTries,
			maxWaitMs,
		});
		const report = { tries: expected.length + 1, waitedMs: expected.reduce((a, b) => a + b, 0) };
		expect(waits).toEqual(expected);
		expect(sent).toBe(report.tries);
		if (what === 'no response') expect(reports).toEqual([report]);
		else expect(outcome).toMatchObject({ ...report, response: { statusCode: 503 } });
	});
});

describe('transport/retry: Retry-After', () => {
	const NOW = Date.parse('2026-03-10T12:00:00Z');
	beforeEach(() => jest.spyOn(Date, 'now').mockReturnValue(NOW));
	afterEach(() => jest.restoreAllMocks());

	// A number of seconds or an HTTP date; anything else leaves the back-off (1 s before the second try).
	it.each<[string, unknown, number]>([
		['seconds', '3', 3000],
		['more than one digit', '12', 12_000],
		['zero', '0', 0],
		['a fraction', '1.5', 1500],
		['two decimals', '1.25', 1250],
		['a number', 3, 3000],
		['spaces around', ' 3 ', 3000],
		['the first of repeated headers', ['3', '9'], 3000],
		['an HTTP date', new Date(NOW + 7000).toUTCString(), 7000],
		['an HTTP date passed', new Date(NOW - 7000).toUTCString(), 0],
		['a unit after the number', '5s', 1000],
		['a letter before the number', 'x3', 1000],
		['words', 'soon', 1000],
		['words and a number, which Date.parse reads as a date', 'in 5', 1000],
		['a time of day alone', '12:00:07', 1000],
		['an ISO 8601 date, which some servers send', new Date(NOW + 7000).toISOString(), 7000],
		['empty', '', 1000],
		['no value', undefined, 1000],
	])('%s (%j): waits %s ms', async (_what, retryAfter, wait) => {
		const ok = { statusCode: 200 };
		const { outcome, waits } = await run('GET', [
			{ statusCode: 429, headers: { 'retry-after': retryAfter } },
			ok,
		]);
		expect(waits).toEqual([wait]);
		expect(outcome).toMatchObject({ response: ok, tries: 2, waitedMs: wait });
	});

	it('a response without headers is backed off', async () => {
		const { waits } = await run('GET', [{ statusCode: 503 }, { statusCode: 200 }]);
		expect(waits).toEqual([1000]);
	});

	it('the final response says what the server asked to wait', async () => {
		const { outcome } = await run('POST', [{ statusCode: 409, headers: { 'retry-after': '4' } }]);
		expect(outcome).toMatchObject({ tries: 1, retryAfterMs: 4000 });
		expect(outcome).not.toHaveProperty('refusedWaitMs');
	});

	// A wait the node may not make is not made: the response is final, and says what was asked.
	it.each<[string[], number, number[], number, number | undefined]>([
		[['60'], 60_000, [60_000], 2, undefined],
		[['61'], 60_000, [], 1, 61_000],
		[['120'], 60_000, [], 1, 120_000],
		[['6', '6'], 10_000, [6000], 2, 6000],
		[['6', '4'], 10_000, [6000, 4000], 3, undefined],
	])(
		'Retry-After %j with maxWaitMs %s: waits %j, %s tries, refused %s',
		async (asked, maxWaitMs, expected, tries, refusedWaitMs) => {
			const steps: Response[] = [
				...asked.map((seconds) => ({ statusCode: 429, headers: { 'retry-after': seconds } })),
				{ statusCode: 200 },
			];
			const { outcome, waits } = await run('GET', steps, { maxWaitMs });
			expect(waits).toEqual(expected);
			expect(outcome).toMatchObject({
				tries,
				waitedMs: expected.reduce((a, b) => a + b, 0),
				response: { statusCode: tries > asked.length ? 200 : 429 },
			});
			expect((outcome as { refusedWaitMs?: number }).refusedWaitMs).toBe(refusedWaitMs);
		},
	);
});

describe('transport/retry: policies', () => {
	it("an execution's waits are real waits (n8n's sleep), of the length asked", async () => {
		jest.useFakeTimers();
		try {
			let waited = false;
			const wait = EXECUTION_POLICY.wait(5000).then(() => {
				waited = true;
			});
			await jest.advanceTimersByTimeAsync(4999);
			expect(waited).toBe(false);
			await jest.advanceTimersByTimeAsync(1);
			await wait;
			expect(waited).toBe(true);
		} finally {
			jest.useRealTimers();
		}
	});

	it("an operation's policy has its own time limit and the execution's tries, total wait and waits", () => {
		expect(executionPolicy(12_000)).toEqual({
			timeoutMs: 12_000,
			maxTries: 3,
			maxWaitMs: 60_000,
			wait: EXECUTION_POLICY.wait,
		});
	});

	// A request may take a third of the poll's budget (1–30 s), the waits a quarter (at most 15 s).
	it.each<[number | undefined, number, number, number]>([
		[undefined, 60_000, 20_000, 15_000],
		[0, 60_000, 20_000, 15_000],
		[-1, 60_000, 20_000, 15_000],
		[300_000, 300_000, 30_000, 15_000],
		[90_000, 90_000, 30_000, 15_000],
		[9000, 9000, 3000, 2250],
		[10_001, 10_001, 3333, 2500],
		[1500, 1500, 1000, 375],
	])(
		'a poll budget of %s ms: budget %s, time limit %s, total wait %s',
		(given, budgetMs, timeoutMs, maxWaitMs) => {
			expect(pollPolicy(given)).toEqual({
				budgetMs,
				timeoutMs,
				maxWaitMs,
				maxTries: 3,
				wait: EXECUTION_POLICY.wait,
			});
		},
	);
});
