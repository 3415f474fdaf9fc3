import { reachabilityWarning } from '../../../../nodes/FileStorage/upload/signedLink';

const FILES = 'https://files.example.com';

describe('reachabilityWarning', () => {
	test('warns when n8n names a private address and the server is elsewhere', () => {
		expect(
			reachabilityWarning('http://localhost:5678/rest/binary-data/signed?token=x', FILES),
		).toBe(
			'n8n gave the server a link on localhost:5678, an address the server at files.example.com probably cannot reach. Set WEBHOOK_URL on n8n to its public address.',
		);
	});

	test.each(['127.0.0.1', '10.1.2.3', '192.168.0.9', '172.20.0.2', '[::1]', 'n8n'])(
		'warns for n8n on %s',
		(host) => expect(reachabilityWarning(`http://${host}:5678/rest/x`, FILES)).toBeDefined(),
	);

	test.each([
		['https://n8n.example.com/rest/x', FILES],
		['http://127.0.0.1:5678/rest/x', 'http://127.0.0.1:8787'],
		['http://[2001:db8::1]:5678/rest/x', FILES],
	])('is quiet for n8n at %s and the server at %s (n8n public, or both private)', (link, server) =>
		expect(reachabilityWarning(link, server)).toBeUndefined(),
	);
});
