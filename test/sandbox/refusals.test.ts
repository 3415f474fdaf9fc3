/**
 * Every refusal of the API in one table: the request, its status and exact body, and that it changed nothing (no
 * item, notification or remote fetch). Refusals after part of a batch was processed stay with their endpoint.
 */
import { startFileServer } from '../helpers/file-server';
import type { FileServer } from '../helpers/file-server';
import { call, expectError, expectInvalid, useSandbox } from './helpers';
import type { FileRec } from './model';
import { GoneResponse, MESSAGES } from './schemas';
import type { Sandbox } from './server';

let sb: Sandbox;
let origin: FileServer;
useSandbox((s) => (sb = s));
beforeAll(async () => (origin = await startFileServer()));
beforeEach(() => (origin.hits.length = 0));
afterAll(async () => origin.close());

/**
 * "METHOD path" (below /api/v1 unless /file or /thumbnail), status, the error message or the 422 errors, a JSON
 * body, the token (default: the demo user's, none for share and request links), a setup step. Placeholders in
 * the path, body and token: {<path of a demo item>} its id, {file <path>} its stored name, {share N} and
 * {request N} the seeded ones, {token N} a user's token, {foreign <path>} an item of user 2, {origin} the file server.
 */
type Row = [string, number, string | Errors, unknown?, (string | null)?, (() => void)?];
type Errors = Record<string, string[]>;

const {
	unauthorized: UNAUTHORIZED,
	accessDenied: DENIED,
	notFound: NOT_FOUND,
	gone: GONE,
} = MESSAGES;
const UNKNOWN = '0f0f0f0f-0000-4000-8000-000000000000';
const required = (field: string) => [`The ${field} field is required.`];
const del = (id: string, force_delete = false) => ({ items: [{ force_delete, type: 'file', id }] });
const restore = (...items: unknown[]) => ({ to_home: false, items });

