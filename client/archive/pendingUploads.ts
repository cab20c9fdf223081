/**
 * Files uploaded but not yet attached to a Dokumentversjon. The archive drops such a file an hour
 * after its upload (spec, "upload": 3600 s), so the sidebar lists them with the time left, warns
 * shortly before, and offers to attach them. Apart from VS Code: the clock is given.
 */
import type { JsonValue } from '../../core/jsonValue';

/** How long the archive keeps an unattached upload (spec, upload). */
export const uploadLifetimeMs = 3600 * 1000;
/** How long before the end the user is warned. */
export const warnBeforeMs = 5 * 60 * 1000;

export interface PendingUpload {
  /** The id `upload` answered (what `referanseDokumentfil` takes). */
  id: string;
  fileName: string;
  environment: string;
  uploadedAt: number;
  expiresAt: number;
  /** Set once the warning was given, so it is given once. */
  warned: boolean;
}

export class PendingUploadList {
  private readonly uploads = new Map<string, PendingUpload>();

  constructor(private readonly now: () => number) {}

  add(environment: string, id: string, fileName: string): PendingUpload {
    const uploadedAt = this.now();
    const upload: PendingUpload = { id, fileName, environment, uploadedAt, expiresAt: uploadedAt + uploadLifetimeMs, warned: false };
    this.uploads.set(key(environment, id), upload);
    return upload;
  }

  /** Forgets uploads now attached (or given up); true when any was listed. */
  remove(environment: string, ids: Iterable<string>): boolean {
    let removed = false;
    for (const id of ids) removed = this.uploads.delete(key(environment, id)) || removed;
    return removed;
  }

  get(environment: string, id: string): PendingUpload | undefined {
    return this.uploads.get(key(environment, id));
  }

  /** The uploads still kept by the archive, soonest to go first; expired ones are forgotten. */
  list(): PendingUpload[] {
    const now = this.now();
    for (const [k, upload] of this.uploads) if (upload.expiresAt <= now) this.uploads.delete(k);
    return [...this.uploads.values()].sort((a, b) => a.expiresAt - b.expiresAt);
  }

  /** The uploads that have just come within the warning time (each given once). */
  dueWarnings(): PendingUpload[] {
    const now = this.now();
    const due = this.list().filter((u) => !u.warned && u.expiresAt - now <= warnBeforeMs);
    for (const u of due) u.warned = true;
    return due;
  }

  /** When the list next changes by itself (a warning falls due or an upload expires). */
  nextChangeAt(): number | undefined {
    let next: number | undefined;
    for (const u of this.list()) {
      const at = u.warned ? u.expiresAt : u.expiresAt - warnBeforeMs;
      next = next === undefined ? at : Math.min(next, at);
    }
    return next;
  }

  get size(): number {
    return this.uploads.size;
  }
}

function key(environment: string, id: string): string {
  return `${environment}\u0000${id}`;
}

/** "52 min left", "40 s left": minutes while there are some. */
export function timeLeft(ms: number): string {
  if (ms <= 0) return 'expired';
  if (ms < 60_000) return `${Math.ceil(ms / 1000)} s left`;
  return `${Math.ceil(ms / 60_000)} min left`;
}

/** The file ids a transaction body attaches (every `referanseDokumentfil` it saves). */
export function attachedFileIds(body: JsonValue | undefined): string[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [];
  const actions = body.actions;
  if (!Array.isArray(actions)) return [];
  const ids: string[] = [];
  for (const action of actions) {
    if (typeof action !== 'object' || action === null || Array.isArray(action)) continue;
    const fields = action.fields;
    if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) continue;
    const file = fields.referanseDokumentfil;
    if (typeof file === 'string' || typeof file === 'number') ids.push(String(file));
  }
  return ids;
}
