import { apiListAll } from '../../../helpers/api';
import { useFixture } from '../../../helpers/fixture';
import { byId, OPS } from '../../../helpers/parameters';

// A server with a much smaller maximum page than the node asks for (7 instead of the node's 1000).
const fx = useFixture({ maxPageSize: 7, seed: { bulkFolderFiles: 40 } });
const bulkId = () => fx.sandbox.seed.bulkFolderId as string;
/** The bulk folder's contents; the folder picker and Search name their folder the same way. */
const contents = () => ({ ...OPS.folderContents, folder: byId(bulkId()) });

describe('pagination against a server that returns fewer items than asked', () => {
	it('keeps following cursors until Limit is reached, without over-fetching', async () => {
		const oracle = await apiListAll(fx.sandbox, `/browse/folders/${bulkId()}`);
		fx.sandbox.clearRequests();
		const { items } = await fx.run({ ...contents(), limit: 20 });
		expect(items.map((item) => item.json.id)).toEqual(
			oracle.slice(0, 20).map((entry) => entry.data.id),
		);
		// 7 + 7 + 6: the last ask is exactly what is missing.
		expect(fx.sandbox.requests.map((request) => Number(request.query.limit))).toEqual([20, 13, 6]);
	});

	it('Return All reaches the last page', async () => {
		const { items } = await fx.run({ ...contents(), returnAll: true });
		expect(items).toHaveLength(40);
		expect(fx.sandbox.requests).toHaveLength(Math.ceil(40 / 7));
	});

	describe.each(['keyset', 'offset'] as const)(
		'a folder that changes while Return All reads it (%s cursors)',
		(mode) => {
			afterEach(() => {
				fx.sandbox.model.cursorMode = 'keyset';
			});

			it.each([
				[
					'Folder → Get Contents',
					{ ...OPS.folderContents, sort: { rule: { field: 'name', direction: 'ASC' } } },
				],
				['File → Search', OPS.search],
			])(
				'%s outputs each file once, in order, and every file that was there throughout',
				async (_, operation) => {
					fx.sandbox.model.cursorMode = mode;
					const folderId = bulkId();
					const before = (
						await apiListAll(fx.sandbox, `/browse/folders/${folderId}`, {
							sort: 'name',
							direction: 'ASC',
						})
					).map((entry) => entry.data.id);
					const removed: string[] = [];
					let page = 0;
					// before page 2 a file named to sort first arrives; before pages 3 and 4 one already read is deleted
					fx.sandbox.fault({
						path: `/api/v1/browse/folders/${folderId}`,
						times: Infinity,
						match: (request) => {
							if (!request.query.cursor) return false;
							page++;
							if (page === 1) fx.sandbox.model.addFile(0, { folderId, name: '!arrived.txt' });
							if (page === 2 || page === 3) {
								const gone = before[page * 3];
								fx.sandbox.model.trashItem(gone);
								removed.push(gone);
							}
							return false;
						},
					});
					const { items, error } = await fx.run({ ...contents(), ...operation, returnAll: true });
					expect(error).toBeUndefined();
					const output = items.map((item) => String(item.json.id));
					expect(removed).toHaveLength(2);
					expect(new Set(output).size).toBe(output.length);
					// every file there from start to end is output, in the listing's order
					const stayed = before.filter((id) => !removed.includes(id));
					expect(output.filter((id) => stayed.includes(id))).toEqual(stayed);
				},
			);
		},
	);
});
