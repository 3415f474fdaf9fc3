/* eslint-disable @n8n/community-nodes/no-restricted-imports */
/**
 * Writing file content: headers up front (Content-Type, Content-Length, Content-Disposition), then the blocks with
 * backpressure, so a 1 GB file streams in constant memory. A fault rule that matched without replacing the answer
 * shapes the body: cut it (`cutAfterBytes`), stall it (`stallAfterBytes`), slow it (`blockDelayMs`) or announce
 * another length (`declaredLength`) or none (`omitLength`).
 */
import type * as http from 'node:http';

import type { FileContent } from './content';
import type { FaultInjector, FaultRule } from './faults';

/** How the body went out: bytes written, and whether the connection was ended on purpose. */
export interface ContentOutcome {
	bytesSent: number;
}

/** Resolves once `piece` is handed to the socket (or the connection is gone): only then may it be cut. */
function written(res: http.ServerResponse, piece: Buffer): Promise<void> {
	return new Promise<void>((resolve) => {
		res.write(piece, () => resolve());
		res.once('close', () => resolve());
	});
}

function drained(res: http.ServerResponse): Promise<void> {
	return new Promise<void>((resolve) => {
		const done = () => {
			res.off('drain', done);
			res.off('close', done);
			resolve();
		};
		res.on('drain', done);
		res.on('close', done);
	});
}

export async function writeContent(
	res: http.ServerResponse,
	file: FileContent,
	rule: FaultRule | undefined,
	faults: FaultInjector,
): Promise<ContentOutcome> {
	const declared = rule?.declaredLength ?? file.length;
	res.writeHead(200, {
		'Content-Type': file.contentType,
		...(rule?.omitLength ? {} : { 'Content-Length': declared }),
		'Content-Disposition': `inline; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
	});
	const stopAt = rule?.cutAfterBytes ?? rule?.stallAfterBytes;
	let sent = 0;
	for (const block of file.blocks()) {
		if (res.destroyed) return { bytesSent: sent };
		const last = stopAt !== undefined && sent + block.length >= stopAt;
		const piece = last ? block.subarray(0, Math.max(0, stopAt - sent)) : block;
		if (last) await written(res, piece);
		else if (!res.write(piece)) await drained(res);
		sent += piece.length;
		if (last) break;
		if (rule?.blockDelayMs) await faults.delay(rule.blockDelayMs);
	}
	if (rule?.stallAfterBytes !== undefined && rule.cutAfterBytes === undefined) {
		// Nothing more until the client gives up or the sandbox stops.
		await faults.delay(24 * 3600 * 1000);
		res.socket?.destroy();
		return { bytesSent: sent };
	}
	if (rule?.cutAfterBytes !== undefined || declared !== file.length) {
		// The promised length never arrives: the client sees the connection end mid-body.
		await new Promise<void>((resolve) => res.write('', () => resolve()));
		res.socket?.destroy();
		return { bytesSent: sent };
	}
	res.end();
	return { bytesSent: sent };
}
