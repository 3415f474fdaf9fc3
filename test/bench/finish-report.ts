/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
/**
 * Last step of `npm run bench`: the summary at the top of docs/benchmarks.md (test/bench/report-sections.ts), after
 * every script has written its part, so the count covers all their target tables and says which runs they are.
 */
import * as path from 'node:path';

import { REPO_ROOT } from '../e2e/checkout';
import { finishReport } from './report-sections';

const REPORT = path.join(REPO_ROOT, 'docs', 'benchmarks.md');
finishReport(REPORT);
process.stdout.write(`Summary written: ${path.relative(REPO_ROOT, REPORT)}\n`);
