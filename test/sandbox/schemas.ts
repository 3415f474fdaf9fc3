/**
 * The File Storage API contract (file-storage-api.md) as zod schemas. Response schemas are strict (an unexpected key
 * is a contract violation) and describe what the sandbox sends; where the spec is silent the sandbox's choice is
 * noted. Request schemas carry Laravel-style messages (`:attribute` = the dotted field path, `toValidationErrors`).
 */
import { z } from 'zod';

const str = z.string();
const int = z.number().int();
const strict = <T extends z.ZodRawShape>(shape: T) => z.object(shape).strict();
/** `{data: …}`: the spec wraps every resource and relationship */
const wrapped = <T extends z.ZodRawShape>(shape: T) => strict({ data: strict(shape) });
/** The fields of every resource */
const fields = <T extends z.ZodTypeAny, A extends z.ZodRawShape>(type: T, attributes: A) => ({
	id: str,
	type,
	attributes: strict(attributes),
});
const resource = <T extends string, A extends z.ZodRawShape>(type: T, attributes: A) =>
	wrapped(fields(z.literal(type), attributes));
const MONTHS = 'Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec';
const date = (time: string, example: string) =>
	str.regex(
		new RegExp(`^(0[1-9]|[12]\\d|3[01])\\. (${MONTHS})\\. \\d{4}${time}$`),
		`expected a date formatted "${example}"`,
	);
