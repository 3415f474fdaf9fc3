/* eslint-disable @n8n/community-nodes/no-restricted-imports */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

import { letRequestOut, peekNextCursor } from '../../../nodes/lib/transport/prefetch';

describe('transport/prefetch: asking for the next page early', () => {
	it.each([
		['{"data":[],"meta":{"cursor":{"next_cursor":"eyJ2IjoxfQ","prev_cursor":null}}}', 'eyJ2IjoxfQ'],
		['{"data":[],"meta":{"cursor":{"next_cursor" :\n\t "c 2"}}}', 'c 2'],
		// the last occurrence is the listing's in the spec's order (`meta` after `data`)
		['{"data":[{"next_cursor":"inner"}],"meta":{"cursor":{"next_cursor":"outer"}}}', 'outer'],
		['{"data":[],"meta":{"cursor":{"next_cursor":null}}}', undefined],
		['{"data":[],"meta":{"cursor":{"next_cursor":""}}}', undefined],
		['{"data":[],"meta":{"cursor":{"next_cursor":"a\\"b"}}}', undefined],
		['{"data":[],"meta":{"cursor":{}}}', undefined],
		['{"data":[],"meta":{"cursor":{"next_cursor":"cut', undefined],
		['{"data":[],"next_cursor"', undefined],
	])('the next cursor stated by %j is %j', (text, cursor) =>
		expect(peekNextCursor(text)).toBe(cursor),
	);

	it('a request started on a new connection has been handed to the operating system when letRequestOut returns', async () => {
		const server = http.createServer((request, response) => {
			request.resume();
			response.end('{}');
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		const { port } = server.address() as AddressInfo;
		const get = (onWritten?: () => void) =>
			new Promise<void>((resolve, reject) => {
				// as n8n's HTTP helper: a new agent, so a new connection, for every request
				const request = http.get(
					{ host: '127.0.0.1', port, agent: new http.Agent({ keepAlive: false }) },
					(response) => {
						response.resume();
						response.on('end', resolve);
					},
				);
				request.on('error', reject);
				request.on('finish', () => onWritten?.());
			});
		const pageText = JSON.stringify({
			data: Array.from({ length: 5000 }, (_, at) => ({ id: `e${at}`, name: `file ${at}` })),
		});
		try {
			for (let round = 0; round < 5; round++) {
				// as in a walk: right after a page arrived and some synchronous work on it, the next request starts
				await get();
				JSON.parse(pageText);
				let written = false;
				const next = get(() => {
					written = true;
				});
				await letRequestOut();
				const writtenWhenReturned = written;
				await next;
				expect(writtenWhenReturned).toBe(true);
			}
		} finally {
			await new Promise((resolve) => server.close(resolve));
		}
	});
});
