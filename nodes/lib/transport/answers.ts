// What a successful (2xx) answer must look like, and how errors quote what came instead.

import { isObject, unwrapResource } from '../resources/wrappers';
import type { AnswerShape } from './endpoints';

/**
 * What a successful (2xx) answer lacks of the shape its endpoint promises, or undefined when it has it. A body
 * that is not, e.g. `{}` or `{data: {}}` for a listing, is an error: read as "empty" it would end a listing early
 * as if complete and make the trigger forget its window.
 */
export function shapeProblem(
	expects: AnswerShape,
	body: unknown,
	status: number,
): string | undefined {
	const empty = body === undefined || body === null || body === '';
	switch (expects) {
		case 'list':
			return isObject(body) && Array.isArray(body.data)
				? undefined
				: 'a listing with a "data" array';
		case 'resource':
			return isObject(body) && unwrapResource(body).id !== undefined
				? undefined
				: 'the created item with an "id"';
		case 'message':
			// The spec's `{type, message}`, or an empty 204 (No Content), which real servers send for deletes. An empty
			// 200 is neither: a proxy or a server that failed may send it, and reading it as done would report
			// items as restored or deleted that were not.
			return (empty && status === 204) ||
				(isObject(body) && (typeof body.type === 'string' || typeof body.message === 'string'))
				? undefined
				: '{type, message} or an empty 204';
	}
}

/** A short, single-line excerpt of what the server sent, for error descriptions (callers redact it). */
export function excerptOf(body: unknown, limit = 160): string {
	let text: string;
	if (body === undefined || body === null || body === '') return '(empty body)';
	if (typeof body === 'string') text = body;
	else text = JSON.stringify(body) ?? String(body);
	const flat = text.replace(/\s+/g, ' ').trim();
	return flat.length > limit ? `${flat.slice(0, limit)}…` : flat;
}
