// What the nodes use of n8n beyond its documented node API, in one place: each use says why, and the real-n8n
// suites run every one of them on n8n 1.x and 2.x.

import type { IBinaryData, IExecuteFunctions, IPollFunctions } from 'n8n-workflow';

/**
 * The same context whose cancel signal is `signal`. n8n's authenticated HTTP helper replaces a request's own abort
 * signal with the execution's cancel signal, so a download that must end alone (a redirect hop, a poll's time
 * running out) is sent through this view.
 */
export function withCancelSignal<Context extends IExecuteFunctions | IPollFunctions>(
	ctx: Context,
	signal: AbortSignal,
): Context {
	return Object.create(ctx, { getExecutionCancelSignal: { value: () => signal } }) as Context;
}

/** How long a poll may take: n8n 2.36+ tells (`getPollBudgetMs`), older versions do not have the method. */
export function pollBudgetMs(ctx: IPollFunctions): number | undefined {
	const withBudget = ctx as IPollFunctions & { getPollBudgetMs?: () => number };
	const budget =
		typeof withBudget.getPollBudgetMs === 'function' ? withBudget.getPollBudgetMs() : undefined;
	return typeof budget === 'number' && budget > 0 ? budget : undefined;
}

/**
 * Whether the node runs as an AI agent's tool: n8n names the tool variant of a node `…Tool`, and newer n8n also
 * says so on the context (`isToolExecution`, missing on n8n 1.x).
 */
export function isToolExecution(ctx: IExecuteFunctions): boolean {
	if (ctx.getNode().type.endsWith('Tool')) return true;
	const says = (ctx as Partial<Pick<IExecuteFunctions, 'isToolExecution'>>).isToolExecution;
	return typeof says === 'function' && says.call(ctx) === true;
}

/** Whether failed items become error items (continueOnFail); a poll or the editor's lists have no such setting. */
export function continuesOnFail(ctx: object): boolean {
	const settings = ctx as Partial<Pick<IExecuteFunctions, 'continueOnFail'>>;
	return typeof settings.continueOnFail === 'function' && settings.continueOnFail.call(ctx);
}

/** Where n8n keeps binary data: in the item (its in-memory mode, `default`), in its database, or elsewhere. */
export type BinaryDataMode = 'memory' | 'database' | 'other';

let learntBinaryDataMode: BinaryDataMode | undefined;

/**
 * n8n's binary data mode, as the files it stored for this package told, or its refusal of one (undefined until
 * then). Nodes cannot read n8n's configuration, and n8n-core's helpers say nothing of the mode before a file is
 * stored (n8n 1.123 and 2.41 alike). But each n8n process (a main, a worker) has one mode, set at its start, and a
 * stored binary's id names it: `database:<id>`, `filesystem-v2:<id>`, `s3:<id>`…, none where the item holds the
 * bytes (n8n-core's BinaryDataService). So the mode is read off the user's own files as they are stored: nothing
 * is written to find it out.
 */
export function knownBinaryDataMode(): BinaryDataMode | undefined {
	return learntBinaryDataMode;
}

/** Notes the mode of a binary n8n just stored, or the mode its refusal of a file named (see knownBinaryDataMode). */
export function learnBinaryDataMode(from: IBinaryData | BinaryDataMode): void {
	if (typeof from === 'string') {
		learntBinaryDataMode = from;
		return;
	}
	const id = from.id === undefined || from.id === null ? '' : String(from.id);
	learntBinaryDataMode = !id ? 'memory' : id.startsWith('database:') ? 'database' : 'other';
}
