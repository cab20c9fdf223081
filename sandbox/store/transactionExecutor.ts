/**
 * Runs the actions of one transaction in ONE SQL transaction, in order. Any failure throws an
 * ActionError naming the action's index and rolls everything back. This is where the checks that
 * only a server can make live: ids exist, types match, versions (409), cardinalities, ownership,
 * moves and delete permissions, uploaded files, and the fields the service sets itself.
 */
import { randomUUID } from 'node:crypto';
import type { JsonValue } from '../../core/jsonValue';
import type { FieldDef, NoarkModel, ReferenceDef } from '../../core/schema';
import type { Account } from '../auth/accounts';
import type { FileStore } from '../files/fileStore';
import type { BsmGroup } from '../../core/transaction';
import { bsmFieldName, storedBsm } from '../registries/bsmValues';
import { closedEntityMessage, findClosedContainer } from '../audit/closedEntities';
import { writeChangeLog, type ChangeLogEntry } from './changeLog';
import type { SqlSession } from './database';
import { toResults, type EntityResult, type EntityRow } from './entityRows';
import { formatDate, formatTimestamp, normalizeTimestamp, yearOf } from './fieldValues';
import { isToOne, linkHop, storedLink } from './linkModel';

export interface TxAction {
  action: 'save' | 'link' | 'unlink' | 'delete';
  type: string;
  id: string;
  version?: string;
  fields?: Record<string, JsonValue>;
  ref?: string;
  linkToId?: string[];
  unlinkFromId?: string[];
}

/** A failed action: `index` is its position in `actions` (0-based, as in `$.actions[index]`). */
export class ActionError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly index?: number,
  ) {
    super(message);
  }
}

export interface ExecutorDeps {
  model: NoarkModel;
  files: FileStore;
  now: () => number;
  /** The live BSM registry: saved BSM is stored with each field's type, as results carry it. */
  bsmRegistry?: readonly BsmGroup[];
}

interface Entity {
  id: number;
  type: string;
}

interface Detached {
  entity: Entity;
  reference: ReferenceDef;
  index: number;
  previous: Entity;
}

/** Numbers the service counts within a parent, assigned when a new entity is linked to it. */
const numberedWithinParent: { field: string; ref: string }[] = [
  { field: 'journalpostnummer', ref: 'refMappe' },
  { field: 'dokumentnummer', ref: 'refRegistrering' },
  { field: 'versjonsnummer', ref: 'refDokument' },
];

const isNumericId = (text: string) => /^\d{1,18}$/.test(text);

