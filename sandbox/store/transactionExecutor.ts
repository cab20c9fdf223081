/**
 * Runs the actions of one transaction in ONE SQL transaction, in order. Any failure throws an
 * ActionError naming the action's index and rolls everything back. This is where the checks that
 * only a server can make live: ids exist, types match, versions (409), cardinalities, ownership,
 * moves and delete permissions, uploaded files, and the fields the service sets itself.
 *
 * Large transactions mostly create entities and link them to each other, so the entities created
 * in the run are kept in memory (fields and every link they take part in, which can only have been
 * made in this run) and checked there; their rows, counters and change-log entries are written as
 * a few multi-row statements (heldWrites.ts), held rows always before the database is read again.
 *
 * On a PostgreSQL server other transactions run beside this one (other requests, other sandbox
 * processes), so an existing entity is row-locked when first read: `FOR SHARE` when it is only
 * linked to or read (many transactions may add to one case file at once), `FOR NO KEY UPDATE`
 * when it is saved, or is the side of a link whose one-per-entity rule is checked, `FOR UPDATE`
 * when it is deleted. There the year's case and journal numbers (`sakssekvensnummer`,
 * `journalsekvensnummer`) are taken at the end of the run, in the order of the creates: their
 * counter row stays locked until the commit, which keeps them gap-free, and taking them last
 * keeps that lock as short as it can be. (On PGlite they are taken as each entity is created.)
 * Closing an existing entity locks everything inside it too (containment.ts, `lockContents`), so
 * that nothing is added below a container another transaction is closing.
 */
import type { NormalisedTransactionAction } from '../../core/api';
import { randomUUID } from 'node:crypto';
import { canonicalScalar } from '../../core/scalarCoercion';
import type { JsonValue } from '../../core/jsonValue';
import type { FieldDef, NoarkModel, ReferenceDef } from '../../core/schema';
import type { Account } from '../auth/accounts';
import type { FileStore } from '../files/fileStore';
import type { BsmGroup } from '../../core/transaction';
import { bsmFieldName, storedBsm } from '../registries/bsmValues';
import { closedEntityMessage, findClosedContainer, isClosedItself, type ClosedContainer } from '../audit/closedEntities';
import { lockContents } from '../audit/containment';
import { changeLogRowsStatement, type ChangeLogEntry } from './changeLog';
import type { SqlSession } from './database';
import { inModelOrder, returnedLinks, toResults, type EntityResult, type EntityRow } from './entityRows';
import { archiveDateOf } from '../../core/query/archiveDay';
import { formatTimestamp, normalizeTimestamp } from './fieldValues';
import { HeldWrites, type FreshEntity } from './heldWrites';
import { asStoredJson } from './jsonbValues';
import { isToOne, linkHop, storedLink, type StoredLink } from './linkModel';
import { TransactionCounters, type CounterSlot } from './transactionCounters';

/** An action as the executor runs it: core/api's, normalised (link targets always a list). */
export type TxAction = NormalisedTransactionAction;

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
  /** The zone results are written in, and whose date is "today" for date defaults and the year. */
  timeZone: string;
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

/** How an existing entity is locked on a server, weakest first (see the header). */
type RowLock = 'share' | 'update' | 'delete';
const lockStrength: Record<RowLock, number> = { share: 1, update: 2, delete: 3 };
const lockClause: Record<RowLock, string> = { share: 'FOR SHARE', update: 'FOR NO KEY UPDATE', delete: 'FOR UPDATE' };

