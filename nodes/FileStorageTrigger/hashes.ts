// Short keys for what static data remembers (item ids, folder ids, a stream's identity): SHA-256, base64url, cut to
// the length each use needs, so that static data stays small whatever the ids look like.

import { createHash } from 'crypto';

/** The first `length` characters (6 bits each) of the text's SHA-256. */
export function shortHash(text: string, length: number): string {
	return createHash('sha256').update(text).digest('base64url').slice(0, length);
}
