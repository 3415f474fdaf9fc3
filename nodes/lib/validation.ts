import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** What the spec demands of input values, checked before any request is sent. */

/** Spec ids typed as uuid: any 8-4-4-4-12 hex string (the nil UUID included). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The same pattern as text, for resource locator `regex` validation in the editor. */
export const UUID_REGEX_SOURCE = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/**
 * Values that must not go into a URL path: empty, or `.`/`..`, which URL normalisation resolves into another
 * endpoint even when URL-encoded (`%2e` is a dot to URL parsers).
 */
export function isUnsafePathSegment(value: string): boolean {
	const trimmed = value.trim();
	return trimmed === '' || /^(\.|%2e){1,2}$/i.test(trimmed);
}

/** The item types the restore and delete endpoints take; images, videos and audio are files there. */
export function apiItemType(type: unknown): 'folder' | 'file' | undefined {
	if (type === 'folder') return 'folder';
	if (type === 'file' || type === 'image' || type === 'video' || type === 'audio') return 'file';
	return undefined;
}

/** A parameter problem found before any request: names the parameter and the item. */
export function invalidParameter(
	node: INode,
	itemIndex: number,
	parameter: string,
	problem: string,
	fix: string,
): NodeOperationError {
	return new NodeOperationError(node, `[item ${itemIndex}] ${parameter}: ${problem}`, {
		itemIndex,
		description: fix,
	});
}
