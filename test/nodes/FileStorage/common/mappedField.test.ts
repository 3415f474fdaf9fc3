import type { INodeExecutionData } from 'n8n-workflow';

import { parameterOrMappedField } from '../../../../nodes/FileStorage/common/mappedField';
import { fakeContext } from '../../../helpers/fake-context';

/** A context whose parameter `itemId` is `raw`; it counts how often n8n's expression engine would be asked. */
function contextWith(raw: unknown, evaluated: unknown) {
	const calls = { raw: 0, evaluated: 0 };
	const getNodeParameter = (
		_name: string,
		_itemIndex: number,
		_fallback: unknown,
		options?: { rawExpressions?: boolean },
	) => {
		if (options?.rawExpressions) {
			calls.raw++;
			return raw;
		}
		calls.evaluated++;
		return evaluated;
	};
	const { ctx } = fakeContext([], { overrides: { getNodeParameter } as never });
	return { ctx, calls };
}

const items: INodeExecutionData[] = [{ json: { id: 'a-1', 'odd key': 'b-2' } }];

describe('parameterOrMappedField: plain field mappings skip the expression engine', () => {
	const ENGINE = 'from the engine';
	// A mapping is read from the item (the engine asked 0 times); anything else goes through the engine (once).
	it.each<[unknown, string, number]>([
		['={{ $json.id }}', 'a-1', 0],
		['={{$json["odd key"]}}', 'b-2', 0],
		["= {{ $json['id'] }} ", 'a-1', 0],
		['={{ $json.id.toUpperCase() }}', ENGINE, 1],
		['={{ $json.id }}-x', ENGINE, 1],
		['plain text', ENGINE, 1],
		[42, ENGINE, 1],
	])('%s gives %j, the engine asked %i times', (raw, expected, evaluated) => {
		const { ctx, calls } = contextWith(raw, ENGINE);
		expect(parameterOrMappedField(ctx, 'itemId', 0, items, '')).toBe(expected);
		expect(calls).toEqual({ raw: 1, evaluated });
	});
});
