import { NodeOperationError } from 'n8n-workflow';

import { apiItemType } from '../../../nodes/lib/resources/wrappers';
import { invalidParameter, UUID_PATTERN, UUID_REGEX_SOURCE } from '../../../nodes/lib/validation';
import { FAKE_NODE } from '../../helpers/fake-context';

describe('validation of input values', () => {
	it.each([
		['folder', 'folder'],
		['file', 'file'],
		['image', 'file'],
		['video', 'file'],
		['audio', 'file'],
		['user', undefined],
		['Folder', undefined],
	])('item type %j → %j', (type, apiType) => expect(apiItemType(type)).toBe(apiType));

	it.each([
		['3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f', true],
		['3F1C2D4E-5A6B-4C7D-8E9F-0A1B2C3D4E5F', true],
		['00000000-0000-0000-0000-000000000000', true],
		['3f1c2d4e5a6b4c7d8e9f0a1b2c3d4e5f', false],
		['3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5', false],
		['../3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f', false],
		['all', false],
	])('uuid %j → %j, the same by the editor pattern', (value, valid) => {
		expect(UUID_PATTERN.test(value)).toBe(valid);
		expect(new RegExp(UUID_REGEX_SOURCE).test(value)).toBe(valid);
	});

	it('a local parameter error names the item and the parameter, with the fix as description', () => {
		const error = invalidParameter(FAKE_NODE, 3, 'File or Folder ID', 'is empty', 'Map the id.');
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe('File or Folder ID: is empty [item 3]');
		expect(error.description).toBe('Map the id.');
		expect(error.context.itemIndex).toBe(3);
	});
});
