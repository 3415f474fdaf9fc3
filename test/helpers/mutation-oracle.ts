import type { ItemRec } from '../sandbox/model';
import { activeFileRequest, editorShare } from '../sandbox/seed';
import { RequestItemsResponse } from '../sandbox/schemas';
import type { Fixture } from './fixture';

/**
 * What the sandbox holds, read directly: the oracle of the operations that change it (Trash → Restore, the Shared
 * Folder and File Request operations), shared by their test files.
 */
export function mutationOracle(fx: Fixture) {
	const demoUserId = () => fx.sandbox.model.getUser(0).id;
	const items = (): ItemRec[] => [...fx.sandbox.model.items.values()];
	/** Items the demo user put in the trash themselves (not ones that went along with a trashed folder). */
	const trashedRoots = () =>
		items().filter(
			(item) =>
				item.userId === demoUserId() && item.deletedAt !== null && item.trashRoot === item.id,
		);
	const countWrites = (path: RegExp) =>
		fx.sandbox.requests.filter((request) => request.method !== 'GET' && path.test(request.path))
			.length;
	const share = () => editorShare(fx.sandbox.seed);
	const request = () => activeFileRequest(fx.sandbox.seed);
	/** The file request's items as the server lists them to a visitor (no Authorization header). */
	const browse = async (params: Record<string, unknown> = {}) =>
		RequestItemsResponse.parse(
			await (
				await fetch(
					`${fx.sandbox.baseUrl}/api/v1/requests/${request().id}/items?${new URLSearchParams(params as Record<string, string>)}`,
					{ headers: { Accept: 'application/json' } },
				)
			).json(),
		);
	return { demoUserId, items, trashedRoots, countWrites, share, request, browse };
}
