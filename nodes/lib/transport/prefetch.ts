// Asking for a listing's next page before the current one is read. A cursor walk waits for the server on every
// page; parsing and simplifying a page costs the client about as long again. Sent as soon as the page's text
// arrives, the next request has the server working while the client reads, instead of after it.

import { sleep } from 'n8n-workflow';

const NEXT_CURSOR_KEY = '"next_cursor"';

/**
 * The next page's cursor as a listing's raw text states it: the string after the last `"next_cursor":`. `meta`
 * comes last in the spec's listings, so the search from the end is short. A guess, used only to ask early: the
 * walk continues with it only when the parsed page names the same cursor. A cursor with escapes is not guessed.
 */
export function peekNextCursor(text: string): string | undefined {
	const at = text.lastIndexOf(NEXT_CURSOR_KEY);
	if (at < 0) return undefined;
	let index = skipSpace(text, at + NEXT_CURSOR_KEY.length);
	if (text[index] !== ':') return undefined;
	index = skipSpace(text, index + 1);
	if (text[index] !== '"') return undefined;
	const end = text.indexOf('"', index + 1);
	if (end < 0) return undefined;
	const cursor = text.slice(index + 1, end);
	return cursor === '' || cursor.includes('\\') ? undefined : cursor;
}

function skipSpace(text: string, from: number): number {
	let index = from;
	while (
		index < text.length &&
		(text[index] === ' ' || text[index] === '\n' || text[index] === '\r' || text[index] === '\t')
	) {
		index++;
	}
	return index;
}

/**
 * Lets a request just started go out before synchronous work. Node.js writes a request on a new connection (n8n
 * opens one per request) only when its event loop polls for I/O, and a timer that is already due runs before that
 * poll: after two turns through the loop's timers a poll has happened between them. n8n-workflow's `sleep`, since
 * community nodes may not use timers themselves.
 */
export async function letRequestOut(): Promise<void> {
	await sleep(0);
	await sleep(0);
}
