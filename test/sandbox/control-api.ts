/**
 * The control API under /__sandbox/ (no auth, never recorded or faulted): `POST /__sandbox/files` adds a file to a
 * separate-process sandbox (`npm run sandbox`, `npm run dev`), so a trigger there has something new to see. Tests
 * use `sb.*` in process instead. Bad input → 400 `{error}`, unknown route → 404.
 */
import { ok } from './http';
import type { Result } from './http';
import type { Model } from './model';
import { fileWrapper } from './representation';

export type ControlApi = (method: string, path: string, raw: string) => Promise<Result>;

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export function controlApi(model: Model): ControlApi {
	return async (method, path, raw) => {
		if (`${method} ${path.replace(/\/$/, '')}` !== 'POST /__sandbox/files')
			return ok(404, { error: `unknown control route ${method} ${path}` });
		try {
			const body = (raw.trim() ? JSON.parse(raw) : {}) as Record<string, unknown>;
			const file = model.addFile(
				typeof body.user === 'number' || typeof body.user === 'string' ? body.user : 0,
				{
					folderId: str(body.folderId) ?? null,
					name: str(body.name),
					mimetype: str(body.mimetype),
					size: typeof body.size === 'number' ? body.size : undefined,
				},
			);
			return ok(201, fileWrapper(model, file));
		} catch (e) {
			return ok(400, { error: e instanceof Error ? e.message : String(e) });
		}
	};
}
