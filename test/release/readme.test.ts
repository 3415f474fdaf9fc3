/* eslint-disable @n8n/community-nodes/no-restricted-imports */
// What a newcomer reads is true: links lead somewhere, and Troubleshooting quotes messages the code can produce.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import { SIMPLIFIED_FILE_FIELDS, SIMPLIFIED_FOLDER_FIELDS } from '../helpers/simplified-fields';
import { filesUnder, read, readJson, root, sourceFiles } from './repo';

const readme = read('README.md');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as dashes. */
function slug(heading: string): string {
	return heading
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{N} _-]/gu, '')
		.replace(/ /g, '-');
}

function anchorsOf(markdown: string): Set<string> {
	const withoutCode = markdown.replace(/```[\s\S]*?```/g, '');
	return new Set([...withoutCode.matchAll(/^#{1,6} (.+)$/gm)].map(([, heading]) => slug(heading)));
}

/** The repository's address: package.json's homepage, the one place a maintainer changes it. */
const manifest = readJson<{ homepage: string; repository: { url: string }; bugs: { url: string } }>(
	'package.json',
);
const repository = manifest.homepage.replace(/#readme$/, '');

describe('links a user follows', () => {
	const anchors = anchorsOf(readme);

	it("package.json's repository and issue links are the homepage's repository", () => {
		expect(repository).toMatch(/^https:\/\/github\.com\/[^/]+\/[^/#]+$/);
		expect(manifest.repository.url).toBe(`git+${repository}.git`);
		expect(manifest.bugs.url).toBe(`${repository}/issues`);
	});

	// Credentials must state documentationUrl as a literal (n8n's lint), and codex files are JSON: both are read as text.
	const shown = sourceFiles(/\.(ts|json)$/).flatMap((file) =>
		[...read(file).matchAll(/https:\/\/github\.com\/[^\s'"`)]+/g)].map(([url]) => ({ file, url })),
	);

	it('the nodes and credentials show links', () => {
		const files = new Set(shown.map(({ file }) => file));
		for (const file of [
			'credentials/FileStorageApi.credentials.ts',
			'credentials/FileStorageShareApi.credentials.ts',
			'credentials/FileStorageFileRequestApi.credentials.ts',
			'nodes/FileStorage/FileStorage.node.json',
			'nodes/FileStorageTrigger/FileStorageTrigger.node.json',
		])
			expect(files).toContain(file);
	});

	it('every link the nodes and credentials show opens a section of the README', () => {
		const broken = shown.filter(({ url }) => {
			const [address, anchor] = url.split('#');
			return address !== repository || anchor === undefined || !anchors.has(anchor);
		});
		expect(broken).toEqual([]);
	});

	const pages = [
		'README.md',
		...readdirSync(join(root, 'docs'))
			.filter((name) => name.endsWith('.md'))
			.map((name) => `docs/${name}`),
		'examples/README.md',
	];
	it.each(pages)(
		'every link inside %s leads to a file of the repository and its section',
		(page) => {
			const text = read(page).replace(/```[\s\S]*?```/g, '');
			const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map(([, target]) => target);
			if (page === 'README.md') expect(links.length).toBeGreaterThan(10);
			const broken = links.filter((target) => {
				if (/^https?:/.test(target)) return !target.startsWith('https://');
				const [relativePath, anchor] = target.split('#');
				const path = relativePath === '' ? page : join(page, '..', relativePath);
				if (!existsSync(join(root, path))) return true;
				return anchor !== undefined && !anchorsOf(read(path)).has(anchor);
			});
			expect(broken).toEqual([]);
		},
	);

	it('finds a broken anchor', () => {
		expect(anchorsOf('## Access token\n## File request ID').has('file-request-id')).toBe(true);
		expect(anchors.has('access-token-credential')).toBe(false);
	});
});

/** The README's quotes in one table of Troubleshooting (`which` is the text just before the table). */
function quotedMessages(which: string): string[] {
	const section = readme.slice(readme.indexOf('## Troubleshooting'));
	const table = section.slice(section.indexOf(which)).split('\n\n')[1];
	return table
		.split('\n')
		.slice(2)
		.flatMap((row) =>
			[...(row.split('|')[1] ?? '').matchAll(/`([^`]+)`/g)].map(([, quote]) => quote),
		);
}

/** Every text the source can say: its string and template literals, a template's placeholders as "…". */
function sayable(folder: string): string[] {
	const texts: string[] = [];
	for (const file of filesUnder(folder)) {
		// Comments out first: an apostrophe in one would start a literal.
		const code = read(file)
			.replace(/\/\*[\s\S]*?\*\//g, '')
			.replace(/^\s*\/\/.*$/gm, '');
		for (const [, , body] of code.matchAll(/(['"`])((?:\\.|(?!\1)[^\\])*)\1/g)) {
			const text = body
				.replace(/\\(['"`\\])/g, '$1')
				.replace(/\$\{[^}]*\}/g, '…')
				// a template nested in a placeholder ends the outer literal there
				.replace(/\$\{.*$/, '…');
			// A message starts with words; a literal that starts with a placeholder would match anything.
			if (/^[A-Z][a-z]/.test(text)) texts.push(text);
		}
	}
	return texts;
}

/**
 * Whether the code's text can begin with the quote: "…" on either side stands for what varies (in the quote, what the
 * README leaves out; in the code, a placeholder).
 */
function canBegin(quote: string, text: string): boolean {
	const seen = new Set<string>();
	// `absorbed`: quote characters that went into the code's placeholder at `t` so far. A placeholder stands for a
	// value (a status, a name, a time), so it takes a few characters, never a sentence.
	const match = (q: number, t: number, absorbed: number): boolean => {
		// The quote may end inside a placeholder only when nothing of the code's text follows it.
		if (q === quote.length) return absorbed === 0 || t === text.length - 1;
		const key = `${q},${t},${absorbed}`;
		if (seen.has(key)) return false;
		seen.add(key);
		if (quote[q] === '…') return match(q + 1, t, 0) || (t < text.length && match(q, t + 1, 0));
		if (text[t] === '…') {
			return match(q, t + 1, 0) || (absorbed < MAX_VALUE && match(q + 1, t, absorbed + 1));
		}
		return t < text.length && quote[q] === text[t] && match(q + 1, t + 1, 0);
	};
	return match(0, 0, 0);
}

/** The longest value a README quote may put where the code has a placeholder. */
const MAX_VALUE = 16;

/** The quotes no text of the code can begin with. */
const unsaid = (quotes: string[], texts: string[]) =>
	quotes.filter((quote) => !texts.some((text) => canBegin(quote, text)));

describe("Troubleshooting's messages", () => {
	const inWorkflow = quotedMessages('in a\nworkflow:');
	const inCredentialTest = quotedMessages('When you test a credential');

	it('quotes messages of both kinds', () => {
		expect(inWorkflow.length).toBeGreaterThan(10);
		expect(inCredentialTest.length).toBeGreaterThanOrEqual(4);
	});

	it('each workflow message is one the nodes say', () => {
		expect(unsaid(inWorkflow, sayable('nodes'))).toEqual([]);
	});

	it("each credential-test message is one the credentials' tests say", () => {
		expect(unsaid(inCredentialTest, sayable('credentials'))).toEqual([]);
	});

	it("quotes in full the messages the node ends with the server's words (`: …`)", () => {
		// these kinds append `: <the server's message>` whenever the server sent one
		const cutShort = inWorkflow.filter((quote) =>
			/^(The .+ was refused|Access denied|Not found|The File Storage server could not handle the request) \(HTTP \d+\)$/.test(
				quote,
			),
		);
		expect(cutShort).toEqual([]);
	});

	it('explains a credential test that shows only a connection code', () => {
		const section = readme.slice(readme.indexOf('When you test a credential'));
		expect(section).toMatch(/`ECONNREFUSED`[^.]*could not reach\s+the Base URL/);
	});

	it('a message the code does not say, or says elsewhere, is found out', () => {
		expect(unsaid(['The access token was refused: it is wrong'], sayable('nodes'))).toHaveLength(1);
		expect(unsaid(['The entry was not found'], sayable('nodes'))).toHaveLength(1);
		expect(
			canBegin('No answer within 30 s to GET /api/v1/…', 'No answer within … to … /api/v1…'),
		).toBe(true);
	});
});

describe("the README's shape", () => {
	it("keeps n8n's community-node README sections, in their order, which users of other community nodes know", () => {
		const sections = [...readme.matchAll(/^## (.+)$/gm)].map(([, heading]) => heading);
		const template = [
			'Installation',
			'Operations',
			'Credentials',
			'Compatibility',
			'Usage',
			'Resources',
			'Version history',
		];
		expect(sections.filter((heading) => template.includes(heading))).toEqual(template);
	});

	it('stays within 300 lines: detail goes to docs/', () => {
		expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(300);
	});
});

describe('words a workflow builder knows', () => {
	// what users read: the README, and docs/behaviour.md up to its section for engineers
	const behaviour = read('docs/behaviour.md');
	const forUsers = {
		'README.md': readme,
		'docs/behaviour.md': behaviour.slice(0, behaviour.indexOf('## The tests behind this page')),
	};
	// the words found, case-insensitive in the first group
	const jargon = [
		/peer dependenc|breadth.first|time budget|tolerant reader|\bcursors?\b|keyset|static data|\bthe window\b/gi,
		/n8n-workflow|isolated-vm|\(ISO\)|base 1000|\bendpoint \d|\bhops?\b|\borigins?\b|\.test\.ts|\bBearer token\b/g,
	];

	it.each(Object.keys(forUsers))('%s speaks without jargon', (page) => {
		const text = forUsers[page as keyof typeof forUsers];
		expect(text.length).toBeGreaterThan(1000);
		expect(jargon.flatMap((words) => text.match(words) ?? [])).toEqual([]);
	});
});

describe("Simplify's table", () => {
	/** The fields of the README's row for a kind: its backticked words, a value in parentheses left out. */
	const fieldsOf = (kind: string) => {
		const row = readme.split('\n').find((line) => line.startsWith(`| ${kind} `)) ?? '';
		const cell = (row.split('|')[2] ?? '').replace(/\([^)]*\)/g, '');
		return [...cell.matchAll(/`([^`]+)`/g)].map(([, field]) => field);
	};

	it('lists the fields the tests expect of a simplified file and folder, in their order', () => {
		expect(fieldsOf('file')).toEqual(SIMPLIFIED_FILE_FIELDS);
		expect(fieldsOf('folder')).toEqual(SIMPLIFIED_FOLDER_FIELDS);
	});
});