/** A new entity whose year number is taken when the run ends. */
interface PendingNumber {
  entity: FreshEntity;
  year: number;
  /** Its CREATE change-log entry, which shows the numbers as the entity is stored. */
  created: ChangeLogEntry;
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

function sameLink(a: StoredLink, b: StoredLink): boolean {
  return a.fromId === b.fromId && a.ref === b.ref && a.toId === b.toId;
}

/** A value a new entity takes of a counter, and the fields it goes into: as it is, or as text after a prefix. */
interface NumberUse {
  counter: string;
  numbers: string[];
  texts: { field: string; prefix: string }[];
}

function numberFields(use: NumberUse, value: number): Record<string, JsonValue> {
  const fields: Record<string, JsonValue> = {};
  for (const { field, prefix } of use.texts) fields[field] = `${prefix}${value}`;
  for (const field of use.numbers) fields[field] = value;
  return fields;
}

/** `promise`, marked as handled: it may be dropped unawaited when what was sent before it failed. */
function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/** How many entities the actions create: the first save of each temporary id. */
function countCreates(actions: readonly TxAction[]): number {
  const seen = new Set<string>();
  for (const a of actions) if (a.action === 'save' && !isNumericId(a.id)) seen.add(a.id);
  return seen.size;
}

/** `count` new entity ids, the next one last. */
async function takeEntityIds(tx: SqlSession, count: number): Promise<number[]> {
  const { rows } = await tx.query<{ id: number | string }>(`SELECT nextval('entity_id_seq') AS id FROM generate_series(1, $1::integer)`, [count]);
  return rows.map((r) => Number(r.id)).sort((a, b) => b - a);
}

interface EntityHead {
  id: number | string;
  type: string;
  version: number | string;
}

/** An existing entity's row, locked as a link target's is (FOR SHARE), and the check for a
 * closed container on it, asked for ahead. */
interface TargetAhead {
  row: Promise<{ rows: EntityHead[] }>;
  closed: Promise<ClosedContainer | undefined>;
}

/** What `readAhead` asked for. */
export interface RunAhead {
  ids?: Promise<number[]>;
  targets: Map<number, TargetAhead>;
}

/**
 * On a server, asks for what a run of `actions` reads first before anything else is read, so that
 * it goes out with the transaction's BEGIN (postgresDatabase.ts): the ids of the entities they
 * create, and the existing entities they only link to (locked, in the order of their ids, and
 * checked for a closed container, as `resolve` does). Give the answer to the run that then
 * executes these actions. Undefined on PGlite, where it would save nothing.
 */
export function readAhead(tx: SqlSession, model: NoarkModel, actions: readonly TxAction[]): RunAhead | undefined {
  if (!tx.concurrent) return undefined;
  const count = countCreates(actions);
  const ids = count > 0 ? handled(takeEntityIds(tx, count)) : undefined;
  const linkedTo = new Set<string>();
  const otherwise = new Set<string>();
  for (const a of actions) {
    otherwise.add(a.id);
    if (a.action === 'link') for (const target of a.linkToId ?? []) linkedTo.add(target);
    if (a.action === 'unlink') for (const target of a.unlinkFromId ?? []) otherwise.add(target);
  }
  // An entity also saved, deleted or linked from is locked more strongly when first read: a
  // shared lock taken ahead and strengthened then could deadlock with another run doing the same.
  const targets = new Map<number, TargetAhead>();
  const only = [...linkedTo].filter((id) => isNumericId(id) && !otherwise.has(id)).map(Number);
  for (const id of only.sort((a, b) => a - b)) {
    targets.set(id, {
      row: handled(tx.query<EntityHead>(`SELECT id, type, version FROM entity WHERE id = $1 ${lockClause.share}`, [id])),
      closed: handled(findClosedContainer(tx, model, id)),
    });
  }
  return { ids, targets };
}

export interface RunOptions {
  /** `readAhead` over the same actions, already sent. */
  ahead?: RunAhead;
  /** Nothing follows the run in its SQL transaction: on a server, its end may send the COMMIT. */
  endsTransaction?: boolean;
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
  /**
   * Existing entities this run closed (a save of `avsluttetDato`, or of the closed status of a type
   * without it). They do not refuse the rest of the run: the vendor's PHP sample closes a record and
   * then finalizes its document in one transaction (test/conformance/php-update-article.noarkq),
   * and its C# sample closes from the inside out; both are one finalization, taking effect at commit.
   */
  private readonly closedHere = new Set<number>();
  private readonly timestamp: string;
  /** The entities created in this run and not deleted, by id. */
  private readonly fresh = new Map<number, FreshEntity>();
  /** Every link a fresh entity takes part in, under the fresh end's id (under both when both are fresh). */
  private readonly freshLinks = new Map<number, StoredLink[]>();
  private readonly writes: HeldWrites;
  private readonly counters: TransactionCounters;
  private readonly changes: ChangeLogEntry[] = [];
  /** Entity ids taken from the sequence for the creates still to come, the next one last. */
  private idPool: number[] = [];
  private createsToCome = 0;
  /** Row locks held on existing entities (server only). */
  private readonly locks = new Map<number, RowLock>();
  private readonly pendingNumbers: PendingNumber[] = [];
  /** On a server, new entities numbered within an existing parent when the run ends. */
  private readonly pendingWithinParent: { entity: FreshEntity; field: string; counter: string }[] = [];

  private idsAhead: Promise<number[]> | undefined;
  /** Whether an existing entity was locked to be changed (saved, linked from, unlinked, deleted):
   * what `readAhead` read of the containers is then no longer taken as it is. */
  private changingExisting = false;

