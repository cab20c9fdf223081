/**
 * How a save's `virksomhetsspesifikkeMetadata` is stored: in the shape results carry, each field
 * entry `{type, values}` with the type from the registry and the values in that type's JSON form
 * (long and double as numbers, timestamps canonical). The save describes the desired final state,
 * so fields with no values and groups with no fields are dropped, and an empty object removes the
 * BSM altogether (vendor notes §1.5, transaction save).
 */
import type { JsonValue } from '../../core/jsonValue';
import type { BsmGroup } from '../../core/transaction';
import { normalizeTimestamp, zonedTimestamp } from '../store/fieldValues';

export const bsmFieldName = 'virksomhetsspesifikkeMetadata';

type JsonObject = { [key: string]: JsonValue };

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typedValue(fieldType: string | undefined, value: JsonValue): JsonValue {
  switch (fieldType) {
    case 'long':
      if (typeof value === 'string' && /^-?\d+$/.test(value)) {
        const n = Number(value);
        return Number.isSafeInteger(n) ? n : value;
      }
      return value;
    case 'double':
      return typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value;
    case 'timestamp':
      return typeof value === 'string' ? (normalizeTimestamp(value) ?? value) : value;
    case 'boolean':
      return value === 'true' ? true : value === 'false' ? false : value;
    default:
      return value;
  }
}

/** The stored form of a saved BSM object, or undefined when it holds no values (BSM removed). */
export function storedBsm(value: JsonValue, registry: readonly BsmGroup[] | undefined): JsonValue | undefined {
  // Anything but an object was refused by the transaction checks; keep it rather than guess.
  if (!isObject(value)) return value;
  const types = new Map<string, string>();
  for (const group of registry ?? []) for (const field of group.fields) types.set(`${group.groupId}\u0000${field.fieldId}`, field.fieldType);
  const out: JsonObject = {};
  for (const [groupId, group] of Object.entries(value)) {
    if (!isObject(group)) continue;
    const fields: JsonObject = {};
    for (const [fieldId, entry] of Object.entries(group)) {
      if (!isObject(entry) || !Array.isArray(entry.values) || entry.values.length === 0) continue;
      const type = types.get(`${groupId}\u0000${fieldId}`) ?? (typeof entry.type === 'string' ? entry.type : undefined);
      const values = entry.values.map((v) => typedValue(type, v));
      fields[fieldId] = type === undefined ? { values } : { type, values };
    }
    if (Object.keys(fields).length > 0) out[groupId] = fields;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** A stored BSM object as answered: its timestamp values (stored UTC) written in `timeZone`, like
 * every other timestamp the archive answers; everything else as stored. */
export function zonedBsm(value: JsonValue, timeZone: string): JsonValue {
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [groupId, group] of Object.entries(value)) {
    if (!isObject(group)) {
      out[groupId] = group;
      continue;
    }
    const fields: JsonObject = {};
    for (const [fieldId, entry] of Object.entries(group)) {
      fields[fieldId] =
        isObject(entry) && entry.type === 'timestamp' && Array.isArray(entry.values)
          ? { ...entry, values: entry.values.map((v) => (typeof v === 'string' ? zonedTimestamp(v, timeZone) : v)) }
          : entry;
    }
    out[groupId] = fields;
  }
  return out;
}
