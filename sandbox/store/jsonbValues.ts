/**
 * A JSON value as a jsonb column gives it back. jsonb keeps object keys sorted (shorter keys first,
 * then bytewise by UTF-8), at every depth; everything else the JSON text carries survives the round
 * trip. The transaction executor keeps the entities it creates in memory and answers from there,
 * so it must see their fields exactly as a read from the database would show them.
 */
import type { JsonValue } from '../../core/jsonValue';

const nonAscii = /[^\x00-\x7f]/;

/** For ASCII keys, UTF-16 length and order are byte length and order. */
function asciiKeyOrder(a: string, b: string): number {
  return a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0;
}

function byteKeyOrder(a: string, b: string): number {
  const byLength = Buffer.byteLength(a) - Buffer.byteLength(b);
  return byLength !== 0 ? byLength : Buffer.compare(Buffer.from(a), Buffer.from(b));
}

/** `value` with its object keys in the order jsonb returns them. */
export function asStoredJson<T extends JsonValue>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => asStoredJson(v)) as T;
  const keys = Object.keys(value);
  keys.sort(keys.some((k) => nonAscii.test(k)) ? byteKeyOrder : asciiKeyOrder);
  const out: Record<string, JsonValue> = {};
  for (const key of keys) {
    const v = (value as Record<string, JsonValue | undefined>)[key];
    // JSON.stringify drops undefined members, so the database never sees them.
    if (v !== undefined) out[key] = asStoredJson(v);
  }
  return out as T;
}