  constructor(
    private readonly tx: SqlSession,
    private readonly deps: ExecutorDeps,
    private readonly account: Account,
    private readonly options: RunOptions = {},
  ) {
    this.idsAhead = options.ahead?.ids;
    this.timestamp = formatTimestamp(deps.now());
    this.writes = new HeldWrites(tx, account.login);
    this.counters = new TransactionCounters(tx);
  }

  async run(actions: readonly TxAction[]): Promise<Record<string, EntityResult>> {
    this.createsToCome = countCreates(actions);
    for (let index = 0; index < actions.length; index++) {
      try {
        await this.execute(actions[index], index);
      } catch (error) {
        if (error instanceof ActionError && error.index === undefined) throw new ActionError(error.status, error.message, index);
        throw error;
      }
    }
    await this.checkDetached();
    if (this.options.endsTransaction && this.tx.sendCommit && this.respondsFromMemory()) return this.finishWithCommit(() => this.tx.sendCommit?.());
    await this.numberByYear();
    // The last writes in one statement, sent with the COMMIT on a server: the counter rows taken
    // by `numberByYear` stay locked to the commit, which then follows them in the same round trip.
    await this.writes.flush([this.counters.writeStatement(), changeLogRowsStatement(this.changes)], true);
    return this.response();
  }

  /** The SQL session, once every held row is written: what is read next sees this run's changes. */
  private async sql(): Promise<SqlSession> {
    await this.writes.flush();
    return this.tx;
  }

