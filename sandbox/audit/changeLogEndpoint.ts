/**
 * `POST /logs/change-log`: the change log of one entity, from the rows the transaction executor
 * (and bulk open/close) write with every change (store/changeLog.ts). Answered as
 * `{results, total}`, oldest change first.
 *
 * Each entry carries exactly the fields the spec gives its revision type, no more: `modifiedField`
 * for UPDATE, LINK, UNLINK; `modifiedFieldType` for UPDATE; `newValue` for CREATE, UPDATE, LINK;
 * `oldValue` for UPDATE, DELETE; `removedValue` for LINK, UNLINK; `previousParent` and
 * `currentParent` for MOVE. A field that applies but has nothing to say is null (a LINK removes
 * nothing). The spec's value objects map a name to a string, number, date, boolean or null, so a
 * structured value (virksomhetsspesifikkeMetadata) appears as its JSON text.
 *
 * The entity may be named by id or by uuid (vendor notes §1: "ID or systemID"), and may be deleted
 * already: its log outlives it. `includeChildChanges` (vendor notes §1, default true) adds the
 * changes of everything currently inside the entity (containment.ts). `nestChildChanges` (vendor
 * notes §1, default true) is taken, but the docs do not show a nested answer: the child changes
 * are listed flat, in revision order, whichever it says.
 *
 * `modifiedDate` is the one timestamp written with a colon in its offset (`+02:00`): the vendor's
 * Java client reads it with `DateTimeFormatter.ISO_OFFSET_DATE_TIME`, which refuses `+0200`
 * (client/changelog/ChangeLogResult.java, serialization/ZonedDateTimeDeserializer.java), so a real
 * tenant must write it so. `systemId` (the uuid) and `modifiedByUserId` are the vendor's 3.8.0 fields.
 */
import type { ChangeLogResponseWire } from '../../core/api';
import { changeLogTypesSince380 } from '../../core/document/requestBodyShapes';
import type { JsonValue } from '../../core/jsonValue';
import type { NoarkModel } from '../../core/schema';
import { ServiceError } from '../http/errors';
import { readJsonBody, validateBody } from '../http/requestBody';
import { sendJson } from '../http/responses';
import type { Router } from '../http/router';
import { bsmFieldName, zonedBsm } from '../registries/bsmValues';
import type { SandboxServices } from '../sandboxServices';
import type { RevisionType } from '../store/changeLog';
import type { SqlSession } from '../store/database';
import { zonedTimestamp } from '../store/fieldValues';
import { subtreeIds } from './containment';
import { changeLogBodySchema, defaultLogLimit } from './logRequests';

type ValueMap = Record<string, string | number | boolean | null>;

export type ChangeLogResult = {
  id: string;
  systemId: string | null;
  type: string;
  revisionId: string;
  revisionType: RevisionType;
  modifiedDate: string;
  modifiedBy: string;
  modifiedByUserId: string;
  modifiedField?: string | null;
  modifiedFieldType?: string | null;
  newValue?: ValueMap | null;
  oldValue?: ValueMap | null;
  removedValue?: ValueMap | null;
  previousParent?: ValueMap | null;
  currentParent?: ValueMap | null;
};

/** The spec's "only for ..." notes, as data. */
const fieldsByRevisionType: Record<RevisionType, readonly (keyof ChangeLogResult)[]> = {
  CREATE: ['newValue'],
  UPDATE: ['modifiedField', 'modifiedFieldType', 'newValue', 'oldValue'],
  LINK: ['modifiedField', 'newValue', 'removedValue'],
  UNLINK: ['modifiedField', 'removedValue'],
  MOVE: ['previousParent', 'currentParent'],
  DELETE: ['oldValue'],
};

interface ChangeLogRow {
  revision_id: number | string;
  entity_id: number | string;
  entity_type: string;
  revision_type: RevisionType;
  modified_date: string;
  modified_by: string;
  modified_by_user_id: string;
  system_id: string | null;
  modified_field: string | null;
  modified_field_type: string | null;
  new_value: Record<string, JsonValue> | null;
  old_value: Record<string, JsonValue> | null;
  removed_value: Record<string, JsonValue> | null;
  previous_parent: Record<string, JsonValue> | null;
  current_parent: Record<string, JsonValue> | null;
}

/** A stored value map as answered; `timestamps` names the entity's timestamp fields, whose stored
 * UTC values are written in the archive's zone like every other answer. */
function zonedValueMap(value: Record<string, JsonValue> | null, timestamps: ReadonlySet<string>, timeZone: string): ValueMap | null {
  if (value === null) return null;
  const out: ValueMap = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = v !== null && typeof v === 'object' ? JSON.stringify(k === bsmFieldName ? zonedBsm(v, timeZone) : v) : timestamps.has(k) && typeof v === 'string' ? zonedTimestamp(v, timeZone) : v;
  }
  return out;
}

/** `…+0200` as `…+02:00`; ISO_OFFSET_DATE_TIME also refuses `+0000`, so UTC is `Z`. */
function withOffsetColon(timestamp: string): string {
  return timestamp.replace(/[+-]00:?00$/, 'Z').replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
}

