/** Endpoint 3: restore items of the caller from the trash. */
import { invalid, notFoundEntry, ok, unauthorized } from '../http-io';
import type { Model } from '../model';
import { MESSAGES, parseInput, RestoreBody } from '../schemas';
import { bearerUser } from './access';
import type { Route } from './router';

export function trashRoutes(model: Model): Route[] {
	return [
		{
			pattern: /^\/api\/v1\/trash\/restore$/,
			methods: {
				POST: ({ body, authorization }) => {
					const user = bearerUser(model, authorization);
					if (!user) return unauthorized();
					const r = parseInput(RestoreBody, body);
					if (!r.ok) return invalid(r.errors);
					for (const ref of r.value.items) {
						const item = model.findItem(ref.id);
						if (!item || item.type !== ref.type || item.userId !== user.id || !item.deletedAt) {
							return notFoundEntry();
						}
						model.restoreItem(item.id, { toHome: r.value.to_home });
					}
					return ok(200, { type: 'success', message: MESSAGES.restored });
				},
			},
		},
	];
}
