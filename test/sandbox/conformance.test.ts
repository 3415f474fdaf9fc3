/**
 * What only the sandbox's own tests prove (the node tests in test/nodes run the node against it and prove the
 * endpoints' successful answers): every refusal of the README's "Answers" table, batches stopping midway, the
 * upload options, keyset vs offset cursors, fault rules, request recording, the control API, reset() and the
 * cost of the sorted indexes.
 */
import { startFileServer } from '../helpers/file-server';
import type { FileServer } from '../helpers/file-server';
import { generatedBlocks } from './content';
import type { FileRec } from './model';
import { FolderListResponse, MESSAGES, NotificationListResponse } from './schemas';
import { startSandbox } from './server';
import type { RecordedRequest, Sandbox } from './server';

let sb: Sandbox;
let origin: FileServer;
const answered: Array<{ path: string; status: number; ms: number }> = [];
const onAnswered = (r: RecordedRequest, ms: number) =>
	answered.push({ path: r.path, status: r.status, ms });
beforeAll(async () => {
	[sb, origin] = await Promise.all([startSandbox({ onAnswered }), startFileServer()]);
});
beforeEach(() => {
	sb.reset();
	origin.hits.length = 0;
	answered.length = 0;
});
afterAll(async () => Promise.all([sb.stop(), origin.close()]));

const token = (n = 0) => sb.seed.users[n].accessToken;
/** `path` below the base URL; token null = no Authorization header; a string body as it is, a form unless "{…". */
async function call(method: string, path: string, tok: string | null, body?: unknown) {
	const headers: Record<string, string> = { Accept: 'application/json' };
	if (tok) headers.Authorization = `Bearer ${tok}`;
	const form = typeof body === 'string' && !body.startsWith('{');
	if (body !== undefined)
		headers['Content-Type'] = form ? 'application/x-www-form-urlencoded' : 'application/json';
	const raw = typeof body === 'string' || body === undefined ? body : JSON.stringify(body);
	const res = await fetch(sb.baseUrl + path, { method, headers, body: raw });
	const text = await res.text();
	return { status: res.status, json: text ? (JSON.parse(text) as unknown) : undefined };
}
const get = (path: string, tok: string | null = token()) => call('GET', `/api/v1${path}`, tok);
const folder = async (id: string, query: string) =>
	FolderListResponse.parse((await get(`/browse/folders/${id}?${query}`)).json);
type Page = {
	data: Array<{ data: { id: string } }>;
	meta: { cursor: Record<string, string | null> };
};
const ids = (page: Pick<Page, 'data'>) => page.data.map((w) => w.data.id);
/** The demo user's newest files, straight from the model */
const latest = (limit: number) =>
	sb.model.latestPage(0, { sort: 'created_at', direction: 'DESC', limit }).items;
const UNKNOWN = '0f0f0f0f-0000-4000-8000-000000000000';

