// The trigger's parameters, read and checked in one place, and the poll budget n8n gives it.

import type { IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { REQUEST_ROOT, ROOT_FOLDER_ID } from '../lib/folderPickers/locators';
import { UUID_PATTERN } from '../lib/validation';
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
	let parent: string | undefined;
	if (event === 'fileRequestItem') {
		const value = String(ctx.getNodeParameter('parent', '', { extractValue: true }) ?? '').trim();
		if (value && value !== REQUEST_ROOT) {
			if (!UUID_PATTERN.test(value)) {
				throw new NodeOperationError(
					ctx.getNode(),
					`Folder: "${value}" is not a folder ID (a UUID)`,
					{
						description: 'Pick the folder with "From List", or enter its UUID or "root".',
					},
				);
			}
			parent = value;
		}
	}
	let folder = ROOT_FOLDER_ID;
	if (event === 'folderFile' || event === 'folderItem') {
		folder =
			String(ctx.getNodeParameter('folder', ROOT_FOLDER_ID, { extractValue: true }) ?? '').trim() ||
			ROOT_FOLDER_ID;
		if (folder !== ROOT_FOLDER_ID && !UUID_PATTERN.test(folder)) {
			throw new NodeOperationError(
				ctx.getNode(),
				`Folder: "${folder}" is not a folder ID (a UUID)`,
				{
					description: 'Pick the folder with "From List", or enter its UUID or "all" (Root).',
				},
			);
		}
	}
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
