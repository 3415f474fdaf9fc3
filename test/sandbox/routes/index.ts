/** The route table: one group per endpoint family of the spec (/api/v1), and the file content the listings link to. */
import type { Model } from '../model';
import type { RemoteUploads } from '../uploads';
import { browseRoutes } from './browse';
import { contentRoutes } from './content';
import { notificationRoutes } from './notifications';
import { requestRoutes } from './requests';
import type { Route } from './router';
import { shareRoutes } from './shares';
import { trashRoutes } from './trash';

export { dispatch } from './router';
export type { Route } from './router';

export interface ApiRouteDeps {
	model: Model;
	uploads: RemoteUploads;
	/** larger `limit` values are clamped */
	maxPageSize: number;
}

export function apiRoutes({ model, uploads, maxPageSize }: ApiRouteDeps): Route[] {
	return [
		...browseRoutes(model, maxPageSize),
		...trashRoutes(model),
		...shareRoutes(model),
		...requestRoutes(model, uploads),
		...notificationRoutes(model),
		...contentRoutes(model),
	];
}
