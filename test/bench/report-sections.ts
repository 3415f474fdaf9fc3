/* eslint-disable @n8n/community-nodes/no-restricted-imports */
/**
 * docs/benchmarks.md is written by several scripts: bench.ts writes the whole report, other scripts (the Download
 * benchmark, the queue benchmark) each own one section between `<!-- <name>:start -->` and `<!-- <name>:end -->`.
 * `replaceSection` puts one script's section in (replacing its previous text, or appending it); `rewriteKeepingSections`
 * writes a whole new report and carries over every marker section of the old file the new text does not have, so
 * running one benchmark never erases another's results.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

const startMarker = (name: string) => `<!-- ${name}:start -->`;
const endMarker = (name: string) => `<!-- ${name}:end -->`;
const SECTION = /<!-- ([a-z0-9][a-z0-9-]*):start -->[\s\S]*?<!-- \1:end -->/g;

/** The marker sections of a text, in their order, each with its markers. */
export function sectionsOf(text: string): Array<{ name: string; text: string }> {
	return [...text.matchAll(SECTION)].map((match) => ({ name: match[1], text: match[0] }));
}

/** `content` with the section `name` set to `text` (without markers): replaced where it is, else appended. */
export function withSection(content: string, name: string, text: string): string {
	if (!/^[a-z0-9][a-z0-9-]*$/.test(name)) throw new Error(`section name "${name}": use lower-case letters, digits and dashes`);
	const section = `${startMarker(name)}\n${text.trim()}\n${endMarker(name)}`;
	const start = content.indexOf(startMarker(name));
	const end = content.indexOf(endMarker(name), start);
	if (start >= 0 && end > start) return `${content.slice(0, start)}${section}${content.slice(end + endMarker(name).length)}`;
	return `${content.trimEnd()}\n\n${section}\n`;
}

/** `next` (a whole new report) with the marker sections of `previous` that `next` does not have, appended in their order. */
export function keepingSections(previous: string, next: string): string {
	const present = new Set(sectionsOf(next).map((section) => section.name));
	const kept = sectionsOf(previous).filter((section) => !present.has(section.name));
	if (!kept.length) return next;
	return `${next.trimEnd()}\n\n${kept.map((section) => section.text).join('\n\n')}\n`;
}

/** Sets one script's section of a report file (see withSection); the file is created if missing. */
export function replaceSection(file: string, name: string, text: string): void {
	const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n';
	fs.mkdirSync(path.dirname(file), { recursive: true });
	fs.writeFileSync(file, withSection(current, name, text));
}

/** Writes a whole new report, keeping the other scripts' sections of the previous file (see keepingSections). */
export function rewriteKeepingSections(file: string, next: string): void {
	const previous = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
	fs.mkdirSync(path.dirname(file), { recursive: true });
	fs.writeFileSync(file, keepingSections(previous, next));
}