// ----- every refusal: status, exact body, nothing changed, nothing fetched --------------------------------------

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
const GIVEN: Record<string, () => void> = {
	'after 31 days': () => sb.clock.advance(31 * 24 * 3_600_000), // the editor share lasts 720 h
	'in April': () => sb.clock.set(new Date('2026-04-01T00:00:00Z')), // request 0 expires end of March
	'notes.txt trashed': () => sb.model.trashItem(sb.model.itemAt(0, 'Documents/notes.txt').id),
};
/** {<demo path>} its id, {file <path>} its stored name, {share N}, {request N}, {token N}, {foreign <path>}, {origin}. */
function resolve(placeholder: string): string {
	const [kind, arg] = placeholder.split(/ (.*)/);
	if (kind === 'file') return (sb.model.itemAt(0, arg) as FileRec).basename;
	if (kind === 'share') return sb.seed.shares[Number(arg)].token;
	if (kind === 'request') return sb.seed.fileRequests[Number(arg)].id;
	if (kind === 'token') return token(Number(arg));
	if (kind === 'foreign') return sb.model.itemAt(1, arg).id;
	if (kind === 'origin') return origin.url;
	return sb.model.itemAt(0, placeholder).id;
}
const fill = (text: string) => text.replace(/\{([^{}"]+)\}/g, (_, p: string) => resolve(p));

const DEL = (id: string) => `{"items":[{"force_delete":false,"type":"file","id":"{${id}}"}]}`;
const URLS = (n: number) => JSON.stringify({ urls: Array(n).fill('{origin}/files/a.txt') });
/**
 * "[given: ]METHOD path[ as token] | status | expected[ | JSON body]". Paths are below /api/v1 unless /file or
 * /thumbnail; the token is the demo user's (`none`: no header), none for share and request links. Expected: a
 * MESSAGES key, a message, or for a 422 the failing rules "field:rule …". S0..S3 = shares (editor, visitor,
 * protected, expired), R0/R1 = file requests (active, expired).
 */
const ROWS = [
	...['none', 'bad-token'].flatMap((t) => [
		`GET /browse/folders/all as ${t} | 401 | unauthorized`,
		`GET /browse/latest as ${t} | 401 | unauthorized`,
		`GET /notifications as ${t} | 401 | unauthorized`,
		`POST /trash/restore as ${t} | 401 | unauthorized | {"to_home":false,"items":[{"type":"file","id":"{Documents/old-draft.docx}"}]}`,
		`GET /file/{file Documents/notes.txt} as ${t} | 401 | unauthorized`,
	]),
	...['folders/all', 'latest'].flatMap((list) => [
		`GET /browse/${list}?sort=size | 422 | sort:selected`,
		`GET /browse/${list}?direction=desc | 422 | direction:selected`,
		`GET /browse/${list}?cursor=garbage | 422 | cursor:invalid`,
		`GET /browse/${list}?limit=2.5 | 422 | limit:integer`,
		`GET /browse/${list}?direction=down&limit=0&page=x&cursor=%25%25%25 | 422 | direction:selected limit:min1 page:integer`,
	]),
	`GET /browse/folders/${UNKNOWN} | 404 | notFound`,
	'GET /browse/folders/not-a-uuid | 404 | notFound',
	'GET /browse/folders/{Old Stuff} | 404 | notFound',
	'GET /browse/folders/{foreign Personal} | 404 | notFound',
	// restore: active, foreign or mistyped items answer 200 with an error body
	'POST /trash/restore | 200 | notFound | {"to_home":false,"items":[{"type":"file","id":"{Documents/notes.txt}"}]}',
	'POST /trash/restore | 200 | notFound | {"to_home":false,"items":[{"type":"file","id":"{foreign Personal/other-trashed.txt}"}]}',
	'POST /trash/restore | 200 | notFound | {"to_home":false,"items":[{"type":"folder","id":"{Documents/old-draft.docx}"}]}',
	'POST /trash/restore | 422 | to_home:required items:required | {}',
	'POST /trash/restore | 422 | to_home:boolean items:required | {"to_home":"yes","items":[]}',
	`POST /trash/restore | 422 | items.0.type:selected items.0.id:uuid items.1.type:required | {"to_home":false,"items":[{"type":"image","id":"abc"},{"id":"${UNKNOWN}"}]}`,
	'POST /trash/restore | 422 | items:array | {"to_home":false,"items":"abc"}',
	...['S1 | 403', 'S2 | 403', 'S3 | 404'].flatMap((s) => [
		`POST /shares/${s} | accessDenied | {"name":"x"}`,
		`DELETE /shares/${s} | accessDenied | ${DEL('Press Kit/press-release.pdf')}`,
	]),
	'POST /shares/doesNotExist123 | 404 | accessDenied | {"name":"x"}',
	`DELETE /shares/unknownToken0000 | 404 | accessDenied | ${DEL('Documents/notes.txt')}`,
	'after 31 days: POST /shares/S0 | 404 | accessDenied | {"name":"x"}',
	'POST /shares/S0 | 403 | accessDenied | {"name":"x","parent_id":"{Documents}"}',
	'DELETE /shares/S0 | 403 | accessDenied | {"items":[{"force_delete":false,"type":"folder","id":"{Shared with Clients}"}]}',
	`DELETE /shares/S0 | 200 | notFound | ${DEL('Shared with Clients/obsolete.pdf')}`, // already in the trash
	'POST /shares/S0 | 422 | name:required parent_id:uuid | {"parent_id":"nope"}',
	`POST /shares/S0 | 422 | name:max255 | {"name":"${'x'.repeat(256)}"}`,
	'DELETE /shares/S0 | 422 | items:required | {}',
	'DELETE /shares/S0 | 422 | items:required | {"items":[]}',
	'DELETE /shares/S0 | 422 | items.0.force_delete:required items.0.id:uuid | {"items":[{"type":"folder","id":"x"}]}',
	`DELETE /shares/S0 | 422 | items.0.force_delete:boolean items.0.type:selected | {"items":[{"force_delete":"no","type":"dir","id":"${UNKNOWN}"}]}`,
	...['R1 | 410 | gone', `${UNKNOWN} | 404 | accessDenied`].flatMap((r) => [
		`GET /requests/${r}`,
		`DELETE /requests/${r} | ${DEL('Closed Request/late-file.pdf')}`,
		`POST /requests/${r.replace(' |', '/uploads |')} | ${URLS(1)}`,
	]),
	'in April: GET /requests/R0 | 410 | gone',
	'GET /requests/R0?parent_id={Documents} | 403 | accessDenied',
	'POST /requests/R0/uploads | 403 | accessDenied | {"parent_id":"{Documents}","urls":["{origin}/files/a.txt"]}',
	'GET /requests/R0?parent_id=x&sort=size&direction=up | 422 | parent_id:uuid sort:selected direction:selected',
	'DELETE /requests/R0 | 422 | items.0.force_delete:boolean items.0.id:required | {"items":[{"force_delete":1,"type":"file"}]}',
	'POST /requests/R0/uploads | 422 | urls:required | {}',
	'POST /requests/R0/uploads | 422 | urls:required | {"urls":[]}',
	'POST /requests/R0/uploads | 422 | urls:array | {"urls":"http://x.test/a"}',
	'POST /requests/R0/uploads | 422 | parent_id:uuid urls.0:url urls.1:url urls.3:string | {"parent_id":"x","urls":["ftp://example.com/a","not a url","{origin}/files/a.txt",5]}',
	`POST /requests/R0/uploads | 422 | urls:max100items | ${URLS(101)}`,
	'GET /file/{file Documents/notes.txt} as {token 1} | 403 | accessDenied',
	'GET /file/nothing.txt | 404 | notFound',
	'notes.txt trashed: GET /file/{file Documents/notes.txt} | 404 | notFound',
	'GET /thumbnail/xs-{file Photos/beach.jpg} as none | 401 | unauthorized',
	'GET /thumbnail/xs-{file Documents/notes.txt} | 404 | notFound',
	'GET /file/{file Documents/notes.txt}/upload-request/{request 0} | 404 | notFound',
	`GET /file/{file Client Uploads/signed-form.pdf}/upload-request/${UNKNOWN} | 404 | accessDenied`,
	'GET /file/{file Closed Request/late-file.pdf}/upload-request/{request 1} | 410 | gone',
	'GET /nope | 404 | The route /api/v1/nope could not be found.',
	'PUT /trash/restore | 405 | The PUT method is not supported for this route. Supported methods: POST. | {}',
	'POST /trash/restore | 400 | The request body is not valid JSON. | "{\\"to_home\\":"',
	'POST /trash/restore | 400 | The request body must be sent with Content-Type: application/json. | "[1]"',
];
/** A share or request link without a route below it means its `/items`; S<n> and R<n> are seeded ones. */
const LINK = (path: string) =>
	path
		.replace(/^\/(shares|requests)\/([^/?]+)(?=\?|$)/, '/$1/$2/items')
		.replace(/^\/shares\/S(\d)/, '/shares/{share $1}')
		.replace(/^\/requests\/R(\d)/, '/requests/{request $1}');

/** Sends a row's request after its given step; `ready` runs in between. */
function send(request: string, body: unknown, ready = () => {}) {
	const [, given, method, rawPath, tok] = /^(?:(.+): )?(\S+) (.+?)(?: as (.+))?$/.exec(request)!;
	const path = fill(LINK(rawPath));
	if (given) GIVEN[given]();
	ready();
	const link = /^\/(shares|requests)\/|\/upload-request\//.test(path);
	const auth = tok === 'none' ? null : tok ? fill(tok) : link ? null : token();
	return call(method, /^\/(file|thumbnail)\//.test(path) ? path : `/api/v1${path}`, auth, body);
}
const state = () =>
	JSON.stringify({ items: [...sb.model.items.values()], notes: sb.model.notificationsOf(0) });
/** "field:rule …" → Laravel's `errors` */
const errorsOf = (rules: string) =>
	Object.fromEntries(
		rules.split(' ').map((r) => {
			const [field, rule] = r.split(':');
			return [field, [RULES[rule].replace(':a', field.replace(/_/g, ' '))]];
		}),
	);

it.each(ROWS)('%s', async (row) => {
	const [request, status, expected, body] = row.split(' | ');
	let before = '';
	const sent = body === undefined ? undefined : (JSON.parse(fill(body)) as unknown);
	const res = await send(request, sent, () => (before = state()));
	const message = MESSAGES[expected as keyof typeof MESSAGES] ?? expected;
	const answer =
		status === '422'
			? { message: MESSAGES.invalid, errors: errorsOf(expected) }
			: { type: status === '410' ? 'gone' : 'error', message };
	expect([res.status, res.json]).toEqual([Number(status), answer]);
	// nothing changed, nothing fetched, recorded with its status
	expect([state(), origin.hits, sb.requests.at(-1)?.status]).toEqual([before, [], Number(status)]);
});

const stateOf = (id: string) => {
	const found = sb.model.findItem(id);
	return !found ? 'gone' : found.deletedAt ? 'trashed' : 'active';
};
// A batch stops at its first refusal, after processing the items before it and leaving the ones after it. Rows:
// "request | items | status | the first item afterwards"; items are demo file paths ("!" = force_delete) or "?" (an
// unknown id); 200 answers "not found", 403 "access denied".
it.each([
	'POST /trash/restore | Documents/old-draft.docx|?|Photos/tmp-screenshot.png | 200 | active',
	'DELETE /shares/S0 | Shared with Clients/proposal.pdf|?|Shared with Clients/pricing.xlsx | 200 | trashed',
	'DELETE /shares/S0 | Shared with Clients/proposal.pdf|!Documents/notes.txt | 403 | trashed',
	'DELETE /requests/R0 | Client Uploads/received-logo.png|Documents/notes.txt | 403 | trashed',
	'DELETE /requests/R0 | !Client Uploads/signed-form.pdf|? | 200 | gone',
])('%s', async (row) => {
	const [request, list, status, first] = row.split(' | ');
	const items = list.split('|').map((entry) => ({
		force_delete: entry.startsWith('!'),
		type: 'file',
		id: entry === '?' ? UNKNOWN : resolve(entry.replace(/^!/, '')),
	}));
	const body = request.startsWith('POST')
		? { to_home: false, items: items.map(({ type, id }) => ({ type, id })) }
		: { items };
	const before = items.map((i) => stateOf(i.id));
	const res = await send(request, body);
	expect([res.status, res.json]).toEqual([
		Number(status),
		{ type: 'error', message: status === '200' ? MESSAGES.notFound : MESSAGES.accessDenied },
	]);
	expect(items.map((i) => stateOf(i.id))).toEqual([first, ...before.slice(1)]);
});

// ----- remote upload options (sb.uploads), which no node test sets ---------------------------------------------

const upload = (urls: string[]) =>
	call('POST', `/api/v1/requests/${sb.seed.fileRequests[0].id}/uploads`, null, { urls });
const uploadedNames = () =>
	sb.model.activeChildren(sb.model.itemAt(0, 'Client Uploads').id).map((i) => i.name);

// the ancestor names a file by the text after the URL's last "/", even inside the query; 'disposition' by
// Content-Disposition when the answer has one, else by the URL path's last segment
it.each([
	['url', '/files/signed?token=aaa.bbb.ccc&filename=/Q3%20report.pdf', 'Q3 report.pdf'],
	['url', '/files/signed?token=aaa.bbb.ccc', 'signed'],
	['url', '/disposition', 'disposition'],
	['disposition', '/disposition', 'report final.pdf'],
	['disposition', '/files/plain.txt?x=/other.pdf', 'plain.txt'],
	['url', '/redirect/moved.csv', 'moved.csv'], // redirects are followed
] as const)('uploads.naming %s: %s → %s', async (naming, path, name) => {
	sb.uploads.naming = naming;
	const before = uploadedNames();
	expect((await upload([`${origin.url}${path}`])).status).toBe(201);
	expect(uploadedNames().filter((n) => !before.includes(n))).toEqual([name]);
});

it('times out a URL after uploads.timeoutMs and queues above uploads.queueThreshold', async () => {
	Object.assign(sb.uploads, { timeoutMs: 150, queueThreshold: 1 });
	const hang = `${origin.url}/hang`;
	const failed = `The file at ${hang} could not be downloaded: timed out after 150 ms.`;
	expect((await upload([hang])).json).toEqual({ message: failed, errors: { 'urls.0': [failed] } });
	const queued = await upload([`${origin.url}/files/a.txt`, `${origin.url}/files/b.txt`]);
	expect(queued).toEqual({ status: 201, json: { type: 'success', message: MESSAGES.queued } });
	await sb.idle();
	expect(sb.model.notificationsOf(0)[0].description).toMatch(/^2 files were uploaded/);
});

// ----- cursors -------------------------------------------------------------------------------------------------

/** A folder of six files a minute apart, its first page of three, and page 2 by that page's cursor. */
async function sixFilesAMinuteApart(name: string) {
	const { id } = sb.model.addFolder(0, { name });
	const made = Array.from({ length: 6 }, (_, i) => {
		sb.clock.advance(60_000);
		return sb.model.addFile(0, { folderId: id, name: `${name}-${i}.txt` }).id;
	});
	const p1 = await folder(id, 'limit=3');
	expect(ids(p1)).toEqual([made[5], made[4], made[3]]);
	const page2 = () => folder(id, `limit=3&cursor=${p1.meta.cursor.next_cursor}`);
	const addNewer = () => {
		sb.clock.advance(60_000);
		sb.model.addFile(0, { folderId: id, name: 'newcomer.txt' });
	};
	return { id, made, page2, addNewer };
}

it('keyset cursors neither skip nor repeat when items come and go between pages', async () => {
	const { made, page2, addNewer } = await sixFilesAMinuteApart('k');
	addNewer();
	sb.model.trashItem(made[4]);
	const p2 = await page2();
	expect(ids(p2)).toEqual([made[2], made[1], made[0]]);
	expect(p2.meta.cursor.next_cursor).toBeNull();
	sb.model.deleteItemPermanently(made[3]); // the boundary item itself
	expect(ids(await page2())).toEqual(ids(p2));
});

it('offset cursors (Laravel paginate()) shift when items above the boundary come and go', async () => {
	sb.model.cursorMode = 'offset'; // kept across reset(): set back below
	try {
		const { id, made, page2, addNewer } = await sixFilesAMinuteApart('o');
		addNewer(); // page 2 starts one entry earlier
		expect(ids(await page2())).toEqual([made[3], made[2], made[1]]);
		sb.model.trashItem(made[5]);
		sb.model.trashItem(made[4]); // page 2 starts one entry past what is left of page 1
		const pulled = await page2();
		expect([ids(pulled), pulled.meta.cursor.total]).toEqual([[made[1], made[0]], 5]);
		sb.model.cursorMode = 'keyset'; // keyset cursors are still read in offset mode
		const keyset = await folder(id, 'limit=1');
		sb.model.cursorMode = 'offset';
		expect(
			(await get(`/browse/folders/${id}?limit=3&cursor=${keyset.meta.cursor.next_cursor}`)).status,
		).toBe(200);
	} finally {
		sb.model.cursorMode = 'keyset';
	}
});

it("rejects a cursor that contradicts sort; without sort the cursor's own order is used", async () => {
	const p1 = await folder('all', 'limit=2&sort=name');
	const next = p1.meta.cursor.next_cursor!;
	const res = await get(`/browse/folders/all?limit=2&sort=created_at&cursor=${next}`);
	const mismatch = 'The cursor does not match the requested sort and direction.';
	expect(res.json).toEqual({ message: MESSAGES.invalid, errors: { cursor: [mismatch] } });
	const full = await folder('all', 'sort=name');
	expect(ids(await folder('all', `limit=2&cursor=${next}`))).toEqual(ids(full).slice(2, 4));
});

// ----- faults, recording, onAnswered, control API, clock, reset --------------------------------------------------

it('a fault matches with match(), fires times times (Infinity too), goes with its remover or reset()', async () => {
	const ref = { type: 'file', id: sb.model.itemAt(0, 'Documents/old-draft.docx').id };
	const remove = sb.fault({
		match: (r) => r.method === 'POST' && (r.body as { to_home?: unknown })?.to_home === false,
		times: Infinity,
		status: 500,
		body: { type: 'error', message: 'boom' },
	});
	const restore = async (to_home: boolean) =>
		(await call('POST', '/api/v1/trash/restore', token(), { to_home, items: [ref] })).status;
	expect([await restore(false), await restore(false), await restore(true)]).toEqual([
		500, 500, 200,
	]);
	remove();
	sb.model.trashItem(ref.id);
	expect(await restore(false)).toBe(200);
	sb.fault({ status: 500, times: Infinity });
	expect((await get('/notifications')).status).toBe(500);
	sb.reset();
	expect([sb.requests.length, (await get('/notifications')).status]).toEqual([0, 200]);
});

it('records API requests in order (not control ones) and reports each answered one to onAnswered', async () => {
	const folderId = sb.seed.users[0].rootFolderIds[0];
	await get(`/browse/folders/${folderId}?limit=2`);
	await call('POST', '/api/v1/trash/restore', token(), { to_home: true, items: [] });
	await get('/notifications', null);
	await call('GET', '/__sandbox/seed', null);
	sb.fault({ path: '/api/v1/browse/latest', status: 503, body: { message: 'busy' } });
	await get('/browse/latest');
	const authorization = `Bearer ${token()}`;
	const recorded = [
		['GET', `/api/v1/browse/folders/${folderId}`, { limit: '2' }, undefined, 200],
		['POST', '/api/v1/trash/restore', {}, { to_home: true, items: [] }, 422],
		['GET', '/api/v1/notifications', {}, undefined, 401],
		['GET', '/api/v1/browse/latest', {}, undefined, 503],
	] as const;
	expect(sb.requests).toEqual(
		recorded.map(([method, path, query, body, status]) => {
			return { method, path, query, body, ...(status !== 401 && { authorization }), status };
		}),
	);
	const counts = [
		{},
		{ method: 'get' },
		{ path: '/api/v1/notifications' },
		{ method: 'GET', path: /^\/api\/v1\/browse\// },
	];
	expect(counts.map((f) => sb.countRequests(f))).toEqual([4, 3, 1, 2]);
	// not control or fault-injected answers; a duration is reported (its size is the benchmark's business)
	expect(answered.map(({ path, status }) => [path, status])).toEqual(
		sb.requests.slice(0, 3).map((r) => [r.path, r.status]),
	);
	for (const { ms } of answered) expect(Number.isFinite(ms)).toBe(true);
	sb.clearRequests();
	expect(sb.requests).toHaveLength(0);
});

it("control API: POST files adds a file (dev mode's trigger), 400s bad input, 404s other routes", async () => {
	const docs = sb.model.itemAt(0, 'Documents').id;
	const body = { user: 0, folderId: docs, name: 'via-control.pdf', size: 2000 };
	const created = await call('POST', '/__sandbox/files', null, body);
	const [newest] = latest(1);
	const attributes = {
		name: body.name,
		parent_id: docs,
		mimetype: 'application/pdf',
		filesize: '2.00kB',
	};
	expect(created).toMatchObject({ status: 201, json: { data: { id: newest.id, attributes } } });
	expect((await call('POST', '/__sandbox/files', null, { folderId: 'nope' })).status).toBe(400);
	expect((await call('GET', '/__sandbox/seed', null)).status).toBe(404);
	expect(sb.requests).toEqual([]);
});

it('the clock is frozen at 10 Mar 2026 12:00 UTC; set/advance move it until reset()', async () => {
	expect(sb.clock.now().toISOString()).toBe('2026-03-10T12:00:00.000Z');
	sb.clock.advance(90 * 60_000);
	const n = sb.model.addNotification(0, { title: 'Hello' });
	const [newest] = NotificationListResponse.parse((await get('/notifications')).json).data;
	expect(newest.data).toMatchObject({
		id: n.id,
		attributes: { created_at: '10. Mar. 2026 13:30' },
	});
	sb.clock.set(new Date('2026-01-01T00:00:00Z'));
	expect(sb.clock.now().toISOString()).toBe('2026-01-01T00:00:00.000Z');
	sb.reset();
	expect(sb.clock.now().toISOString()).toBe('2026-03-10T12:00:00.000Z');
});

it('seeds the same ids and tokens in every instance and after reset(); bulk changes none of them', async () => {
	const snapshot = (s: Sandbox) => JSON.stringify({ seed: s.seed, ids: [...s.model.items.keys()] });
	const before = snapshot(sb);
	sb.model.addFile(0, { name: 'x.txt' });
	sb.model.deleteItemPermanently(sb.model.itemAt(0, 'Documents').id);
	sb.uploads.naming = 'ancestor';
	sb.reset();
	expect([snapshot(sb), sb.uploads.naming]).toEqual([before, 'url']);
	expect(sb.seed.shares.map((s) => [s.permission, s.protected, s.expired])).toEqual([
		['editor', false, false],
		['visitor', false, false],
		['editor', true, false],
		['editor', false, true],
	]);
	expect(sb.seed.fileRequests.map((r) => r.active)).toEqual([true, false]);
	const big = await startSandbox({ seed: { bulkFolderFiles: 3_000 } });
	try {
		const bulk = big.seed.bulkFolderId!;
		const page = await largeSorts(() =>
			fetch(`${big.baseUrl}/api/v1/browse/folders/${bulk}?limit=500&sort=name&direction=ASC`, {
				headers: { Authorization: `Bearer ${token()}` },
			}).then((res) => res.json()),
		);
		const { data, meta } = FolderListResponse.parse(page.result);
		expect(meta.cursor).toMatchObject({ total: 3_000, limit: 500 });
		expect(data[0].data.attributes.name).toBe('bulk-00001.txt');
		expect(page.sorts).toBe(0); // a page is a binary search plus a slice; the seed appends in order
		expect((await largeSorts(() => big.reset())).sorts).toBe(0);
		const users = big.seed.users.map((u) => ({
			...u,
			rootFolderIds: u.rootFolderIds.filter((i) => i !== bulk),
		}));
		expect({ ...big.seed, users }).toEqual({ ...sb.seed, bulkFolderId: bulk });
	} finally {
		await big.stop();
	}
});

/** Sorts of arrays longer than 1,000 while `fn` runs: a full re-sort of a listing index, the cost to avoid. */
async function largeSorts<T>(fn: () => T) {
	const sort = jest.spyOn(Array.prototype, 'sort');
	try {
		const result = await fn();
		return { result, sorts: sort.mock.contexts.filter((a: unknown[]) => a.length > 1_000).length };
	} finally {
		sort.mockRestore();
	}
}

it('keeps the indexes by binary insertion: 3,000 polling events re-sort nothing; a bulk restore 4 indexes', async () => {
	const { id } = sb.model.addFolder(0, { name: 'Events' });
	const loop = await largeSorts(() => {
		for (let i = 0; i < 3_000; i++) {
			if (i % 10 === 0) sb.clock.advance(1_000);
			const f = sb.model.addFile(0, { folderId: id, name: `event-${i}.txt`, size: 100 });
			sb.model.addNotification(0, { title: `n${i}` });
			if (i % 100 === 0) sb.model.trashItem(f.id);
			if (i % 100 !== 0) expect(latest(50)[0].id).toBe(f.id);
		}
	});
	expect([loop.sorts, sb.model.activeChildren(id).length]).toEqual([0, 2_970]);
	expect(sb.model.notificationsOf(0)[0].title).toBe('n2999');
	// trash + restore rebuild each affected index in one pass: the folder's and the user's latest, both orders
	const restore = await largeSorts(() => {
		sb.model.trashItem(id);
		sb.model.restoreItem(id);
	});
	expect([restore.sorts, sb.model.activeChildren(id).length]).toEqual([4, 2_970]);
});

// ----- what the node tests only compare with the sandbox's own listing: order, paging, counts, trash ------------

const active = (where: (i: { type: string; parentId: string | null; userId: string }) => boolean) =>
	[...sb.model.items.values()].filter(
		(i) => !i.deletedAt && i.userId === sb.model.getUser(0).id && where(i),
	);
/** The ids of the active items `where` in the expected order, stated independently of the indexes. */
function order(sort: string, direction: string, where: Parameters<typeof active>[0]) {
	const key = (i: ReturnType<typeof active>[0]) =>
		sort === 'name' ? i.name.toLowerCase() : i.createdAt.getTime();
	const sorted = active(where).sort((a, b) =>
		key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.seq - b.seq,
	);
	return (direction === 'ASC' ? sorted : sorted.reverse()).map((i) => i.id);
}
async function walk(path: string, query: string) {
	const seen: string[] = [];
	for (let cursor = '', n = 0; n < 100; n++) {
		const page = (await get(`${path}?limit=1&${query}&cursor=${cursor}`)).json as Page;
		const { next_cursor, prev_cursor } = page.meta.cursor;
		expect(prev_cursor === null).toBe(n === 0);
		seen.push(...ids(page));
		if (!next_cursor) return seen;
		cursor = next_cursor;
	}
	throw new Error('walk: more than 100 pages');
}
it.each(['created_at DESC', 'created_at ASC', 'name ASC', 'name DESC'])(
	'limit 1 walks the root and latest in order: %s',
	async (q) => {
		const [sort, direction] = q.split(' ');
		const query = `sort=${sort}&direction=${direction}`;
		expect(await walk('/browse/folders/all', query)).toEqual(
			order(sort, direction, (i) => i.parentId === null),
		);
		expect(await walk('/browse/latest', query)).toEqual(
			order(sort, direction, (i) => i.type === 'file'),
		);
		const { id } = sb.model.addFolder(0, { name: 'Same instant' }); // ties: creation sequence
		const made = Array.from(
			{ length: 5 },
			(_, i) => sb.model.addFile(0, { folderId: id, name: `same-${i}.txt` }).id,
		);
		expect(await walk(`/browse/folders/${id}`, `direction=${direction}`)).toEqual(
			direction === 'ASC' ? made : made.reverse(),
		);
	},
);

it('pages by page (1-based) and back by prev_cursor; echoes the cursor; clamps limit to 500', async () => {
	const full = ids((await get('/browse/latest?limit=500')).json as never);
	const page = async (q: string) => (await get(`/browse/latest?limit=3&${q}`)).json as Page;
	const p3 = await page('page=3');
	expect(ids(p3)).toEqual(full.slice(6, 9));
	const p4 = await page(`cursor=${p3.meta.cursor.next_cursor}`);
	expect([ids(p4), p4.meta.cursor.cursor]).toEqual([full.slice(9, 12), p3.meta.cursor.next_cursor]);
	expect(ids(await page(`cursor=${p4.meta.cursor.prev_cursor}`))).toEqual(ids(p3));
	expect((await page('page=999')).meta.cursor.next_cursor).toBeNull();
	const many = sb.model.addFolder(0, { name: 'Many' });
	for (let i = 0; i < 620; i++) sb.model.addFile(0, { folderId: many.id, name: `m-${i}.txt` });
	const p1 = await folder(many.id, 'limit=100000');
	expect([p1.data.length, p1.meta.cursor.limit, p1.meta.cursor.total]).toEqual([500, 500, 620]);
	const rest = await folder(many.id, `limit=100000&cursor=${p1.meta.cursor.next_cursor}`);
	expect([rest.data.length, rest.meta.cursor.next_cursor]).toEqual([120, null]);
});

it('a folder counts and sums its non-trashed content; shares show while live; team and emoji flags', async () => {
	const docs = sb.model.itemAt(0, 'Documents');
	const bytes = active((i) => i.type === 'file' && sb.model.isInside(i as FileRec, docs.id));
	const { meta } = await folder(docs.id, '');
	expect(meta.root.data.attributes).toMatchObject({
		name: 'Documents',
		emoji: '📄',
		color: '#3B82F6',
		items: 5,
		trashed_items: 1,
		created_at: '27. Feb. 2026',
		filesize: bytes.reduce((s, f) => s + (f as FileRec).size, 0),
	});
	expect(
		(await folder(sb.model.itemAt(0, 'Empty').id, '')).meta.root.data.attributes,
	).toMatchObject({ emoji: null, items: 0, trashed_items: 0, filesize: 0 });
	const root = async () =>
		new Map((await folder('all', '')).data.map((w) => [w.data.attributes.name, w.data]));
	const before = await root();
	expect(before.get('Shared with Clients')!.relationships.shared?.data.attributes).toMatchObject({
		token: sb.seed.shares[0].token,
		permission: 'editor',
		expire_in: 720,
	});
	expect([
		before.get('Old Event')!.relationships.shared,
		before.get('Projects')!.attributes,
	]).toMatchObject([undefined, { isTeamFolder: true }]);
	sb.clock.advance(31 * 24 * 3_600_000);
	expect((await root()).get('Shared with Clients')!.relationships.shared).toBeUndefined();
});

// restore [demo paths] → where each item is afterwards: its parent's name, "/" (the root) or trashed
it.each([
	'Old Stuff|Documents/old-draft.docx → Old Stuff/old-1.txt: Old Stuff, Documents/old-draft.docx: Documents',
	'Old Stuff/old-1.txt → Old Stuff/old-1.txt: /, Old Stuff: trashed', // parent still trashed
	'to_home Photos/tmp-screenshot.png → Photos/tmp-screenshot.png: /',
	'Documents/Invoices → Documents/Invoices/invoice-2026-002.pdf: Invoices, Documents/Invoices/invoice-2026-001.pdf: trashed',
])('restore %s', async (row) => {
	const [, toHome, list, after] = /^(to_home )?(.+) → (.+)$/.exec(row)!;
	const item = (path: string) => sb.model.itemAt(0, path);
	sb.model.trashItem(item('Documents/Invoices/invoice-2026-001.pdf').id); // on its own, before its folder
	sb.model.trashItem(item('Documents/Invoices').id);
	const items = list.split('|').map((p) => ({ type: item(p).type, id: item(p).id }));
	const watched = after.split(', ').map((e) => e.replace(/: .*/, ''));
	const watchedIds = watched.map((p) => item(p).id);
	const res = await call('POST', '/api/v1/trash/restore', token(), { to_home: !!toHome, items });
	expect(res.json).toEqual({ type: 'success', message: MESSAGES.restored });
	const where = (id: string, i = sb.model.findItem(id)!) =>
		i.deletedAt ? 'trashed' : i.parentId ? sb.model.findItem(i.parentId)!.name : '/';
	expect(watched.map((p, k) => `${p}: ${where(watchedIds[k])}`).join(', ')).toBe(after);
});

it('generated content is deterministic per seed, differs per block and seed, exactly as long as asked', () => {
	const bytes = (seed: string, n: number) => Buffer.concat([...generatedBlocks(seed, n)]);
	const once = bytes('a', 200_000);
	expect([once.length, bytes('a', 200_000).equals(once), bytes('b', 200_000).equals(once)]).toEqual(
		[200_000, true, false],
	);
	const [first, second] = [...generatedBlocks('a', 2 * 65_536)];
	expect([first.equals(second), first.subarray(8).equals(second.subarray(8))]).toEqual([
		false,
		true,
	]);
	expect([...generatedBlocks('a', 0)]).toEqual([]);
});