function resolve(placeholder: string): string {
	const [kind, arg] = placeholder.split(/ (.*)/);
	const n = Number(arg);
	if (kind === 'file') return (sb.model.itemAt(0, arg) as FileRec).basename;
	if (kind === 'share') return sb.seed.shares[n].token;
	if (kind === 'request') return sb.seed.fileRequests[n].id;
	if (kind === 'token') return sb.seed.users[n].accessToken;
	if (kind === 'foreign') return sb.model.itemAt(1, arg).id;
	if (kind === 'origin') return origin.url;
	return sb.model.itemAt(0, placeholder).id;
}
const fill = (text: string) => text.replace(/\{([^{}"]+)\}/g, (_, p: string) => resolve(p));

const listQueries: Row[] = ['folders/all', 'latest'].flatMap((list): Row[] =>
	(
		[
			['sort=size', { sort: ['The selected sort is invalid.'] }],
			['direction=desc', { direction: ['The selected direction is invalid.'] }],
			['cursor=garbage', { cursor: ['The cursor is invalid.'] }],
			['limit=2.5', { limit: ['The limit must be an integer.'] }],
			[
				'direction=down&limit=0&page=x&cursor=%25%25%25',
				{
					direction: ['The selected direction is invalid.'],
					limit: ['The limit must be at least 1.'],
					page: ['The page must be an integer.'],
				},
			],
		] as Array<[string, Errors]>
	).map(([query, errors]) => [`GET /browse/${list}?${query}`, 422, errors]),
);

const rows: Row[] = [
	...[null, 'bad-token'].flatMap((token): Row[] => [
		['GET /browse/folders/all', 401, UNAUTHORIZED, undefined, token],
		['GET /browse/latest', 401, UNAUTHORIZED, undefined, token],
		['GET /notifications', 401, UNAUTHORIZED, undefined, token],
		[
			'POST /trash/restore',
			401,
			UNAUTHORIZED,
			restore({ type: 'file', id: '{Documents/old-draft.docx}' }),
			token,
		],
		['GET /file/{file Documents/notes.txt}', 401, UNAUTHORIZED, undefined, token],
	]),
	...listQueries,
	[`GET /browse/folders/${UNKNOWN}`, 404, NOT_FOUND],
	['GET /browse/folders/not-a-uuid', 404, NOT_FOUND],
	['GET /browse/folders/{Old Stuff}', 404, NOT_FOUND],
	['GET /browse/folders/{foreign Personal}', 404, NOT_FOUND],
	// restore: active, foreign or mistyped items answer 200 with an error body
	['POST /trash/restore', 200, NOT_FOUND, restore({ type: 'file', id: '{Documents/notes.txt}' })],
	[
		'POST /trash/restore',
		200,
		NOT_FOUND,
		restore({ type: 'file', id: '{foreign Personal/other-trashed.txt}' }),
	],
	[
		'POST /trash/restore',
		200,
		NOT_FOUND,
		restore({ type: 'folder', id: '{Documents/old-draft.docx}' }),
	],
	['POST /trash/restore', 422, { to_home: required('to home'), items: required('items') }, {}],
	[
		'POST /trash/restore',
		422,
		{ to_home: ['The to home field must be true or false.'], items: required('items') },
		{ to_home: 'yes', items: [] },
	],
	[
		'POST /trash/restore',
		422,
		{
			'items.0.type': ['The selected items.0.type is invalid.'],
			'items.0.id': ['The items.0.id must be a valid UUID.'],
			'items.1.type': required('items.1.type'),
		},
		restore({ type: 'image', id: 'abc' }, { id: UNKNOWN }),
	],
	[
		'POST /trash/restore',
		422,
		{ items: ['The items must be an array.'] },
		{ to_home: false, items: 'abc' },
	],
	// shares: 1 visitor, 2 protected, 3 expired; 0 (editor) expires with the clock after 30 days
	...[1, 2, 3].flatMap((share): Row[] => [
		[`POST /shares/{share ${share}}/items`, share === 3 ? 404 : 403, DENIED, { name: 'x' }],
		[
			`DELETE /shares/{share ${share}}/items`,
			share === 3 ? 404 : 403,
			DENIED,
			del('{Press Kit/press-release.pdf}'),
		],
	]),
	['POST /shares/doesNotExist123/items', 404, DENIED, { name: 'x' }],
	['DELETE /shares/unknownToken0000/items', 404, DENIED, del('{Documents/notes.txt}')],
	[
		'POST /shares/{share 0}/items',
		404,
		DENIED,
		{ name: 'x' },
		null,
		() => sb.clock.advance(31 * 24 * 3_600_000),
	],
	['POST /shares/{share 0}/items', 403, DENIED, { name: 'x', parent_id: '{Documents}' }],
	[
		'DELETE /shares/{share 0}/items',
		403,
		DENIED,
		{ items: [{ force_delete: false, type: 'folder', id: '{Shared with Clients}' }] },
	],
	// soft delete of an item already in the trash
	['DELETE /shares/{share 0}/items', 200, NOT_FOUND, del('{Shared with Clients/obsolete.pdf}')],
	[
		'POST /shares/{share 0}/items',
		422,
		{ name: required('name'), parent_id: ['The parent id must be a valid UUID.'] },
		{ parent_id: 'nope' },
	],
	[
		'POST /shares/{share 0}/items',
		422,
		{ name: ['The name may not be greater than 255 characters.'] },
		{ name: 'x'.repeat(256) },
	],
	['DELETE /shares/{share 0}/items', 422, { items: required('items') }, {}],
	['DELETE /shares/{share 0}/items', 422, { items: required('items') }, { items: [] }],
	[
		'DELETE /shares/{share 0}/items',
		422,
		{
			'items.0.force_delete': required('items.0.force delete'),
			'items.0.id': ['The items.0.id must be a valid UUID.'],
		},
		{ items: [{ type: 'folder', id: 'x' }] },
	],
	[
		'DELETE /shares/{share 0}/items',
		422,
		{
			'items.0.force_delete': ['The items.0.force delete field must be true or false.'],
			'items.0.type': ['The selected items.0.type is invalid.'],
		},
		{ items: [{ force_delete: 'no', type: 'dir', id: UNKNOWN }] },
	],
	// file requests: 0 active until April, 1 expired (410 on every endpoint)
	...(
		[
			['GET', 'items'],
			['DELETE', 'items', del('{Closed Request/late-file.pdf}')],
			['POST', 'uploads', { urls: ['{origin}/files/a.txt'] }],
		] as const
	).flatMap(([method, tail, body]): Row[] => [
		[`${method} /requests/{request 1}/${tail}`, 410, GONE, body],
		[`${method} /requests/${UNKNOWN}/${tail}`, 404, DENIED, body],
	]),
	[
		'GET /requests/{request 0}/items',
		410,
		GONE,
		undefined,
		null,
		() => sb.clock.set(new Date('2026-04-01T00:00:00Z')),
	],
	['GET /requests/{request 0}/items?parent_id={Documents}', 403, DENIED],
	[
		'POST /requests/{request 0}/uploads',
		403,
		DENIED,
		{ parent_id: '{Documents}', urls: ['{origin}/files/a.txt'] },
	],
	[
		'GET /requests/{request 0}/items?parent_id=x&sort=size&direction=up',
		422,
		{
			parent_id: ['The parent id must be a valid UUID.'],
			sort: ['The selected sort is invalid.'],
			direction: ['The selected direction is invalid.'],
		},
	],
	[
		'DELETE /requests/{request 0}/items',
		422,
		{
			'items.0.force_delete': ['The items.0.force delete field must be true or false.'],
			'items.0.id': required('items.0.id'),
		},
		{ items: [{ force_delete: 1, type: 'file' }] },
	],
	['POST /requests/{request 0}/uploads', 422, { urls: required('urls') }, {}],
	['POST /requests/{request 0}/uploads', 422, { urls: required('urls') }, { urls: [] }],
	[
		'POST /requests/{request 0}/uploads',
		422,
		{ urls: ['The urls must be an array.'] },
		{ urls: 'http://x.test/a' },
	],
	[
		'POST /requests/{request 0}/uploads',
		422,
		{
			parent_id: ['The parent id must be a valid UUID.'],
			'urls.0': ['The urls.0 must be a valid URL.'],
			'urls.1': ['The urls.1 must be a valid URL.'],
			'urls.3': ['The urls.3 must be a string.'],
		},
		{ parent_id: 'x', urls: ['ftp://example.com/a', 'not a url', '{origin}/files/a.txt', 5] },
	],
	[
		'POST /requests/{request 0}/uploads',
		422,
		{ urls: ['The urls may not have more than 100 items.'] },
		{ urls: Array.from({ length: 101 }, () => '{origin}/files/a.txt') },
	],
	// file content
	['GET /file/{file Documents/notes.txt}', 403, DENIED, undefined, '{token 1}'],
	['GET /file/nothing.txt', 404, NOT_FOUND],
	[
		'GET /file/{file Documents/notes.txt}',
		404,
		NOT_FOUND,
		undefined,
		undefined,
		() => sb.model.trashItem(sb.model.itemAt(0, 'Documents/notes.txt').id),
	],
	['GET /thumbnail/xs-{file Photos/beach.jpg}', 401, UNAUTHORIZED, undefined, null],
	['GET /thumbnail/xs-{file Documents/notes.txt}', 404, NOT_FOUND],
	['GET /file/{file Documents/notes.txt}/upload-request/{request 0}', 404, NOT_FOUND],
	[`GET /file/{file Client Uploads/signed-form.pdf}/upload-request/${UNKNOWN}`, 404, DENIED],
	['GET /file/{file Closed Request/late-file.pdf}/upload-request/{request 1}', 410, GONE],
	// routing
	['GET /nope', 404, 'The route /api/v1/nope could not be found.'],
	[
		'PUT /trash/restore',
		405,
		'The PUT method is not supported for this route. Supported methods: POST.',
		{},
	],
];

/** What a refusal must leave as it was. */
const state = () =>
	JSON.stringify({
		items: [...sb.model.items.values()],
		notifications: sb.model.notificationsOf(0),
	});

// a rest parameter: jest takes a callback with more parameters than a row has cells for a done() test
it.each(rows)('%s → %i', async (...row: Row) => {
	const [request, status, expected, body, token, setup] = row;
	setup?.();
	const [method, path] = fill(request).split(' ');
	const link = /^\/(shares|requests)\/|\/upload-request\//.test(path);
	const before = state();
	const res = await call(sb, method, /^\/(file|thumbnail)\//.test(path) ? path : `/api/v1${path}`, {
		body: body === undefined ? undefined : JSON.parse(fill(JSON.stringify(body))),
		token: token === undefined ? (link ? null : resolve('token 0')) : token && fill(token),
	});
	if (status === 422) expectInvalid(res, expected as Errors);
	else if (status === 410)
		expect(GoneResponse.parse(res.json)).toEqual({ type: 'gone', message: GONE });
	else expectError(res, status, expected as string);
	expect(res.status).toBe(status);
	expect(state()).toBe(before);
	expect(origin.hits).toEqual([]);
});
