/** Endpoint 9: the caller's notifications, newest first. */
import { ok, unauthorized } from '../http-io';
import type { Model } from '../model';
import { notificationWrapper } from '../representation';
import { bearerUser } from './access';
import type { Route } from './router';

export function notificationRoutes(model: Model): Route[] {
	return [
		{
			pattern: /^\/api\/v1\/notifications$/,
			methods: {
				GET: ({ authorization }) => {
					const user = bearerUser(model, authorization);
					if (!user) return unauthorized();
					return ok(200, {
						data: model.notificationsOf(user.id).map((n) => notificationWrapper(n)),
					});
				},
			},
		},
	];
}
