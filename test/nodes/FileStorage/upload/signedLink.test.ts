import { reachabilityWarning } from '../../../../nodes/FileStorage/upload/signedLink';

describe('reachabilityWarning', () => {
	test('warns when n8n names a private address and the server is elsewhere', () => {
		expect(
			reachabilityWarning(
				'http://localhost:5678/rest/binary-data/signed?token=x',
				'https://files.example.com',
			),
		).toBe(
			'n8n gave the server a link on localhost:5678, an address the server at files.example.com probably cannot reach. Set WEBHOOK_URL on n8n to its public address.',
		);
		for (const host of ['127.0.0.1', '10.1.2.3', '192.168.0.9', '172.20.0.2', '[::1]', 'n8n']) {
			expect(
				reachabilityWarning(`http://${host}:5678/rest/x`, 'https://files.example.com'),
			).toBeDefined();
		}
	});

	test('is quiet when n8n is public, or when both are on private addresses', () => {
		expect(
			reachabilityWarning('https://n8n.example.com/rest/x', 'https://files.example.com'),
		).toBeUndefined();
		expect(
			reachabilityWarning('http://127.0.0.1:5678/rest/x', 'http://127.0.0.1:8787'),
		).toBeUndefined();
		expect(
			reachabilityWarning('http://[2001:db8::1]:5678/rest/x', 'https://files.example.com'),
		).toBeUndefined();
	});
});
