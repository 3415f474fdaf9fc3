import { useFixture } from '../../../../helpers/fixture';
import { mutationOracle } from '../../../../helpers/mutation-oracle';
import { OPS } from '../../../../helpers/parameters';

const fx = useFixture();
const { browse, countWrites } = mutationOracle(fx);

describe('File Request (endpoints 6, 7 and 8, file request id in the path)', () => {
	it('chains list → delete: cleans a file request in one delete request', async () => {
		const before = await browse();
		const files = before.data.filter((entry) => entry.data.type !== 'folder');
		expect(files.length).toBeGreaterThan(0);
		const { outputs, error } = await fx.chain([
			{ name: 'List', parameters: { ...OPS.requestContents, returnAll: true } },
			{ name: 'Delete', parameters: { ...OPS.requestDelete, permanent: true } },
		]);
		expect(error).toBeUndefined();
		expect(outputs.Delete).toHaveLength(before.data.length);
		expect(countWrites(/\/requests\/.+\/items$/)).toBe(1);
		expect((await browse()).data).toHaveLength(0);
	});
});
