/**
 * Deterministic seed: the same ids, tokens and dates on every run (seeded PRNG, explicit dates).
 * See README.md ("Seed contents") for the tree.
 */
import type { FolderRec, Model } from './model';

export interface SeedOptions {
	/** extra files in one root folder named "Bulk" of the demo user (benchmarks use 10000) */
	bulkFolderFiles: number;
}

export interface SeedInfo {
	users: { name: string; accessToken: string; rootFolderIds: string[] }[];
	shares: {
		token: string;
		folderId: string;
		permission: 'editor' | 'visitor';
		protected: boolean;
		expired: boolean;
	}[];
	fileRequests: { id: string; folderId: string; active: boolean }[];
	bulkFolderId?: string;
}

/** 2026-MM-DD hh:mm UTC */
function at(month: 2 | 3, day: number, hour = 9, minute = 0): Date {
	return new Date(Date.UTC(2026, month - 1, day, hour, minute));
}

export function applySeed(model: Model, options: SeedOptions): SeedInfo {
	model.clock.set(at(2, 1));
	const demo = model.addUser('Demo User', 'demo@example.com', '#6366F1');
	const other = model.addUser('Second User', 'second@example.com', '#F43F5E');

	const folder = (
		user: number,
		name: string,
		created: Date,
		extra: { parent?: FolderRec; color?: string; emoji?: string | null; team?: boolean } = {},
	) =>
		model.addFolder(user, {
			name,
			parentId: extra.parent?.id ?? null,
			color: extra.color ?? '#00BC7E',
			emoji: extra.emoji ?? null,
			isTeamFolder: extra.team,
			createdAt: created,
		});
	const file = (
		user: number,
		parent: FolderRec,
		name: string,
		size: number,
		created: Date,
		exif = false,
	) => model.addFile(user, { folderId: parent.id, name, size, createdAt: created, exif });

	// ----- Demo User ----------------------------------------------------------------------------------------
	const documents = folder(0, 'Documents', at(2, 27, 9, 0), { color: '#3B82F6', emoji: '📄' });
	const invoices = folder(0, 'Invoices', at(2, 27, 9, 5), { parent: documents, color: '#F59E0B' });
	file(0, invoices, 'invoice-2026-001.pdf', 184_320, at(2, 27, 9, 10));
	file(0, invoices, 'invoice-2026-002.pdf', 201_117, at(2, 28, 14, 0));
	file(0, invoices, 'invoice-2026-003.pdf', 176_004, at(3, 2, 10, 30));
	const contracts = folder(0, 'Contracts', at(2, 27, 9, 6), {
		parent: documents,
		color: '#EF4444',
		emoji: '✍️',
	});
	file(0, contracts, 'contract-acme.pdf', 1_230_000, at(2, 27, 11, 0));
	file(0, contracts, 'nda-globex.pdf', 356_999, at(2, 27, 11, 0));
	const archive = folder(0, 'Archive', at(2, 28, 8, 0), { parent: contracts, color: '#6B7280' });
	file(0, archive, 'contract-2024.pdf', 980_500, at(2, 28, 8, 1));
	file(0, documents, 'notes.txt', 500, at(3, 1, 16, 45));
	file(0, documents, 'report-q1.docx', 2_450_000, at(3, 1, 17, 0));
	file(0, documents, 'budget.xlsx', 88_200, at(3, 1, 17, 0));
	const oldDraft = file(0, documents, 'old-draft.docx', 45_000, at(2, 27, 12, 0));

	const photos = folder(0, 'Photos', at(2, 28, 10, 0), { color: '#10B981', emoji: '📷' });
	file(0, photos, 'beach.jpg', 4_820_112, at(2, 28, 10, 5), true);
	file(0, photos, 'mountain.jpg', 5_102_003, at(2, 28, 10, 5), true);
	file(0, photos, 'city-night.png', 8_004_210, at(3, 3, 21, 15), true);
	file(0, photos, 'sunset.jpg', 3_999_999, at(3, 4, 19, 0), true);
	const screenshot = file(0, photos, 'tmp-screenshot.png', 320_000, at(3, 4, 19, 30));
	const vacation = folder(0, 'Vacation 2025', at(3, 4, 20, 0), {
		parent: photos,
		color: '#8B5CF6',
	});
	file(0, vacation, 'IMG_0001.jpg', 3_210_000, at(3, 4, 20, 1), true);
	file(0, vacation, 'IMG_0002.jpg', 3_220_000, at(3, 4, 20, 1), true);
	file(0, vacation, 'IMG_0003.jpg', 3_230_000, at(3, 4, 20, 1), true);

	const projects = folder(0, 'Projects', at(3, 2, 9, 0), {
		color: '#EC4899',
		emoji: '🚀',
		team: true,
	});
	const website = folder(0, 'Website Redesign', at(3, 2, 9, 30), {
		parent: projects,
		color: '#F472B6',
		emoji: '🎨',
	});
	file(0, website, 'wireframes.pdf', 2_048_000, at(3, 2, 11, 0));
	file(0, website, 'logo.svg', 12_340, at(3, 2, 11, 0));
	file(0, website, 'brief.md', 4_100, at(3, 3, 9, 0));
	const mobile = folder(0, 'Mobile App', at(3, 2, 9, 45), { parent: projects, color: '#A78BFA' });
	file(0, mobile, 'roadmap.md', 7_800, at(3, 5, 15, 20));

	folder(0, 'Empty', at(3, 3, 12, 0), { color: '#9CA3AF' });

	const clients = folder(0, 'Shared with Clients', at(3, 2, 13, 0), {
		color: '#14B8A6',
		emoji: '🤝',
	});
	file(0, clients, 'proposal.pdf', 640_000, at(3, 2, 13, 10));
	file(0, clients, 'pricing.xlsx', 45_600, at(3, 2, 13, 10));
	const obsolete = file(0, clients, 'obsolete.pdf', 99_000, at(3, 2, 13, 20));
	const drafts = folder(0, 'Drafts', at(3, 3, 8, 0), { parent: clients, color: '#5EEAD4' });
	file(0, drafts, 'draft-proposal.docx', 150_300, at(3, 3, 8, 5));

	const press = folder(0, 'Press Kit', at(3, 5, 9, 0), { color: '#F97316', emoji: '📰' });
	file(0, press, 'press-release.pdf', 310_000, at(3, 5, 9, 10));
	file(0, press, 'brand-logo.png', 85_000, at(3, 5, 9, 10));

	const vault = folder(0, 'Private Vault', at(3, 5, 10, 0), { color: '#1F2937', emoji: '🔒' });
	file(0, vault, 'secrets.txt', 1_200, at(3, 5, 10, 1));

	const oldEvent = folder(0, 'Old Event', at(3, 1, 18, 0), { color: '#A855F7' });
	file(0, oldEvent, 'event-photo.jpg', 2_700_000, at(3, 1, 18, 5), true);

	const uploads = folder(0, 'Client Uploads', at(3, 6, 9, 0), { color: '#0EA5E9', emoji: '📥' });
	file(0, uploads, 'received-logo.png', 64_000, at(3, 6, 11, 0));
	file(0, uploads, 'signed-form.pdf', 420_000, at(3, 7, 15, 0));
	const rejected = file(0, uploads, 'rejected.pdf', 12_000, at(3, 7, 15, 5));
	const round1 = folder(0, 'Round 1', at(3, 7, 16, 0), { parent: uploads, color: '#38BDF8' });
	file(0, round1, 'scan-001.pdf', 730_000, at(3, 7, 16, 5));

	const closed = folder(0, 'Closed Request', at(2, 27, 15, 0), { color: '#64748B' });
	file(0, closed, 'late-file.pdf', 55_000, at(2, 27, 15, 30));

	const oldStuff = folder(0, 'Old Stuff', at(2, 27, 16, 0), { color: '#78716C', emoji: '🗑️' });
	file(0, oldStuff, 'old-1.txt', 900, at(2, 27, 16, 1));
	file(0, oldStuff, 'old-2.txt', 1_900, at(2, 27, 16, 1));

	// Trash (deleted on 8 Mar)
	model.clock.set(at(3, 8, 18, 0));
	model.trashItem(oldDraft.id);
	model.trashItem(oldStuff.id);
	model.trashItem(screenshot.id);
	model.trashItem(obsolete.id);
	model.trashItem(rejected.id);

	// Shares: editor, visitor, protected, expired
	const shares = (
		[
			[clients, 'editor', false, 720, at(3, 2, 14, 0)],
			[press, 'visitor', false, 168, at(3, 5, 9, 30)],
			[vault, 'editor', true, 720, at(3, 5, 10, 5)],
			[oldEvent, 'editor', false, 24, at(3, 1, 18, 30)],
		] as const
	).map(([shared, permission, isProtected, expireIn, createdAt]) =>
		model.addShare(shared.id, { permission, protected: isProtected, expireIn, createdAt }),
	);

	// File requests
	const activeRequest = model.addFileRequest(uploads.id, {
		name: 'Client uploads',
		createdAt: at(3, 6, 9, 5),
		expiresAt: at(3, 31, 23, 59),
	});
	const expiredRequest = model.addFileRequest(closed.id, {
		name: 'Closed request',
		createdAt: at(2, 27, 15, 5),
		expiresAt: at(3, 3, 0, 0),
	});

	// Notifications
	model.addNotification(0, {
		description: '2 files were uploaded into your file request "Client uploads".',
		createdAt: at(3, 6, 11, 2),
		read: true,
	});
	model.addNotification(0, {
		type: 'App\\Notifications\\SharedSendViaEmail',
		category: 'share',
		title: 'Folder was shared',
		description: 'You shared the folder "Press Kit".',
		createdAt: at(3, 5, 9, 31),
		read: true,
	});
	model.addNotification(0, {
		description: '3 files were uploaded into your file request "Client uploads".',
		createdAt: at(3, 7, 16, 6),
	});
	model.addNotification(0, {
		type: 'App\\Notifications\\TeamInvitationNotification',
		category: 'team-invitation',
		title: 'New team invitation',
		description: 'Second User invited you to the team folder "Research".',
		createdAt: at(3, 9, 8, 15),
	});

	// ----- Second User --------------------------------------------------------------------------------------
	const personal = folder(1, 'Personal', at(3, 1, 12, 0), { color: '#F43F5E', emoji: '🏠' });
	file(1, personal, 'passport-scan.pdf', 1_100_000, at(3, 1, 12, 5));
	file(1, personal, 'holiday.jpg', 2_500_000, at(3, 2, 7, 0), true);
	const receipts = folder(1, 'Receipts', at(3, 3, 18, 0), { color: '#EAB308' });
	file(1, receipts, 'receipt-0042.pdf', 33_000, at(3, 3, 18, 1));
	const otherTrashed = file(1, personal, 'other-trashed.txt', 700, at(3, 4, 9, 0));
	model.trashItem(otherTrashed.id);
	model.addNotification(1, {
		description: '1 file was uploaded into your file request "Receipts".',
		createdAt: at(3, 4, 10, 0),
	});

	// Bulk folder last, so every other id and token is the same with or without it.
	let bulk: FolderRec | undefined;
	if (options.bulkFolderFiles > 0) {
		bulk = folder(0, 'Bulk', at(3, 8, 0, 0), { color: '#84CC16', emoji: '📦' });
		const base = at(3, 8, 0, 0).getTime();
		for (let i = 0; i < options.bulkFolderFiles; i++) {
			model.addFile(0, {
				folderId: bulk.id,
				name: `bulk-${String(i + 1).padStart(5, '0')}.txt`,
				mimetype: 'text/plain',
				size: 1_000 + ((i * 7919) % 100_000),
				// several files per second: many share a minute and a day; the creation seq orders them
				createdAt: new Date(base + Math.floor(i / 4) * 1_000),
			});
		}
	}

	const now = at(3, 10, 12, 0);
	model.clock.set(now);
	return {
		users: [demo, other].map((u) => ({
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
		fileRequests: [activeRequest, expiredRequest].map((r) => ({
			id: r.id,
			folderId: r.folderId,
			active: model.isFileRequestActive(r),
		})),
		...(bulk ? { bulkFolderId: bulk.id } : {}),
	};
}
