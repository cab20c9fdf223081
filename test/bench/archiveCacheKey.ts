/**
 * The key of a benchmark archive cached in the OS temp folder: a hash of the sources that shape it
 * and of the PGlite version that stores it, so a change to either builds the archive afresh.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

export function archiveCacheKey(label: string, sources: readonly string[]): string {
  const hash = createHash('sha256').update(label);
  for (const file of sources) {
    const path = join(root, file);
    hash.update(file).update(existsSync(path) ? readFileSync(path) : 'missing');
  }
  try {
    hash.update(JSON.parse(readFileSync(join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')).version as string);
  } catch {
    hash.update('pglite-unknown');
  }
  return hash.digest('hex').slice(0, 16);
}
