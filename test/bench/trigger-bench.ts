/**
 * Trigger part of the benchmark, at engine level (test/harness/engine.ts `Poller`: n8n-core's PollContext, static
 * data committed as n8n does): requests of one idle poll per event, and the size of the static data (bytes of its
 * JSON) while many events are emitted. Every poll's emitted items are checked: exactly the new ones, oldest first.
 */
import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

import { Poller } from '../harness/engine';
import type { CredentialSet } from '../harness/engine';
import type { Sandbox } from '../sandbox/server';
import { startSandbox } from '../sandbox/server';

export type TriggerEvent = 'upload' | 'notification' | 'fileRequestItem';

export interface TriggerPlan {
	event: TriggerEvent;
	polls: number;
	perPoll: number;
}

export interface TriggerResult {
	event: TriggerEvent;
	activationRequests: number;
	idlePollRequests: number;
	/** idle poll after all events were emitted (the history is as long as it gets) */
	idlePollRequestsAfter: number;
	polls: number;
	perPoll: number;
	emitted: number;
	/** polls whose emitted items were not exactly the new ones, oldest first */
	badPolls: number;
	firstProblem?: string;
	/** requests of all the burst polls together */
	burstRequests: number;
	staticBytesAfterActivation: number;
	staticBytesMax: number;
	staticBytesFinal: number;
	ms: number;
}

const staticBytes = (poller: Poller): number =>
	Buffer.byteLength(JSON.stringify(poller.staticData), 'utf8');

async function pollChecked(poller: Poller): Promise<Array<{ json: IDataObject }> | null> {
	const outcome = await poller.poll('trigger');
	if (outcome.error) throw outcome.error;
	return outcome.items;
}

export async function runTriggerBench(
	plans: TriggerPlan[],
	progress: (line: string) => void,
): Promise<TriggerResult[]> {
	const results: TriggerResult[] = [];
	for (const plan of plans) {
		// a fresh sandbox per event: each history starts from the seed
		const sandbox: Sandbox = await startSandbox({ port: 0, host: '127.0.0.1' });
		try {
			results.push(await benchEvent(sandbox, plan));
			const r = results[results.length - 1];
			progress(
				`trigger ${plan.event}: ${r.emitted} events in ${r.polls} polls, idle poll ${r.idlePollRequests} request(s), static data max ${r.staticBytesMax} B (${(r.ms / 1000).toFixed(1)} s)`,
			);
		} finally {
			await sandbox.stop();
		}
	}
	return results;
}

async function benchEvent(sandbox: Sandbox, plan: TriggerPlan): Promise<TriggerResult> {
	const started = Date.now();
	const seed = sandbox.seed;
	const request = seed.fileRequests.find((r) => r.active);
	if (!request) throw new Error('the sandbox seed has no active file request');
	const credentials: CredentialSet = {
		fileStorageApi: {
			baseUrl: sandbox.baseUrl,
			accessToken: seed.users[0].accessToken,
		} as ICredentialDataDecryptedObject,
		fileStorageFileRequestApi: {
			baseUrl: sandbox.baseUrl,
			fileRequestId: request.id,
		} as ICredentialDataDecryptedObject,
	};
	let counter = 0;
	const arrive = (): string => {
		counter++;
		switch (plan.event) {
			case 'upload':
				return sandbox.model.addFile(0, {
					name: `bench-upload-${counter}.txt`,
					size: 1000 + counter,
				}).id;
			case 'notification':
				return sandbox.model.addNotification(0, { title: `Bench ${counter}`, category: 'upload' })
					.id;
			case 'fileRequestItem':
				return sandbox.model.addFile(0, {
					folderId: request.folderId,
					name: `bench-req-${counter}.pdf`,
				}).id;
		}
	};

	const poller = new Poller({ credentials, parameters: { event: plan.event } });
	sandbox.clearRequests();
	const seeded = await pollChecked(poller);
	if (seeded !== null)
		throw new Error(`activation of the ${plan.event} trigger emitted ${seeded.length} item(s)`);
	const activationRequests = sandbox.requests.length;
	const staticBytesAfterActivation = staticBytes(poller);

	sandbox.clearRequests();
	const idle = await pollChecked(poller);
	const idlePollRequests = sandbox.requests.length;
	if (idle !== null) throw new Error(`an idle ${plan.event} poll emitted ${idle.length} item(s)`);

	let staticBytesMax = Math.max(staticBytesAfterActivation, staticBytes(poller));
	let emitted = 0;
	let badPolls = 0;
	let firstProblem: string | undefined;
	let burstRequests = 0;
	for (let poll = 0; poll < plan.polls; poll++) {
		// a minute between polls, as with n8n's shortest poll interval (dates: minutes for notifications, days for items)
		sandbox.clock.advance(60_000);
		const expected: string[] = [];
		for (let i = 0; i < plan.perPoll; i++) expected.push(arrive());
		sandbox.clearRequests();
		const items = await pollChecked(poller);
		burstRequests += sandbox.requests.length;
		const got = (items ?? []).map((item) => String(item.json.id));
		emitted += got.length;
		if (got.length !== expected.length || got.some((id, i) => id !== expected[i])) {
			badPolls++;
			firstProblem ??= `poll ${poll + 1}: expected ${expected.length} new items, got ${got.length}${
				got.length === expected.length ? ' (different ids or order)' : ''
			}`;
		}
		staticBytesMax = Math.max(staticBytesMax, staticBytes(poller));
	}

	sandbox.clearRequests();
	const idleAfter = await pollChecked(poller);
	const idlePollRequestsAfter = sandbox.requests.length;
	if (idleAfter !== null) {
		badPolls++;
		firstProblem ??= `the idle poll after the history emitted ${idleAfter.length} item(s)`;
	}
	const staticBytesFinal = staticBytes(poller);
	staticBytesMax = Math.max(staticBytesMax, staticBytesFinal);
	return {
		event: plan.event,
		activationRequests,
		idlePollRequests,
		idlePollRequestsAfter,
		polls: plan.polls,
		perPoll: plan.perPoll,
		emitted,
		badPolls,
		firstProblem,
		burstRequests,
		staticBytesAfterActivation,
		staticBytesMax,
		staticBytesFinal,
		ms: Date.now() - started,
	};
}
