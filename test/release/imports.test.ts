/* eslint-disable @n8n/community-nodes/no-restricted-imports */
// The shape of the source, as docs/architecture.md states its rules.
import { existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

import * as ts from 'typescript';

import { read, root, sourceFiles } from './repo';

/** Each source file's relative imports (`import` and `export … from`, type-only included), as repo paths. */
function importGraph(): Map<string, string[]> {
	const graph = new Map<string, string[]>();
	for (const file of sourceFiles()) {
		const text = read(file);
		const targets = [...text.matchAll(/\bfrom\s+'(\.[^']*)'/g)].map(([, spec]) => {
			const base = join(dirname(join(root, file)), spec);
			const found = [`${base}.ts`, join(base, 'index.ts')].find((candidate) =>
				existsSync(candidate),
			);
			if (!found) throw new Error(`${file} imports ${spec}, which is not a source file`);
			return relative(root, found);
		});
		graph.set(file, [...new Set(targets)]);
	}
	return graph;
}

/** Every circle of the graph, each as the files it passes through. */
function circles(graph: Map<string, string[]>): string[][] {
	const found: string[][] = [];
	const done = new Set<string>();
	const visit = (file: string, path: string[]) => {
		const at = path.indexOf(file);
		if (at >= 0) {
			found.push([...path.slice(at), file]);
			return;
		}
		if (done.has(file)) return;
		for (const target of graph.get(file) ?? []) visit(target, [...path, file]);
		done.add(file);
	};
	for (const file of graph.keys()) visit(file, []);
	return found;
}

/** Floors below a file: 1 for a file that imports nothing of the package, else one more than its deepest import. */
function floors(graph: Map<string, string[]>, file: string, within: string): number {
	const targets = (graph.get(file) ?? []).filter((target) => target.startsWith(within));
	return 1 + Math.max(0, ...targets.map((target) => floors(graph, target, within)));
}

describe('imports of the source', () => {
	const graph = importGraph();

	it('reads every source file', () => {
		expect(graph.size).toBeGreaterThan(50);
		expect(graph.get('nodes/lib/transport/index.ts')).toContain('nodes/lib/transport/client.ts');
	});

	it('has no circles, not even type-only ones', () => {
		expect(circles(graph).map((circle) => circle.join(' → '))).toEqual([]);
	});

	it('finds a circle where there is one', () => {
		const looped = new Map([
			['a.ts', ['b.ts']],
			['b.ts', ['c.ts']],
			['c.ts', ['a.ts']],
		]);
		expect(circles(looped)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
	});

	it('the transport is at most 8 floors deep from its entry point', () => {
		expect(
			floors(graph, 'nodes/lib/transport/index.ts', 'nodes/lib/transport/'),
		).toBeLessThanOrEqual(8);
	});

	it('the library imports no node folder', () => {
		const intoNodes = [...graph]
			.filter(([file]) => file.startsWith('nodes/lib/'))
			.flatMap(([file, targets]) =>
				targets.filter((target) => !target.startsWith('nodes/lib/')).map((t) => `${file} → ${t}`),
			);
		expect(intoNodes).toEqual([]);
	});

	it('credentials import nothing of the package but the credential contract', () => {
		const imports = [...graph]
			.filter(([file]) => file.startsWith('credentials/'))
			.flatMap(([, targets]) => targets);
		expect(imports.length).toBeGreaterThan(0);
		expect(new Set(imports)).toEqual(new Set(['nodes/lib/credentialContract.ts']));
	});

	it('no source file is over 300 lines', () => {
		const long = [...graph.keys()]
			.map((file) => [file, read(file).split('\n').length] as const)
			.filter(([, lines]) => lines > 300)
			.map(([file, lines]) => `${file}: ${lines} lines`);
		expect(long).toEqual([]);
	});

	// One failure pipeline: an error is worded when it is made (transport/errors.ts, with the caller's facts), never
	// rewritten on its way up. The one exception is inside that factory: NodeApiError swaps connection-code messages.
	it('no code sets the message or description of an error after it was made', () => {
		const rewrites = [...graph.keys()].flatMap((file) =>
			read(file)
				.split('\n')
				.flatMap((line, index) =>
					/\.(message|description)\s*(=[^=>]|\+=)/.test(line)
						? [`${file}:${index + 1}: ${line.trim()}`]
						: [],
				),
		);
		expect(rewrites).toEqual([
			'nodes/lib/transport/errors.ts:' + factoryLine() + ': error.message = text;',
		]);
	});

	// One table of messages and one of hints: the error factory is handed their texts, never one worded on the spot.
	it('every failure is worded from the tables of messages and hints', () => {
		const worded = [...graph.keys()].flatMap((file) => {
			const source = ts.createSourceFile(file, read(file), ts.ScriptTarget.ES2022, true);
			const found: string[] = [];
			const visit = (node: ts.Node) => {
				if (
					ts.isCallExpression(node) &&
					ts.isIdentifier(node.expression) &&
					node.expression.text === 'redactedError'
				) {
					for (const text of node.arguments.slice(1, 3))
						if (hasWords(text)) {
							const { line } = source.getLineAndCharacterOfPosition(text.getStart());
							found.push(`${file}:${line + 1}: ${text.getText().slice(0, 60)}`);
						}
				}
				ts.forEachChild(node, visit);
			};
			visit(source);
			return found;
		});
		expect(worded).toEqual([]);
	});
});

/** A string or template literal with words of its own (a template of table texts only joins them). */
function hasWords(node: ts.Node): boolean {
	const words = /[A-Za-z]/;
	if (ts.isStringLiteralLike(node)) return words.test(node.text);
	if (!ts.isTemplateExpression(node)) return false;
	return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].some((part) =>
		words.test(part),
	);
}

/** The line of the one message set in the error factory (NodeApiError swaps connection-code messages). */
function factoryLine(): number {
	const lines = read('nodes/lib/transport/errors.ts').split('\n');
	return lines.findIndex((line) => line.trim() === 'error.message = text;') + 1;
}
