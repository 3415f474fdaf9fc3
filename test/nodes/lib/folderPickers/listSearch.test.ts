import { searchList } from '../../../harness/engine';
import { apiGet } from '../../../helpers/api';
import { useBulkFolder } from '../../../helpers/bulk-folder';
import { FolderListResponse } from '../../../sandbox/schemas';

const { fx, bulkId } = useBulkFolder();

describe('Folder picker (listSearch)', () => {
	it('offers the root first, then folders by path, and filters', async () => {
		const first = await searchList('searchFolders', {}, fx.credentials);
		// the picker's answers go through the fixture's secret check like every output
		fx.record(JSON.stringify(first));
		expect(first.results[0]).toEqual({ name: 'Root (All Files)', value: 'all' });
		const rootFolders = FolderListResponse.parse(
			await apiGet(fx.sandbox, '/browse/folders/all', { limit: 500 }),
		).data.filter((entry) => entry.data.type === 'folder');
		for (const folder of rootFolders) {
			expect(first.results).toContainEqual({
				name: folder.data.attributes.name,
				value: folder.data.id,
			});
		}
		const filtered = await searchList('searchFolders', {}, fx.credentials, 'bulk');
		fx.record(JSON.stringify(filtered));
		expect(filtered.results).toEqual([{ name: 'Bulk', value: bulkId() }]);
	});
});
