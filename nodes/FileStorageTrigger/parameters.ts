// The trigger's parameters, read and checked in one place, and the poll budget n8n gives it.

import type { IPollFunctions } from 'n8n-workflow';

import { checkFolderId, REQUEST_ROOT, ROOT_FOLDER_ID } from '../lib/folderPickers/locators';
import type { EventName } from './events';

export interface TriggerParameters {
	event: EventName;
	/** A file request subfolder (UUID); undefined for the request root. */
	parent?: string;
	/** The watched account folder (UUID, or "all" for the root) of New File in Folder and New Item in Folder. */
	folder: string;
	/** New File in Folder: whether files in folders below the watched one count. */
	includeSubfolders: boolean;
	unreadOnly: boolean;
	simplify: boolean;
}

export function readTriggerParameters(ctx: IPollFunctions): TriggerParameters {
	const event = ctx.getNodeParameter('event') as EventName;
	const node = ctx.getNode();
	const folderValue = (name: string, fallback: string) =>
		String(ctx.getNodeParameter(name, fallback, { extractValue: true }) ?? '').trim();
	const parent =
		event === 'fileRequestItem'
			? checkFolderId(node, folderValue('parent', ''), {
					parameter: 'Folder',
					rootWords: [REQUEST_ROOT],
					optional: true,
				})
			: undefined;
	const folder =
		event === 'folderFile' || event === 'folderItem'
			? (checkFolderId(node, folderValue('folder', ROOT_FOLDER_ID) || ROOT_FOLDER_ID, {
					parameter: 'Folder',
					rootWords: [ROOT_FOLDER_ID],
					optional: false,
				}) ?? ROOT_FOLDER_ID)
			: ROOT_FOLDER_ID;
	return {
		event,
		parent,
		folder,
		includeSubfolders:
			event === 'folderFile' && (ctx.getNodeParameter('includeSubfolders', true) as boolean),
		unreadOnly: event === 'notification' && (ctx.getNodeParameter('unreadOnly', false) as boolean),
		simplify: ctx.getNodeParameter('simplify', true) as boolean,
	};
}

/** n8n 2.36+ tells how long a poll may take; older versions do not have the method. */
export function pollBudgetMs(ctx: IPollFunctions): number | undefined {
	const withBudget = ctx as IPollFunctions & { getPollBudgetMs?: () => number };
	const budget =
		typeof withBudget.getPollBudgetMs === 'function' ? withBudget.getPollBudgetMs() : undefined;
	return typeof budget === 'number' && budget > 0 ? budget : undefined;
}
