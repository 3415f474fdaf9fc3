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
 * ["[given: ]METHOD path[ as token]", status, expected, JSON body]. The path is below /api/v1 unless /file or
 * /thumbnail; the token is the demo user's unless given (`none`: no header), none for share and request links.
 * Expected: the error message, or for a 422 the failing rules ("field:rule …", worded by RULES). Placeholders in
 * the path, body and token: {<path of a demo item>} its id, {file <path>} its stored name, {share N} and
 * {request N} the seeded ones, {token N} a user's token, {foreign <path>} an item of user 2, {origin} the file server.
 */
type Row = [string, number, string, unknown?];

const {
	unauthorized: UNAUTHORIZED,
	accessDenied: DENIED,
	notFound: NOT_FOUND,
	gone: GONE,
} = MESSAGES;
const UNKNOWN = '0f0f0f0f-0000-4000-8000-000000000000';
const del = (id: string, force_delete = false) => ({ items: [{ force_delete, type: 'file', id }] });
const restore = (...items: unknown[]) => ({ to_home: false, items });
const GIVEN: Record<string, () => void> = {
	'after 31 days': () => sb.clock.advance(31 * 24 * 3_600_000), // the editor share lasts 720 h
	'in April': () => sb.clock.set(new Date('2026-04-01T00:00:00Z')), // request 0 expires end of March
	'notes.txt trashed': () => sb.model.trashItem(sb.model.itemAt(0, 'Documents/notes.txt').id),
};
/** Laravel's wording of each validation rule; `:a` is the field, underscores read as spaces. */
const RULES: Record<string, string> = {
	required: 'The :a field is required.',
	boolean: 'The :a field must be true or false.',
	uuid: 'The :a must be a valid UUID.',
	selected: 'The selected :a is invalid.',
	invalid: 'The :a is invalid.',
	url: 'The :a must be a valid URL.',
	string: 'The :a must be a string.',
	array: 'The :a must be an array.',
	integer: 'The :a must be an integer.',
	min1: 'The :a must be at least 1.',
	max255: 'The :a may not be greater than 255 characters.',
	max100items: 'The :a may not have more than 100 items.',
};
const errors = (rules: string) =>
	Object.fromEntries(
		rules.split(' ').map((r) => {
			const [field, rule] = r.split(':');
			return [field, [RULES[rule].replace(':a', field.replace(/_/g, ' '))]];
		}),
	);

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

