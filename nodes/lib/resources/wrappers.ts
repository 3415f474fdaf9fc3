// The spec's resource wrappers (`{data: {id, type, attributes, relationships}}`) and what servers send instead.

import type { IDataObject } from 'n8n-workflow';

/** A JSON object (not an array, not null). */
export function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The spec wraps each resource as `{ data: {...} }`; some servers send the resource bare. */
export function unwrapResource(wrapper: unknown): IDataObject {
	if (isObject(wrapper) && isObject(wrapper.data)) return wrapper.data;
	return isObject(wrapper) ? wrapper : {};
}

/** A resource's `attributes`, or an empty object when the server sent none. */
export function attributesOf(resource: IDataObject | undefined): IDataObject {
	return resource && isObject(resource.attributes) ? resource.attributes : {};
}

/** A notification is unread while its `read_at` is empty. */
export function isUnreadNotification(wrapper: unknown): boolean {
	const readAt = attributesOf(unwrapResource(wrapper)).read_at;
	return readAt === null || readAt === undefined;
}

/** The item types the restore and delete endpoints take; images, videos and audio are files there. */
export function apiItemType(type: unknown): 'folder' | 'file' | undefined {
	if (type === 'folder') return 'folder';
	if (type === 'file' || type === 'image' || type === 'video' || type === 'audio') return 'file';
	return undefined;
}
