import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The shared real-world corpus beside the repository; absent on a user's fresh clone. */
export const corpusDir = path.resolve(repoRoot, '../shared/corpus');
export const hasCorpus = existsSync(path.join(corpusDir, 'INDEX.md'));
if (!hasCorpus) {
  console.warn(`[apictl tests] ../shared/corpus not found at ${corpusDir}: corpus tests are skipped`);
}
