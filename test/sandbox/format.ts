/** Display formats of the API: item and notification dates (UTC) and file sizes. */
import { MONTHS } from './schemas';

export const pad2 = (n: number) => String(n).padStart(2, '0');

/** `DD. Mon. YYYY` in UTC. */
export function formatItemDate(d: Date): string {
	return `${pad2(d.getUTCDate())}. ${MONTHS[d.getUTCMonth()]}. ${d.getUTCFullYear()}`;
}

/** `DD. Mon. YYYY HH:MM` in UTC, 24-hour clock. */
export function formatNotificationDate(d: Date): string {
	return `${formatItemDate(d)} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}`;
}

/** Base 1000: `500B`, `1.50kB`, `1.23MB`. */
export function formatFileSize(bytes: number): string {
	const units = ['B', 'kB', 'MB', 'GB', 'TB'];
	let value = bytes;
	let unit = 0;
	while (value >= 1000 && unit < units.length - 1) {
		value /= 1000;
		unit++;
	}
	if (unit === 0) return `${Math.round(value)}B`;
	// 999.995kB would round to "1000.00kB": move to the next unit instead.
	if (Number(value.toFixed(2)) >= 1000 && unit < units.length - 1) {
		value /= 1000;
		unit++;
	}
	return `${value.toFixed(2)}${units[unit]}`;
}