const share = (n: number) => `/shares/{share ${n}}/items`;
const REQUEST = '/requests/{request 0}';
const rows: Row[] = [
	...['none', 'bad-token'].flatMap((token): Row[] => [
		[`GET /browse/folders/all as ${token}`, 401, UNAUTHORIZED],
		[`GET /browse/latest as ${token}`, 401, UNAUTHORIZED],
		[`GET /notifications as ${token}`, 401, UNAUTHORIZED],
		[
			`POST /trash/restore as ${token}`,
			401,
			UNAUTHORIZED,
			restore({ type: 'file', id: '{Documents/old-draft.docx}' }),
		],
		[`GET /file/{file Documents/notes.txt} as ${token}`, 401, UNAUTHORIZED],
	]),
	...['folders/all', 'latest'].flatMap((list): Row[] => [
		[`GET /browse/${list}?sort=size`, 422, 'sort:selected'],
		[`GET /browse/${list}?direction=desc`, 422, 'direction:selected'],
		[`GET /browse/${list}?cursor=garbage`, 422, 'cursor:invalid'],
		[`GET /browse/${list}?limit=2.5`, 422, 'limit:integer'],
		[
			`GET /browse/${list}?direction=down&limit=0&page=x&cursor=%25%25%25`,
			422,
			'direction:selected limit:min1 page:integer',
		],
	]),
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
	['POST /trash/restore', 422, 'to_home:required items:required', {}],
	['POST /trash/restore', 422, 'to_home:boolean items:required', { to_home: 'yes', items: [] }],
	[
		'POST /trash/restore',
		422,
		'items.0.type:selected items.0.id:uuid items.1.type:required',
		restore({ type: 'image', id: 'abc' }, { id: UNKNOWN }),
	],
	['POST /trash/restore', 422, 'items:array', { to_home: false, items: 'abc' }],
	// shares: 0 editor, 1 visitor, 2 protected, 3 expired
	...[1, 2].flatMap((n): Row[] => [
		[`POST ${share(n)}`, 403, DENIED, { name: 'x' }],
		[`DELETE ${share(n)}`, 403, DENIED, del('{Press Kit/press-release.pdf}')],
	]),
	[`POST ${share(3)}`, 404, DENIED, { name: 'x' }],
	[`DELETE ${share(3)}`, 404, DENIED, del('{Press Kit/press-release.pdf}')],
	['POST /shares/doesNotExist123/items', 404, DENIED, { name: 'x' }],
	['DELETE /shares/unknownToken0000/items', 404, DENIED, del('{Documents/notes.txt}')],
	[`after 31 days: POST ${share(0)}`, 404, DENIED, { name: 'x' }],
	[`POST ${share(0)}`, 403, DENIED, { name: 'x', parent_id: '{Documents}' }],
	[
		`DELETE ${share(0)}`,
		403,
		DENIED,
		{ items: [{ force_delete: false, type: 'folder', id: '{Shared with Clients}' }] },
	],
	// soft delete of an item already in the trash
	[`DELETE ${share(0)}`, 200, NOT_FOUND, del('{Shared with Clients/obsolete.pdf}')],
	[`POST ${share(0)}`, 422, 'name:required parent_id:uuid', { parent_id: 'nope' }],
	[`POST ${share(0)}`, 422, 'name:max255', { name: 'x'.repeat(256) }],
	[`DELETE ${share(0)}`, 422, 'items:required', {}],
	[`DELETE ${share(0)}`, 422, 'items:required', { items: [] }],
	[
		`DELETE ${share(0)}`,
		422,
		'items.0.force_delete:required items.0.id:uuid',
		{ items: [{ type: 'folder', id: 'x' }] },
	],
	[
		`DELETE ${share(0)}`,
		422,
		'items.0.force_delete:boolean items.0.type:selected',
		{ items: [{ force_delete: 'no', type: 'dir', id: UNKNOWN }] },
	],
	// file requests: 0 active, 1 expired (410 on every endpoint)
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
	[`in April: GET ${REQUEST}/items`, 410, GONE],
	[`GET ${REQUEST}/items?parent_id={Documents}`, 403, DENIED],
	[
		`POST ${REQUEST}/uploads`,
		403,
		DENIED,
		{ parent_id: '{Documents}', urls: ['{origin}/files/a.txt'] },
	],
	[
		`GET ${REQUEST}/items?parent_id=x&sort=size&direction=up`,
		422,
		'parent_id:uuid sort:selected direction:selected',
	],
	[
		`DELETE ${REQUEST}/items`,
		422,
		'items.0.force_delete:boolean items.0.id:required',
		{ items: [{ force_delete: 1, type: 'file' }] },
	],
	[`POST ${REQUEST}/uploads`, 422, 'urls:required', {}],
	[`POST ${REQUEST}/uploads`, 422, 'urls:required', { urls: [] }],
	[`POST ${REQUEST}/uploads`, 422, 'urls:array', { urls: 'http://x.test/a' }],
	[
		`POST ${REQUEST}/uploads`,
		422,
		'parent_id:uuid urls.0:url urls.1:url urls.3:string',
		{ parent_id: 'x', urls: ['ftp://example.com/a', 'not a url', '{origin}/files/a.txt', 5] },
	],
	[
		`POST ${REQUEST}/uploads`,
		422,
		'urls:max100items',
		{ urls: Array(101).fill('{origin}/files/a.txt') },
	],
	// file content
	['GET /file/{file Documents/notes.txt} as {token 1}', 403, DENIED],
	['GET /file/nothing.txt', 404, NOT_FOUND],
	['notes.txt trashed: GET /file/{file Documents/notes.txt}', 404, NOT_FOUND],
	['GET /thumbnail/xs-{file Photos/beach.jpg} as none', 401, UNAUTHORIZED],
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

/** Sends a row's request after its given step; `ready` runs in between. */
function send(request: string, body: unknown, ready = () => {}) {
	const [, given, method, path, token] = /^(?:(.+): )?(\S+) (\S+)(?: as (\S+))?$/.exec(
		fill(request),
	)!;
	if (given) GIVEN[given]();
	ready();
	const link = /^\/(shares|requests)\/|\/upload-request\//.test(path);
	return call(sb, method, /^\/(file|thumbnail)\//.test(path) ? path : `/api/v1${path}`, {
		body: body === undefined ? undefined : JSON.parse(fill(JSON.stringify(body))),
		token: token === 'none' ? null : (token ?? (link ? null : resolve('token 0'))),
	});
}

// a rest parameter: jest takes a callback with more parameters than a row has cells for a done() test
it.each(rows)('%s → %i', async (...[request, status, expected, body]: Row) => {
	let before = '';
	const res = await send(request, body, () => (before = state()));
	if (status === 422) expectInvalid(res, errors(expected));
	else if (status === 410)
		expect(GoneResponse.parse(res.json)).toEqual({ type: 'gone', message: GONE });
	else expectError(res, status, expected);
	expect(res.status).toBe(status);
	expect(state()).toBe(before);
	expect(origin.hits).toEqual([]);
});

const stateOf = (id: string) => {
	const found = sb.model.findItem(id);
	return !found ? 'gone' : found.deletedAt ? 'trashed' : 'active';
};
// A batch stops at its first refusal, after processing the items before it and leaving the ones after it. Items:
// demo file paths ("!" = force_delete) or "?" (an unknown id); 200 answers "not found", 403 "access denied".
it.each([
	['POST /trash/restore', 'Documents/old-draft.docx|?|Photos/tmp-screenshot.png', 200, 'active'],
	[
		`DELETE ${share(0)}`,
		'Shared with Clients/proposal.pdf|?|Shared with Clients/pricing.xlsx',
		200,
		'trashed',
	],
	[`DELETE ${share(0)}`, 'Shared with Clients/proposal.pdf|!Documents/notes.txt', 403, 'trashed'],
	[
		`DELETE ${REQUEST}/items`,
		'Client Uploads/received-logo.png|Documents/notes.txt',
		403,
		'trashed',
	],
	[`DELETE ${REQUEST}/items`, '!Client Uploads/signed-form.pdf|?', 200, 'gone'],
])('%s [%s] → %i', async (request, list, status, first) => {
	const items = list.split('|').map((entry) => ({
		force_delete: entry.startsWith('!'),
		type: 'file',
		id: entry === '?' ? UNKNOWN : resolve(entry.replace(/^!/, '')),
	}));
	const body = request.startsWith('POST')
		? restore(...items.map(({ type, id }) => ({ type, id })))
		: { items };
	const before = items.map((i) => stateOf(i.id));
	expectError(await send(request, body), status, status === 200 ? NOT_FOUND : DENIED);
	expect(items.map((i) => stateOf(i.id))).toEqual([first, ...before.slice(1)]);
});
