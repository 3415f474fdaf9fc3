// The screen of both Download operations (File, File Request): which file, thumbnail or file, where it goes.

import type { INodeProperties } from 'n8n-workflow';

import { timeoutOption } from '../common/requestOptions';

export function downloadProperties(credentialName: string): INodeProperties[] {
	return [
		{
			displayName:
				"Used as a tool, this node returns the file's name, type, size and URL, not its content: binary data cannot pass to an agent",
			name: 'toolNotice',
			type: 'notice',
			default: '',
			displayOptions: { show: { '@tool': [true] } },
		},
		{
			displayName: 'File to Download',
			name: 'source',
			type: 'options',
			noDataExpression: true,
			options: [
				{
					name: 'From URL',
					value: 'url',
					description: 'A file URL entered here or mapped from an earlier node',
				},
				{
					name: 'From Input Item',
					value: 'input',
					description: 'The file each input item describes, as a listing or the trigger outputs it',
				},
			],
			default: 'input',
			description: `Which file to download. The '${credentialName}' credential is sent only to its Base URL's server.`,
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
				"Address of the file, e.g. the 'fileUrl' of a listed file. A path starting with / is on the credential's server. Files on other servers are downloaded without credentials.",
		},
		{
			displayName: 'File or Thumbnail',
			name: 'content',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { source: ['input'] } },
			options: [
				{ name: 'File', value: 'file', description: 'The file as it is stored' },
				{
					name: 'Thumbnail',
					value: 'thumbnail',
					description:
						'A small preview picture of the file; for files that are not images, an icon of their type',
				},
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
				'The size to get where the server offers several; the nearest one otherwise, larger first. Ignored where a file has one thumbnail. A listing with Simplify on keeps one thumbnail per file (Large, where the server offers several): to choose another size, turn Simplify off in the node that lists the files.',
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
						'Name of the output file. Empty: its name in File Storage, else the name the server sends, else the end of the URL.',
				},
				{
					...timeoutOption,
					description:
						'Seconds to wait for the server to start sending the file, and for each next part of it. A large file may take longer in all. A busy or rate-limited server is asked again a few times first.',
				},
			],
		},
	];
}
