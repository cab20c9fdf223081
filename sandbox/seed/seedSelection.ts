/**
 * How the `sandbox` command fills a new archive: `--reset` wipes the archive folder first, then a
 * new (empty) archive gets the demo archive, nothing (`--no-seed`) or N generated entities
 * (`--seed-size N`). An archive that already holds data is never seeded again.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { SandboxOptions } from '../sandboxOptions';
import type { SandboxServices } from '../sandboxServices';
import { isArchiveEmpty, seedDemoArchive } from './demoArchive';
import { generateLargeArchive } from './largeArchive';

/** Removes the archive's database and files under `dataDir` (nothing else in that folder). */
export function resetArchiveFolder(dataDir: string): void {
  for (const part of ['database', 'files']) {
    const path = join(dataDir, part);
    if (existsSync(path)) rmSync(path, { recursive: true, force: true });
  }
}

/** Applies `seedArchive`: the returned options seed a new archive as asked. (`reset` is applied
 * by startSandbox once it holds the folder's lock.) */
export function prepareSeeding(options: SandboxOptions): SandboxOptions {
  const choice = options.seedArchive ?? 'demo';
  if (choice === 'none') return options;
  const log = options.log ?? (() => undefined);
  const earlier = options.seed;
  return {
    ...options,
    seed: async (services: SandboxServices) => {
      await earlier?.(services);
      if (!(await isArchiveEmpty(services))) return;
      const started = Date.now();
      if (choice === 'demo') {
        log('Filling the new archive with the demo archive (first start only)...');
        const summary = await seedDemoArchive(services);
        if (summary) log(`Demo archive: ${summary.caseFiles} case files, ${summary.meetingFolders} meeting folders, ${summary.journalEntries} journal entries, ${summary.files} files (${((Date.now() - started) / 1000).toFixed(0)} s).`);
      } else {
        log(`Generating ${choice.entities} entities...`);
        const summary = await generateLargeArchive(services, choice.entities, { log });
        log(`Generated ${summary.entities} entities (${summary.caseFiles} case files) in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
      }
    },
  };
}
