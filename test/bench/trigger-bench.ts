/**
 * The trigger at engine level (test/harness/engine.ts `Poller`: n8n-core's PollContext, static data committed as n8n
 * does): the requests of an idle poll per event, and the size of the static data (its JSON) while 100,000 events
 * arrive, a minute between polls. Every poll's items are checked: exactly the new ones, oldest first.
 */
import { Poller } from '../harness/engine';
import { credentialsFor } from '../helpers/fixture';
import { activeFileRequest } from '../sandbox/seed';
import { startSandbox } from '../sandbox/server';
import { progress } from './lib';
import type { Target } from './report';
import { table } from './report';

const PLANS = [
	{ event: 'upload', polls: 1000, perPoll: 100 },
	// not paginated by the API: every poll reads the whole list, so fewer, larger bursts
	{ event: 'notification', polls: 10, perPoll: 10_000 },
	{ event: 'fileRequestItem', polls: 10, perPoll: 10_000 },
] as const;

export async function triggerBench(): Promise<{ text: string; targets: Target[] }> {
	const rows: Array<Array<string | number>> = [];
	const targets: Target[] = [];
	for (const { event, polls, perPoll } of PLANS) {
		const sb = await startSandbox({ port: 0, host: '127.0.0.1' });
		try {
			const { folderId } = activeFileRequest(sb.seed);
			const arrive = (n: number) =>
				event === 'upload'
					? sb.model.addFile(0, { name: `up-${n}.txt`, size: n }).id
					: event === 'notification'
						? sb.model.addNotification(0, { title: `Bench ${n}`, category: 'upload' }).id
						: sb.model.addFile(0, { folderId, name: `req-${n}.pdf` }).id;
			const poller = new Poller({ parameters: { event }, credentials: credentialsFor(sb) });
			/** one poll: the ids it emitted, its requests, the static data's size after it */
			const poll = async () => {
				sb.clearRequests();
				const outcome = await poller.poll('trigger');
				if (outcome.error) throw outcome.error;
				const bytes = Buffer.byteLength(JSON.stringify(poller.staticData));
				return {
					ids: (outcome.items ?? []).map((i) => String(i.json.id)),
					requests: sb.requests.length,
					bytes,
				};
			};
			const [activation, idle] = [await poll(), await poll()];
			if (activation.ids.length || idle.ids.length)
				throw new Error(`${event}: activation or an idle poll emitted items`);
			let [maxBytes, burstRequests, n] = [Math.max(activation.bytes, idle.bytes), 0, 0];
			for (let k = 0; k < polls; k++) {
				sb.clock.advance(60_000);
				const expected = Array.from({ length: perPoll }, () => arrive(++n));
				const burst = await poll();
				if (burst.ids.join() !== expected.join())
					throw new Error(`${event}, poll ${k + 1}: not exactly the ${perPoll} new items in order`);
				burstRequests += burst.requests;
				maxBytes = Math.max(maxBytes, burst.bytes);
			}
			const after = await poll();
			if (after.ids.length) throw new Error(`${event}: the idle poll after the history emitted`);
			const emitted = (polls * perPoll).toLocaleString('en-US');
			rows.push([
				event,
				activation.requests,
				`**${idle.requests}**`,
				after.requests,
				`${emitted} (${polls} × ${perPoll.toLocaleString('en-US')})`,
				burstRequests,
				`${activation.bytes} / **${maxBytes}** / ${after.bytes}`,
			]);
			targets.push(
				{
					target: `Trigger ${event}: idle poll = 1 request`,
					measured: `${idle.requests} (after ${emitted} events: ${after.requests})`,
					ok: idle.requests === 1 && after.requests === 1,
				},
				{
					target: `Trigger ${event}: static data ≤ 8 KB`,
					measured: `max ${maxBytes.toLocaleString('en-US')} B, final ${after.bytes.toLocaleString('en-US')} B after ${emitted} events`,
					ok: maxBytes <= 8 * 1024,
				},
			);
			progress(`trigger ${event}: ${emitted} events, static data at most ${maxBytes} B`);
		} finally {
			await sb.stop();
		}
	}
	const text = [
		'### Trigger (engine level: n8n-core PollContext through test/harness/engine.ts)',
		'Activation, an idle poll, bursts of new entries a minute apart (every poll checked: exactly the new ids, oldest first), an idle poll after the history. Static data: bytes of its JSON.',
		table(
			'Event | Activation requests | Idle poll requests | Idle poll after the history | Events emitted (polls × new per poll) | Requests of the burst polls | Static data after activation / max / final (bytes)',
			rows,
		),
	].join('\n\n');
	return { text, targets };
}
