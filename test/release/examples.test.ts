/* eslint-disable @n8n/community-nodes/no-restricted-imports */
// What a user gets from examples/ before any n8n runs them (the e2e suite does that): importing cannot overwrite one
// of their workflows, no ID of the demo sandbox is left where they must put their own, and the placeholders that
// stand for those IDs are the sandbox's items in the suite and the demo.
import * as fs from 'node:fs';
import * as path from 'node:path';

import { refuseUnsafeWorkflowIds } from '../e2e/cli';
import { EXAMPLES, EXAMPLES_DIR, loadExample, SANDBOX_IDS_FOR_PLACEHOLDERS } from '../e2e/fixtures';
import { Model } from '../sandbox/model';
import { MESSAGES } from '../sandbox/schemas';

const files = fs.readdirSync(EXAMPLES_DIR).filter((file) => file.endsWith('.json'));
const shipped = (file: string) => fs.readFileSync(path.join(EXAMPLES_DIR, file), 'utf8');

describe('examples/', () => {
	it('are all imported by the e2e suite and the demo', () => {
		expect(Object.values(EXAMPLES).sort()).toEqual(files.sort());
	});

	it("have workflow ids n8n never generates (16 letters and digits), short enough for the trigger's memory", () => {
		const workflows = files.map(
			(file) => JSON.parse(shipped(file)) as { id: string; nodes: Array<{ type: string }> },
		);
		for (const { id } of workflows)
			expect({ id, generatable: /^[A-Za-z0-9]{16}$/.test(id) }).toEqual({ id, generatable: false });
		expect(new Set(workflows.map((w) => w.id)).size).toBe(workflows.length);
		expect(() => refuseUnsafeWorkflowIds(loadedAll())).not.toThrow();
	});

	it('name a credential in every File Storage node and tell users to pick their own', () => {
		for (const file of files) {
			const workflow = JSON.parse(shipped(file)) as {
				nodes: Array<{
					type: string;
					credentials?: Record<string, { name?: string }>;
					parameters: { content?: string };
				}>;
			};
			for (const node of workflow.nodes.filter((n) =>
				n.type.startsWith('n8n-nodes-file-storage.'),
			)) {
				expect(Object.values(node.credentials ?? {}).map((c) => typeof c.name)).toEqual(['string']);
			}
			const notes = workflow.nodes.map((n) => n.parameters.content ?? '').join('\n');
			expect({ file, saysPickYourOwn: /pick your own credential/i.test(notes) }).toEqual({
				file,
				saysPickYourOwn: true,
			});
		}
	});

	it("recognise a server's answer by what the API guarantees, never by the test server's own words", () => {
		// the node's words are the same on every server; these are only the test server's
		const serverWords = Object.entries(MESSAGES)
			.filter(([key]) => key !== 'gone')
			.map(([, words]) => words);
		for (const file of files)
			for (const words of serverWords)
				expect({ file, words, shipped: shipped(file).includes(words) }).toEqual({
					file,
					words,
					shipped: false,
				});
	});

	it('name credentials as n8n names new ones and point readers at the page that has what they need', () => {
		for (const file of files) {
			expect({ file, sandboxNames: /\(sandbox/.test(shipped(file)) }).toEqual({
				file,
				sandboxNames: false,
			});
			// the demo's control API is in docs/development.md, not the README
			expect({
				file,
				controlApiInReadme: /control API \(see the README\)/.test(shipped(file)),
			}).toEqual({ file, controlApiInReadme: false });
		}
	});

	it("ship no ID of the demo sandbox's items, and their placeholders stand for its seeded items", () => {
		const model = new Model();
		const sandboxIds = [...model.items.keys()];
		for (const file of files)
			for (const id of sandboxIds)
				expect({ file, id, shipped: shipped(file).includes(id) }).toEqual({
					file,
					id,
					shipped: false,
				});
		expect(model.itemAt(0, 'Old Stuff').id).toBe(
			SANDBOX_IDS_FOR_PLACEHOLDERS['<ID of a folder to watch>'],
		);
		expect(model.itemAt(0, 'Documents/old-draft.docx').id).toBe(
			SANDBOX_IDS_FOR_PLACEHOLDERS['<ID of a file to watch>'],
		);
		expect(model.itemAt(0, 'Documents').id).toBe(
			SANDBOX_IDS_FOR_PLACEHOLDERS['<ID of another folder to watch>'],
		);
		expect(model.itemAt(0, 'Documents').id).toBe(
			SANDBOX_IDS_FOR_PLACEHOLDERS['<ID of the folder where invoices arrive>'],
		);
		expect(model.itemAt(0, 'Documents/Invoices').type).toBe('folder');
		for (const workflow of loadedAll()) expect(JSON.stringify(workflow)).not.toContain('<ID of');
	});
});

function loadedAll() {
	return Object.values(EXAMPLES).map(loadExample);
}
