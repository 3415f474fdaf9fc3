/**
 * The one statement of the File Storage API contract (the File Storage Service interface specification, file-storage-api.md), as zod schemas.
 *
 * Response schemas are `.strict()`: an unexpected key is a contract violation. They describe what the sandbox
 * sends; where the spec is silent the sandbox's choice is noted next to the field.
 *
 * Request schemas carry Laravel-style messages; `:attribute` is replaced by the dotted field path
 * (see `toValidationErrors`).
 */
import { z } from 'zod';

const date = (time: string, example: string) =>
	z
		.string()
		.regex(
			new RegExp(
				`^(0[1-9]|[12]\\d|3[01])\\. (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\\. \\d{4}${time}$`,
			),
			`expected a date formatted "${example}"`,
		);
/** `DD. Mon. YYYY`, e.g. `05. Mar. 2026` (items). */
const ItemDate = date('', 'DD. Mon. YYYY');
/** `DD. Mon. YYYY HH:MM`, e.g. `05. Mar. 2026 14:07` (notifications, 24-hour clock, UTC). */
const NotificationDate = date(' ([01]\\d|2[0-3]):[0-5]\\d', 'DD. Mon. YYYY HH:MM');
const HexColor = z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'expected a hex colour #RRGGBB');
const ItemType = z.enum(['folder', 'file']);
export const SortKey = z.enum(['created_at', 'name']);
export const SortDirection = z.enum(['ASC', 'DESC']);

/** `relationships.user` of a folder, `relationships.creator` of a file. */
const person = <T extends string>(type: T) =>
	z
		.object({
			data: z
				.object({
					type: z.literal(type),
					id: z.string(),
					attributes: z
						.object({ name: z.string(), avatar: z.string().url(), color: HexColor })
						.strict(),
				})
				.strict(),
		})
		.strict();

/** `relationships.parent`. Absent for items at the root (home) of the user (spec silent, ancestor behaviour). */
const ParentRelationship = z
	.object({
		data: z
			.object({
				type: z.literal('folder'),
				id: z.string(),
				attributes: z.object({ name: z.string() }).strict(),
			})
			.strict(),
	})
	.strict();

const ShareWrapper = z
	.object({
		data: z
			.object({
				id: z.string(),
				type: z.literal('shared'),
				attributes: z
					.object({
						permission: z.enum(['editor', 'visitor']),
						protected: z.boolean(),
						item_id: z.string(),
						/** hours */
						expire_in: z.number().int(),
						token: z.string().min(1),
						link: z.string().url(),
						type: ItemType,
					})
					.strict(),
			})
			.strict(),
	})
	.strict();

const ExifAttributes = z
	.object({
		date_time_original: z.string(),
		artist: z.string(),
		height: z.number().int(),
		width: z.number().int(),
		x_resolution: z.string(),
		y_resolution: z.string(),
		color_space: z.string(),
		camera: z.string(),
		model: z.string(),
		aperture_value: z.number(),
		exposure_time: z.string(),
		focal_length: z.string(),
		iso: z.number().int(),
		aperture_f_number: z.number(),
		ccd_width: z.string(),
		longitude: z.string(),
		latitude: z.string(),
	})
	.strict();
export type ExifAttributesT = z.infer<typeof ExifAttributes>;

// ---------------------------------------------------------------------------------------------------------------
// Resources
// ---------------------------------------------------------------------------------------------------------------

const Folder = z
	.object({
		/** UUID; the synthetic root folder of `meta.root` for `/browse/folders/all` has id `all`. */
		id: z.string(),
		type: z.literal('folder'),
		attributes: z
			.object({
				name: z.string(),
				color: HexColor,
				emoji: z.string().nullable(),
				/** bytes of all non-trashed files below the folder */
				filesize: z.number().int().nonnegative(),
				isTeamFolder: z.boolean(),
				/** non-trashed direct children */
				items: z.number().int().nonnegative(),
				/** trashed direct children */
				trashed_items: z.number().int().nonnegative(),
				created_at: ItemDate,
				updated_at: ItemDate,
				deleted_at: ItemDate.nullable(),
			})
			.strict(),
		relationships: z
			.object({
				shared: ShareWrapper.optional(),
				parent: ParentRelationship.optional(),
				user: person('user'),
			})
			.strict(),
	})
	.strict();

