import { useFixture } from '../../../helpers/fixture';
import { OPS } from '../../../helpers/parameters';
import { useRecordedWaits } from '../../../reliability/waits';

const fx = useFixture();
// Retry back-offs (1 s, then 2 s) are recorded, not slept: no test here needs them to take real time.
useRecordedWaits();

const notifications = { ...OPS.notifications, returnAll: true };
const withBaseUrl = (baseUrl: string) => ({
	credentials: fx.credentialsWith({ fileStorageApi: { baseUrl } }),
});

describe('server errors become NodeApiErrors that say what happened and how to fix it', () => {
	it.each([
		[
			401,
			{ message: 'Unauthenticated.' },
			/^The access token was refused \(HTTP 401\): Unauthenticated\. \[item 0\]$/,
			/access token/,
		],
		[403, { message: '' }, /^Access denied \(HTTP 403\) \[item 0\]$/, /may not read notifications/],
		[
			403,
			{ message: 'Forbidden.' },
			/^Access denied \(HTTP 403\): Forbidden\. \[item 0\]$/,
			/may not/,
		],
		[
			404,
			{ type: 'error', message: 'Not found' },
			/^Not found \(HTTP 404\)/,
			/no notifications endpoint here: check that the Base URL/,
		],
		[
			422,
			{
				message: 'The given data was invalid.',
				errors: { sort: ['The selected sort is invalid.'] },
			},
			/invalid \(HTTP 422\): sort: The selected sort is invalid\. \[item 0\]$/,
			/Fix the parameters/,
		],
		[429, { message: 'Too Many Attempts.' }, /^Too many requests/, /Wait and run again/],
		[
			500,
			{ message: 'Server Error' },
			/^The File Storage server could not handle the request \(HTTP 500\): Server Error \[item 0\]$/,
			/Try again later/,
		],
		[
			503,
			'<html><body>Maintenance</body></html>',
			/^The File Storage server could not handle the request \(HTTP 503\) \[item 0\]$/,
			/Try again later/,
		],
	])('HTTP %i %j', async (status, body, message, description) => {
		// Every answer the same: transient statuses are tried again on a read, then reported.
		const answer =
			typeof body === 'string' ? { rawBody: body, contentType: 'text/html' } : { body };
		fx.sandbox.fault({ path: '/api/v1/notifications', status, ...answer, times: Infinity });
		const { error } = await fx.run(notifications);
		expect(error?.name).toBe('NodeApiError');
		expect(error?.message).toMatch(message);
		expect(error?.description).toMatch(description);
		expect(error?.httpCode).toBe(String(status));
		const transient = [429, 500, 503].includes(status);
		expect(fx.sandbox.requests).toHaveLength(transient ? 3 : 1);
		if (transient) expect(error?.description).toMatch(/Tried 3 times, waiting 3 s in all\./);
	});

	it.each([
		[
			'a web page is an error that points at the Base URL',
			{ rawBody: '<!doctype html><p>Login</p>', contentType: 'text/html' },
			'The server answered with a web page instead of JSON (HTTP 200) [item 0]',
			/Base URL/,
		],
		[
			'an error body is an error, not an empty success',
			{ body: { type: 'error', message: "The requested entry wasn't found." } },
			"The server declined the request: The requested entry wasn't found. [item 0]",
			/./,
		],
	])('with status 200, %s', async (_what, answer, message, description) => {
		fx.sandbox.fault({ path: '/api/v1/notifications', status: 200, ...answer });
		const { error } = await fx.run(notifications);
		expect(error?.message).toBe(message);
		expect(error?.description).toMatch(description);
	});

	it('a 204 with an empty body is a successful delete', async () => {
		fx.sandbox.fault({ method: 'DELETE', path: /\/shares\//, status: 204, rawBody: '' });
		const item = { id: '11111111-2222-4333-8444-555555555555', type: 'file' };
		const { items, error } = await fx.run(OPS.shareDelete, { input: [item] });
		expect(error).toBeUndefined();
		// The server said nothing, so the output says nothing on its behalf.
		expect(items[0].json).toEqual({ ...item, deleted: true, permanent: false });
	});

	it('an unreachable server says so and names the credential', async () => {
		const { error } = await fx.run(notifications, withBaseUrl('http://127.0.0.1:1'));
		expect(error?.name).toBe('NodeApiError');
		expect(error?.message).toMatch(/^Could not reach the File Storage server/);
		expect(error?.description).toMatch(/File Storage API \(access token\)/);
	});

	it.each(['/', '/api/v1', '/api/v1/', '///  '])(
		'accepts a Base URL pasted with %j',
		async (end) => {
			const { error, items } = await fx.run(
				notifications,
				withBaseUrl(`  ${fx.sandbox.baseUrl}${end}`),
			);
			expect(error).toBeUndefined();
			expect(items.length).toBeGreaterThan(0);
			expect(fx.sandbox.requests[0].path).toBe('/api/v1/notifications');
		},
	);
});
