/**
 * Deterministic seed: the same ids, tokens and dates on every run (seeded PRNG, explicit dates, a fixed order of
 * creation). README.md draws the tree.
 */
import type { FolderRec, ItemRec, Model } from './model';

export interface SeedOptions {
	/** extra files in one root folder named "Bulk" of the demo user (benchmarks use 10000) */
	bulkFolderFiles: number;
}

/** The seed's tokens and ids that callers address (`sb.seed`; `npm run sandbox` prints and writes them). */
export type SeedInfo = ReturnType<typeof applySeed>;

/** The share the Shared Folder credentials open: an editor share, neither protected nor expired. */
export function editorShare(seed: SeedInfo): SeedInfo['shares'][number] {
	const share = seed.shares.find((s) => s.permission === 'editor' && !s.protected && !s.expired);
	if (!share) throw new Error('the seed has no editor share');
	return share;
}

/** The file request the File Request credentials name: the active one. */
export function activeFileRequest(seed: SeedInfo): SeedInfo['fileRequests'][number] {
	const request = seed.fileRequests.find((r) => r.active);
	if (!request) throw new Error('the seed has no active file request');
	return request;
}

/** Every secret of the seed (access tokens, share tokens, file request ids): none may show in any output. */
export const secretsOf = (seed: SeedInfo): string[] => [
	...seed.users.map((user) => user.accessToken),
	...seed.shares.map((share) => share.token),
	...seed.fileRequests.map((request) => request.id),
];

/** 2026-MM-DD hh:mm UTC */
function at(month: 2 | 3, day: number, hour = 9, minute = 0): Date {
	return new Date(Date.UTC(2026, month - 1, day, hour, minute));
}

/**
 * A user's items in order of creation (the order draws the ids): `path  MM-DD hh:mm  attributes`. Folders end in
 * "/" and have a colour, maybe an emoji and `team`; files have a size in bytes and maybe `exif`. `trash` goes to the
 * trash once the tree stands.
 */