export function toChangeLogResult(row: ChangeLogRow, model: NoarkModel, timeZone: string): ChangeLogResult {
  const timestamps = new Set((model.getType(row.entity_type)?.fields ?? []).filter((f) => f.type === 'timestamp').map((f) => f.name));
  const valueMap = (value: Record<string, JsonValue> | null) => zonedValueMap(value, timestamps, timeZone);
  const all: Omit<ChangeLogResult, 'id' | 'systemId' | 'type' | 'revisionId' | 'revisionType' | 'modifiedDate' | 'modifiedBy' | 'modifiedByUserId'> = {
    modifiedField: row.modified_field,
    modifiedFieldType: row.modified_field_type,
    newValue: valueMap(row.new_value),
    oldValue: valueMap(row.old_value),
    removedValue: valueMap(row.removed_value),
    previousParent: valueMap(row.previous_parent),
    currentParent: valueMap(row.current_parent),
  };
  const entry: ChangeLogResult = {
    id: String(row.entity_id),
    systemId: row.system_id,
    type: row.entity_type,
    revisionId: String(row.revision_id),
    revisionType: row.revision_type,
    modifiedDate: withOffsetColon(zonedTimestamp(row.modified_date, timeZone)),
    modifiedBy: row.modified_by,
    modifiedByUserId: row.modified_by_user_id,
  };
  const target = entry as unknown as Record<string, unknown>;
  const source = all as Record<string, unknown>;
  for (const key of fieldsByRevisionType[row.revision_type] ?? []) target[key] = source[key] ?? null;
  return entry;
}

interface LoggedEntity {
  id: number;
  type: string;
  /** False when the entity was deleted and only its log remains. */
  exists: boolean;
}

async function findLoggedEntity(db: SqlSession, idText: string): Promise<LoggedEntity | undefined> {
  if (/^\d{1,18}$/.test(idText)) {
    const id = Number(idText);
    const { rows } = await db.query<{ type: string }>('SELECT type FROM entity WHERE id = $1', [id]);
    if (rows[0]) return { id, type: rows[0].type, exists: true };
    const logged = await db.query<{ entity_type: string }>('SELECT entity_type FROM change_log WHERE entity_id = $1 ORDER BY revision_id DESC LIMIT 1', [id]);
    return logged.rows[0] ? { id, type: logged.rows[0].entity_type, exists: false } : undefined;
  }
  const { rows } = await db.query<{ id: number | string; type: string }>(`SELECT id, type FROM entity WHERE fields->>'uuid' = $1 LIMIT 1`, [idText]);
  if (rows[0]) return { id: Number(rows[0].id), type: rows[0].type, exists: true };
  const logged = await db.query<{ entity_id: number | string; entity_type: string }>(
    `SELECT entity_id, entity_type FROM change_log WHERE revision_type = 'CREATE' AND new_value->>'uuid' = $1 LIMIT 1`,
    [idText],
  );
  const row = logged.rows[0];
  return row ? { id: Number(row.entity_id), type: row.entity_type, exists: false } : undefined;
}

function changeLogTypes(model: NoarkModel): string[] {
  const names = model.types.filter((t) => t.changeLog).map((t) => t.name);
  return [...names, ...changeLogTypesSince380.filter((name) => model.getType(name) && !names.includes(name))];
}

export function registerChangeLogEndpoint(router: Router, services: SandboxServices): void {
  router.api('POST', '/logs/change-log', async ({ req, res }) => {
    const { value } = await readJsonBody(req, services.limits.maxBodyBytes);
    const body = validateBody(changeLogBodySchema, value, 'change-log');
    const { model, db } = services;
    const allowed = changeLogTypes(model);
    if (body.type !== undefined && !allowed.includes(body.type)) {
      throw new ServiceError(400, `The change log is kept for ${allowed.join(', ')}; \`type\` cannot be ${JSON.stringify(body.type)}.`);
    }
    const idText = String(body.id);
    const entity = await findLoggedEntity(db, idText);
    if (!entity) throw new ServiceError(404, `No entity has the id or uuid ${JSON.stringify(idText)}, and the change log knows none.`);
    if (!allowed.some((t) => model.isAssignable(entity.type, t))) {
      throw new ServiceError(400, `${entity.type} ${entity.id} has no change log to read: the change log is kept for ${allowed.join(', ')}.`);
    }
    if (body.type !== undefined && !model.isAssignable(entity.type, body.type)) {
      throw new ServiceError(400, `${idText} is a ${entity.type}, not a ${body.type}: send \`type\` "${entity.type}" or leave it out.`);
    }
    const ids = body.includeChildChanges !== false && entity.exists ? await subtreeIds(db, model, entity.id) : [entity.id];
    const limit = body.limit ?? defaultLogLimit;
    const offset = body.offset ?? 0;
    const { rows } = await db.query<ChangeLogRow>(
      `SELECT revision_id, entity_id, entity_type, revision_type, modified_date, modified_by, modified_by_user_id, modified_field, modified_field_type,
         new_value, old_value, removed_value, previous_parent, current_parent,
         coalesce((SELECT e.fields->>'uuid' FROM entity e WHERE e.id = change_log.entity_id),
                  (SELECT c.new_value->>'uuid' FROM change_log c WHERE c.entity_id = change_log.entity_id AND c.revision_type = 'CREATE' LIMIT 1)) AS system_id
       FROM change_log WHERE entity_id = ANY($1::bigint[]) ORDER BY revision_id LIMIT $2 OFFSET $3`,
      [ids, limit, offset],
    );
    const count = await db.query<{ n: number | string }>('SELECT count(*) AS n FROM change_log WHERE entity_id = ANY($1::bigint[])', [ids]);
    sendJson(res, 200, { results: rows.map((row) => toChangeLogResult(row, model, services.timeZone)), total: Number(count.rows[0]?.n ?? 0) } satisfies ChangeLogResponseWire);
  });
}
