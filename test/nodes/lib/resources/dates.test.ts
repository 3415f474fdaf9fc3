import { parseServiceDate } from '../../../../nodes/lib/resources/dates';

describe('parseServiceDate: lenient, keeps what the text states', () => {
	it.each([
		['05. Mar. 2026', '2026-03-05'],
		['5. Mar. 2026', '2026-03-05'],
		['05. Mar. 2026 14:30', '2026-03-05T14:30'],
		['5. Mar. 2026, 2:30', '2026-03-05T02:30'],
		['12. September 2025', '2025-09-12'],
		['2026-03-05', '2026-03-05'],
		['2026-03-05 14:30', '2026-03-05T14:30'],
		// A zone the ISO text states is part of the instant: kept, in one spelling.
		['2026-03-05T10:00:00Z', '2026-03-05T10:00:00Z'],
		['2026-03-05T10:00:00.250z', '2026-03-05T10:00:00.250Z'],
		['2026-03-05T10:00:00+02:00', '2026-03-05T10:00:00+02:00'],
		['2026-03-05T10:00-0530', '2026-03-05T10:00-05:30'],
		['yesterday', null],
		['', null],
		[null, null],
		['45. Mar. 2026', null],
	])('date %j → %j', (text, iso) => expect(parseServiceDate(text)).toBe(iso));
});
