/**
 * One sandbox per data folder: two processes writing the same PGlite cluster corrupt it (a second
 * one has also been seen to die with a WebAssembly `Aborted()`). The lock is a file created
 * exclusively (`wx`) that names its holder; a lock whose process is gone (killed, crashed) is
 * taken over. A PostgreSQL database (`--database`) is shared by design and takes no lock.
 */
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

export const lockFileName = 'sandbox.lock';

const lockHolderSchema = z.object({
  pid: z.number().int().positive(),
  url: z.string(),
  startedAt: z.string(),
});

export type LockHolder = z.infer<typeof lockHolderSchema>;

/** A second sandbox on a folder another one uses. */
export class DataFolderLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `the archive folder ${dataDir} is in use by the sandbox at ${holder.url} (process ${holder.pid}, started ${holder.startedAt}): ` +
        'two sandboxes on one folder would corrupt it. Stop that one, or start this one with another --data folder or --memory.',
    );
    this.name = 'DataFolderLockedError';
  }
}

export interface DataFolderLock {
  readonly path: string;
  /** Removes the lock file if it is still this holder's. */
  release(): void;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(path: string): LockHolder | undefined {
  try {
    const parsed = lockHolderSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Takes the lock of `dataDir` for `holder`, or throws DataFolderLockedError naming the sandbox
 * that holds it. A stale lock (its process is gone, or the file is unreadable) is replaced, with
 * a note to `log`. */
export function lockDataFolder(dataDir: string, holder: LockHolder, log: (line: string) => void = () => undefined): DataFolderLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, lockFileName);
  const content = JSON.stringify(holder) + '\n';
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(path, content, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const current = readHolder(path);
      // A second attempt that meets a lock lost a race with another sandbox taking over the same
      // stale lock: that one holds it now.
      if (current && (attempt > 0 || isRunning(current.pid))) throw new DataFolderLockedError(dataDir, current);
      if (attempt > 0) throw new Error(`the lock file ${path} could not be taken over; remove it if no sandbox uses ${dataDir}`);
      log(
        current
          ? `Taking over the lock of ${dataDir} from process ${current.pid} (${current.url}, started ${current.startedAt}), which is no longer running.`
          : `Taking over the unreadable lock file ${path}.`,
      );
      try {
        unlinkSync(path);
      } catch (removal) {
        if ((removal as NodeJS.ErrnoException).code !== 'ENOENT') throw removal;
      }
    }
  }
  let released = false;
  return {
    path,
    release() {
      if (released) return;
      released = true;
      const current = readHolder(path);
      if (current && current.pid === holder.pid && current.startedAt === holder.startedAt && current.url === holder.url) unlinkSync(path);
    },
  };
}
