import type {
	INodeExecutionData,
	INodeProperties,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { accountFolderLocator, fileRequestFolderLocator } from '../lib/folderPickers/locators';
import { searchFileRequestFolders, searchFolders } from '../lib/folderPickers/listSearch';
import { pollBudgetMs } from '../lib/n8n';
import { simplifyProperty } from '../lib/resources/simplify';
import { MB_UNIT } from '../lib/resources/sizes';
import { eventSubtitle } from '../lib/subtitle';
import { ApiClient, pollPolicy } from '../lib/transport';
import { EVENTS } from './events';
import { CONTENT_EVENTS, DEFAULT_MAX_FILE_SIZE_MB, readTriggerParameters } from './parameters';
import type { Poll } from './poll';
import { fetchTestEvent, pollForNew } from './poll';

const eventProperty: INodeProperties = {
	displayName: 'Trigger On',
	name: 'event',
	type: 'options',
	noDataExpression: true,
	options: [
		{
			name: 'New File in Folder',
			value: 'folderFile',
			description: 'A file was uploaded into a folder you pick, or into a folder inside it',
		},
		{
			name: 'New File or Folder in File Request',
			value: 'fileRequestItem',
			description: 'A file or folder arrived in a file request you created',
		},
		{
			name: 'New File or Folder in Folder',
			value: 'folderItem',
			description: 'A file or folder was created directly inside a folder you pick',
		},
		{
			name: 'New Notification',
			value: 'notification',
			description: 'A notification arrived for the account',
		},
		{
			name: 'New Upload',
			value: 'upload',
			description: 'A file was uploaded anywhere in the account',
		},
	],
	default: 'upload',
};

export class FileStorageTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'File Storage Trigger',
		name: 'fileStorageTrigger',
		icon: {
			light: 'file:../../icons/fileStorage.svg',
			dark: 'file:../../icons/fileStorage.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle: eventSubtitle([eventProperty]),
		description:
			'Starts the workflow when a file is uploaded (anywhere or into a folder), when a file or folder appears in a folder or a file request, or when a notification arrives',
		defaults: { name: 'File Storage Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{
				name: 'fileStorageApi',
				required: true,
				// `hide`, not a `show` list of the other four events: when the credentials' `show` lists name every event,
				// n8n's editor takes Trigger On for the node's authentication field and leaves it out of the panel
				displayOptions: { hide: { event: ['fileRequestItem'] } },
			},
			{
				name: 'fileStorageFileRequestApi',
				required: true,
				displayOptions: { show: { event: ['fileRequestItem'] } },
			},
		],
		properties: [
			eventProperty,
			{
				...fileRequestFolderLocator(
					'parent',
					'Folder',
					'Folder of the file request to watch. File Request Root is where uploads land.',
				),
				displayOptions: { show: { event: ['fileRequestItem'] } },
			},
			{
				...accountFolderLocator(
					'folder',
					'Folder',
					'Folder to watch. By ID takes the folder\'s UUID, or "all" for Root (All Files), the top level of your files.',
				),
				displayOptions: { show: { event: ['folderFile', 'folderItem'] } },
			},
			{
				displayName: 'Include Subfolders',
				name: 'includeSubfolders',
				type: 'boolean',
				default: true,
				description:
					'Whether files uploaded into folders inside the folder count too, at any depth',
				displayOptions: { show: { event: ['folderFile'] } },
			},
			{
				displayName: 'Unread Only',
				name: 'unreadOnly',
				type: 'boolean',
				default: false,
				description:
					'Whether to start the workflow only for notifications that are still unread when found',
				displayOptions: { show: { event: ['notification'] } },
			},
			simplifyProperty,
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add option',
				default: {},
				displayOptions: { show: { event: CONTENT_EVENTS } },
				options: [
					{
						displayName: 'Include File Content',
						name: 'includeFileContent',
						type: 'boolean',
						default: false,
						description:
							"Whether each new file also comes with its content as binary data, with the same file name and MIME type as File → Download gives. If the content cannot be fetched, the file is output without it and 'contentError' says why; it is not output again. Folders have no content.",
					},
					{
						displayName: 'Put Output File in Field',
						name: 'binaryPropertyName',
						type: 'string',
						default: 'data',
						displayOptions: { show: { includeFileContent: [true] } },
						hint: 'The name of the output binary field to put each file in',
					},
					{
						displayName: 'Max File Size (MB)',
						name: 'maxFileSizeMb',
						type: 'number',
						typeOptions: { minValue: 1, numberPrecision: 0 },
						default: DEFAULT_MAX_FILE_SIZE_MB,
						displayOptions: { show: { includeFileContent: [true] } },
						description: `Largest file whose content is included, in MB (${MB_UNIT}). It protects n8n's memory (binary data kept in memory) or disk from unexpectedly large uploads; a larger file is output without content, with the reason in 'contentError'.`,
					},
				],
			},
		],
	};

	methods = {
		listSearch: { searchFileRequestFolders, searchFolders },
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const parameters = readTriggerParameters(this);
		const event = EVENTS[parameters.event];
		const poll: Poll = {
			ctx: this,
			// One client per poll: the credential is read once for every page.
			client: new ApiClient(this, event.credentialType, 'poll'),
			event,
			parameters,
			policy: pollPolicy(pollBudgetMs(this)),
			startedAt: Date.now(),
		};
		return this.getMode() === 'manual' ? await fetchTestEvent(poll) : await pollForNew(poll);
	}
}
