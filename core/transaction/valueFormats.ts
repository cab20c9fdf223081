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

export function isValidDate(text: string): boolean {
  const m = datePattern.exec(text);
  return m !== null && validCalendarDate(+m[1], +m[2], +m[3]);
}

export function isValidTimestamp(text: string): boolean {
  const m = timestampPattern.exec(text);
  if (!m || !validCalendarDate(+m[1], +m[2], +m[3])) return false;
  if (+m[4] > 23 || +m[5] > 59 || +m[6] > 59) return false;
  if (m[9] !== undefined && (+m[9] > 23 || +m[10] > 59)) return false;
  return true;
}

/** What is wrong with a timestamp, in the user's terms, for the diagnostic message. */
export function timestampProblem(text: string): string {
  if (datePattern.test(text)) return 'it is a date without a time';
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text)) return 'the offset is missing';
  if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(text)) return 'the date and time are separated by a space instead of `T`';
  if (timestampPattern.test(text)) return 'the date or time is out of range';
  return 'it is not in that format';
}
