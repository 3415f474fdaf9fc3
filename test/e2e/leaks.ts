/* eslint-disable @n8n/community-nodes/no-restricted-imports */
/** What an n8n instance wrote and answered, by where it came from, and the one check that none of it holds a secret. */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { findLeaks } from '../helpers/secret-leaks';
import type { N8n } from './rest-client';

/** No secret in `value` (a text, or anything as JSON), in any form a secret travels in (secret-leaks.ts). */
export function expectNoLeaks(value: unknown, where: string, secrets: string[]): void {
	const text = typeof value === 'string' ? value : JSON.stringify(value ?? null);
	expect(findLeaks({ [where]: text }, secrets)).toEqual([]);
}

/** Every log file in `logDir` and every REST/public API answer `n8n` received, as text keyed by its source. */
export function n8nTexts(n8n: N8n, logDir: string): Record<string, string> {
	const texts: Record<string, string> = {};
	for (const file of fs.readdirSync(logDir))
		texts[`log file ${file}`] = fs.readFileSync(path.join(logDir, file), 'utf8');
	n8n.answers.forEach((answer, index) => {
		texts[`REST answer #${index} (${answer.request})`] = answer.text;
	});
	return texts;
}