function sameJson(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export class TransactionRun {
  private readonly temp = new Map<string, Entity>();
  private readonly created = new Set<number>();
  private readonly known = new Map<number, Entity & { version: number }>();
  private readonly bumped = new Set<number>();
  /** Response key (temp id or numeric id) → entity id, in the order first saved. */
  private readonly saved = new Map<string, number>();
  private readonly detached = new Map<string, Detached>();
  private readonly deleted = new Set<number>();
  private readonly timestamp: string;

  constructor(
    private readonly tx: SqlSession,
    private readonly deps: ExecutorDeps,
    private readonly account: Account,
  ) {
    this.timestamp = formatTimestamp(deps.now());
  }

  async run(actions: readonly TxAction[]): Promise<Record<string, EntityResult>> {
    for (let index = 0; index < actions.length; index++) {
      try {
        await this.execute(actions[index], index);
      } catch (error) {
        if (error instanceof ActionError && error.index === undefined) throw new ActionError(error.status, error.message, index);
        throw error;
      }
    }
    await this.checkDetached();
    return this.response();
  }

  private get model(): NoarkModel {
    return this.deps.model;
  }

  private async execute(action: TxAction, index: number): Promise<void> {
    switch (action.action) {
      case 'save':
        return this.save(action);
      case 'link':
        for (const target of action.linkToId ?? []) await this.link(action, target);
        return;
      case 'unlink':
        for (const target of action.unlinkFromId ?? []) await this.unlink(action, target, index);
        return;
      case 'delete':
        return this.delete(action);
    }
  }

  // --- ids --------------------------------------------------------------------------------

  private async resolve(idText: string): Promise<Entity & { version: number }> {
    const tempEntity = this.temp.get(idText);
    if (tempEntity) {
      if (this.deleted.has(tempEntity.id)) throw new ActionError(404, `"${idText}" was deleted earlier in this transaction.`);
      return { ...tempEntity, version: 1 };
    }
    if (!isNumericId(idText)) throw new ActionError(400, `"${idText}" is neither an id of the archive nor a temporary id saved by an earlier action.`);
    const id = Number(idText);
    if (this.deleted.has(id)) throw new ActionError(404, `${idText} was deleted earlier in this transaction.`);
    const cached = this.known.get(id);
    if (cached) return cached;
    const { rows } = await this.tx.query<{ id: number | string; type: string; version: number | string }>('SELECT id, type, version FROM entity WHERE id = $1', [id]);
    if (!rows[0]) throw new ActionError(404, `No entity has id ${idText}.`);
    const entity = { id, type: rows[0].type, version: Number(rows[0].version) };
    // Every action on an existing entity (save, link and unlink on either side, delete) passes
    // here, so this one check makes closed entities and their contents refuse changes.
    const closed = await findClosedContainer(this.tx, this.model, id);
    if (closed) throw new ActionError(400, closedEntityMessage(entity, closed));
    this.known.set(id, entity);
    return entity;
  }

  private async resolveTyped(action: TxAction): Promise<Entity & { version: number }> {
    const entity = await this.resolve(action.id);
    if (entity.type !== action.type) throw new ActionError(400, `${action.id} is a ${entity.type}, not a ${action.type}: name the entity's own type.`);
    return entity;
  }

  private checkVersion(action: TxAction, entity: Entity & { version: number }): void {
    if (action.version === undefined || this.created.has(entity.id)) return;
    if (String(entity.version) !== String(action.version).trim()) {
      throw new ActionError(409, `${entity.type} ${entity.id} is at version ${entity.version}, not ${action.version}: someone changed it; read it again and retry.`);
    }
  }

  // --- save -------------------------------------------------------------------------------

  private fieldDef(type: string, name: string): FieldDef | undefined {
    const member = this.model.lookupMember(type, name);
    return member?.kind === 'field' ? member.field : undefined;
  }

  /** The fields a save may write, normalised; service-set fields are ignored (the checker warns). */
  private writableFields(type: string, fields: Record<string, JsonValue>): Record<string, JsonValue | undefined> {
    const out: Record<string, JsonValue | undefined> = {};
    for (const [name, value] of Object.entries(fields)) {
      if (name === 'id' || name === 'version') continue;
      const member = this.model.lookupMember(type, name);
      if (member?.kind === 'reference') throw new ActionError(400, `\`${name}\` is a reference: set it with a link action, not in fields (rule 1).`);
      const def = member?.field;
      if (def?.writable === 'service') continue;
      if (value === null) {
        out[name] = undefined;
        continue;
      }
      if (name === bsmFieldName) {
        out[name] = storedBsm(value, this.deps.bsmRegistry);
        continue;
      }
      if (def?.type === 'timestamp' && typeof value === 'string') {
        const canonical = normalizeTimestamp(value);
        if (!canonical) throw new ActionError(400, `\`${name}\` must be a timestamp like 2024-08-19T09:09:39.315+0200, not ${JSON.stringify(value)}.`);
        out[name] = canonical;
        continue;
      }
      out[name] = value;
    }
    return out;
  }

  private async counter(name: string): Promise<number> {
    const { rows } = await this.tx.query<{ value: number | string }>(
      'INSERT INTO counter (name, value) VALUES ($1, 1) ON CONFLICT (name) DO UPDATE SET value = counter.value + 1 RETURNING value',
      [name],
    );
    return Number(rows[0].value);
  }

  /** Defaults and service-set fields of a new entity. */
  private async fillNew(type: string, fields: Record<string, JsonValue>): Promise<void> {
    const def = this.model.getType(type);
    if (!def) return;
    const has = (name: string) => def.fields.some((f) => f.name === name);
    const now = this.deps.now();
    const year = yearOf(now);
    const setIfMissing = (name: string, value: JsonValue) => {
      if (has(name) && fields[name] === undefined) fields[name] = value;
    };
    fields.uuid = randomUUID();
    setIfMissing('opprettetDato', this.timestamp);
    setIfMissing('opprettetAv', this.account.displayName);
    setIfMissing('opprettetAvBrukerIdent', this.account.userId);
    for (const f of def.fields) if (f.defaultValue !== undefined && fields[f.name] === undefined) fields[f.name] = f.defaultValue;
    if (has('mappeIdent')) {
      const seq = await this.counter(`mappe:${year}`);
      fields.mappeIdent = `${year}/${seq}`;
      if (has('saksaar')) fields.saksaar = year;
      if (has('sakssekvensnummer')) fields.sakssekvensnummer = seq;
    }
    if (has('registreringsIdent')) {
      const seq = await this.counter(`journal:${year}`);
      fields.registreringsIdent = `${year}/${seq}`;
      if (has('journalaar')) fields.journalaar = year;
      if (has('journalsekvensnummer')) fields.journalsekvensnummer = seq;
    }
    const byDefault = (name: string, value: JsonValue) => {
      const f = def.fields.find((x) => x.name === name);
      if (f?.hasDefault && fields[name] === undefined) fields[name] = value;
    };
    const today = formatDate(now);
    byDefault('registreringsDato', today);
    byDefault('saksdato', today);
    byDefault('presedensDato', today);
    byDefault('saksansvarlig', this.account.displayName);
    byDefault('saksansvarligBrukerIdent', this.account.userId);
    byDefault('journalansvarlig', this.account.displayName);
    byDefault('journalansvarligBrukerIdent', this.account.userId);
    byDefault('publiseringsstatus', 'NOT_PUBLISHED');
    byDefault('arkivdelstatus', 'A');
    byDefault('presedensStatus', 'G');
    byDefault('kryptertDokument', false);
  }

  /** Links an uploaded file to the Dokumentversjon `entityId` and copies what the upload knows. */
  private async attachFile(entityId: number, fields: Record<string, JsonValue>, userGiven: Record<string, JsonValue | undefined>): Promise<void> {
    const ref = fields.referanseDokumentfil;
    const text = typeof ref === 'number' ? String(ref) : typeof ref === 'string' ? ref.trim() : '';
    if (!isNumericId(text)) throw new ActionError(400, `referanseDokumentfil must be the id returned by upload, not ${JSON.stringify(ref)}.`);
    const file = await this.deps.files.find(this.tx, Number(text));
    if (!file) throw new ActionError(400, `referanseDokumentfil ${text} is not an uploaded file, or it expired because no Dokumentversjon linked it in time.`);
    if (file.uploadedBy !== this.account.login) {
      // The spec: linking with another account than the uploading one yields HTTP 500.
      throw new ActionError(500, `The file ${text} was uploaded by another account; only the account that uploaded a file can link it to a Dokumentversjon.`);
    }
    if (file.dokumentversjonId !== null && file.dokumentversjonId !== entityId) {
      throw new ActionError(400, `The file ${text} already belongs to Dokumentversjon ${file.dokumentversjonId}: upload the file again for a new version.`);
    }
    fields.referanseDokumentfil = text;
    fields.sjekksum = file.sha256;
    fields.sjekksumAlgoritme = 'SHA-256';
    fields.filstoerrelse = file.size;
    fields.filnavn = file.fileName;
    fields.innholdstype = file.contentType;
    if (userGiven.format === undefined) fields.format = file.contentType;
    await this.deps.files.markLinked(this.tx, file.id, entityId);
  }

  private async save(action: TxAction): Promise<void> {
    const given = this.writableFields(action.type, action.fields ?? {});
    if (!this.temp.has(action.id) && !isNumericId(action.id)) return this.create(action, given);
    const entity = await this.resolveTyped(action);
    this.checkVersion(action, entity);
    const row = await this.loadRow(entity.id);
    const before = row.fields;
    const after: Record<string, JsonValue> = { ...before };
    const changed: string[] = [];
    for (const [name, value] of Object.entries(given)) {
      if (sameJson(before[name], value)) continue;
      if (value === undefined) delete after[name];
      else after[name] = value;
      changed.push(name);
    }
    if (changed.length === 0) return;
    if (entity.type === 'Dokumentversjon' && changed.includes('referanseDokumentfil')) {
      const old = before.referanseDokumentfil;
      if (typeof old === 'string' && isNumericId(old)) await this.deps.files.markLinked(this.tx, Number(old), null);
      await this.attachFile(entity.id, after, given);
    }
    const bump = !this.created.has(entity.id) && !this.bumped.has(entity.id);
    if (bump) this.bumped.add(entity.id);
    await this.tx.query(`UPDATE entity SET fields = $2, version = version + $3 WHERE id = $1`, [entity.id, after, bump ? 1 : 0]);
    for (const name of changed) {
      await this.log({
        entity,
        revisionType: 'UPDATE',
        modifiedField: name,
        modifiedFieldType: this.fieldDef(entity.type, name)?.type ?? typeof after[name],
        newValue: { [name]: after[name] ?? null },
        oldValue: { [name]: before[name] ?? null },
      });
    }
    if (!this.saved.has(action.id)) this.saved.set(action.id, entity.id);
  }

  private async create(action: TxAction, given: Record<string, JsonValue | undefined>): Promise<void> {
    const { rows } = await this.tx.query<{ id: number | string }>(`SELECT nextval('entity_id_seq') AS id`);
    const id = Number(rows[0].id);
    const fields: Record<string, JsonValue> = {};
    for (const [k, v] of Object.entries(given)) if (v !== undefined) fields[k] = v;
    await this.fillNew(action.type, fields);
    if (action.type === 'Dokumentversjon' && fields.referanseDokumentfil !== undefined) await this.attachFile(id, fields, given);
    await this.tx.query('INSERT INTO entity (id, type, version, fields, created_by) VALUES ($1, $2, 1, $3, $4)', [id, action.type, fields, this.account.login]);
    const entity = { id, type: action.type };
    this.temp.set(action.id, entity);
    this.created.add(id);
    this.saved.set(action.id, id);
    await this.log({ entity, revisionType: 'CREATE', newValue: fields });
  }

  private async loadRow(id: number): Promise<EntityRow> {
    const { rows } = await this.tx.query<EntityRow>('SELECT id, type, version, fields FROM entity WHERE id = $1', [id]);
    if (!rows[0]) throw new ActionError(404, `No entity has id ${id}.`);
    return rows[0];
  }

  // --- links ------------------------------------------------------------------------------

  private reference(type: string, ref: string | undefined): ReferenceDef {
    const member = ref ? this.model.lookupMember(type, ref) : undefined;
    if (!member || member.kind !== 'reference') throw new ActionError(400, `${type} has no reference \`${ref}\`.`);
    return member.reference;
  }

  /** Ids linked to `entity` through `refName` (either stored side). */
  private async linkedIds(entity: Entity, refName: string): Promise<number[]> {
    const hop = linkHop(this.model, entity.type, refName);
    if (!hop) return [];
    const { rows } =
      hop.kind === 'forward'
        ? await this.tx.query<{ id: number | string }>('SELECT to_id AS id FROM link WHERE from_id = $1 AND ref = $2', [entity.id, hop.ref])
        : await this.tx.query<{ id: number | string }>('SELECT from_id AS id FROM link WHERE to_id = $1 AND ref = $2 AND from_type = ANY($3)', [entity.id, hop.ref, hop.fromTypes]);
    return rows.map((r) => Number(r.id));
  }

  private async link(action: TxAction, targetText: string): Promise<void> {
    const source = await this.resolveTyped(action);
    const reference = this.reference(source.type, action.ref);
    const target = await this.resolve(targetText);
    if (!this.model.isAssignable(target.type, reference.target)) {
      throw new ActionError(400, `${target.type} ${targetText} cannot be linked through ${source.type}.${reference.name}, which takes ${reference.target}.`);
    }
    const stored = storedLink(this.model, source.type, source.id, reference.name, target.type, target.id);
    if (!stored) throw new ActionError(400, `${source.type} has no reference \`${reference.name}\`.`);
    const exists = await this.tx.query('SELECT 1 FROM link WHERE from_id = $1 AND ref = $2 AND to_id = $3', [stored.fromId, stored.ref, stored.toId]);
    if (exists.rows.length > 0) return;
    if (isToOne(reference)) {
      const current = await this.linkedIds(source, reference.name);
      if (current.length > 0) {
        throw new ActionError(
          400,
          `${source.type} ${action.id} is already linked through ${reference.name} to ${current[0]}; it holds one entity. To move it, unlink it first in the same transaction (rule 6).`,
        );
      }
    }
    if (reference.inverse) {
      const inverse = this.model.lookupMember(target.type, reference.inverse);
      if (inverse?.kind === 'reference' && isToOne(inverse.reference)) {
        const current = await this.linkedIds(target, reference.inverse);
        if (current.length > 0) throw new ActionError(400, `${target.type} ${targetText} is already linked through ${reference.inverse} to ${current[0]}, which holds one entity.`);
      }
    }
    await this.tx.query('INSERT INTO link (from_id, from_type, ref, to_id) VALUES ($1, $2, $3, $4)', [stored.fromId, stored.fromType, stored.ref, stored.toId]);
    await this.log({ entity: source, revisionType: 'LINK', modifiedField: reference.name, newValue: { [reference.name]: String(target.id) } });
    const detachKey = `${source.id}\u0000${reference.name}`;
    const detached = this.detached.get(detachKey);
    if (detached) {
      this.detached.delete(detachKey);
      await this.log({
        entity: source,
        revisionType: 'MOVE',
        modifiedField: reference.name,
        previousParent: { type: detached.previous.type, id: String(detached.previous.id) },
        currentParent: { type: target.type, id: String(target.id) },
      });
    }
    if (this.created.has(source.id)) await this.numberWithinParent(source, reference.name, target);
  }

  private async numberWithinParent(entity: Entity, refName: string, parent: Entity): Promise<void> {
    const rule = numberedWithinParent.find((r) => r.ref === refName && this.model.getType(entity.type)?.fields.some((f) => f.name === r.field));
    if (!rule) return;
    const row = await this.loadRow(entity.id);
    if (row.fields[rule.field] !== undefined) return;
    const n = await this.counter(`${rule.field}:${parent.id}`);
    await this.tx.query('UPDATE entity SET fields = $2 WHERE id = $1', [entity.id, { ...row.fields, [rule.field]: n }]);
  }

  private async unlink(action: TxAction, targetText: string, index: number): Promise<void> {
    const source = await this.resolveTyped(action);
    const reference = this.reference(source.type, action.ref);
    const target = await this.resolve(targetText);
    const stored = storedLink(this.model, source.type, source.id, reference.name, target.type, target.id);
    if (!stored) throw new ActionError(400, `${source.type} has no reference \`${reference.name}\`.`);
    const removed = await this.tx.query('DELETE FROM link WHERE from_id = $1 AND ref = $2 AND to_id = $3 RETURNING from_id', [stored.fromId, stored.ref, stored.toId]);
    if (removed.rows.length === 0) throw new ActionError(400, `${source.type} ${action.id} is not linked to ${targetText} through ${reference.name}.`);
    if (reference.direction === 'parent' && !this.created.has(source.id)) {
      if (!this.account.canMove) {
        throw new ActionError(403, `Moving a ${source.type} (unlink then link of ${reference.name}) needs the move permission, which account ${this.account.login} does not have.`);
      }
      this.detached.set(`${source.id}\u0000${reference.name}`, { entity: source, reference, index, previous: target });
    }
    await this.log({ entity: source, revisionType: 'UNLINK', modifiedField: reference.name, removedValue: { [reference.name]: String(target.id) } });
  }

  /** An unlinked parent must be replaced in the same transaction when the entity cannot be without one. */
  private async checkDetached(): Promise<void> {
    for (const d of this.detached.values()) {
      if (this.deleted.has(d.entity.id)) continue;
      const def = this.model.getType(d.entity.type);
      const group = def?.creationRules.find(
        (r) => r.kind === 'link' && r.anyOf.some((w) => w.from === 'self' && w.ref === d.reference.name) && r.anyOf.every((w) => w.from === 'self'),
      );
      const refs =
        group && group.kind === 'link' ? group.anyOf.map((w) => (w.from === 'self' ? w.ref : '')) : d.reference.cardinality === '1' || d.reference.cardinality === '1..*' ? [d.reference.name] : [];
      if (refs.length === 0) continue;
      let linked = false;
      for (const ref of refs) if ((await this.linkedIds(d.entity, ref)).length > 0) linked = true;
      if (!linked) {
        throw new ActionError(
          400,
          `unlinking ${d.entity.type} ${d.entity.id} from ${d.reference.name} leaves it without the parent it cannot exist without (rule 5); to move it, link it to its new parent in the same transaction (rule 6).`,
          d.index,
        );
      }
    }
  }

  // --- delete -----------------------------------------------------------------------------

  private async delete(action: TxAction): Promise<void> {
    if (!this.account.canDelete) throw new ActionError(403, `delete needs special permission, which account ${this.account.login} does not have.`);
    const entity = await this.resolveTyped(action);
    this.checkVersion(action, entity);
    const { rows } = await this.tx.query<{ from_id: number | string; from_type: string; ref: string }>('SELECT from_id, from_type, ref FROM link WHERE to_id = $1', [entity.id]);
    const children = rows.filter((r) => {
      const member = this.model.lookupMember(r.from_type, r.ref);
      return member?.kind === 'reference' && member.reference.direction === 'parent';
    });
    if (children.length > 0) {
      const c = children[0];
      throw new ActionError(
        400,
        `${entity.type} ${action.id} still has ${children.length} entit${children.length === 1 ? 'y' : 'ies'} below it (e.g. ${c.from_type} ${c.from_id} through ${c.ref}): delete or move them first.`,
      );
    }
    const row = await this.loadRow(entity.id);
    await this.tx.query('DELETE FROM link WHERE from_id = $1 OR to_id = $1', [entity.id]);
    await this.tx.query('DELETE FROM entity WHERE id = $1', [entity.id]);
    if (entity.type === 'Dokumentversjon') {
      const ref = row.fields.referanseDokumentfil;
      if (typeof ref === 'string' && isNumericId(ref)) await this.deps.files.markLinked(this.tx, Number(ref), null);
    }
    this.deleted.add(entity.id);
    for (const [key, id] of this.saved) if (id === entity.id) this.saved.delete(key);
    await this.log({ entity, revisionType: 'DELETE', oldValue: row.fields });
  }

  // --- log and response -------------------------------------------------------------------

  private async log(e: Omit<ChangeLogEntry, 'entityId' | 'entityType' | 'modifiedDate' | 'modifiedBy' | 'modifiedByUserId'> & { entity: Entity }): Promise<void> {
    const { entity, ...rest } = e;
    await writeChangeLog(this.tx, {
      ...rest,
      entityId: entity.id,
      entityType: entity.type,
      modifiedDate: this.timestamp,
      modifiedBy: this.account.displayName,
      modifiedByUserId: this.account.userId,
    });
  }

  private async response(): Promise<Record<string, EntityResult>> {
    const ids = [...new Set(this.saved.values())];
    if (ids.length === 0) return {};
    const { rows } = await this.tx.query<EntityRow>('SELECT id, type, version, fields FROM entity WHERE id = ANY($1)', [ids]);
    const results = await toResults(this.tx, this.model, rows);
    const byId = new Map(results.map((r) => [Number(r.id), r]));
    const out: Record<string, EntityResult> = {};
    for (const [key, id] of this.saved) {
      const r = byId.get(id);
      if (r) out[key] = r;
    }
    return out;
  }
}
