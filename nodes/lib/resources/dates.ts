// The service's dates are not ISO (see docs/tolerant-reader.md): parsed leniently.

const MONTHS: Record<string, number> = {
	jan: 1,
	feb: 2,
	mar: 3,
	apr: 4,
	may: 5,
	jun: 6,
	jul: 7,
	aug: 8,
	sep: 9,
	oct: 10,
	nov: 11,
	dec: 12,
};

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * `05. Mar. 2026` → `2026-03-05`; `05. Mar. 2026 14:30` or `5. Mar. 2026, 2:30` → `2026-03-05T14:30`
 * (no zone: servers send the user's local time). ISO text passes through with its zone, if it states one;
 * anything else → null.
 */
export function parseServiceDate(text: unknown): string | null {
	return typeof text === 'string' ? parseDateText(text) : null;
}

/** `2026-03-05`, `2026-03-05T14:30`, `2026-03-05 14:30:15.123+02:00`, `…Z`. */
const ISO_DATE =
	/^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?)?/i;

/** `+0200` and `+02:00` → `+02:00`. */
function normalizeOffset(zone: string): string {
	const digits = zone.replace(':', '');
	return `${digits.slice(0, 3)}:${digits.slice(3)}`;
}

function parseDateText(text: string): string | null {
	if (!text.trim()) return null;
	const value = text.trim();
	const iso = ISO_DATE.exec(value);
	if (iso) {
		const [, year, month, day, hours, minutes, seconds, fraction, zone] = iso;
		if (!hours) return `${year}-${month}-${day}`;
		// A zone the server states is kept (as `Z` or `±hh:mm`): dropping it would shift the instant.
		const offset =
			zone === undefined ? '' : zone.toUpperCase() === 'Z' ? 'Z' : normalizeOffset(zone);
		return `${year}-${month}-${day}T${hours}:${minutes}${seconds ? `:${seconds}${fraction ?? ''}` : ''}${offset}`;
	}
	const match =
		/^(\d{1,2})\.?\s*([A-Za-z]{3})[A-Za-z]*\.?\s*,?\s*(\d{4})(?:\s*,?\s*(\d{1,2}):(\d{2}))?/.exec(
			value,
		);
	if (!match) return null;
	const month = MONTHS[match[2].toLowerCase()];
	const day = Number(match[1]);
	if (!month || day < 1 || day > 31) return null;
	const date = `${match[3]}-${pad(month)}-${pad(day)}`;
	if (match[4] === undefined) return date;
	const hours = Number(match[4]);
	const minutes = Number(match[5]);
	if (hours > 23 || minutes > 59) return date;
	return `${date}T${pad(hours)}:${pad(minutes)}`;
}
