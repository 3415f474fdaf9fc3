import type { Fixture } from './fixture';
import { useFixture } from './fixture';

// 1,200 files in one folder: three server pages of the documented maximum (500).
export const BULK_FILES = 1200;

/** The fixture of the listing tests: the seed plus one folder of BULK_FILES files, and that folder's ID. */
export function useBulkFolder(): { fx: Fixture; bulkId: () => string } {
	const fx = useFixture({ seed: { bulkFolderFiles: BULK_FILES } });
	return { fx, bulkId: () => fx.sandbox.seed.bulkFolderId as string };
}
