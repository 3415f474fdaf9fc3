/* eslint-disable @n8n/community-nodes/no-restricted-imports */
import { runInNewContext } from 'node:vm';

import { BASE_URL_EXPRESSION } from '../../../nodes/lib/credentialContract';
import { isHttpBaseUrl, normalizeBaseUrl } from '../../../nodes/lib/urls';

const pasted = [
	['https://files.example.com', 'https://files.example.com'],
	['https://files.example.com/', 'https://files.example.com'],
	['https://files.example.com/api/v1', 'https://files.example.com'],
	['https://files.example.com/API/V1/', 'https://files.example.com'],
	['https://files.example.com//api/v1//', 'https://files.example.com'],
	[' https://files.example.com/sub/api/v1/ ', 'https://files.example.com/sub'],
];

describe('Base URL: one rule for the transport and the credential tests', () => {
	it.each(pasted)('normalises %j', (raw, base) => expect(normalizeBaseUrl(raw)).toBe(base));

	it.each(pasted)('the credential-test expression agrees for %j', (raw, base) => {
		// The expression is `={{ … }}` over `$credentials`; its body is plain JavaScript.
		const body = /^=\{\{(.*)\}\}$/s.exec(BASE_URL_EXPRESSION)?.[1];
		expect(body).toBeDefined();
		expect(runInNewContext(body as string, { $credentials: { baseUrl: raw } })).toBe(base);
	});

	it.each([
		['https://files.example.com', true],
		['http://127.0.0.1:8080', true],
		['files.example.com', false],
		['ftp://files.example.com', false],
		['https://', false],
		['', false],
	])('%j is an http(s) Base URL: %j', (url, ok) => expect(isHttpBaseUrl(url)).toBe(ok));
});