const File = z
	.object({
		id: z.string(),
		type: z.literal('file'),
		attributes: z
			.object({
				/** textual, base 1000: `500B`, `1.50kB`, `1.23MB` */
				filesize: z
					.string()
					.regex(/^(\d{1,3}B|\d{1,3}\.\d{2}(kB|MB|GB|TB))$/, 'expected a size like 1.23MB'),
				name: z.string(),
				basename: z.string(),
				mimetype: z.string().regex(/^[\w.+-]+\/[\w.+-]+$/),
				file_url: z.string().url(),
				thumbnail: z.string().url(),
				/** null when the file sits at the root (home) of the user, e.g. after a restore with to_home */
				parent_id: z.string().nullable(),
				created_at: ItemDate,
				updated_at: ItemDate,
				deleted_at: ItemDate.nullable(),
			})
			.strict(),
		relationships: z
			.object({
				shared: ShareWrapper.optional(),
				parent: ParentRelationship.optional(),
				creator: person('creator'),
				exif: z
					.object({
						data: z
							.object({ id: z.string(), type: z.literal('exif'), attributes: ExifAttributes })
							.strict(),
					})
					.strict()
					.optional(),
			})
			.strict(),
	})
	.strict();

export const FolderWrapper = z.object({ data: Folder }).strict();
export const FileWrapper = z.object({ data: File }).strict();
export const ItemWrapper = z.union([FolderWrapper, FileWrapper]);

const NotificationWrapper = z
	.object({
		data: z
			.object({
				id: z.string(),
				/** class-like identifier, e.g. `App\Notifications\FileRequestUploadNotification` */
				type: z.string().min(1),
				attributes: z
					.object({
						category: z.string(),
						title: z.string(),
						description: z.string(),
						action: z.string(),
						created_at: NotificationDate,
						read_at: NotificationDate.nullable(),
					})
					.strict(),
			})
			.strict(),
	})
	.strict();

// ---------------------------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------------------------

const CursorMeta = z
	.object({
		cursor: z.string(),
		next_cursor: z.string().nullable(),
		prev_cursor: z.string().nullable(),
		limit: z.number().int().positive(),
		total: z.number().int().nonnegative(),
	})
	.strict();

/** Endpoint 1: GET /api/v1/browse/folders/{id} */
export const FolderListResponse = z
	.object({
		data: z.array(ItemWrapper),
		meta: z.object({ cursor: CursorMeta, root: FolderWrapper }).strict(),
	})
	.strict();

/** Endpoint 2: GET /api/v1/browse/latest */
export const LatestListResponse = z
	.object({ data: z.array(FileWrapper), meta: z.object({ cursor: CursorMeta }).strict() })
	.strict();

/** Endpoint 6: GET /api/v1/requests/{id}/items */
export const RequestItemsResponse = z
	.object({ data: z.array(ItemWrapper), meta: z.object({ root: FolderWrapper }).strict() })
	.strict();

/** Endpoint 9: GET /api/v1/notifications */
export const NotificationListResponse = z.object({ data: z.array(NotificationWrapper) }).strict();

/** Success of endpoints 3, 5, 7, 8. */
export const SuccessResponse = z
	.object({ type: z.literal('success'), message: z.string().min(1) })
	.strict();

/** Access error (401/403/404) and the 200 "The requested entry wasn't found." partial-batch body. */
export const AccessErrorResponse = z
	.object({ type: z.literal('error'), message: z.string() })
	.strict();

/** 410 for an expired or filled file request. */
export const GoneResponse = z.object({ type: z.literal('gone'), message: z.string() }).strict();

/** 422 */
export const ValidationErrorResponse = z
	.object({ message: z.string(), errors: z.record(z.string(), z.array(z.string()).min(1)) })
	.strict();

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

// ---------------------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------------------

const uuidField = () => z.string().uuid({ message: 'The :attribute must be a valid UUID.' });

function isHttpUrl(value: string): boolean {
	try {
		const u = new URL(value);
		return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
	} catch {
		return false;
	}
}

/** Endpoint 3 body */
export const RestoreBody = z.object({
	to_home: z.boolean(),
	items: z.array(z.object({ type: ItemType, id: uuidField() })).min(1),
});

