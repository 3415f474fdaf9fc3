/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
/**
 * Loaded into `n8n start` (`NODE_OPTIONS=--require`, lib.ts BenchN8n) when a section runs on a settled heap: listens
 * on 127.0.0.1:BENCH_PROBE_PORT and answers `POST /settle` after two full garbage collections, so that no garbage of
 * earlier runs is collected inside the next measured one. Unref'd; only n8n's main thread runs it.
 */
import * as http from 'node:http';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import { isMainThread } from 'node:worker_threads';

const port = Number(process.env.BENCH_PROBE_PORT);
if (port && isMainThread) {
	v8.setFlagsFromString('--expose-gc');
	const gc = vm.runInNewContext('gc') as () => void;
	http
		.createServer((req, res) => {
			const settle = req.method === 'POST' && req.url === '/settle';
			if (settle) {
				gc();
				gc();
			}
			res.writeHead(settle ? 200 : 404).end();
		})
		.listen(port, '127.0.0.1')
		.unref();
}
