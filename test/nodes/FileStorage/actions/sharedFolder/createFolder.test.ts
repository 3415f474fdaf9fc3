import { useFixture } from '../../../../helpers/fixture';
import { mutationOracle } from '../../../../helpers/mutation-oracle';
import { OPS } from '../../../../helpers/parameters';

const fx = useFixture();
const { share } = mutationOracle(fx);
const create = (name: string, parameters = {}) =>
	fx.run({ ...OPS.createFolder, name, ...parameters });

describe('Shared Folder (endpoints 4 and 5, share token in the path)', () => {
	it('creates a folder at the top of the share, without an Authorization header', async () => {
		const { items: output, error } = await create('From n8n');
		expect(error).toBeUndefined();
		expect(output[0].json).toMatchObject({
			type: 'folder',
			name: 'From n8n',
			parentId: share().folderId,
		});
		const [request] = fx.sandbox.requests;
		expect(request.path).toBe(`/api/v1/shares/${encodeURIComponent(share().token)}/items`);
		expect(request.authorization).toBeUndefined();
		expect(request.body).toEqual({ name: 'From n8n' });
	});

	it('creates a folder inside a given parent and returns the raw wrapper with Simplify off', async () => {
		const parentId = (await create('Parent')).items[0].json.id as string;
		const { items: output } = await create('Child', { parent: parentId, simplify: false });
		expect(output[0].json).toMatchObject({
			data: { type: 'folder', attributes: { name: 'Child' } },
		});
		expect(fx.sandbox.model.findItem((output[0].json.data as { id: string }).id)?.parentId).toBe(
			parentId,
		);
	});

	it.each([true, false])(
		'never outputs the share token, even where the server echoes it (Simplify %s)',
		async (simplify) => {
			// A server that echoes the credential's token in a field, in a share wrapper, and URL-encoded in a link.
			const token = share().token;
			const link = `http://x/share/${encodeURIComponent(token)}`;
			const shared = { token, link, permission: 'editor' };
			fx.sandbox.fault({
				method: 'POST',
				path: `/api/v1/shares/${encodeURIComponent(token)}/items`,
				status: 201,
				body: {
					data: {
						id: '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
						type: 'folder',
						attributes: { name: `Echo of ${token}`, created_at: '05. Mar. 2026' },
						relationships: { shared: { data: { type: 'shared', id: 's1', attributes: shared } } },
					},
				},
			});
			const { items: output, error } = await create('Echo', { simplify });
			expect(error).toBeUndefined();
			const text = JSON.stringify(output);
			expect(text).not.toContain(token);
			expect(text).not.toContain(encodeURIComponent(token));
			// The echoed name came through, redacted: the answer was read, not dropped.
			expect(text).toContain('Echo of [redacted]');
		},
	);

	it('checks every input item before creating the first folder', async () => {
		const { error } = await fx.run(
			{ ...OPS.createFolder, name: '={{ $json.name }}' },
			{ input: [{ name: 'First' }, { name: 'Second' }, { name: ' ' }] },
		);
		expect(error?.message).toBe('Name: is empty [item 2]');
		expect(fx.sandbox.requests).toHaveLength(0);
	});

	it('explains a read-only (visitor) share', async () => {
		const visitor = fx.sandbox.seed.shares.find((entry) => entry.permission === 'visitor')!;
		const credentials = fx.credentialsWith({ fileStorageShareApi: { shareToken: visitor.token } });
		const { error } = await fx.run({ ...OPS.createFolder, name: 'x' }, { credentials });
		expect(error?.message).toMatch(/Access denied \(HTTP 403\)/);
		expect(JSON.stringify(error)).not.toContain(visitor.token);
	});
});