/** Endpoint 4 body */
export const CreateFolderBody = z.object({
	name: z.string().trim().min(1).max(255),
	parent_id: uuidField().nullable().optional(),
});

/** Endpoints 5 and 7 body */
export const DeleteItemsBody = z.object({
	items: z.array(z.object({ force_delete: z.boolean(), type: ItemType, id: uuidField() })).min(1),
});

/** Endpoint 8 body */
export const RemoteUploadBody = z.object({
	parent_id: uuidField().nullable().optional(),
	urls: z
		.array(z.string().refine(isHttpUrl, { message: 'The :attribute must be a valid URL.' }))
		.min(1)
		.max(100),
});

const intParam = () => z.coerce.number().int().min(1);

/** Query of endpoints 1 and 2 (values arrive as strings). */
export const ListQuery = z.object({
	page: intParam().optional(),
	cursor: z.string().min(1).optional(),
	limit: intParam().optional(),
	sort: SortKey.optional(),
	direction: SortDirection.optional(),
});

/** Query of endpoint 6. */
export const RequestItemsQuery = z.object({
	parent_id: uuidField().optional(),
	sort: SortKey.optional(),
	direction: SortDirection.optional(),
});

export type FolderWrapperT = z.infer<typeof FolderWrapper>;
export type FileWrapperT = z.infer<typeof FileWrapper>;
export type ItemWrapperT = z.infer<typeof ItemWrapper>;
export type NotificationWrapperT = z.infer<typeof NotificationWrapper>;
export type CursorMetaT = z.infer<typeof CursorMeta>;

// ---------------------------------------------------------------------------------------------------------------
// zod issues -> Laravel-style `errors` object
// ---------------------------------------------------------------------------------------------------------------

function article(word: string): string {
	return /^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`;
}

/** Converts zod issues into `{ "items.0.id": ["The items.0.id must be a valid UUID."] }`. */
export function toValidationErrors(error: z.ZodError): Record<string, string[]> {
	const errors: Record<string, string[]> = {};
	for (const issue of error.issues) {
		const key = issue.path.length ? issue.path.join('.') : 'body';
		const attr = key.replace(/_/g, ' ');
		let message: string;
		switch (issue.code) {
			case 'invalid_type':
				if (issue.received === 'undefined' || issue.received === 'null') {
					message = `The ${attr} field is required.`;
				} else if (issue.expected === 'boolean') {
					message = `The ${attr} field must be true or false.`;
				} else if (issue.expected === 'number' || issue.expected === 'integer') {
					message = `The ${attr} must be an integer.`;
				} else {
					message = `The ${attr} must be ${article(issue.expected === 'object' ? 'object' : issue.expected)}.`;
				}
				break;
			case 'invalid_enum_value':
				message = `The selected ${attr} is invalid.`;
				break;
			case 'too_small':
				if (issue.type === 'array' || issue.type === 'string') {
					message = `The ${attr} field is required.`;
				} else {
					message = `The ${attr} must be at least ${String(issue.minimum)}.`;
				}
				break;
			case 'too_big':
				if (issue.type === 'array') {
					message = `The ${attr} may not have more than ${String(issue.maximum)} items.`;
				} else if (issue.type === 'string') {
					message = `The ${attr} may not be greater than ${String(issue.maximum)} characters.`;
				} else {
					message = `The ${attr} may not be greater than ${String(issue.maximum)}.`;
				}
				break;
			default:
				message = issue.message.includes(':attribute')
					? issue.message.replace(':attribute', attr)
					: `The ${attr} is invalid.`;
		}
		(errors[key] ??= []).push(message);
	}
	return errors;
}

export type ParseResult<T> =
	| { ok: true; value: T }
	| { ok: false; errors: Record<string, string[]> };

/** Parses a request body/query; a non-object input is treated as `{}` so required fields are reported. */
export function parseInput<T>(schema: z.ZodType<T>, input: unknown): ParseResult<T> {
	const value = input !== null && typeof input === 'object' && !Array.isArray(input) ? input : {};
	const r = schema.safeParse(value);
	if (r.success) return { ok: true, value: r.data };
	return { ok: false, errors: toValidationErrors(r.error) };
}
