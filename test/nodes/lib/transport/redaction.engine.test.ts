import { useFixture } from '../../../helpers/fixture';
import { OPS } from '../../../helpers/parameters';
import { useRecordedWaits } from '../../../reliability/waits';

const fx = useFixture();
// Retry back-offs (1 s, then 2 s) are recorded, not slept: no test here needs them to take real time.
useRecordedWaits();

const accessToken = () => fx.sandbox.seed.users[0].accessToken;
const shareToken = () => String(fx.credentials.fileStorageShareApi?.shareToken);

describe('server errors become NodeApiErrors that say what happened and how to fix it', () => {
	it('redacts a secret that the server echoes in an error message', async () => {
		fx.sandbox.fault({
			method: 'POST',
			path: /\/shares\//,
			status: 404,
			body: { message: `Share ${shareToken()} does not exist` },
		});
		const { error } = await fx.run({ ...OPS.createFolder, name: 'x' });
		expect(error?.message).toBe('Not found (HTTP 404): Share [redacted] does not exist [item 0]');
		expect(JSON.stringify(error)).not.toContain(shareToken());
	});

	it('redacts an echoed secret in successful output too', async () => {
		fx.sandbox.fault({
			path: '/api/v1/notifications',
			status: 200,
			body: {
				data: [
					{
						data: {
							id: 'n1',
							type: 'x',
							attributes: { title: `token ${accessToken()}`, read_at: null },
						},
					},
				],
			},
		});
		const { items } = await fx.run({ ...OPS.notifications, returnAll: true });
		expect(items[0].json.title).toBe('token [redacted]');
	});
});
