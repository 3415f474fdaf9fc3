/** Creating folders and files: defaults, mimetypes by extension, generated exif. */
import { pad2 } from '../format';
import type { ItemTree } from './item-tree';
import type { ExifRec, FileRec, FolderRec, ModelContext, UserRec, UserRef } from './records';
import type { UserStore } from './users';

export interface AddFolderOptions {
	parentId?: string | null;
	name?: string;
	color?: string;
	emoji?: string | null;
	isTeamFolder?: boolean;
	createdAt?: Date;
}

export interface AddFileOptions {
	/** containing folder; omitted or null = root (home) of the user */
	folderId?: string | null;
	name?: string;
	mimetype?: string;
	/** bytes */
	size?: number;
	/** true = generate exif; an object = use it; default: generated for image/jpeg only when `exif: true` */
	exif?: boolean | Partial<ExifRec>;
	createdAt?: Date;
	/** the file's bytes on disk (a remote upload's) */
	storedPath?: string;
}

const MIME_BY_EXT: Record<string, string> = {
	pdf: 'application/pdf',
	txt: 'text/plain',
	md: 'text/markdown',
	csv: 'text/csv',
	json: 'application/json',
	docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
	xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
	pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
	zip: 'application/zip',
	jpg: 'image/jpeg',
	jpeg: 'image/jpeg',
	png: 'image/png',
	gif: 'image/gif',
	svg: 'image/svg+xml',
	webp: 'image/webp',
	mp4: 'video/mp4',
	mp3: 'audio/mpeg',
};

export function mimetypeForName(name: string): string {
	const ext = name.includes('.') ? name.split('.').pop()!.toLowerCase() : '';
	return MIME_BY_EXT[ext] ?? 'application/octet-stream';
}

export const DEFAULT_FOLDER_COLOR = '#00BC7E';

export class ItemFactory {
	constructor(
		private readonly ctx: ModelContext,
		private readonly users: UserStore,
		private readonly tree: ItemTree,
	) {}

	private resolveParent(user: UserRec, parentId: string | null | undefined): FolderRec | null {
		if (parentId === undefined || parentId === null) return null;
		const parent = this.tree.items.get(parentId);
		if (!parent || parent.type !== 'folder') throw new Error(`Unknown sandbox folder: ${parentId}`);
		if (parent.userId !== user.id) throw new Error(`Folder ${parentId} belongs to another user`);
		if (parent.deletedAt) throw new Error(`Folder ${parentId} is in the trash`);
		return parent;
	}

	addFolder(userRef: UserRef, options: AddFolderOptions = {}): FolderRec {
		const user = this.users.get(userRef);
		const parent = this.resolveParent(user, options.parentId);
		const now = options.createdAt ?? this.ctx.clock.now();
		const folder: FolderRec = {
			id: this.ctx.rng.uuid(),
			type: 'folder',
			name: options.name ?? `Folder ${this.ctx.lastSeq + 1}`,
			userId: user.id,
			parentId: parent?.id ?? null,
			seq: this.ctx.nextSeq(),
			createdAt: now,
			updatedAt: now,
			deletedAt: null,
			trashRoot: null,
			color: options.color ?? DEFAULT_FOLDER_COLOR,
			emoji: options.emoji ?? null,
			isTeamFolder: options.isTeamFolder ?? parent?.isTeamFolder ?? false,
		};
		this.tree.attach(folder);
		return folder;
	}

	addFile(userRef: UserRef, options: AddFileOptions = {}): FileRec {
		const user = this.users.get(userRef);
		const parent = this.resolveParent(user, options.folderId);
		const now = options.createdAt ?? this.ctx.clock.now();
		const seq = this.ctx.nextSeq();
		const name = options.name ?? `file-${seq}.txt`;
		const mimetype = options.mimetype ?? mimetypeForName(name);
		const ext = name.includes('.') ? `.${name.split('.').pop()!.toLowerCase()}` : '';
		const file: FileRec = {
			id: this.ctx.rng.uuid(),
			type: 'file',
			name,
			basename: `${this.ctx.rng.hex(32)}${ext}`,
			mimetype,
			size: options.size ?? 1000 + this.ctx.rng.int(4_999_000),
			userId: user.id,
			creatorId: user.id,
			parentId: parent?.id ?? null,
			seq,
			createdAt: now,
			updatedAt: now,
			deletedAt: null,
			trashRoot: null,
			exif: null,
			...(options.storedPath ? { storedPath: options.storedPath } : {}),
		};
		if (options.exif)
			file.exif = this.makeExif(now, typeof options.exif === 'object' ? options.exif : {});
		this.tree.attach(file);
		return file;
	}

	private makeExif(taken: Date, overrides: Partial<ExifRec>): ExifRec {
		const rng = this.ctx.rng;
		const cameras: Array<[string, string]> = [
			['Canon', 'Canon EOS R6'],
			['Nikon', 'NIKON Z 6II'],
			['Apple', 'iPhone 15 Pro'],
			['Sony', 'ILCE-7M4'],
		];
		const [camera, model] = cameras[rng.int(cameras.length)];
		const landscape = rng.next() < 0.7;
		const apertures = [1.8, 2.8, 4, 5.6, 8];
		const f = apertures[rng.int(apertures.length)];
		const t = new Date(taken.getTime() - 86_400_000 * (1 + rng.int(60)));
		return {
			id: rng.uuid(),
			date_time_original: `${t.getUTCFullYear()}:${pad2(t.getUTCMonth() + 1)}:${pad2(t.getUTCDate())} ${pad2(
				t.getUTCHours(),
			)}:${pad2(t.getUTCMinutes())}:${pad2(t.getUTCSeconds())}`,
			artist: 'Demo User',
			height: landscape ? 4000 : 6000,
			width: landscape ? 6000 : 4000,
			x_resolution: '72/1',
			y_resolution: '72/1',
			color_space: 'sRGB',
			camera,
			model,
			aperture_value: Math.round(2 * Math.log2(f) * 100) / 100,
			exposure_time: `1/${[60, 125, 250, 500, 1000][rng.int(5)]}`,
			focal_length: `${[24, 35, 50, 85][rng.int(4)]}/1`,
			iso: [100, 200, 400, 800][rng.int(4)],
			aperture_f_number: f,
			ccd_width: '35.9mm',
			longitude: (rng.next() * 360 - 180).toFixed(6),
			latitude: (rng.next() * 180 - 90).toFixed(6),
			...overrides,
		};
	}
}
