import type { IDataObject } from 'n8n-workflow';

import type { ItemRec } from '../../../../sandbox/model';
import { useFixture } from '../../../../helpers/fixture';
import { mutationOracle } from '../../../../helpers/mutation-oracle';
import { byId, OPS } from '../../../../helpers/parameters';

const fx = useFixture();
const { countWrites, share, trashedRoots } = mutationOracle(fx);

/** IDs no item has: the server declines to restore them. */
const missing = (n = 0) => `11111111-2222-4333-8444-${String(555555555555 + n)}`;
const asInput = (items: ItemRec[]) => items.map((item) => ({ id: item.id, type: item.type }));
const restore = (input: IDataObject[], parameters: IDataObject = {}, continueOnFail = false) =>
	fx.run({ ...OPS.restore, ...parameters }, { input, continueOnFail });
const pairing = (count: number) => Array.from({ length: count }, (_, item) => ({ item }));

describe('Trash → Restore (endpoint 3)', () => {
	it('restores every input item in one request and reports each item', async () => {
		const trashed = trashedRoots();
		expect(trashed.length).toBeGreaterThan(1);
		const { items: output, error } = await restore(asInput(trashed));
		expect(error).toBeUndefined();
		expect(countWrites(/\/trash\/restore$/)).toBe(1);
		expect(output.map((item) => item.json)).toEqual(
			trashed.map((item) =>
				expect.objectContaining({ id: item.id, type: item.type, restored: true, toHome: false }),
			),
		);
		expect(output.map((item) => item.pairedItem)).toEqual(pairing(trashed.length));
		for (const item of trashed) expect(fx.sandbox.model.findItem(item.id)?.deletedAt).toBeNull();
	});

	/** The restore requests the sandbox received: each one's `to_home` and the ids it carried, home ones first. */
	const restoreRequests = () =>
		fx.sandbox.requests
			.filter((request) => request.method === 'POST' && request.path.endsWith('/trash/restore'))
			.map((request) => {
				const body = request.body as { to_home: boolean; items: Array<{ id: string }> };
				return { toHome: body.to_home, ids: body.items.map((item) => item.id) };
			})
			.sort((a, b) => Number(b.toHome) - Number(a.toHome));
	/** Alternating values: without grouping, neighbours with different values would share a request. */
	const home = (index: number) => index % 2 === 0;
	const restoreHomeOrNot = (trashed: ItemRec[], batchSize: number) =>
		restore(
			trashed.map((item, index) => ({ id: item.id, type: item.type, home: home(index) })),
			{ toHome: '={{ $json.home }}', options: { batchSize } },
		);

	it('keeps different "Restore to Home" values apart when one request could carry all items', async () => {
		const trashed = trashedRoots();
		expect(trashed.length).toBeGreaterThanOrEqual(4);
		const parents = new Map(trashed.map((item) => [item.id, item.parentId]));
		const { items: output, error } = await restoreHomeOrNot(trashed, 100);
		expect(error).toBeUndefined();
		// One request per value, each carrying exactly the items with that value.
		const idsWhere = (toHome: boolean) =>
			trashed.filter((_, index) => home(index) === toHome).map((item) => item.id);
		expect(restoreRequests()).toEqual([
			{ toHome: true, ids: idsWhere(true) },
			{ toHome: false, ids: idsWhere(false) },
		]);
		expect(output.map((item) => item.json)).toEqual(
			trashed.map((item, index) =>
				expect.objectContaining({ id: item.id, restored: true, toHome: home(index) }),
			),
		);
		expect(output.map((item) => item.pairedItem)).toEqual(pairing(trashed.length));
		// The server did what each item asked: home ones at the top level, the others back in their folder.
		expect(trashed.some((item, index) => home(index) && parents.get(item.id) !== null)).toBe(true);
		expect(trashed.some((item, index) => !home(index) && parents.get(item.id) !== null)).toBe(true);
		expect(trashed.map((item) => fx.sandbox.model.findItem(item.id))).toEqual(
			trashed.map((item, index) =>
				expect.objectContaining({
					id: item.id,
					deletedAt: null,
					parentId: home(index) ? null : parents.get(item.id),
				}),
			),
		);
	});

	// Items 0, 2, 4 go home, items 1, 3 do not; 1 is the smallest Batch Size.
	it.each([
		[2, [[0, 2], [4]], [[1, 3]]],
		[1, [[0], [2], [4]], [[1], [3]]],
	])(
		'cuts each "Restore to Home" group into requests of at most Batch Size (%i), each item sent once',
		async (batchSize, homeRequests, otherRequests) => {
			const trashed = trashedRoots();
			expect(trashed.length).toBe(5);
			expect((await restoreHomeOrNot(trashed, batchSize)).error).toBeUndefined();
			const ids = (indexes: number[]) => indexes.map((index) => trashed[index].id);
			expect(restoreRequests()).toEqual([
				...homeRequests.map((request) => ({ toHome: true, ids: ids(request) })),
				...otherRequests.map((request) => ({ toHome: false, ids: ids(request) })),
			]);
		},
	);

	it('chains list → delete → restore with the default mappings ({{ $json.id }} / {{ $json.type }})', async () => {
		const { outputs, error } = await fx.chain([
			{
				name: 'List',
				parameters: { ...OPS.folderContents, folder: byId(share().folderId), returnAll: true },
			},
			{ name: 'Delete', parameters: OPS.shareDelete },
			{ name: 'Restore', parameters: OPS.restore },
		]);
		expect(error).toBeUndefined();
		const listed = outputs.List.map((item) => item.json.id);
		expect(listed.length).toBeGreaterThan(1);
		expect(outputs.Delete.map((item) => item.json.id)).toEqual(listed);
		expect(outputs.Restore.map((item) => item.json)).toEqual(
			listed.map((id) => expect.objectContaining({ id, restored: true })),
		);
		for (const id of listed) expect(fx.sandbox.model.findItem(id as string)?.deletedAt).toBeNull();
		expect(countWrites(/\/shares\/.+\/items$/)).toBe(1);
		expect(countWrites(/\/trash\/restore$/)).toBe(1);
	});

	it('rejects a bad item before any request, naming the parameter and the item', async () => {
		const [target] = trashedRoots();
		const { error } = await restore([...asInput([target]), { id: 'not-a-uuid', type: 'file' }]);
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.message).toBe(
			'File or Folder ID: "not-a-uuid" is not a file or folder ID [item 1]',
		);
		expect(error?.description).toMatch(/\{\{ \$json\.id \}\}/);
		expect(fx.sandbox.requests).toHaveLength(0);
	});

	it('reads plain field mappings directly and evaluates any other expression, with the same result', async () => {
		const [first, second] = trashedRoots();
		const kind = (item: ItemRec) => ({ ref: item.id, kind: item.type === 'folder' ? 'd' : 'f' });
		const { items: output, error } = await restore([kind(first), kind(second)], {
			itemId: '={{ $json["ref"] }}',
			itemType: '={{ $json.kind === "d" ? "folder" : "file" }}',
		});
		expect(error).toBeUndefined();
		expect(output.map((item) => item.json)).toEqual(
			[first, second].map(({ id, type }) => expect.objectContaining({ id, type, restored: true })),
		);
	});

	it('File or Folder From Input Item reads raw wrappers (Simplify off) too; File or Folder overrides what the item says', async () => {
		const [first, second] = trashedRoots();
		const raw = await restore([{ data: { id: first.id, type: first.type } }], {
			itemId: '={{ $json.data.id }}',
		});
		expect(raw.error).toBeUndefined();
		expect(raw.items[0].json).toMatchObject({ id: first.id, type: first.type, restored: true });
		const chosen = await restore([{ id: second.id, type: 'not a type' }], {
			itemType: second.type === 'folder' ? 'folder' : 'file',
		});
		expect(chosen.error).toBeUndefined();
		expect(chosen.items[0].json).toMatchObject({ id: second.id, restored: true });
	});

	it('accepts image/video/audio types as files', async () => {
		const [file] = trashedRoots().filter((item) => item.type === 'file');
		const { items: output } = await restore([{ id: file.id, type: 'image' }]);
		expect(output[0].json).toMatchObject({ type: 'file', restored: true });
	});

	it('reports a partial failure on every item of the batch under continueOnFail', async () => {
		const [first, second] = asInput(trashedRoots());
		const { items: output } = await restore(
			[first, { id: missing(), type: 'file' }, second],
			{},
			true,
		);
		expect(output.map((item) => item.pairedItem)).toEqual(pairing(3));
		for (const item of output) {
			expect(item.json.error).toEqual({
				message: expect.stringMatching(
					/The server declined the request: The requested entry wasn't found/,
				),
				description: expect.stringMatching(/The request that was refused carried items 0–2\.$/),
			});
		}
	});

	it('fails naming every item of the failed batch without continueOnFail', async () => {
		const { error } = await restore([0, 1].map((n) => ({ id: missing(n), type: 'file' })));
		expect(error?.message).toMatch(/\[items 0–1\]$/);
		expect(error?.description).toMatch(/carried items 0–1/);
	});

	it('a failure mid-way names what was done, what failed and what was not attempted', async () => {
		const input = Array.from({ length: 25 }, (_, n) => ({ id: missing(n), type: 'file' }));
		// The first request succeeds, the second fails, the third is never sent.
		const rule = { method: 'POST', path: '/api/v1/trash/restore' };
		fx.sandbox.fault({ ...rule, status: 200, body: { type: 'success', message: 'Restored.' } });
		fx.sandbox.fault({ ...rule, status: 500, body: { message: 'boom' } });
		const { error } = await restore(input, { options: { batchSize: 10 } });
		expect(error?.message).toBe(
			'The File Storage server could not handle the request (HTTP 500): boom [items 10–19]',
		);
		for (const part of [
			'The failed request carried items 10–19.',
			'Already done: items 0–9.',
			'Not attempted: items 20–24.',
			'Retry On Fail',
			// A mutation is not repeated after a 500: it may have been applied.
			'may have been applied',
		])
			expect(error?.description).toContain(part);
		expect(countWrites(/\/trash\/restore$/)).toBe(2);
	});
});
