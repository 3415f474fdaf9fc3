import { useFixture } from '../../../../helpers/fixture';
import { mutationOracle } from '../../../../helpers/mutation-oracle';
import { OPS } from '../../../../helpers/parameters';

const fx = useFixture();
const { countWrites, demoUserId, items, share } = mutationOracle(fx);

describe('Shared Folder (endpoints 4 and 5, share token in the path)', () => {
	it('deletes many items in one request (soft and permanent) and reports each', async () => {
		const inShare = items().filter(
			(item) => item.parentId === share().folderId && item.deletedAt === null,
		);
		expect(inShare.length).toBeGreaterThan(1);
		const input = inShare.map(({ id, type }, index) => ({ id, type, permanent: index === 0 }));
		const { items: output, error } = await fx.run(
			{ ...OPS.shareDelete, permanent: '={{ $json.permanent }}' },
			{ input },
		);
		expect(error).toBeUndefined();
		expect(countWrites(/\/shares\/.+\/items$/)).toBe(1);
		expect(output.map((item) => item.json)).toEqual(
			input.map((entry) =>
				expect.objectContaining({ id: entry.id, deleted: true, permanent: entry.permanent }),
			),
		);
		expect(fx.sandbox.model.findItem(inShare[0].id)).toBeUndefined();
		expect(fx.sandbox.model.findItem(inShare[1].id)?.deletedAt).not.toBeNull();
	});

	it('refuses items outside the shared folder with a readable 403', async () => {
		const outside = items().find(
			(item) =>
				item.userId === demoUserId() && item.parentId === null && item.id !== share().folderId,
		)!;
		const { error } = await fx.run(OPS.shareDelete, {
			input: [{ id: outside.id, type: outside.type }],
		});
		expect(error?.message).toMatch(/^Access denied \(HTTP 403\): Access Denied \[item 0\]$/);
		expect(error?.description).toMatch(
			/items must be inside the shared folder, and the share must allow editing/,
		);
	});
});
