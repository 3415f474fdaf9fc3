// What the node panel and the node creator say reads like n8n's own nodes (n8n's UX guidelines and UI text style).
import type { INodeProperties, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';

import { FileStorageApi } from '../../credentials/FileStorageApi.credentials';
import { FileStorageFileRequestApi } from '../../credentials/FileStorageFileRequestApi.credentials';
import { FileStorageShareApi } from '../../credentials/FileStorageShareApi.credentials';
import { FileStorage } from '../../nodes/FileStorage/FileStorage.node';
import { FileStorageTrigger } from '../../nodes/FileStorageTrigger/FileStorageTrigger.node';

const node = new FileStorage().description;
const trigger = new FileStorageTrigger().description;

/** A parameter wherever it is: top level, inside a collection, or inside a fixed collection's values. */
interface Placed {
	property: INodeProperties;
	/** The top-level parameter it belongs to (itself at the top). */
	top: INodeProperties;
}

function everyProperty(description: INodeTypeDescription): Placed[] {
	const placed: Placed[] = [];
	const visit = (property: INodeProperties, top: INodeProperties) => {
		placed.push({ property, top });
		for (const option of property.options ?? []) {
			if ('displayName' in option && 'type' in option) visit(option as INodeProperties, top);
			if ('values' in option) for (const value of option.values) visit(value, top);
		}
	};
	for (const property of description.properties) visit(property, property);
	return placed;
}

const choices = (property: INodeProperties) =>
	(property.options ?? []).filter(
		(option): option is INodePropertyOptions => 'value' in option && !('type' in option),
	);

const all = [...everyProperty(node), ...everyProperty(trigger)];
const shown = all.filter(
	({ property }) => property.type !== 'notice' && property.type !== 'hidden',
);
const operations = all
	.filter(({ property }) => property.name === 'operation')
	.flatMap(({ property }) =>
		choices(property).map((choice) => ({
			resource: String(property.displayOptions?.show?.resource?.[0]),
			...choice,
		})),
	);

describe('action names (the node creator lists them)', () => {
	it('lists every operation of every resource', () => {
		expect(operations.length).toBeGreaterThanOrEqual(13);
		expect(operations.filter((operation) => !operation.action)).toEqual([]);
	});

	it.each(operations.map((operation) => [operation.action ?? '', operation.name]))(
		'"%s" (%s) reads as n8n\'s own: the operation\'s verb, then "a", "an", "the" or "many", in sentence case',
		(action, name) => {
			const verb = name.split(' ')[0];
			expect(action).toMatch(new RegExp(`^${verb} (a|an|the|many) [a-z]`));
			// sentence case: capitals only at the start and in abbreviations (URL)
			expect(action.slice(1).replace(/\bURL\b/g, '')).not.toMatch(/[A-Z]/);
		},
	);

	it('the node creator describes the node by what it does, every resource included', () => {
		for (const said of [
			'search',
			'download',
			'upload',
			'restore',
			'shared folders',
			'file requests',
			'notifications',
		])
			expect(node.description.toLowerCase()).toContain(said);
		expect(node.description).not.toMatch(/restore trash/i);
	});
});

describe('one name per thing', () => {
	const names = shown.flatMap(({ property }) => [
		property.displayName,
		...choices(property).map((choice) => choice.name),
	]);

	it('"item" means only n8n\'s input item: files and folders are called so', () => {
		const itemNames = names.filter(
			(name) => /\bitems?\b/i.test(name) && !/\binput item\b/i.test(name),
		);
		expect(itemNames).toEqual([]);
		expect(
			operations.map((operation) => operation.name).filter((name) => /\bitems?\b/i.test(name)),
		).toEqual([]);
	});

	it('a URL source is "From URL" everywhere (operation, action, choice)', () => {
		const text = JSON.stringify([node, trigger]);
		expect(text).not.toMatch(/\bby URL\b/i);
		expect(operations.map((operation) => operation.name)).toContain('Upload From URL');
		expect(names).toContain('From URL');
	});

	it('parameters of one name offer the same choices', () => {
		const byName = new Map<string, string[][]>();
		for (const { property } of shown.filter(({ property }) => property.type === 'options')) {
			if (property.name === 'operation' || property.name === 'resource') continue;
			const offered = choices(property).map((choice) => choice.name);
			byName.set(property.displayName, [...(byName.get(property.displayName) ?? []), offered]);
		}
		const differing = [...byName].filter(([, sets]) =>
			sets.some((set) => JSON.stringify(set) !== JSON.stringify(sets[0])),
		);
		expect(differing).toEqual([]);
	});

	it("within an operation's panel, no parameter is named like a choice of another", () => {
		const panels = new Map<string, Set<string>[]>();
		for (const { property, top } of shown.filter(
			({ top }) => top.displayOptions?.show?.operation,
		)) {
			for (const resource of top.displayOptions?.show?.resource ?? [])
				for (const operation of top.displayOptions?.show?.operation ?? []) {
					const key = `${String(resource)} → ${String(operation)}`;
					const [parameters, offered] = panels.get(key) ?? [new Set<string>(), new Set<string>()];
					parameters.add(property.displayName);
					for (const choice of choices(property)) offered.add(choice.name);
					panels.set(key, [parameters, offered]);
				}
		}
		expect(panels.size).toBeGreaterThanOrEqual(13);
		const clashes = [...panels].flatMap(([panel, [parameters, offered]]) =>
			[...parameters].filter((name) => offered.has(name)).map((name) => `${panel}: ${name}`),
		);
		expect(clashes).toEqual([]);
	});
});

describe('credentials', () => {
	it('describe their fields in words a workflow builder knows', () => {
		const fields = [
			new FileStorageApi(),
			new FileStorageShareApi(),
			new FileStorageFileRequestApi(),
		].flatMap((credential) => credential.properties);
		const said = fields.map((field) => `${field.description ?? ''} ${field.hint ?? ''}`).join(' ');
		expect(said).not.toMatch(/\bBearer\b/);
	});
});

describe('descriptions', () => {
	const described = shown.filter(({ property }) => property.description);
	/** The shown parameter `name` (of the panel of `operation`, when given). */
	const parameter = (name: string, operation?: string) =>
		shown.find(
			({ property, top }) =>
				property.name === name &&
				(!operation || top.displayOptions?.show?.operation?.includes(operation)),
		)?.property;

	it('an options parameter that names a raw value also names the choice the dropdown shows', () => {
		const unnamed = shown
			.filter(({ property }) => property.type === 'options' && property.description)
			.flatMap(({ property }) =>
				choices(property)
					// a value that is the name in other case (file, File) reads the same
					.filter((choice) => String(choice.value).toLowerCase() !== choice.name.toLowerCase())
					.filter((choice) =>
						new RegExp(`\\b${String(choice.value)}\\b`).test(property.description!),
					)
					.filter((choice) => !property.description!.includes(choice.name))
					.map((choice) => `${property.displayName}: ${String(choice.value)}`),
			);
		expect(unnamed).toEqual([]);
	});

	it('a number whose default is 0 says what 0 means', () => {
		const silent = described
			.concat(shown.filter(({ property }) => !property.description))
			.filter(({ property }) => property.type === 'number' && property.default === 0)
			.filter(({ property }) => !/\b0\b/.test(property.description ?? ''))
			.map(({ property }) => property.displayName);
		expect(silent).toEqual([]);
	});

	it('no default is above the most its description allows', () => {
		const above = described
			.filter(({ property }) => property.type === 'number')
			.flatMap(({ property }) => {
				const most = /\bat most (\d+)/.exec(property.description!);
				return most && Number(property.default) > Number(most[1])
					? [`${property.displayName}: default ${String(property.default)}, at most ${most[1]}`]
					: [];
			});
		expect(above).toEqual([]);
		expect(parameter('batchSize', 'uploadFile')?.default).toBe(20);
	});

	it('both filters on a name say that upper and lower case count as the same', () => {
		for (const name of ['nameContains', 'namePattern'])
			expect(parameter(name)?.description).toMatch(/upper and lower case/i);
	});

	it('Upload File says, before it fails, what it needs of n8n', () => {
		const field = parameter('binaryPropertyName', 'uploadFile');
		expect(field?.description).toMatch(/reach n8n/);
		expect(field?.description).toMatch(/N8N_DEFAULT_BINARY_DATA_MODE=filesystem/);
		const operation = operations.find((candidate) => candidate.value === 'uploadFile');
		expect(operation?.description).toMatch(/reach n8n/);
	});

	it('Thumbnail Size says where it cannot apply: after a listing with Simplify on', () => {
		expect(parameter('thumbnailSize')?.description).toMatch(/Simplify on.*turn Simplify off/);
	});

	it('Include File Content is offered on every event whose items can be files', () => {
		const options = trigger.properties.find((property) => property.name === 'options');
		const events = choices(trigger.properties.find((property) => property.name === 'event')!)
			.filter((event) => event.value !== 'notification')
			.map((event) => event.value);
		expect([...(options?.displayOptions?.show?.event ?? [])].sort()).toEqual(events.sort());
	});
});
