/**
 * Wire formats of stored values. Timestamps are stored in one canonical UTC form
 * (`yyyy-MM-ddTHH:mm:ss.SSS+0000`, the spec's format), so that text order is time order and range
 * queries can use an index; dates are `yyyy-MM-dd`. On the way out a stored timestamp is written
 * in the sandbox's time zone (`zonedTimestamp`), as a real tenant answers in its own.
 */
import { archiveTimestamp } from '../../core/query/archiveDay';

const timestampPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

export function formatTimestamp(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}+0000`;
}

/** A stored (canonical UTC) timestamp as the archive answers it: the same instant in `timeZone`.
 * Anything that is not a timestamp passes unchanged. */
export function zonedTimestamp(stored: string, timeZone: string): string {
  // The entities of one transaction share their timestamps, and a page of results is often one
  // transaction's: the last answer is kept.
  if (stored === lastZoned.stored && timeZone === lastZoned.timeZone) return lastZoned.zoned;
  const ms = timestampPattern.test(stored) ? Date.parse(stored.replace(/([+-]\d{2})(\d{2})$/, '$1:$2')) : NaN;
  const zoned = Number.isNaN(ms) ? stored : archiveTimestamp(ms, timeZone);
  lastZoned = { stored, timeZone, zoned };
  return zoned;
}

let lastZoned = { stored: '', timeZone: '', zoned: '' };

export function formatDate(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** The canonical form of an ISO timestamp (offset with or without colon, `Z`, or none = UTC), or undefined. */
export function normalizeTimestamp(text: string): string | undefined {
  const m = timestampPattern.exec(text);
  if (!m) return undefined;
  let offset = m[8] ?? 'Z';
  if (offset !== 'Z' && !offset.includes(':')) offset = `${offset.slice(0, 3)}:${offset.slice(3)}`;
  const fraction = (m[7] ?? '.000').slice(0, 4).padEnd(4, '0');
  const ms = Date.parse(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? '00'}${fraction}${offset}`);
  return Number.isNaN(ms) ? undefined : formatTimestamp(ms);
}
