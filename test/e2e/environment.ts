/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-hardcoded-secrets */
/** Every n8n process: offline, quiet, 127.0.0.1, its own ports (two n8n on the default broker port clash). */
import type { N8nInstall } from './install';

/** Fixed key: user folders (and the cached template) are only ever opened with it. */
export const ENCRYPTION_KEY = 'n8n-nodes-file-storage-e2e-not-a-secret';

export function n8nEnv(
	install: N8nInstall,
	userFolder: string,
	ports: { port: number; brokerPort: number },
	extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
	const base: NodeJS.ProcessEnv = {};
	// only what n8n needs from the parent: no npm_* variables of an enclosing `npm run`
	for (const key of ['HOME', 'USER', 'LANG', 'TMPDIR', 'TZ', 'TERM']) {
		if (process.env[key] !== undefined) base[key] = process.env[key];
	}
	return {
		...base,
		PATH: `${install.nodeBinDir}:${process.env.PATH ?? '/usr/bin:/bin'}`,
		N8N_USER_FOLDER: userFolder,
		N8N_ENCRYPTION_KEY: ENCRYPTION_KEY,
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_SECURE_COOKIE: 'false',
		N8N_HIDE_USAGE_PAGE: 'true',
		// the suites run workflows as the editor does and read the saved execution (n8n's default, made explicit)
		EXECUTIONS_DATA_SAVE_MANUAL_EXECUTIONS: 'true',
		DB_SQLITE_POOL_SIZE: '1',
		GENERIC_TIMEZONE: 'UTC',
		N8N_LOG_FORMAT: 'json',
		N8N_LOG_LEVEL: 'info',
		N8N_PORT: String(ports.port),
		N8N_RUNNERS_BROKER_PORT: String(ports.brokerPort),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		...install.offers.env,
		...extra,
	};
}
