/**
 * What a date-only value means on a timestamp field: the whole day in the archive's time zone
 * (Europe/Oslo, where the vendor's archives run). A user picking two days writes
 * `opprettetDato = [@from:@to]` with `@from = "2019-01-01"`; the spec lets a parameter be a date
 * and ranges apply to dates. So a day is the span [its 00:00, the next day's 00:00) in Oslo time:
 * an inclusive bound includes the whole day (an end bound too), an exclusive bound excludes it,
 * `=` is "within that day" and `!=` "outside it".
 *
 * The mirror image: a timestamp on a date field stands for its date in the archive's zone
 * (`2024-08-01T00:00:00.000+0200` and `2024-07-31T22:00:00Z` are both 2024-08-01; a timestamp
 * without an offset is UTC, as the archive stores it). The vendor's Java client writes every
 * `Date` parameter as a timestamp, so it cannot send a date any other way. The time of day is
 * dropped: as a bound or a value the date is used as if it had been written.
 *
 * The checker's hover and fix, and the sandbox's query compiler, all read this one module.
 */

export const archiveTimeZone = 'Europe/Oslo';

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** One formatter per zone: building an Intl.DateTimeFormat is costly and results are formatted field by field. */
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    zoneFormats.set(timeZone, format);
  }
  return format;
}

/** The IANA zone name as Intl knows it, or undefined when Intl does not know it (a typo, `CET+1`). */
export function knownTimeZone(name: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

const hourMs = 3_600_000;
/** Per zone, the offset of each whole UTC hour known to have one offset throughout. */
const hourOffsets = new Map<string, Map<number, number>>();
const maxCachedHours = 100_000;

/** Minutes the zone (the archive's by default) is ahead of UTC at the instant `ms`; Intl knows
 * the zone's rules, daylight saving included. Asking Intl costs some microseconds, and a page of
 * 500 results has a timestamp or more in each: an hour whose first and last millisecond have the
 * same offset has it throughout (no zone changes its clock twice within an hour), so that offset
 * is kept for the hour; an hour with a change in it is asked about instant by instant. */
export function archiveOffsetMinutes(ms: number, timeZone: string = archiveTimeZone): number {
  if (!Number.isFinite(ms)) return offsetFromIntl(ms, timeZone);
  let hours = hourOffsets.get(timeZone);
  if (!hours) hourOffsets.set(timeZone, (hours = new Map()));
  const hour = Math.floor(ms / hourMs);
  const known = hours.get(hour);
  if (known !== undefined) return known;
  const first = offsetFromIntl(hour * hourMs, timeZone);
  if (first !== offsetFromIntl(hour * hourMs + hourMs - 1, timeZone)) return offsetFromIntl(ms, timeZone);
  if (hours.size >= maxCachedHours) hours.clear();
  hours.set(hour, first);
  return first;
}

function offsetFromIntl(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of zoneFormat(timeZone).formatToParts(new Date(ms))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60000);
}

/** The `yyyy-MM-dd` of a valid calendar date, as [year, month, day]; undefined otherwise. */
export function calendarDate(text: string): [number, number, number] | undefined {
  const m = datePattern.exec(text);
  if (!m) return undefined;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  const probe = new Date(Date.UTC(y, mo - 1, d));
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== mo - 1 || probe.getUTCDate() !== d) return undefined;
  return [y, mo, d];
}

/** The instant the day starts in the zone (Oslo's clock changes at 01:00 UTC, never at midnight,
 * so one correction of the UTC guess is exact; so it is in any zone whose clock does not change
 * at midnight). */
function dayStartMs(y: number, m: number, d: number, timeZone: string): number {
  const guess = Date.UTC(y, m - 1, d);
  const first = guess - archiveOffsetMinutes(guess, timeZone) * 60000;
  return guess - archiveOffsetMinutes(first, timeZone) * 60000;
}

export interface ArchiveDay {
  /** The day's first instant, in ms since the epoch. */
  startMs: number;
  /** The next day's first instant: the day is [startMs, endMs). */
  endMs: number;
}

/** The span of a `yyyy-MM-dd` day in the archive's zone (or the given one: the sandbox's
 * `timeZone` option), or undefined when it is not a date. */
export function archiveDay(text: string, timeZone: string = archiveTimeZone): ArchiveDay | undefined {
  const date = calendarDate(text);
  if (!date) return undefined;
  const [y, m, d] = date;
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  return { startMs: dayStartMs(y, m, d, timeZone), endMs: dayStartMs(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), timeZone) };
}

