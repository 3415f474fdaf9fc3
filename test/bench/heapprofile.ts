/* eslint-disable @n8n/community-nodes/no-restricted-imports */
/**
 * Summarises V8 sampling heap profiles (.heapprofile, as n8n-probe.ts writes them with the objects collected by
 * GC included): bytes allocated per area (the same areas as the CPU profiles) and per function of this package.
 * Sampled (one sample per 16 KiB on average), so the figures are estimates; their sum is what the run allocated.
 */
import * as fs from 'node:fs';

import type { CallFrame } from './cpuprofile';
import { areaOf, shortUrl } from './cpuprofile';

interface AllocationNode {
	callFrame: CallFrame;
	selfSize: number;
	children: AllocationNode[];
}

export interface AllocationSummary {
	profiles: number;
	/** MB allocated over all profiles */
	totalMb: number;
	areas: Array<{ area: string; mb: number }>;
	/** functions of this package by bytes they allocated themselves (native callees such as JSON.parse included) */
	packageFunctions: Array<{ name: string; where: string; mb: number }>;
}

const MB = 1024 * 1024;

export function summariseAllocations(
	files: string[],
	repoRoot: string,
	top = 12,
): AllocationSummary {
	const areas = new Map<string, number>();
	const functions = new Map<string, { name: string; where: string; bytes: number }>();
	let total = 0;
	for (const file of files) {
		const { head } = JSON.parse(fs.readFileSync(file, 'utf8')) as { head: AllocationNode };
		/** `owner`: the nearest function of this package up the stack, which native allocations count for */
		const walk = (
			node: AllocationNode,
			callerArea: string | undefined,
			owner: { name: string; where: string } | undefined,
		) => {
			const url = shortUrl(node.callFrame.url, repoRoot);
			const area = areaOf(node.callFrame, url, callerArea);
			const where = url ? `${url}:${node.callFrame.lineNumber + 1}` : '';
			const name = node.callFrame.functionName || '(anonymous)';
			const ownerHere = /^(nodes|credentials)\//.test(url)
				? { name, where }
				: url === ''
					? owner
					: undefined;
			if (node.selfSize > 0) {
				total += node.selfSize;
				areas.set(area, (areas.get(area) ?? 0) + node.selfSize);
				if (ownerHere) {
					const key = `${ownerHere.name}@${ownerHere.where}`;
					const entry = functions.get(key) ?? { ...ownerHere, bytes: 0 };
					entry.bytes += node.selfSize;
					functions.set(key, entry);
				}
			}
			for (const child of node.children) walk(child, area, ownerHere);
		};
		walk(head, undefined, undefined);
	}
	const round = (bytes: number) => Math.round((bytes / MB) * 100) / 100;
	return {
		profiles: files.length,
		totalMb: round(total),
		areas: [...areas.entries()]
			.map(([area, bytes]) => ({ area, mb: round(bytes) }))
			.sort((a, b) => b.mb - a.mb),
		packageFunctions: [...functions.values()]
			.sort((a, b) => b.bytes - a.bytes)
			.slice(0, top)
			.map((f) => ({ name: f.name, where: f.where, mb: round(f.bytes) })),
	};
}
