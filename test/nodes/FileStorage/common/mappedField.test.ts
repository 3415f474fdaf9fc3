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
	it.each([
		['={{ $json.id }}', 'a-1'],
		['={{$json["odd key"]}}', 'b-2'],
		["= {{ $json['id'] }} ", 'a-1'],
	])('%s is read from the item, the engine is not asked', (raw, expected) => {
		const { ctx, calls } = contextWith(raw, 'from the engine');
		expect(parameterOrMappedField(ctx, 'itemId', 0, items, '')).toBe(expected);
		expect(calls).toEqual({ raw: 1, evaluated: 0 });
	});

	it.each([['={{ $json.id.toUpperCase() }}'], ['={{ $json.id }}-x'], ['plain text'], [42]])(
		'%s goes through the engine',
		(raw) => {
			const { ctx, calls } = contextWith(raw, 'from the engine');
			expect(parameterOrMappedField(ctx, 'itemId', 0, items, '')).toBe('from the engine');
			expect(calls).toEqual({ raw: 1, evaluated: 1 });
		},
	);
});
