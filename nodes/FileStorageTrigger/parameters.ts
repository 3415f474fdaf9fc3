// The trigger's parameters, read and checked in one place, and the poll budget n8n gives it.

import type { IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { checkFolderId, REQUEST_ROOT, ROOT_FOLDER_ID } from '../lib/folderPickers/locators';
import { MB_UNIT, megabytesToBytes } from '../lib/resources/sizes';
import type { EventName } from './events';

export interface TriggerParameters {
	event: EventName;
	/** A file request subfolder (UUID); undefined for the request root. */
	parent?: string;
	/** The watched account folder (UUID, or "all" for the root) of New File in Folder and New File or Folder in Folder. */
	folder: string;
	/** New File in Folder: whether files in folders below the watched one count. */
	includeSubfolders: boolean;
	unreadOnly: boolean;
	simplify: boolean;
	/** Include File Content: where each new file's content goes, and how large it may be; undefined when off. */
	content?: ContentOptions;
}

export interface ContentOptions {
	/** Put Output File in Field. */
	binaryPropertyName: string;
	/** Max File Size (MB), in bytes (1 MB = 1,000,000 bytes, as n8n shows sizes). */
	maxBytes: number;
}

/** The events whose items are files that Include File Content can fetch. */
export const CONTENT_EVENTS: EventName[] = [
	'fileRequestItem',
	'folderFile',
	'folderItem',
	'upload',
];

export const DEFAULT_MAX_FILE_SIZE_MB = 100;

function readContentOptions(ctx: IPollFunctions, event: EventName): ContentOptions | undefined {
	if (!CONTENT_EVENTS.includes(event)) return undefined;
	if (!(ctx.getNodeParameter('options.includeFileContent', false) as boolean)) return undefined;
	const node = ctx.getNode();
	const binaryPropertyName = String(
		ctx.getNodeParameter('options.binaryPropertyName', 'data') ?? '',
	).trim();
	if (!binaryPropertyName) {
		throw new NodeOperationError(node, 'Put Output File in Field: is empty', {
			description: 'Enter the name of the binary field for each file, e.g. data.',
		});
	}
	const maxFileSizeMb = Number(
		ctx.getNodeParameter('options.maxFileSizeMb', DEFAULT_MAX_FILE_SIZE_MB),
	);
	const maxBytes = megabytesToBytes(maxFileSizeMb);
	if (!maxBytes) {
		throw new NodeOperationError(
			node,
			`Max File Size (MB): ${JSON.stringify(maxFileSizeMb)} is not a positive number`,
			{
				description: `Enter the largest file to include, in MB (${MB_UNIT}), e.g. ${DEFAULT_MAX_FILE_SIZE_MB}.`,
			},
		);
	}
	return { binaryPropertyName, maxBytes };
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
		content: readContentOptions(ctx, event),
	};
}
