/**
 * The one check that no secret (access token, share token, file request id) shows up in anything a test can see:
 * node output, errors, run data, REST answers, log files. A secret rarely leaks verbatim only: it travels in URLs
 * (percent- or form-encoded) and inside JSON strings (escaped, or escaped twice when a JSON log line carries
 * serialised run data), and a user may paste it with surrounding blanks that the node trims away.
 */

export type SecretForm =
	| 'raw'
	| 'trimmed'
	| 'url-encoded'
	| 'form-encoded'
	| 'json-escaped'
	| 'json-escaped twice';

const jsonEscaped = (text: string) => JSON.stringify(text).slice(1, -1);

/** The texts a secret may appear as, each once (forms that coincide with an earlier one are left out). */
export function secretForms(secret: string): Array<{ form: SecretForm; text: string }> {
	const trimmed = secret.trim();
	if (trimmed === '')
		throw new Error('an empty secret would match every text: check how the secrets were collected');
	const forms: Array<{ form: SecretForm; text: string }> = [
		{ form: 'raw', text: secret },
		{ form: 'trimmed', text: trimmed },
		{ form: 'url-encoded', text: encodeURIComponent(trimmed) },
		{
			form: 'form-encoded',
			text: new URLSearchParams({ s: trimmed }).toString().slice('s='.length),
		},
		{ form: 'json-escaped', text: jsonEscaped(trimmed) },
		{ form: 'json-escaped twice', text: jsonEscaped(jsonEscaped(trimmed)) },
	];
	return forms.filter(
		(candidate, index) => forms.findIndex((other) => other.text === candidate.text) === index,
	);
}

/** Names a secret in a failure message without printing it. */
function masked(secret: string): string {
	const trimmed = secret.trim();
	return `${trimmed.slice(0, 4)}… (${trimmed.length} characters)`;
}

/**
 * Every place where a text holds a form of a secret, described without the secret ("<where>: secret abcd… (40
 * characters), url-encoded"). `texts` maps a description of where each text comes from to the text; a plain array
 * is described by index. Empty when nothing leaked.
 */
export function findLeaks(
	texts: Record<string, string> | string[],
	secrets: readonly string[],
): string[] {
	const entries = Array.isArray(texts)
		? texts.map((text, index) => [`text #${index}`, text] as const)
		: Object.entries(texts);
	const formsOf = secrets.map((secret) => ({ secret, forms: secretForms(secret) }));
	const leaks: string[] = [];
	for (const [where, text] of entries) {
		for (const { secret, forms } of formsOf) {
			const found = forms.find((candidate) => text.includes(candidate.text));
			if (found) leaks.push(`${where}: secret ${masked(secret)}, ${found.form}`);
		}
	}
	return leaks;
}