const DEMO_TREE = `
Documents/                                      02-27 09:00  #3B82F6 📄
Documents/Invoices/                             02-27 09:05  #F59E0B
Documents/Invoices/invoice-2026-001.pdf         02-27 09:10  184320
Documents/Invoices/invoice-2026-002.pdf         02-28 14:00  201117
Documents/Invoices/invoice-2026-003.pdf         03-02 10:30  176004
Documents/Contracts/                            02-27 09:06  #EF4444 ✍️
Documents/Contracts/contract-acme.pdf           02-27 11:00  1230000
Documents/Contracts/nda-globex.pdf              02-27 11:00  356999
Documents/Contracts/Archive/                    02-28 08:00  #6B7280
Documents/Contracts/Archive/contract-2024.pdf   02-28 08:01  980500
Documents/notes.txt                             03-01 16:45  500
Documents/report-q1.docx                        03-01 17:00  2450000
Documents/budget.xlsx                           03-01 17:00  88200
Documents/old-draft.docx                        02-27 12:00  45000 trash
Photos/                                         02-28 10:00  #10B981 📷
Photos/beach.jpg                                02-28 10:05  4820112 exif
Photos/mountain.jpg                             02-28 10:05  5102003 exif
Photos/city-night.png                           03-03 21:15  8004210 exif
Photos/sunset.jpg                               03-04 19:00  3999999 exif
Photos/tmp-screenshot.png                       03-04 19:30  320000 trash
Photos/Vacation 2025/                           03-04 20:00  #8B5CF6
Photos/Vacation 2025/IMG_0001.jpg               03-04 20:01  3210000 exif
Photos/Vacation 2025/IMG_0002.jpg               03-04 20:01  3220000 exif
Photos/Vacation 2025/IMG_0003.jpg               03-04 20:01  3230000 exif
Projects/                                       03-02 09:00  #EC4899 🚀 team
Projects/Website Redesign/                      03-02 09:30  #F472B6 🎨
Projects/Website Redesign/wireframes.pdf        03-02 11:00  2048000
Projects/Website Redesign/logo.svg              03-02 11:00  12340
Projects/Website Redesign/brief.md              03-03 09:00  4100
Projects/Mobile App/                            03-02 09:45  #A78BFA
Projects/Mobile App/roadmap.md                  03-05 15:20  7800
Empty/                                          03-03 12:00  #9CA3AF
Shared with Clients/                            03-02 13:00  #14B8A6 🤝
Shared with Clients/proposal.pdf                03-02 13:10  640000
Shared with Clients/pricing.xlsx                03-02 13:10  45600
Shared with Clients/obsolete.pdf                03-02 13:20  99000 trash
Shared with Clients/Drafts/                     03-03 08:00  #5EEAD4
Shared with Clients/Drafts/draft-proposal.docx  03-03 08:05  150300
Press Kit/                                      03-05 09:00  #F97316 📰
Press Kit/press-release.pdf                     03-05 09:10  310000
Press Kit/brand-logo.png                        03-05 09:10  85000
Private Vault/                                  03-05 10:00  #1F2937 🔒
Private Vault/secrets.txt                       03-05 10:01  1200
Old Event/                                      03-01 18:00  #A855F7
Old Event/event-photo.jpg                       03-01 18:05  2700000 exif
Client Uploads/                                 03-06 09:00  #0EA5E9 📥
Client Uploads/received-logo.png                03-06 11:00  64000
Client Uploads/signed-form.pdf                  03-07 15:00  420000
Client Uploads/rejected.pdf                     03-07 15:05  12000 trash
Client Uploads/Round 1/                         03-07 16:00  #38BDF8
Client Uploads/Round 1/scan-001.pdf             03-07 16:05  730000
Closed Request/                                 02-27 15:00  #64748B
Closed Request/late-file.pdf                    02-27 15:30  55000
Old Stuff/                                      02-27 16:00  #78716C 🗑️ trash
Old Stuff/old-1.txt                             02-27 16:01  900
Old Stuff/old-2.txt                             02-27 16:01  1900
`;

const SECOND_TREE = `
Personal/                                       03-01 12:00  #F43F5E 🏠
Personal/passport-scan.pdf                      03-01 12:05  1100000
Personal/holiday.jpg                            03-02 07:00  2500000 exif
Receipts/                                       03-03 18:00  #EAB308
Receipts/receipt-0042.pdf                       03-03 18:01  33000
Personal/other-trashed.txt                      03-04 09:00  700 trash
`;

/** Creates a tree (see DEMO_TREE), then trashes the items marked `trash`; returns its folders by path. */
function plant(model: Model, user: number, tree: string) {
	const folders = new Map<string, FolderRec>();
	const toTrash: ItemRec[] = [];
	for (const line of tree.trim().split('\n')) {
		const [path, when, attributes] = line.split(/ {2,}/);
		const [month, day, hour, minute] = when.split(/[- :]/).map(Number);
		const createdAt = at(month as 2 | 3, day, hour, minute);
		const [first, ...flags] = attributes.split(' ');
		const name = path.replace(/\/$/, '').split('/').pop()!;
		const parentId = folders.get(path.slice(0, path.lastIndexOf('/', path.length - 2) + 1))?.id;
		const emoji = flags.find((f) => f !== 'team' && f !== 'trash');
		const item = path.endsWith('/')
			? model.addFolder(user, {
					name,
					parentId: parentId ?? null,
					color: first,
					emoji: emoji ?? null,
					isTeamFolder: flags.includes('team') || undefined,
					createdAt,
				})
			: model.addFile(user, {
					folderId: parentId,
					name,
					size: Number(first),
					createdAt,
					exif: flags.includes('exif'),
				});
		if (item.type === 'folder') folders.set(path, item);
		if (flags.includes('trash')) toTrash.push(item);
	}
	for (const item of toTrash) model.trashItem(item.id);
	return folders;
}

