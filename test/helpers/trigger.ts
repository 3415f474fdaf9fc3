import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { PollerOptions } from '../harness/engine';
import { Poller } from '../harness/engine';
import { activeFileRequest } from '../sandbox/seed';
import type { Fixture } from './fixture';

/** What the trigger test files share: pollers on the file's sandbox, polls that must succeed, emitted ids. */
export function triggerHelpers(fx: Fixture) {
	const poller = (parameters: INodeParameters, options: Partial<PollerOptions> = {}) =>
		new Poller({ credentials: fx.credentials, parameters, ...options });
	/** A poll that must not fail; what it emitted goes through the fixture's secret check. */
	async function pollOk(trigger: Poller, mode: 'trigger' | 'manual' = 'trigger') {
		const outcome = await trigger.poll(mode);
		if (outcome.error) throw outcome.error;
		fx.record(JSON.stringify(outcome.items));
		return outcome.items;
	}
	/** A new trigger, activated: its first poll seeded the window. */
	async function activated(parameters: INodeParameters, options: Partial<PollerOptions> = {}) {
		const trigger = poller(parameters, options);
		await pollOk(trigger);
		return trigger;
	}
	const ids = (items: Array<{ json: IDataObject }> | null) =>
		(items ?? []).map((item) => item.json.id);
	/** `count` new files at the first user's top level, named `<prefix>-<k>.txt`, oldest first. */
	const uploads = (count: number, prefix: string) =>
		Array.from({ length: count }, (_, k) =>
			fx.sandbox.model.addFile(0, { name: `${prefix}-${k}.txt` }),
		);
	/** The folder of the active file request, which the File Request credential names. */
	const requestFolder = () => activeFileRequest(fx.sandbox.seed).folderId;
	return { poller, pollOk, activated, ids, uploads, requestFolder };
}
