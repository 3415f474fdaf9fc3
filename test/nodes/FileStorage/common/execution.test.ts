import { useFixture } from '../../../helpers/fixture';
import { OPS } from '../../../helpers/parameters';
import { useRecordedWaits } from '../../../reliability/waits';

const fx = useFixture();
// Retry back-offs (1 s, then 2 s) are recorded, not slept: no test here needs them to take real time.
useRecordedWaits();

/** Three input items, one notification each; the second's request fails on every try. */
async function secondItemFails(continueOnFail: true | 'errorOutput') {
	fx.sandbox.fault({
		path: '/api/v1/notifications',
		skip: 1,
		times: 3,
		status: 500,
		body: { message: 'boom' },
	});
	return await fx.run({ ...OPS.notifications, limit: 1 }, { input: [{}, {}, {}], continueOnFail });
}
const BOOM = 'The File Storage server could not handle the request (HTTP 500): boom';

describe('server errors become NodeApiErrors that say what happened and how to fix it', () => {
	it('continueOnFail: one error item per failed input item, paired, and the others still run', async () => {
		const { items, error } = await secondItemFails(true);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[1].json).toEqual({
			error: {
				message: BOOM,
				description: expect.stringMatching(/Try again later.*Tried 3 times/),
			},
		});
		expect(items[0].json.id).toBeDefined();
		expect(items[2].json.id).toBeDefined();
	});

	it('"Continue (using error output)" routes each failed item to the error output, paired', async () => {
		const { items, errorItems, error } = await secondItemFails('errorOutput');
		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 2 }]);
		expect(errorItems).toHaveLength(1);
		expect(errorItems[0].pairedItem).toEqual({ item: 1 });
		expect(errorItems[0].json.error).toEqual({ message: BOOM, description: expect.any(String) });
	});

	it('"Continue (using error output)" also routes every item of a failed batch', async () => {
		const { items, errorItems } = await fx.run(OPS.restore, {
			input: [
				{ id: '11111111-2222-4333-8444-555555555555', type: 'file' },
				{ id: 'bad', type: 'file' },
			],
			continueOnFail: 'errorOutput',
		});
		expect(items).toEqual([]);
		expect(errorItems.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(errorItems[1].json.error).toEqual({
			message: expect.stringMatching(/^File or Folder ID.* \[item 1\]$/),
			description: expect.any(String),
		});
		expect(errorItems[0].json.error).toEqual({
			message: expect.any(String),
			description: expect.stringMatching(/The request that was refused carried item 0\.$/),
		});
		// the one key n8n routes to the error output by, with the input item's fields (none here)
		for (const item of errorItems) expect(Object.keys(item.json)).toEqual(['error']);
	});
});