function pad(n: number, width = 2): string {
  return String(Math.abs(n)).padStart(width, '0');
}

/** `ms` written in the archive's zone (or the given one) the way the spec writes timestamps
 * (`yyyy-MM-dd'T'HH:mm:ss.SSSZ`, offset without colon). */
export function archiveTimestamp(ms: number, timeZone: string = archiveTimeZone): string {
  const offset = archiveOffsetMinutes(ms, timeZone);
  const local = new Date(ms + offset * 60000);
  const sign = offset < 0 ? '-' : '+';
  return `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}.${pad(local.getUTCMilliseconds(), 3)}${sign}${pad(Math.trunc(Math.abs(offset) / 60))}${pad(Math.abs(offset) % 60)}`;
}

/** Where a date sits in a comparison: alone (`=`/`!=`), or as a range bound. */
export type DayRole = 'value' | 'lower' | 'upper';

/**
 * The full timestamp that says the same as the day in its role, to the millisecond: an inclusive
 * lower bound is the day's first instant, an inclusive upper bound its last millisecond; an
 * exclusive lower bound is the day's last millisecond (after it), an exclusive upper bound its
 * first instant (before it). A lone value has no single equivalent timestamp.
 */
export function dayBoundTimestamp(day: ArchiveDay, role: DayRole, inclusive: boolean): string | undefined {
  if (role === 'value') return undefined;
  const atStart = role === 'lower' ? inclusive : !inclusive;
  return archiveTimestamp(atStart ? day.startMs : day.endMs - 1);
}

/** The meaning in words, for hover and diagnostics. */
export function dayMeaning(text: string, role: DayRole, inclusive: boolean): string | undefined {
  const day = archiveDay(text);
  if (!day) return undefined;
  const from = archiveTimestamp(day.startMs);
  const to = archiveTimestamp(day.endMs - 1);
  const span = `the whole day ${text} in the archive's time zone (${archiveTimeZone}), ${from} to ${to}`;
  if (role === 'value') return `"${text}" stands for ${span}: \`=\` matches any time that day, \`!=\` any time outside it.`;
  if (role === 'lower') return `"${text}" stands for ${span}: as the start bound it ${inclusive ? 'includes that day' : 'excludes that day (matches from the next day on)'}.`;
  return `"${text}" stands for ${span}: as the end bound it ${inclusive ? 'includes that day' : 'excludes that day (matches up to its start)'}.`;
}

const timestampPattern = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** The instant of an ISO timestamp (offset with or without a colon, `Z`, or none = UTC), or undefined. */
export function timestampMs(text: string): number | undefined {
  const m = timestampPattern.exec(text);
  if (!m || !calendarDate(`${m[1]}-${m[2]}-${m[3]}`)) return undefined;
  let offset = m[8] ?? 'Z';
  if (offset !== 'Z' && !offset.includes(':')) offset = `${offset.slice(0, 3)}:${offset.slice(3)}`;
  const fraction = (m[7] ?? '.000').slice(0, 4).padEnd(4, '0');
  const ms = Date.parse(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? '00'}${fraction}${offset}`);
  return Number.isNaN(ms) ? undefined : ms;
}

/** The `yyyy-MM-dd` the instant `ms` falls on in the archive's zone (or the given one). */
export function archiveDateOf(ms: number, timeZone: string = archiveTimeZone): string {
  return archiveTimestamp(ms, timeZone).slice(0, 10);
}

/** The date a timestamp stands for on a date field (its date in the archive's zone), or
 * undefined when the text is not a timestamp. */
export function timestampArchiveDate(text: string, timeZone: string = archiveTimeZone): string | undefined {
  const ms = timestampMs(text);
  return ms === undefined ? undefined : archiveDateOf(ms, timeZone);
}

/** The meaning in words of a timestamp on a date field, for hover and diagnostics. */
export function timestampDateMeaning(text: string): string | undefined {
  const date = timestampArchiveDate(text);
  if (date === undefined) return undefined;
  const ms = timestampMs(text)!;
  const exact = archiveDay(date)?.startMs === ms;
  return `"${text}" stands for the date ${date}, its date in the archive's time zone (${archiveTimeZone})${exact ? '' : '; its time of day is not compared'}.`;
}
