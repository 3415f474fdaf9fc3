/**
 * File content at the URLs the listings give, with the ancestor's access rules: an account's files and image
 * thumbnails (`/file/<basename>`, `/thumbnail/<size>-<basename>`) need the owner's Bearer token; files of a file
 * request (`…/upload-request/<id>`) need no Authorization header, the path carries the request; type icons
 * (`/assets/icons/<ext>.svg`) are public. Answers are the bytes with the file's Content-Type and Content-Length
 * (see ../content.ts); failures are JSON like the API's.
 */
import { fileContent, iconContent, thumbnailContent, THUMBNAIL_SIZES } from '../content';
import type { FileContent, ThumbnailSize } from '../content';
import { content, error, isResult, unauthorized } from '../http-io';
import type { Result } from '../http-io';
import type { FileRec, Model, UserRec } from '../model';
import { MESSAGES } from '../schemas';
import { bearerUser } from './access';
import { requestAccess } from './requests';
import type { Route } from './router';

const IMAGE_RE = /^image\//;
const SIZES = THUMBNAIL_SIZES.join('|');

/** The active (not trashed) file with this stored name. */
function fileByBasename(model: Model, basename: string): FileRec | undefined {
	for (const item of model.items.values()) {
		if (item.type === 'file' && item.basename === basename && !item.deletedAt) return item;
	}
	return undefined;
}

/** The file of the bearer token's user; 401 without a valid token, 403 for another account's file. */
function ownFile(
	model: Model,
	authorization: string | undefined,
	basename: string,
): FileRec | Result {
	const user: UserRec | undefined = bearerUser(model, authorization);
	if (!user) return unauthorized();
	const file = fileByBasename(model, basename);
	if (!file) return error(404, MESSAGES.notFound);
	if (file.userId !== user.id) return error(403, MESSAGES.accessDenied);
	return file;
}

/** A file inside an active file request's folder; 404 for an unknown request or a file outside it, 410 when inactive. */
function requestFile(model: Model, requestId: string, basename: string): FileRec | Result {
	const access = requestAccess(model, requestId);
	if (isResult(access)) return access;
	const file = fileByBasename(model, basename);
	if (!file || !model.isInside(file, access.root.id)) return error(404, MESSAGES.notFound);
	return file;
}

function thumbnailOf(found: FileRec | Result, size: string): Result {
	if (isResult(found)) return found;
	if (!IMAGE_RE.test(found.mimetype)) return error(404, MESSAGES.notFound);
	return content(thumbnailContent(found, size as ThumbnailSize));
}

const fileOf = (found: FileRec | Result): Result =>
	isResult(found) ? found : content(fileContent(found));

export function contentRoutes(model: Model): Route[] {
	return [
		{
			pattern: /^\/file\/([^/]+)$/,
			methods: {
				GET: ({ params, authorization }) => fileOf(ownFile(model, authorization, params[0])),
			},
		},
		{
			pattern: /^\/file\/([^/]+)\/upload-request\/([^/]+)$/,
			methods: { GET: ({ params }) => fileOf(requestFile(model, params[1], params[0])) },
		},
		{
			pattern: new RegExp(`^/thumbnail/(${SIZES})-([^/]+)$`),
			methods: {
				GET: ({ params, authorization }) =>
					thumbnailOf(ownFile(model, authorization, params[1]), params[0]),
			},
		},
		{
			pattern: new RegExp(`^/thumbnail/(${SIZES})-([^/]+)/upload-request/([^/]+)$`),
			methods: {
				GET: ({ params }) => thumbnailOf(requestFile(model, params[2], params[1]), params[0]),
			},
		},
		{
			pattern: /^\/assets\/icons\/([a-z0-9]{1,10})\.svg$/,
			methods: { GET: ({ params }) => content(iconContent(params[0]) as FileContent) },
		},
	];
}
