/* eslint-disable @n8n/community-nodes/no-restricted-imports */
// examples/ before any n8n runs them (the e2e suite does): importing overwrites none of a user's workflows, and
// their placeholders, not the demo sandbox's IDs, stand where users put their own.
import * as fs from 'node:fs';
import * as path from 'node:path';

import { refuseUnsafeWorkflowIds } from '../e2e/cli';
import { EXAMPLES, EXAMPLES_DIR, loadExample, SANDBOX_IDS_FOR_PLACEHOLDERS } from '../e2e/fixtures';
import { Model } from '../sandbox/model';
import { MESSAGES } from '../sandbox/schemas';

const loadedAll = () => Object.values(EXAMPLES).map(loadExample);
const files = fs.readdirSync(EXAMPLES_DIR).filter((file) => file.endsWith('.json'));
const shipped = (file: string) => fs.readFileSync(path.join(EXAMPLES_DIR, file), 'utf8');
type Node = {
	type: string;
	credentials?: Record<string, { name?: string }>;
	parameters: { content?: string };
};
const workflows = files.map((file) => ({
	file,
	...(JSON.parse(shipped(file)) as { id: string; nodes: Node[] }),
}));

describe('examples/', () => {
	it('are all imported by the e2e suite and the demo', () => {
		expect(Object.values(EXAMPLES).sort()).toEqual(files.sort());
	});

	it("have workflow ids n8n never generates (16 letters and digits), short enough for the trigger's memory", () => {
		for (const { id } of workflows)
			expect({ id, generatable: /^[A-Za-z0-9]{16}$/.test(id) }).toEqual({ id, generatable: false });
		expect(new Set(workflows.map((w) => w.id)).size).toBe(workflows.length);
		expect(() => refuseUnsafeWorkflowIds(loadedAll())).not.toThrow();
	});

	it.each(workflows)(
		'$file names a credential in every File Storage node and tells users to pick their own',
		({ nodes }) => {
			for (const node of nodes.filter((n) => n.type.startsWith('n8n-nodes-file-storage.')))
				expect(Object.values(node.credentials ?? {}).map((c) => typeof c.name)).toEqual(['string']);
			expect(nodes.map((n) => n.parameters.content ?? '').join('\n')).toMatch(
				/pick your own credential/i,
			);
		},
	);

	const model = new Model();
	it.each([
		// a server's answer is recognised by what the API guarantees: the node's words are the same on every server
		['word of the test server', Object.values(MESSAGES).filter((words) => words !== MESSAGES.gone)],
		// n8n names new credentials otherwise
		['credential name of the sandbox', [/\(sandbox/]],
		// the demo's control API is in docs/development.md, not the README
		['pointer to the control API in the README', [/control API \(see the README\)/]],
		// users must put their own IDs there
		["ID of the demo sandbox's items", [...model.items.keys()]],
	] as Array<[string, Array<string | RegExp>]>)('ship no %s', (_what, forbidden) => {
		expect(forbidden.length).toBeGreaterThan(0);
		const found = files.flatMap((file) =>
			forbidden
				.filter((f) => (typeof f === 'string' ? shipped(file).includes(f) : f.test(shipped(file))))
				.map((f) => `${file}: ${String(f)}`),
		);
		expect(found).toEqual([]);
	});

	it.each([
		['<ID of a folder to watch>', 'Old Stuff'],
		['<ID of a file to watch>', 'Documents/old-draft.docx'],
		['<ID of another folder to watch>', 'Documents'],
		['<ID of the folder where invoices arrive>', 'Documents'],
	])('fill the placeholder %s with the seeded %s', (placeholder, path) => {
		expect(model.itemAt(0, path).id).toBe(SANDBOX_IDS_FOR_PLACEHOLDERS[placeholder]);
	});

	it('leave no placeholder unfilled, and Invoices is the folder inside Documents', () => {
		expect(model.itemAt(0, 'Documents/Invoices').type).toBe('folder');
		for (const workflow of loadedAll()) expect(JSON.stringify(workflow)).not.toContain('<ID of');
	});
});
