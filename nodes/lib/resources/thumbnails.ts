// Thumbnails as servers send them: a URL, or an object of URLs by size (the ancestor's `{xs, sm, lg, xl}`).

import { isObject } from './wrappers';

/** Thumbnail sizes servers of this API send, smallest first. */
export const THUMBNAIL_SIZES = ['xs', 'sm', 'md', 'lg', 'xl'] as const;

function text(value: unknown): string | undefined {
	return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** A thumbnail sent as a URL, or as an object of sizes: the wanted size, else the nearest (larger first). */
export function pickThumbnail(thumbnail: unknown, size: string): string | undefined {
	if (typeof thumbnail === 'string') return text(thumbnail);
	if (!isObject(thumbnail)) return undefined;
	const wanted = THUMBNAIL_SIZES.indexOf(size as (typeof THUMBNAIL_SIZES)[number]);
	const order = [...THUMBNAIL_SIZES]
		.map((name, index) => ({
			name,
			distance: wanted < 0 ? index : Math.abs(index - wanted),
			larger: index >= wanted,
		}))
		.sort((a, b) => a.distance - b.distance || Number(b.larger) - Number(a.larger));
	for (const { name } of order) {
		const url = text(thumbnail[name]);
		if (url) return url;
	}
	// Sizes this node does not know: any URL the object has.
	return Object.values(thumbnail)
		.map(text)
		.find((url) => url !== undefined);
}
