/**
 * A fast reader of `POST /transaction` bodies of the ordinary shape. The zod schema
 * (`transactionBodySchema`) takes about a tenth of a second over a thousand actions; this plain
 * walk accepts only bodies the schema accepts and returns the actions as the schema would, and
 * leaves every other body to the schema, which then names each problem.
 */
import { transactionActionNames, transactionActionSchema } from '../../core/api';
import type { JsonValue } from '../../core/jsonValue';
import type { TxAction } from './transactionExecutor';

// The keys and verbs of core/api's action, so this walk and the schema take the same bodies.
const actionKeys = new Set(Object.keys(transactionActionSchema.shape));
const actionNames = new Set<string>(transactionActionNames);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An id as `transactionActionSchema` reads it, or undefined where the schema would refuse it. */
function plainId(value: unknown): string | undefined {
  if (typeof value === 'string') return value.length > 0 ? value : undefined;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= Number.MAX_SAFE_INTEGER) return String(value);
  return undefined;
}

function plainIdList(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) {
    const id = plainId(value);
    return id === undefined ? undefined : [id];
  }
  if (value.length === 0) return undefined;
  const out: string[] = [];
  for (const item of value) {
    const id = plainId(item);
    if (id === undefined) return undefined;
    out.push(id);
  }
  return out;
}

/** zod drops `__proto__` members where it copies records; a body with one takes the schema's path. */
function hasProtoKey(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasProtoKey);
  if (!isRecord(value)) return false;
  if (Object.prototype.hasOwnProperty.call(value, '__proto__')) return true;
  for (const key in value) if (hasProtoKey(value[key])) return true;
  return false;
}

/**
 * The actions of a parsed body that `transactionBodySchema` accepts, as it would return them, or
 * undefined when the body needs the schema. The JSON values in `fields` are kept as JSON.parse
 * made them, which the schema passes through unchanged (apart from `__proto__` members).
 */
export function plainTransactionActions(value: unknown): TxAction[] | undefined {
  if (!isRecord(value)) return undefined;
  for (const key in value) if (key !== 'actions') return undefined;
  const list = value.actions;
  if (!Array.isArray(list)) return undefined;
  const out: TxAction[] = [];
  for (const a of list) {
    if (!isRecord(a)) return undefined;
    for (const key in a) if (!actionKeys.has(key)) return undefined;
    if (typeof a.action !== 'string' || !actionNames.has(a.action)) return undefined;
    if (typeof a.type !== 'string' || a.type.length === 0) return undefined;
    const id = plainId(a.id);
    if (id === undefined) return undefined;
    const action: TxAction = { action: a.action as TxAction['action'], type: a.type, id };
    if ('version' in a) {
      if (typeof a.version !== 'string' && typeof a.version !== 'number') return undefined;
      action.version = String(a.version);
    }
    if ('fields' in a) {
      if (!isRecord(a.fields) || hasProtoKey(a.fields)) return undefined;
      action.fields = a.fields as Record<string, JsonValue>;
    }
    if ('ref' in a) {
      if (typeof a.ref !== 'string' || a.ref.length === 0) return undefined;
      action.ref = a.ref;
    }
    for (const key of ['linkToId', 'unlinkFromId'] as const) {
      if (!(key in a)) continue;
      const ids = plainIdList(a[key]);
      if (ids === undefined) return undefined;
      action[key] = ids;
    }
    out.push(action);
  }
  return out;
}
