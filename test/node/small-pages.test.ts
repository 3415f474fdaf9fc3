import { apiListAll } from '../helpers/api';
import { useFixture } from '../helpers/fixture';

// A server with a much smaller maximum page than the node asks for (7 instead of the node's 1000).
const fx = useFixture({ maxPageSize: 7, seed: { bulkFolderFiles: 40 } });

describe('pagination against a server that returns fewer items than asked', () => {
	it('keeps following cursors until Limit is reached, without over-fetching', async () => {
		const oracle = await apiListAll(fx.sandbox, `/browse/folders/${fx.sandbox.seed.bulkFolderId}`);
		fx.sandbox.clearRequests();
		const { items } = await fx.run({
			resource: 'folder',
			operation: 'getContents',
			folder: { __rl: true, mode: 'id', value: fx.sandbox.seed.bulkFolderId },
			limit: 20,
		});
		expect(items.map((item) => item.json.id)).toEqual(oracle.slice(0, 20).map((entry) => entry.data.id));
		// 7 + 7 + 6: the last ask is exactly what is missing.
		expect(fx.sandbox.requests.map((request) => Number(request.query.limit))).toEqual([20, 13, 6]);
	});

	it('Return All reaches the last page', async () => {
		const { items } = await fx.run({
			resource: 'folder',
			operation: 'getContents',
			folder: { __rl: true, mode: 'id', value: fx.sandbox.seed.bulkFolderId },
			returnAll: true,
		});
		expect(items).toHaveLength(40);
		expect(fx.sandbox.requests).toHaveLength(Math.ceil(40 / 7));
	});
});
