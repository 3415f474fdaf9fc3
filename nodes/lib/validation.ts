// What the spec demands of input values, checked before any request is sent, and the error that names the
// parameter and the item.

import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** Spec ids typed as uuid: any 8-4-4-4-12 hex string (the nil UUID included). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The same pattern as text, for resource locator `regex` validation in the editor. */
export const UUID_REGEX_SOURCE =
	'^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/** A parameter problem found before any request: names the parameter and the item. */
export function invalidParameter(
	node: INode,
	itemIndex: number,
	parameter: string,
	problem: string,
	fix: string,
): NodeOperationError {
	return new NodeOperationError(node, `${parameter}: ${problem} [item ${itemIndex}]`, {
		itemIndex,
		description: fix,
	});
}
