// Per-item parameters whose usual value is a plain mapping of a field of the input item.

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

/** `={{ $json.field }}` or `={{ $json["field"] }}`: a mapping that only reads a field of the current item. */
const PLAIN_FIELD_MAPPING =
	/^=\s*\{\{\s*\$json(?:\.([A-Za-z_$][\w$]*)|\[\s*(['"])([^'"]+)\2\s*\])\s*\}\}\s*$/;

/**
 * A per-item parameter's value. A plain mapping that only reads a field of the current input item (the defaults
 * of File or Folder and its ID) bypasses n8n's expression engine and reads the field from the item directly: the
 * engine builds a fresh context for every call, which costs far more than the requests of a 1,000-item batch.
 * Anything else goes through the engine.
 */
export function parameterOrMappedField(
	ctx: IExecuteFunctions,
	name: string,
	itemIndex: number,
	items: INodeExecutionData[],
	fallback: unknown,
): unknown {
	const raw = ctx.getNodeParameter(name, itemIndex, fallback, { rawExpressions: true }) as unknown;
	const plain = typeof raw === 'string' ? PLAIN_FIELD_MAPPING.exec(raw) : null;
	if (plain && items[itemIndex]) return items[itemIndex].json[plain[1] ?? plain[3]];
	return ctx.getNodeParameter(name, itemIndex, fallback) as unknown;
}
