/**
 * The wire formats of dates and timestamps. The spec writes timestamps as
 * `yyyy-MM-dd'T'HH:mm:ss.SSSZ` (offset without colon); the vendor's own PHP sample sends
 * `DATE_ATOM` (offset with colon, no milliseconds) and it is accepted, so both the colon and the
 * fraction are optional here.
 */

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const timestampPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|[+-](\d{2}):?(\d{2}))$/;

const daysInMonth = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function validCalendarDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  if (m === 2 && y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0)) return d <= 29;
  return d <= daysInMonth[m - 1];
}

// The two checks below read `datePattern` and `timestampPattern` character by character: every
// date and timestamp of a large transaction passes through them, and a regex match allocates
// its array and a string per group. `timestampProblem` (only for a bad value) keeps the patterns.

/** The number written by the `count` ASCII digits at `at`, or -1. */
function digitsAt(text: string, at: number, count: number): number {
  let n = 0;
  for (let i = at; i < at + count; i++) {
    const c = text.charCodeAt(i);
    if (!(c >= 48 && c <= 57)) return -1; // also past the end (NaN)
    n = n * 10 + (c - 48);
  }
  return n;
}

/** `yyyy-MM-dd` at the start of `text`, a valid calendar date. */
function validDatePrefix(text: string): boolean {
  if (text.charCodeAt(4) !== 45 /* - */ || text.charCodeAt(7) !== 45) return false;
  const y = digitsAt(text, 0, 4);
  const m = digitsAt(text, 5, 2);
  const d = digitsAt(text, 8, 2);
  return y >= 0 && m >= 0 && d >= 0 && validCalendarDate(y, m, d);
}

export function isValidDate(text: string): boolean {
  return text.length === 10 && validDatePrefix(text);
}

export function isValidTimestamp(text: string): boolean {
  const length = text.length;
  if (length < 20 || !validDatePrefix(text) || text.charCodeAt(10) !== 84 /* T */) return false;
  if (text.charCodeAt(13) !== 58 /* : */ || text.charCodeAt(16) !== 58) return false;
  const hours = digitsAt(text, 11, 2);
  const minutes = digitsAt(text, 14, 2);
  const seconds = digitsAt(text, 17, 2);
  if (hours < 0 || minutes < 0 || seconds < 0 || hours > 23 || minutes > 59 || seconds > 59) return false;
  let i = 19;
  if (text.charCodeAt(i) === 46 /* . */) {
    const start = ++i;
    while (i < length && digitsAt(text, i, 1) >= 0) i++;
    if (i === start || i - start > 9) return false;
  }
  const zone = text.charCodeAt(i);
  if (zone === 90 /* Z */) return i + 1 === length;
  if (zone !== 43 /* + */ && zone !== 45 /* - */) return false;
  const zoneHours = digitsAt(text, i + 1, 2);
  i += 3;
  if (text.charCodeAt(i) === 58 /* : */) i++;
  const zoneMinutes = digitsAt(text, i, 2);
  return i + 2 === length && zoneHours >= 0 && zoneMinutes >= 0 && zoneHours <= 23 && zoneMinutes <= 59;
}

/** What is wrong with a timestamp, in the user's terms, for the diagnostic message. */
export function timestampProblem(text: string): string {
  if (datePattern.test(text)) return 'it is a date without a time';
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text)) return 'the offset is missing';
  if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(text)) return 'the date and time are separated by a space instead of `T`';
  if (timestampPattern.test(text)) return 'the date or time is out of range';
  return 'it is not in that format';
}