  /**
   * The SQL session for reading an existing entity's row and the containers above it. Held rows
   * are fresh entities and links; a fresh entity is never an existing one's container unless a
   * held link starts at an existing entity (it was moved under a fresh one), so only then is
   * everything held written first. Creating entities under an existing parent then writes them in
   * one statement at the end, not one before each read of a parent.
   */
  private async sqlForExisting(): Promise<SqlSession> {
    return this.writes.holdsLinkFrom((id) => !this.fresh.has(id)) ? this.sql() : this.tx;
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

  /** `lock`: how the entity is locked on a server when it exists (see the header). */
  private async resolve(idText: string, lock: RowLock = 'share'): Promise<Entity & { version: number }> {
    const tempEntity = this.temp.get(idText);
    if (tempEntity) {
      if (this.deleted.has(tempEntity.id)) throw new ActionError(404, `"${idText}" was deleted earlier in this transaction.`);
      return { ...tempEntity, version: 1 };
    }
    if (!isNumericId(idText)) throw new ActionError(400, `"${idText}" is neither an id of the archive nor a temporary id saved by an earlier action.`);
    const id = Number(idText);
    if (this.deleted.has(id)) throw new ActionError(404, `${idText} was deleted earlier in this transaction.`);
    if (lock !== 'share' && !this.fresh.has(id)) this.changingExisting = true;
    const cached = this.known.get(id);
    if (cached) {
      await this.strengthenLock(id, lock);
      return cached;
    }
    const ahead = this.options.ahead?.targets.get(id);
    this.options.ahead?.targets.delete(id);
    // Read at the start of the transaction: as good as read now while nothing this run did can
    // have changed its containers (the lock held since keeps others from closing them).
    if (ahead && lock === 'share' && !this.changingExisting && !this.fresh.has(id)) {
      const { rows } = await ahead.row;
      return this.checkExisting(id, idText, lock, rows[0], () => ahead.closed);
    }
    // A fresh entity named by its number (not known to the client, but possible) is read from its row.
    const tx = this.fresh.has(id) ? await this.sql() : await this.sqlForExisting();
    const locking = tx.concurrent ? ` ${lockClause[lock]}` : '';
    const read = tx.query<EntityHead>(`SELECT id, type, version FROM entity WHERE id = $1${locking}`, [id]);
    // Every action on an existing entity (save, link and unlink on either side, delete) passes
    // here, so this one check makes closed entities and their contents refuse changes. A server
    // gets it right behind the locking read, in the same round trip: it runs once the lock is
    // granted, so it sees every change committed before (a close that held the row, too).
    const closedCheck = () => findClosedContainer(tx, this.model, id, 0, [...this.closedHere]);
    const closedAhead = tx.concurrent ? handled(closedCheck()) : undefined;
    const { rows } = await read;
    return this.checkExisting(id, idText, tx.concurrent ? lock : undefined, rows[0], () => closedAhead ?? closedCheck());
  }

  /** An existing entity as read (`row`, locked with `lock` on a server), once found and open. */
  private async checkExisting(
    id: number,
    idText: string,
    lock: RowLock | undefined,
    row: EntityHead | undefined,
    closedCheck: () => Promise<ClosedContainer | undefined>,
  ): Promise<Entity & { version: number }> {
    if (!row) throw new ActionError(404, `No entity has id ${idText}.`);
    if (lock) this.locks.set(id, lock);
    const entity = { id, type: row.type, version: Number(row.version) };
    const closed = await closedCheck();
    if (closed) throw new ActionError(400, closedEntityMessage(entity, closed, this.deps.timeZone));
    this.known.set(id, entity);
    return entity;
  }

  /** A lock stronger than the one held on `id`, taken before the entity is changed. */
  private async strengthenLock(id: number, lock: RowLock): Promise<void> {
    const held = this.locks.get(id);
    if (held === undefined || lockStrength[held] >= lockStrength[lock]) return;
    this.changingExisting = true;
    const tx = await this.sqlForExisting();
    await tx.query(`SELECT 1 FROM entity WHERE id = $1 ${lockClause[lock]}`, [id]);
    this.locks.set(id, lock);
  }

  private async resolveTyped(action: TxAction, lock: RowLock): Promise<Entity & { version: number }> {
    const entity = await this.resolve(action.id, lock);
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
      if (def && (def.type === 'string' || def.type === 'number' || def.type === 'boolean')) {
        // The checker let through only values that convert exactly (a warning); store them converted.
        out[name] = canonicalScalar(value, def.type);
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

  /** The next entity id, in the order of the creates. */
  private async newId(): Promise<number> {
    const reserved = this.idsAhead;
    this.idsAhead = undefined;
    if (reserved && this.idPool.length === 0) this.idPool = await reserved;
    if (this.idPool.length === 0) this.idPool = await takeEntityIds(this.tx, Math.max(1, this.createsToCome));
    this.createsToCome--;
    return this.idPool.pop() as number;
  }

  /** Defaults and service-set fields of a new entity; the year of its case or journal number,
   * which `numberByYear` takes when the run ends, for a type that has one. */
  private fillNew(type: string, fields: Record<string, JsonValue>): number | undefined {
    const def = this.model.getType(type);
    if (!def) return undefined;
    const has = (name: string) => def.fields.some((f) => f.name === name);
    const now = this.deps.now();
    // The year and today's date are the archive's: at 00:30 on 1 January in Oslo it is already the new year.
    const today = archiveDateOf(now, this.deps.timeZone);
    const year = Number(today.slice(0, 4));
    const setIfMissing = (name: string, value: JsonValue) => {
      if (has(name) && fields[name] === undefined) fields[name] = value;
    };
    fields.uuid = randomUUID();
    setIfMissing('opprettetDato', this.timestamp);
    setIfMissing('opprettetAv', this.account.displayName);
    setIfMissing('opprettetAvBrukerIdent', this.account.userId);
    for (const f of def.fields) if (f.defaultValue !== undefined && fields[f.name] === undefined) fields[f.name] = f.defaultValue;
    const byDefault = (name: string, value: JsonValue) => {
      const f = def.fields.find((x) => x.name === name);
      if (f?.hasDefault && fields[name] === undefined) fields[name] = value;
    };
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
    return has('mappeIdent') || has('registreringsIdent') ? year : undefined;
  }

  /** The case or journal number of the year for a new entity of `type`: the counters it takes a
   * value of and the fields those go into, and the fields that hold the year. */
  private yearNumberUses(type: string, year: number): { uses: NumberUse[]; fixed: Record<string, JsonValue> } {
    const def = this.model.getType(type);
    const has = (name: string) => def?.fields.some((f) => f.name === name) ?? false;
    const uses: NumberUse[] = [];
    const fixed: Record<string, JsonValue> = {};
    if (has('mappeIdent')) {
      uses.push({ counter: `mappe:${year}`, texts: [{ field: 'mappeIdent', prefix: `${year}/` }], numbers: has('sakssekvensnummer') ? ['sakssekvensnummer'] : [] });
      if (has('saksaar')) fixed.saksaar = year;
    }
    if (has('registreringsIdent')) {
      uses.push({ counter: `journal:${year}`, texts: [{ field: 'registreringsIdent', prefix: `${year}/` }], numbers: has('journalsekvensnummer') ? ['journalsekvensnummer'] : [] });
      if (has('journalaar')) fixed.journalaar = year;
    }
    return { uses, fixed };
  }

  /** The case or journal number of the year for a new entity of `type`, as its fields; `take`
   * gives the next value of a counter. */
  private yearNumbers(type: string, year: number, take: (counter: string) => number): Record<string, JsonValue> {
    const { uses, fixed } = this.yearNumberUses(type, year);
    const numbers: Record<string, JsonValue> = {};
    for (const use of uses) Object.assign(numbers, numberFields(use, take(use.counter)));
    return { ...numbers, ...fixed };
  }

  /** Takes the values `count` asks for (by calling its `take` as often as it needs) in one
   * statement, then hands them out through `assign`'s `take` in the same order. */
  private async takeCounters(count: (take: (counter: string) => number) => void, assign: (take: (counter: string) => number) => void): Promise<void> {
    const counts = new Map<string, number>();
    count((counter) => {
      counts.set(counter, (counts.get(counter) ?? 0) + 1);
      return 0;
    });
    if (counts.size === 0) return;
    const next = await this.counters.reserve(counts);
    assign((counter) => {
      const value = next.get(counter) as number;
      next.set(counter, value + 1);
      return value;
    });
  }

  /** On a server, the numbers within a parent and the case and journal numbers of the year of
   * the entities this run created and kept, in the order created, all in one statement (see the
   * header for why they come last). */
  private async numberByYear(): Promise<void> {
    const within = this.pendingWithinParent.filter((p) => this.fresh.has(p.entity.id) && p.entity.fields[p.field] === undefined);
    const byYear = this.pendingNumbers.filter((p) => this.fresh.has(p.entity.id));
    await this.takeCounters(
      (take) => {
        for (const p of within) take(p.counter);
        for (const p of byYear) this.yearNumbers(p.entity.type, p.year, take);
      },
      (take) => {
        for (const p of within) {
          p.entity.fields = asStoredJson({ ...p.entity.fields, [p.field]: take(p.counter) });
          this.writes.entityChanged(p.entity);
        }
        for (const { entity, year, created } of byYear) {
          const numbers = this.yearNumbers(entity.type, year, take);
          entity.fields = asStoredJson({ ...entity.fields, ...numbers });
          this.writes.entityChanged(entity);
          created.newValue = asStoredJson({ ...created.newValue, ...numbers });
        }
      },
    );
  }

  /**
   * On a server, the end of a run that its transaction's COMMIT follows at once: the counters the
   * new entities take (`numberByYear`'s, in the same order) are reserved, the last writes sent
   * with the database filling in the numbers from what the reservation took (transactionCounters.ts,
   * `CounterSlot`), and the COMMIT, all in one round trip; the numbers for the answer are then
   * read from the reservation's. The counter rows are locked only while the server runs these
   * statements, not for a round trip to this process and back.
   */
  private async finishWithCommit(sendCommit: () => void): Promise<Record<string, EntityResult>> {
    const placed: { entity: FreshEntity; use: NumberUse }[] = [];
    for (const p of this.pendingWithinParent) {
      if (this.fresh.has(p.entity.id) && p.entity.fields[p.field] === undefined) placed.push({ entity: p.entity, use: { counter: p.counter, numbers: [p.field], texts: [] } });
    }
    const creates = new Set<ChangeLogEntry>();
    const firstOfYear = placed.length;
    for (const { entity, year, created } of this.pendingNumbers) {
      if (!this.fresh.has(entity.id)) continue;
      const { uses, fixed } = this.yearNumberUses(entity.type, year);
      entity.fields = asStoredJson({ ...entity.fields, ...fixed });
      this.writes.entityChanged(entity);
      created.newValue = asStoredJson({ ...created.newValue, ...fixed });
      creates.add(created);
      for (const use of uses) placed.push({ entity, use });
    }
    const counts = new Map<string, number>();
    for (const { use } of placed) counts.set(use.counter, (counts.get(use.counter) ?? 0) + 1);
    const taken = counts.size > 0 ? handled(this.counters.reserve(counts, true)) : undefined;
    const slots: CounterSlot[] = [];
    const yearSlots: CounterSlot[] = [];
    const ks = new Map<string, number>();
    const numbered = placed.map(({ entity, use }, i) => {
      const k = ks.get(use.counter) ?? 0;
      ks.set(use.counter, k + 1);
      const count = counts.get(use.counter) as number;
      const own = [
        ...use.numbers.map((field) => ({ id: entity.id, field, counter: use.counter, k, count })),
        ...use.texts.map(({ field, prefix }) => ({ id: entity.id, field, counter: use.counter, k, count, prefix })),
      ];
      slots.push(...own);
      // A CREATE entry shows the year's numbers, not those within a parent (as `numberByYear`).
      if (i >= firstOfYear) yearSlots.push(...own);
      return { entity, use, k };
    });
    await this.writes.flush([this.counters.writeStatement(), changeLogRowsStatement(this.changes, { entries: creates, slots: yearSlots })], true, slots, sendCommit);
    if (taken) {
      const first = await taken;
      for (const { entity, use, k } of numbered) entity.fields = asStoredJson({ ...entity.fields, ...numberFields(use, (first.get(use.counter) as number) + k) });
    }
    return this.response();
  }

  /** Whether the answer needs nothing read from the database: every entity saved is a new one,
   * and no counter the end takes was counted in memory (its values are then all taken at the end). */
  private respondsFromMemory(): boolean {
    for (const id of this.saved.values()) if (!this.fresh.has(id)) return false;
    for (const p of this.pendingWithinParent) if (this.counters.isCounted(p.counter)) return false;
    for (const p of this.pendingNumbers) if (this.yearNumberUses(p.entity.type, p.year).uses.some((u) => this.counters.isCounted(u.counter))) return false;
    return true;
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
    const entity = await this.resolveTyped(action, 'update');
    this.checkVersion(action, entity);
    const before = await this.currentFields(entity.id);
    const after: Record<string, JsonValue> = { ...before };
    const changed: string[] = [];
    for (const [name, value] of Object.entries(given)) {
      if (sameJson(before[name], value)) continue;
      if (value === undefined) delete after[name];
      else after[name] = value;
      changed.push(name);
    }
    if (changed.length === 0) return;
    if (!this.created.has(entity.id) && !isClosedItself(this.model, entity.type, before) && isClosedItself(this.model, entity.type, after)) {
      this.closedHere.add(entity.id);
      // On a server, what others add below it meanwhile must wait for this close, or come first.
      if (this.tx.concurrent) await lockContents(await this.sql(), this.model, entity.id);
    }
    if (entity.type === 'Dokumentversjon' && changed.includes('referanseDokumentfil')) {
      const old = before.referanseDokumentfil;
      if (typeof old === 'string' && isNumericId(old)) await this.deps.files.markLinked(this.tx, Number(old), null);
      await this.attachFile(entity.id, after, given);
    }
    const fresh = this.fresh.get(entity.id);
    if (fresh) {
      fresh.fields = asStoredJson(after);
      this.writes.entityChanged(fresh);
    } else {
      const bump = !this.created.has(entity.id) && !this.bumped.has(entity.id);
      if (bump) this.bumped.add(entity.id);
      await this.tx.query(`UPDATE entity SET fields = $2, version = version + $3 WHERE id = $1`, [entity.id, after, bump ? 1 : 0]);
    }
    for (const name of changed) {
      this.log({
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
    const id = await this.newId();
    const fields: Record<string, JsonValue> = {};
    for (const [k, v] of Object.entries(given)) if (v !== undefined) fields[k] = v;
    const year = this.fillNew(action.type, fields);
    // Alone on its database (PGlite), a run holds no lock another waits for: numbered at once, and
    // the entity's row is written with its numbers.
    const numberNow = year !== undefined && !this.tx.concurrent;
    if (numberNow) {
      await this.takeCounters(
        (take) => this.yearNumbers(action.type, year, take),
        (take) => Object.assign(fields, this.yearNumbers(action.type, year, take)),
      );
    }
    if (action.type === 'Dokumentversjon' && fields.referanseDokumentfil !== undefined) await this.attachFile(id, fields, given);
    const fresh: FreshEntity = { id, type: action.type, fields: asStoredJson(fields), written: false };
    this.fresh.set(id, fresh);
    this.writes.insertEntity(fresh);
    const entity = { id, type: action.type };
    this.temp.set(action.id, entity);
    this.created.add(id);
    this.saved.set(action.id, id);
    const created = this.log({ entity, revisionType: 'CREATE', newValue: fresh.fields });
    if (year !== undefined && !numberNow) this.pendingNumbers.push({ entity: fresh, year, created });
  }

  /** The stored fields of an entity, as the database gives them back. */
  private async currentFields(id: number): Promise<Record<string, JsonValue>> {
    const fresh = this.fresh.get(id);
    if (fresh) return fresh.fields;
    const tx = await this.sql();
    const { rows } = await tx.query<EntityRow>('SELECT id, type, version, fields FROM entity WHERE id = $1', [id]);
    if (!rows[0]) throw new ActionError(404, `No entity has id ${id}.`);
    return rows[0].fields;
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
    if (this.fresh.has(entity.id)) {
      const links = this.freshLinks.get(entity.id) ?? [];
      return hop.kind === 'forward'
        ? links.filter((l) => l.fromId === entity.id && l.ref === hop.ref).map((l) => l.toId)
        : links.filter((l) => l.toId === entity.id && l.ref === hop.ref && hop.fromTypes.includes(l.fromType)).map((l) => l.fromId);
    }
    const tx = await this.sql();
    const { rows } =
      hop.kind === 'forward'
        ? await tx.query<{ id: number | string }>('SELECT to_id AS id FROM link WHERE from_id = $1 AND ref = $2', [entity.id, hop.ref])
        : await tx.query<{ id: number | string }>('SELECT from_id AS id FROM link WHERE to_id = $1 AND ref = $2 AND from_type = ANY($3)', [entity.id, hop.ref, hop.fromTypes]);
    return rows.map((r) => Number(r.id));
  }

  /** The fresh end of a link, whose list of links is complete in memory. */
  private freshEnd(link: StoredLink): number | undefined {
    if (this.fresh.has(link.fromId)) return link.fromId;
    if (this.fresh.has(link.toId)) return link.toId;
    return undefined;
  }

  private async linkExists(link: StoredLink): Promise<boolean> {
    const end = this.freshEnd(link);
    if (end !== undefined) return (this.freshLinks.get(end) ?? []).some((l) => sameLink(l, link));
    const tx = await this.sql();
    const { rows } = await tx.query('SELECT 1 FROM link WHERE from_id = $1 AND ref = $2 AND to_id = $3', [link.fromId, link.ref, link.toId]);
    return rows.length > 0;
  }

  private rememberLink(link: StoredLink): void {
    for (const id of new Set([link.fromId, link.toId])) {
      if (!this.fresh.has(id)) continue;
      const list = this.freshLinks.get(id);
      if (list) list.push(link);
      else this.freshLinks.set(id, [link]);
    }
  }

  private forgetLinks(id: number, which: (link: StoredLink) => boolean): void {
    const list = this.freshLinks.get(id);
    if (list) this.freshLinks.set(id, list.filter((l) => !which(l)));
  }

  private async link(action: TxAction, targetText: string): Promise<void> {
    const source = await this.resolveTyped(action, 'update');
    const reference = this.reference(source.type, action.ref);
    const target = await this.resolve(targetText);
    if (!this.model.isAssignable(target.type, reference.target)) {
      throw new ActionError(400, `${target.type} ${targetText} cannot be linked through ${source.type}.${reference.name}, which takes ${reference.target}.`);
    }
    const stored = storedLink(this.model, source.type, source.id, reference.name, target.type, target.id);
    if (!stored) throw new ActionError(400, `${source.type} has no reference \`${reference.name}\`.`);
    if (await this.linkExists(stored)) return;
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
        // The target's one-per-entity rule is checked: no other transaction may link it meanwhile.
        await this.strengthenLock(target.id, 'update');
        const current = await this.linkedIds(target, reference.inverse);
        if (current.length > 0) throw new ActionError(400, `${target.type} ${targetText} is already linked through ${reference.inverse} to ${current[0]}, which holds one entity.`);
      }
    }
    this.writes.insertLink(stored);
    this.rememberLink(stored);
    this.log({ entity: source, revisionType: 'LINK', modifiedField: reference.name, newValue: { [reference.name]: String(target.id) } });
    const detachKey = `${source.id}\u0000${reference.name}`;
    const detached = this.detached.get(detachKey);
    if (detached) {
      this.detached.delete(detachKey);
      this.log({
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
    const fresh = this.fresh.get(entity.id);
    if (!fresh || fresh.fields[rule.field] !== undefined) return;
    const counter = `${rule.field}:${parent.id}`;
    // On a server an existing parent's counter is taken with the year's, when the run ends: one
    // statement for all, and its row locked only from then to the commit.
    if (this.tx.concurrent && !this.fresh.has(parent.id)) {
      // Numbered by its first parent, as when numbered at once.
      if (!this.pendingWithinParent.some((p) => p.entity === fresh && p.field === rule.field)) this.pendingWithinParent.push({ entity: fresh, field: rule.field, counter });
      return;
    }
    const n = await this.counters.next(counter, this.fresh.has(parent.id));
    fresh.fields = asStoredJson({ ...fresh.fields, [rule.field]: n });
    this.writes.entityChanged(fresh);
  }

  private async unlink(action: TxAction, targetText: string, index: number): Promise<void> {
    const source = await this.resolveTyped(action, 'update');
    const reference = this.reference(source.type, action.ref);
    const target = await this.resolve(targetText);
    const stored = storedLink(this.model, source.type, source.id, reference.name, target.type, target.id);
    if (!stored) throw new ActionError(400, `${source.type} has no reference \`${reference.name}\`.`);
    const tx = await this.sql();
    const removed = await tx.query('DELETE FROM link WHERE from_id = $1 AND ref = $2 AND to_id = $3 RETURNING from_id', [stored.fromId, stored.ref, stored.toId]);
    if (removed.rows.length === 0) throw new ActionError(400, `${source.type} ${action.id} is not linked to ${targetText} through ${reference.name}.`);
    for (const id of [stored.fromId, stored.toId]) this.forgetLinks(id, (l) => sameLink(l, stored));
    if (reference.direction === 'parent' && !this.created.has(source.id)) {
      if (!this.account.canMove) {
        throw new ActionError(403, `Moving a ${source.type} (unlink then link of ${reference.name}) needs the move permission, which account ${this.account.login} does not have.`);
      }
      this.detached.set(`${source.id}\u0000${reference.name}`, { entity: source, reference, index, previous: target });
    }
    this.log({ entity: source, revisionType: 'UNLINK', modifiedField: reference.name, removedValue: { [reference.name]: String(target.id) } });
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
    const entity = await this.resolveTyped(action, 'delete');
    this.checkVersion(action, entity);
    const tx = await this.sql();
    const { rows } = await tx.query<{ from_id: number | string; from_type: string; ref: string }>('SELECT from_id, from_type, ref FROM link WHERE to_id = $1', [entity.id]);
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
    const fields = await this.currentFields(entity.id);
    await tx.query('DELETE FROM link WHERE from_id = $1 OR to_id = $1', [entity.id]);
    await tx.query('DELETE FROM entity WHERE id = $1', [entity.id]);
    if (entity.type === 'Dokumentversjon') {
      const ref = fields.referanseDokumentfil;
      if (typeof ref === 'string' && isNumericId(ref)) await this.deps.files.markLinked(this.tx, Number(ref), null);
    }
    for (const id of this.freshLinks.keys()) this.forgetLinks(id, (l) => l.fromId === entity.id || l.toId === entity.id);
    this.freshLinks.delete(entity.id);
    this.fresh.delete(entity.id);
    this.deleted.add(entity.id);
    for (const [key, id] of this.saved) if (id === entity.id) this.saved.delete(key);
    this.log({ entity, revisionType: 'DELETE', oldValue: fields });
  }

  // --- log and response -------------------------------------------------------------------

  /** Held until the run ends, then written in the order logged. */
  private log(e: Omit<ChangeLogEntry, 'entityId' | 'entityType' | 'modifiedDate' | 'modifiedBy' | 'modifiedByUserId'> & { entity: Entity }): ChangeLogEntry {
    // Spelled out rather than spread: this runs for every action of a large transaction.
    const entry: ChangeLogEntry = {
      entityId: e.entity.id,
      entityType: e.entity.type,
      revisionType: e.revisionType,
      modifiedDate: this.timestamp,
      modifiedBy: this.account.displayName,
      modifiedByUserId: this.account.userId,
      modifiedField: e.modifiedField,
      modifiedFieldType: e.modifiedFieldType,
      newValue: e.newValue,
      oldValue: e.oldValue,
      removedValue: e.removedValue,
      previousParent: e.previousParent,
      currentParent: e.currentParent,
    };
    this.changes.push(entry);
    return entry;
  }

  private async response(): Promise<Record<string, EntityResult>> {
    const ids = [...new Set(this.saved.values())];
    if (ids.length === 0) return {};
    const byId = new Map<number, EntityResult>();
    const stored = ids.filter((id) => !this.fresh.has(id));
    if (stored.length > 0) {
      const tx = await this.sql();
      const { rows } = await tx.query<EntityRow>('SELECT id, type, version, fields FROM entity WHERE id = ANY($1)', [stored]);
      for (const r of await toResults(tx, this.model, rows, this.deps.timeZone)) byId.set(Number(r.id), r);
    }
    for (const id of ids) {
      const fresh = this.fresh.get(id);
      if (fresh) byId.set(id, this.freshResult(fresh));
    }
    const out: Record<string, EntityResult> = {};
    for (const [key, id] of this.saved) {
      const r = byId.get(id);
      if (r) out[key] = r;
    }
    return out;
  }

  /** What `toResults` makes of the row of a fresh entity, from memory: all its links were made in this run. */
  private freshResult(fresh: FreshEntity): EntityResult {
    const linksOf = this.freshLinks.get(fresh.id) ?? [];
    const links: Record<string, number> = {};
    for (const { name, hop } of returnedLinks(this.model, fresh.type)) {
      if (hop.kind === 'forward') {
        const found = linksOf.filter((l) => l.fromId === fresh.id && l.ref === hop.ref);
        if (found.length > 0) links[name] = found[found.length - 1].toId;
      } else {
        const found = linksOf.find((l) => l.toId === fresh.id && l.ref === hop.ref && hop.fromTypes.includes(l.fromType));
        if (found) links[name] = found.fromId;
      }
    }
    return { type: fresh.type, id: String(fresh.id), version: '1', fields: inModelOrder(this.model, fresh.type, fresh.fields, this.deps.timeZone), links };
  }
}