/** `05. Mar. 2026` (items) and `05. Mar. 2026 14:07` (notifications, 24-hour clock); UTC */
const ItemDate = date('', 'DD. Mon. YYYY');
const NotificationDate = date(' ([01]\\d|2[0-3]):[0-5]\\d', 'DD. Mon. YYYY HH:MM');
const HexColor = str.regex(/^#[0-9A-Fa-f]{6}$/, 'expected a hex colour #RRGGBB');
const ItemType = z.enum(['folder', 'file']);
export const SortKey = z.enum(['created_at', 'name']);
export const SortDirection = z.enum(['ASC', 'DESC']);
const itemDates = { created_at: ItemDate, updated_at: ItemDate, deleted_at: ItemDate.nullable() };

/** `relationships.user` of a folder, `relationships.creator` of a file */
const person = <T extends string>(type: T) =>
	resource(type, { name: str, avatar: str.url(), color: HexColor });

/** The relationships folders and files share: a live share, and the parent (absent at the user's root). */
const itemLinks = {
	shared: resource('shared', {
		permission: z.enum(['editor', 'visitor']),
		protected: z.boolean(),
		item_id: str,
		/** hours */
		expire_in: int,
		token: str.min(1),
		link: str.url(),
		type: ItemType,
	}).optional(),
	parent: resource('folder', { name: str }).optional(),
};

const ExifAttributes = {
	date_time_original: str,
	artist: str,
	height: int,
	width: int,
	x_resolution: str,
	y_resolution: str,
	color_space: str,
	camera: str,
	model: str,
	aperture_value: z.number(),
	exposure_time: str,
	focal_length: str,
	iso: int,
	aperture_f_number: z.number(),
	ccd_width: str,
	longitude: str,
	latitude: str,
};
export type ExifAttributesT = z.infer<z.ZodObject<typeof ExifAttributes>>;

/** id: a UUID; the synthetic root of `/browse/folders/all` (`meta.root`) has id `all` */
const FolderWrapper = wrapped({
	...fields(z.literal('folder'), {
		name: str,
		color: HexColor,
		emoji: str.nullable(),
		/** bytes of all non-trashed files below the folder */
		filesize: int.nonnegative(),
		isTeamFolder: z.boolean(),
		/** non-trashed and trashed direct children */
		items: int.nonnegative(),
		trashed_items: int.nonnegative(),
		...itemDates,
	}),
	relationships: strict({ ...itemLinks, user: person('user') }),
});

const FileWrapper = wrapped({
	...fields(z.literal('file'), {
		/** textual, base 1000: `500B`, `1.50kB`, `1.23MB` */
		filesize: str.regex(/^(\d{1,3}B|\d{1,3}\.\d{2}(kB|MB|GB|TB))$/, 'expected a size like 1.23MB'),
		name: str,
		basename: str,
		mimetype: str.regex(/^[\w.+-]+\/[\w.+-]+$/),
		file_url: str.url(),
		thumbnail: str.url(),
		/** null at the root (home) of the user, e.g. after a restore with to_home */
		parent_id: str.nullable(),
		...itemDates,
	}),
	relationships: strict({
		...itemLinks,
		creator: person('creator'),
		exif: resource('exif', ExifAttributes).optional(),
	}),
});

const ItemWrapper = z.union([FolderWrapper, FileWrapper]);

/** type: class-like, e.g. `App\Notifications\FileRequestUploadNotification` */
const NotificationWrapper = wrapped(
	fields(str.min(1), {
		category: str,
		title: str,
		description: str,
		action: str,
		created_at: NotificationDate,
		read_at: NotificationDate.nullable(),
	}),
);

const CursorMeta = strict({
	cursor: str,
	next_cursor: str.nullable(),
	prev_cursor: str.nullable(),
	limit: int.positive(),
	total: int.nonnegative(),
});

/** A listing: `data` and `meta` */
const list = <T extends z.ZodTypeAny, M extends z.ZodRawShape>(item: T, meta: M) =>
	strict({ data: z.array(item), meta: strict(meta) });
/** Endpoint 1: GET /api/v1/browse/folders/{id} */
export const FolderListResponse = list(ItemWrapper, { cursor: CursorMeta, root: FolderWrapper });
/** Endpoint 2: GET /api/v1/browse/latest */
export const LatestListResponse = list(FileWrapper, { cursor: CursorMeta });
/** Endpoint 6: GET /api/v1/requests/{id}/items */
export const RequestItemsResponse = list(ItemWrapper, { root: FolderWrapper });
/** Endpoint 9: GET /api/v1/notifications */
export const NotificationListResponse = strict({ data: z.array(NotificationWrapper) });

export const MESSAGES = {
	unauthorized: 'You are not authorized',
	accessDenied: 'Access Denied',
	notFound: "The requested entry wasn't found.",
	invalid: 'The given data was invalid.',
	gone: 'The file request is not active anymore',
	restored: 'Item was restored',
	deleted: 'Items were deleted',
	uploaded: 'Files were successfully uploaded',
	queued: 'Files were added to the upload queue',
} as const;

// ----- requests ---------------------------------------------------------------------------------------------

const uuid = str.uuid({ message: 'The :attribute must be a valid UUID.' });
const itemRef = { type: ItemType, id: uuid };
const order = { sort: SortKey.optional(), direction: SortDirection.optional() };
const atLeast1 = z.coerce.number().int().min(1).optional();
function isHttpUrl(value: string): boolean {
	const u = URL.canParse(value) ? new URL(value) : undefined;
	return (u?.protocol === 'http:' || u?.protocol === 'https:') && u.hostname.length > 0;
}

/** Endpoint 3 body */
export const RestoreBody = z.object({
	to_home: z.boolean(),
	items: z.array(z.object(itemRef)).min(1),
});

/** Endpoint 4 body */
export const CreateFolderBody = z.object({
	name: str.trim().min(1).max(255),
	parent_id: uuid.nullable().optional(),
});

/** Endpoints 5 and 7 body */
export const DeleteItemsBody = z.object({
	items: z.array(z.object({ force_delete: z.boolean(), ...itemRef })).min(1),
});

/** Endpoint 8 body */
export const RemoteUploadBody = z.object({
	parent_id: uuid.nullable().optional(),
	urls: z
		.array(str.refine(isHttpUrl, { message: 'The :attribute must be a valid URL.' }))
		.min(1)
		.max(100),
});

/** Query of endpoints 1 and 2 (values arrive as strings). */
export const ListQuery = z.object({
	page: atLeast1,
	cursor: str.min(1).optional(),
	limit: atLeast1,
	...order,
});

/** Query of endpoint 6. */
export const RequestItemsQuery = z.object({ parent_id: uuid.optional(), ...order });

export type FolderWrapperT = z.infer<typeof FolderWrapper>;
export type FileWrapperT = z.infer<typeof FileWrapper>;
export type ItemWrapperT = z.infer<typeof ItemWrapper>;
export type NotificationWrapperT = z.infer<typeof NotificationWrapper>;
export type CursorMetaT = z.infer<typeof CursorMeta>;

/** One zod issue as Laravel words it, e.g. `The items.0.id must be a valid UUID.` */
function laravelMessage(issue: z.ZodIssue, attr: string): string {
	switch (issue.code) {
		case 'invalid_type':
			if (issue.received === 'undefined' || issue.received === 'null')
				return `The ${attr} field is required.`;
			if (issue.expected === 'boolean') return `The ${attr} field must be true or false.`;
			if (issue.expected === 'number' || issue.expected === 'integer')
				return `The ${attr} must be an integer.`;
			return `The ${attr} must be ${/^[aeiou]/i.test(issue.expected) ? 'an' : 'a'} ${issue.expected}.`;
		case 'invalid_enum_value':
			return `The selected ${attr} is invalid.`;
		case 'too_small':
			return issue.type === 'array' || issue.type === 'string'
				? `The ${attr} field is required.`
				: `The ${attr} must be at least ${String(issue.minimum)}.`;
		case 'too_big': // arrays and strings: no number has a maximum
			return issue.type === 'array'
				? `The ${attr} may not have more than ${String(issue.maximum)} items.`
				: `The ${attr} may not be greater than ${String(issue.maximum)} characters.`;
		default: // a UUID or URL refused: the schema's own message
			return issue.message.replace(':attribute', attr);
	}
}

/** zod issues → Laravel's `errors`: `{ "items.0.id": ["The items.0.id must be a valid UUID."] }`. */
export function toValidationErrors(error: z.ZodError): Record<string, string[]> {
	const errors: Record<string, string[]> = {};
	for (const issue of error.issues) {
		const key = issue.path.length ? issue.path.join('.') : 'body';
		(errors[key] ??= []).push(laravelMessage(issue, key.replace(/_/g, ' ')));
	}
	return errors;
}
