import { useFixture } from '../../../../helpers/fixture';
import { mutationOracle } from '../../../../helpers/mutation-oracle';
import { OPS } from '../../../../helpers/parameters';

const fx = useFixture();
const { browse } = mutationOracle(fx);

describe('File Request (endpoints 6, 7 and 8, file request id in the path)', () => {
	it('lists the request root like the server, with Limit', async () => {
		const oracle = await browse();
		expect(oracle.data.length).toBeGreaterThan(1);
		const { items: output } = await fx.run({ ...OPS.requestContents, returnAll: true });
		expect(output.map((item) => item.json.id)).toEqual(oracle.data.map((entry) => entry.data.id));
		const limited = await fx.run({ ...OPS.requestContents, limit: 1 });
		expect(limited.items).toHaveLength(1);
		expect(fx.sandbox.requests.every((entry) => entry.authorization === undefined)).toBe(true);
	});

	it('lists a subfolder picked with the folder picker, sorted by name ascending', async () => {
		const { searchList } = await import('../../../../harness/engine');
		const picker = await searchList(
			'searchFileRequestFolders',
			OPS.requestContents,
			fx.credentials,
		);
		expect(picker.results[0]).toEqual({ name: 'File Request Root', value: 'root' });
		const sub = picker.results[1];
		expect(sub).toBeDefined();
		const oracle = await browse({ parent_id: String(sub.value), sort: 'name', direction: 'ASC' });
		const { items: output } = await fx.run({
			...OPS.requestContents,
			parent: { __rl: true, mode: 'list', value: sub.value },
			returnAll: true,
			sort: { rule: { field: 'name', direction: 'ASC' } },
		});
		expect(output.map((item) => item.json.id)).toEqual(oracle.data.map((entry) => entry.data.id));
	});

	it('answers an expired request with 410 and a fix', async () => {
		const expired = fx.sandbox.seed.fileRequests.find((entry) => !entry.active)!;
		const credentials = fx.credentialsWith({
			fileStorageFileRequestApi: { fileRequestId: expired.id },
		});
		const { error } = await fx.run(OPS.requestContents, { credentials });
		expect(error?.message).toBe('The file request is not active anymore (HTTP 410) [item 0]');
		expect(error?.description).toMatch(/Create a new file request/);
		expect(error?.httpCode).toBe('410');
	});
});
