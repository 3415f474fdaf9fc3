/**
 * The records the model keeps (users, items, shares, file requests, notifications), and what every store of the
 * model draws on to create them.
 */
import type { SandboxClock } from './clock';
import type { Rng } from './rng';

/** Shared by the stores: the seeded PRNG (ids, tokens), the sandbox clock and the creation sequence. */
export interface ModelContext {
	readonly clock: SandboxClock;
	/** read at every use: reset() replaces it */
	readonly rng: Rng;
	/** the last creation sequence handed out */
	readonly lastSeq: number;
	nextSeq(): number;
}

export interface UserRec {
	id: string;
	index: number;
	name: string;
	email: string;
	color: string;
	accessToken: string;
	createdAt: Date;
}

interface ItemBase {
	id: string;
	name: string;
	userId: string;
	parentId: string | null;
	/** creation sequence: total order among items created at the same instant */
	seq: number;
	createdAt: Date;
	updatedAt: Date;
	deletedAt: Date | null;
	/** id of the item whose deletion put this one in the trash (itself, or a trashed ancestor) */
	trashRoot: string | null;
}

export interface FolderRec extends ItemBase {
	type: 'folder';
	color: string;
	emoji: string | null;
	isTeamFolder: boolean;
}

export interface ExifRec {
	id: string;
	date_time_original: string;
	artist: string;
	height: number;
	width: number;
	x_resolution: string;
	y_resolution: string;
	color_space: string;
	camera: string;
	model: string;
	aperture_value: number;
	exposure_time: string;
	focal_length: string;
	iso: number;
	aperture_f_number: number;
	ccd_width: string;
	longitude: string;
	latitude: string;
}

export interface FileRec extends ItemBase {
	type: 'file';
	basename: string;
	mimetype: string;
	size: number;
	creatorId: string;
	exif: ExifRec | null;
	/** the bytes a remote upload fetched; without it the content is generated */
	storedPath?: string;
}

export type ItemRec = FolderRec | FileRec;

export interface ShareRec {
	id: string;
	token: string;
	itemId: string;
	itemType: 'folder' | 'file';
	userId: string;
	permission: 'editor' | 'visitor';
	protected: boolean;
	/** hours */
	expireIn: number;
	createdAt: Date;
}

export interface FileRequestRec {
	id: string;
	folderId: string;
	userId: string;
	name: string;
	createdAt: Date;
	expiresAt: Date | null;
	filled: boolean;
}

export interface NotificationRec {
	id: string;
	userId: string;
	type: string;
	category: string;
	title: string;
	description: string;
	action: string;
	createdAt: Date;
	readAt: Date | null;
	seq: number;
}

export type UserRef = number | string;
