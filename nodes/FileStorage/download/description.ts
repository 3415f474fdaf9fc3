// The screen of both Download operations (File, File Request): which file, thumbnail or file, where it goes.

import type { INodeProperties } from 'n8n-workflow';

import { timeoutOption } from '../common/requestOptions';

export function downloadProperties(credentialName: string): INodeProperties[] {
	return [
		{
			displayName: 'File',
			name: 'source',
			type: 'options',
			noDataExpression: true,
			options: [
				{
					name: 'By URL',
					value: 'url',
					description: 'A file URL given here, e.g. by an expression or by an AI agent',
				},
				{
					name: 'From Input Item',
					value: 'input',
					description:
						'The file each input item describes, as File Storage lists and the trigger output it (simplified or raw)',
				},
			],
			default: 'input',
			description: `Which file to download. The "${credentialName}" credential is used only when the file URL is on its Base URL's server. Used as an AI tool, the operation returns the file's name, type, size and URL, not its content: binary data cannot pass to an agent.`,
		},
		{
			displayName: 'File URL',
			name: 'fileUrl',
			type: 'string',
			default: '',
			required: true,
			displayOptions: { show: { source: ['url'] } },
			placeholder: 'e.g. https://files.example.com/file/report.pdf',
			description:
				'Address of the file content (the "fileUrl" of a listed file). A path starting with "/" is read on the credential\'s server. Files on other servers are downloaded without credentials.',
		},
		{
			displayName: 'Download',
			name: 'content',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { source: ['input'] } },
			options: [
				{ name: 'File', value: 'file', description: 'The file itself' },
				{ name: 'Thumbnail', value: 'thumbnail', description: 'Its preview image (for other files, a type icon)' },
			],
			default: 'file',
		},
		{
			displayName: 'Thumbnail Size',
			name: 'thumbnailSize',
			type: 'options',
			displayOptions: { show: { source: ['input'], content: ['thumbnail'] } },
			options: [
				{ name: 'Extra Large', value: 'xl' },
				{ name: 'Extra Small', value: 'xs' },
				{ name: 'Large', value: 'lg' },
				{ name: 'Medium', value: 'md' },
				{ name: 'Small', value: 'sm' },
			],
			default: 'lg',
			description:
				'For servers that offer thumbnails in several sizes; the nearest available size is used (larger first). Ignored when a file has one thumbnail.',
		},
		{
			displayName: 'Put Output File in Field',
			name: 'binaryPropertyName',
			type: 'string',
			default: 'data',
			required: true,
			hint: 'The name of the output binary field to put the file in',
		},
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add option',
			default: {},
			options: [
				{
					displayName: 'File Name',
					name: 'fileName',
					type: 'string',
					default: '',
					placeholder: 'e.g. invoice.pdf',
					description:
						'Name of the output file. Empty: the name of the file in File Storage, else the name the server sends, else the last part of the URL.',
				},
				{
					...timeoutOption,
					description:
						'Seconds to wait for the server to start answering, and for each next part of the file while it arrives (a large file may take longer in all). Rate-limited and unavailable servers are asked again a few times first.',
				},
			],
		},
	];
}