export function applySeed(model: Model, options: SeedOptions) {
	model.clock.set(at(2, 1));
	const users = [model.addUser('Demo User', '#6366F1'), model.addUser('Second User', '#F43F5E')];
	// every date below is explicit: the clock only dates the trash (8 Mar)
	model.clock.set(at(3, 8, 18, 0));
	const demo = plant(model, 0, DEMO_TREE);
	const folder = (path: string) => demo.get(`${path}/`)!;

	const shares = (
		[
			['Shared with Clients', 'editor', false, 720, at(3, 2, 14, 0)],
			['Press Kit', 'visitor', false, 168, at(3, 5, 9, 30)],
			['Private Vault', 'editor', true, 720, at(3, 5, 10, 5)],
			['Old Event', 'editor', false, 24, at(3, 1, 18, 30)],
		] as const
	).map(([path, permission, isProtected, expireIn, createdAt]) =>
		model.addShare(folder(path).id, { permission, protected: isProtected, expireIn, createdAt }),
	);

	const fileRequests = (
		[
			['Client Uploads', 'Client uploads', at(3, 6, 9, 5), at(3, 31, 23, 59)],
			['Closed Request', 'Closed request', at(2, 27, 15, 5), at(3, 3, 0, 0)],
		] as const
	).map(([path, name, createdAt, expiresAt]) =>
		model.addFileRequest(folder(path).id, { name, createdAt, expiresAt }),
	);

	const uploaded = (user: number, files: string, request: string, createdAt: Date, read = false) =>
		model.addNotification(user, {
			description: `${files} uploaded into your file request "${request}".`,
			createdAt,
			read,
		});
	uploaded(0, '2 files were', 'Client uploads', at(3, 6, 11, 2), true);
	model.addNotification(0, {
		type: 'App\\Notifications\\SharedSendViaEmail',
		category: 'share',
		title: 'Folder was shared',
		description: 'You shared the folder "Press Kit".',
		createdAt: at(3, 5, 9, 31),
		read: true,
	});
	uploaded(0, '3 files were', 'Client uploads', at(3, 7, 16, 6));
	model.addNotification(0, {
		type: 'App\\Notifications\\TeamInvitationNotification',
		category: 'team-invitation',
		title: 'New team invitation',
		description: 'Second User invited you to the team folder "Research".',
		createdAt: at(3, 9, 8, 15),
	});

	plant(model, 1, SECOND_TREE);
	uploaded(1, '1 file was', 'Receipts', at(3, 4, 10, 0));

	// Bulk folder last, so every other id and token is the same with or without it.
	let bulk: FolderRec | undefined;
	if (options.bulkFolderFiles > 0) {
		const start = at(3, 8, 0, 0);
		bulk = model.addFolder(0, { name: 'Bulk', color: '#84CC16', emoji: '📦', createdAt: start });
		for (let i = 0; i < options.bulkFolderFiles; i++) {
			model.addFile(0, {
				folderId: bulk.id,
				name: `bulk-${String(i + 1).padStart(5, '0')}.txt`,
				size: 1_000 + ((i * 7919) % 100_000),
				// several files per second: many share a minute and a day; the creation seq orders them
				createdAt: new Date(start.getTime() + Math.floor(i / 4) * 1_000),
			});
		}
	}

	model.clock.set(at(3, 10, 12, 0));
	return {
		users: users.map((u) => ({
			name: u.name,
			accessToken: u.accessToken,
			rootFolderIds: model
				.activeChildren(`root:${u.id}`)
				.filter((i) => i.type === 'folder')
				.map((i) => i.id),
		})),
		shares: shares.map((s) => ({
			token: s.token,
			folderId: s.itemId,
			permission: s.permission,
			protected: s.protected,
			expired: model.isShareExpired(s),
		})),
		fileRequests: fileRequests.map((r) => ({
			id: r.id,
			folderId: r.folderId,
			active: model.isFileRequestActive(r),
		})),
		...(bulk ? { bulkFolderId: bulk.id } : {}),
	};
}
