// n8n's signed link to a file the workflow holds, which the server fetches for Upload File. Its token grants
// access to the file: it is sent to the server and redacted from everything else (the transport does that).

import type { IBinaryData, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { redactText } from '../../lib/transport';

export interface SignedLink {
	url: string; // what the server is asked to fetch, token included
	token: string;
	shownUrl: string; // the link without its token, for messages
	expiresAt: string;
}

/** Whether a URL names an address only this machine or network can reach. */
function isPrivateAddress(url: string): boolean {
	const host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
	return (
		host === 'localhost' ||
		host.endsWith('.localhost') ||
		host.endsWith('.local') ||
		host.endsWith('.internal') ||
		/^(127\.|10\.|192\.168\.|169\.254\.|0\.)/.test(host) ||
		/^172\.(1[6-9]|2\d|3[01])\./.test(host) ||
		host === '::1' ||
		/^f[cd][0-9a-f]{2}:/.test(host) ||
		(!host.includes('.') && !host.includes(':'))
	);
}

/**
 * A warning when n8n's link names a private address while the server is elsewhere: the server would fetch from a
 * place it cannot reach. Nothing when both are local (a test setup) or n8n's address is public.
 */
export function reachabilityWarning(signedUrl: string, baseUrl: string): string | undefined {
	if (!isPrivateAddress(signedUrl) || isPrivateAddress(baseUrl)) return undefined;
	return `n8n gave the server a link on ${new URL(signedUrl).host}, an address the server at ${new URL(baseUrl).host} probably cannot reach. Set WEBHOOK_URL on n8n to its public address.`;
}

/**
 * The file name goes last, after a "/", because servers name a fetched file in one of two ways: by the text after
 * the URL's last "/" (the reference server reads the whole URL so, query included) or by the Content-Disposition
 * n8n sends with the file. n8n ignores the extra query parameter.
 */
export function signedLink(
	ctx: IExecuteFunctions,
	itemIndex: number,
	binary: IBinaryData,
	fileName: string,
	expiryMinutes: number,
): SignedLink {
	if (!binary.id) {
		// said in full here (not through invalidParameter) so the README's Troubleshooting can quote it
		throw new NodeOperationError(
			ctx.getNode(),
			`Input Binary Field: n8n keeps the file "${fileName}" in memory, so it cannot give the server a link to it [item ${itemIndex}]`,
			{
				itemIndex,
				description:
					'Store binary data outside memory: set N8N_DEFAULT_BINARY_DATA_MODE=filesystem on n8n (n8n 2.x does by default) and restart it.',
			},
		);
	}
	const signed = ctx.helpers.createBinarySignedUrl(binary, `${expiryMinutes}m`);
	const url = `${signed}&filename=/${encodeURIComponent(fileName)}`;
	const token = new URL(signed).searchParams.get('token') ?? '';
	return {
		url,
		token,
		shownUrl: token ? redactText(url, [token]) : url,
		expiresAt: new Date(Date.now() + expiryMinutes * 60_000).toISOString(),
	};
}
