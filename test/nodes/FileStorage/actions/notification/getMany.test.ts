import { NotificationListResponse } from '../../../../sandbox/schemas';
import { apiGet } from '../../../../helpers/api';
import { useFixture } from '../../../../helpers/fixture';
import { OPS } from '../../../../helpers/parameters';

const fx = useFixture();

const getMany = (extra = {}) => ({ ...OPS.notifications, returnAll: true, ...extra });
const listed = async () =>
	NotificationListResponse.parse(await apiGet(fx.sandbox, '/notifications'));

describe('Notification → Get Many (endpoint 9, through the real engine)', () => {
	it('returns every notification, simplified, in server order', async () => {
		const raw = await listed();
		expect(raw.data.length).toBeGreaterThan(1);
		const { items, error } = await fx.run(getMany());
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual(raw.data.map((entry) => entry.data.id));
		const first = items[0].json;
		const source = raw.data[0].data;
		expect(first).toMatchObject({
			type: source.type,
			category: source.attributes.category,
			title: source.attributes.title,
			read: source.attributes.read_at !== null,
		});
		expect(first.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
		expect(items.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	it('sends the access token as a Bearer header, through the credential type', async () => {
		await fx.run(getMany());
		const [request] = fx.sandbox.requests;
		expect(request.path).toBe('/api/v1/notifications');
		expect(request.authorization).toBe(`Bearer ${fx.sandbox.seed.users[0].accessToken}`);
	});

	it('applies Limit and Unread Only', async () => {
		const raw = await listed();
		const unread = raw.data.filter((entry) => entry.data.attributes.read_at === null);
		expect(unread.length).toBeGreaterThan(0);
		expect(unread.length).toBeLessThan(raw.data.length);
		const limited = await fx.run(getMany({ returnAll: false, limit: 1 }));
		expect(limited.items).toHaveLength(1);
		const onlyUnread = await fx.run(getMany({ unreadOnly: true }));
		expect(onlyUnread.items.map((item) => item.json.id)).toEqual(
			unread.map((entry) => entry.data.id),
		);
	});

	it('returns the spec wrapper unchanged with Simplify off', async () => {
		const { items } = await fx.run(getMany({ simplify: false }));
		expect(items.map((item) => item.json)).toEqual((await listed()).data);
	});

	it('fails with a readable NodeApiError and no secret when the token is wrong', async () => {
		const bogusValue = ['made', 'up', 'value', '1234567890'].join('-');
		const credentials = fx.credentialsWith({ fileStorageApi: { accessToken: bogusValue } });
		const { error, items } = await fx.run(getMany(), { credentials });
		expect(items).toEqual([]);
		expect(error?.name).toBe('NodeApiError');
		expect(error?.message).toMatch(
			/The access token was refused \(HTTP 401\): You are not authorized/,
		);
		expect(error?.description).toMatch(/access token/i);
		expect(error?.httpCode).toBe('401');
		fx.record(error);
		expect(JSON.stringify(error)).not.toContain(bogusValue);
	});
});
