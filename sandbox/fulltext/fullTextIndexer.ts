/**
 * Keeps the full-text index up to date, on an interval, as the spec describes the real archive
 * ("entities are indexed on a regular basis, so new ones may appear with delay"). Each run reads
 * the change log past the last revision it handled, works out which index entries the changes
 * touch — the changed entities' own entries, and every entry that names a changed entity or a
 * linked/unlinked one among its ids (so a new correspondence party reaches the entries of its
 * registry entry, and a renamed case file reaches every document below it) — and rebuilds those
 * entries in one SQL transaction. Work is done in bounded batches, so a large backlog (a freshly
 * generated archive) is indexed in steps that let requests in between.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { JsonValue } from '../../core/jsonValue';
import type { SandboxServices } from '../sandboxServices';
import type { SqlSession } from '../store/database';
import { buildEntry, doctypeOf, Neighbourhood, type Doctype, type IndexEntry } from './fullTextEntries';
import { extractFileText } from './fileText';

export const fullTextConfiguration = 'norwegian';

export function fullTextSchemaStatements(): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS fulltext_entry (
      doctype text NOT NULL,
      subject_id bigint NOT NULL,
      ids jsonb NOT NULL,
      texts jsonb NOT NULL,
      related bigint[] NOT NULL,
      file_id bigint,
      document tsvector NOT NULL,
      PRIMARY KEY (doctype, subject_id)
    )`,
    `CREATE INDEX IF NOT EXISTS fulltext_entry_document ON fulltext_entry USING gin (document)`,
    `CREATE INDEX IF NOT EXISTS fulltext_entry_related ON fulltext_entry USING gin (related)`,
    `CREATE TABLE IF NOT EXISTS fulltext_progress (id integer PRIMARY KEY, last_revision bigint NOT NULL)`,
  ];
}

interface RevisionRow {
  revision_id: string | number;
  entity_id: string | number;
  new_value: Record<string, JsonValue> | null;
  removed_value: Record<string, JsonValue> | null;
  previous_parent: Record<string, JsonValue> | null;
  current_parent: Record<string, JsonValue> | null;
  revision_type: string;
}

/** Ids a change log row mentions: the entity, and for links, unlinks and moves the other side. */
function touchedIds(r: RevisionRow): number[] {
  const ids = [Number(r.entity_id)];
  const collect = (value: JsonValue | undefined) => {
    if (typeof value === 'string' && /^\d{1,18}$/.test(value)) ids.push(Number(value));
    else if (typeof value === 'number') ids.push(value);
  };
  if (r.revision_type === 'LINK' || r.revision_type === 'UNLINK') {
    for (const v of Object.values(r.new_value ?? {})) collect(v);
    for (const v of Object.values(r.removed_value ?? {})) collect(v);
  }
  collect(r.previous_parent?.id);
  collect(r.current_parent?.id);
  return ids;
}

export interface FullTextIndexerOptions {
  /** Change-log rows handled per SQL transaction (1000): small enough that requests wait at most about a second. */
  batchSize?: number;
  log?: (line: string) => void;
}

export class FullTextIndexer {
  private chain: Promise<unknown> = Promise.resolve();
  private running = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** File text by checksum: regenerated entries of the same file do not read it again. */
  private readonly textCache = new Map<string, string>();

  constructor(
    private readonly services: SandboxServices,
    private readonly options: FullTextIndexerOptions = {},
  ) {}

  /** Starts indexing every `intervalSeconds` (and once right away); 0 or less: only on `runOnce`. */
  start(intervalSeconds: number): void {
    if (this.stopped || this.timer || !(intervalSeconds > 0)) return;
    const tick = () => {
      if (this.running || this.stopped) return;
      this.runOnce().catch((error: unknown) => this.options.log?.(`full-text indexing failed: ${error instanceof Error ? error.message : String(error)}`));
    };
    this.timer = setInterval(tick, intervalSeconds * 1000);
    this.timer.unref();
    tick();
  }

  /** Stops the interval and waits for a run in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.chain.catch(() => undefined);
  }

  /** Indexes everything changed so far (after any run in progress); resolves with the number of entries rebuilt. */
  runOnce(): Promise<number> {
    const run = this.chain.then(() => this.indexPending());
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async indexPending(): Promise<number> {
    if (this.stopped) return 0;
    this.running = true;
    try {
      let total = 0;
      for (;;) {
        const done = await this.indexBatch();
        if (done === undefined) return total;
        total += done;
        // Let waiting requests in between batches.
        await new Promise((resolve) => setImmediate(resolve));
        if (this.stopped) return total;
      }
    } finally {
      this.running = false;
    }
  }

  /** One batch of change-log rows; undefined when there was nothing new. */
  private async indexBatch(): Promise<number | undefined> {
    const db = this.services.db;
    const { rows: progress } = await db.query<{ last_revision: string | number }>('SELECT last_revision FROM fulltext_progress WHERE id = 1');
    const last = Number(progress[0]?.last_revision ?? 0);
    const { rows: revisions } = await db.query<RevisionRow>(
      `SELECT revision_id, entity_id, revision_type, new_value, removed_value, previous_parent, current_parent
       FROM change_log WHERE revision_id > $1 ORDER BY revision_id LIMIT $2`,
      [last, this.options.batchSize ?? 1000],
    );
    if (revisions.length === 0) return undefined;
    const upTo = Number(revisions[revisions.length - 1].revision_id);
    const touched = [...new Set(revisions.flatMap(touchedIds))];
    // Read the files of the touched versions before the transaction (file reads are slow).
    const plan = await this.plan(db, touched);
    const texts = await this.fileTexts(plan.fileIds);
    return db.transaction(async (tx) => {
      const entries = await this.rebuild(tx, plan.subjects, texts);
      await tx.query(
        `INSERT INTO fulltext_progress (id, last_revision) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET last_revision = GREATEST(fulltext_progress.last_revision, $1)`,
        [upTo],
      );
      return entries;
    });
  }

  /** The subjects to rebuild for a set of touched ids, and the files their entries need. */
  private async plan(session: SqlSession, touched: number[]): Promise<{ subjects: Map<string, { doctype: Doctype; id: number }>; fileIds: number[] }> {
    const subjects = new Map<string, { doctype: Doctype; id: number }>();
    const add = (doctype: Doctype, id: number) => subjects.set(`${doctype}\u0000${id}`, { doctype, id });
    const { rows: existing } = await session.query<{ doctype: Doctype; subject_id: string | number }>(
      'SELECT doctype, subject_id FROM fulltext_entry WHERE related && $1::bigint[] OR subject_id = ANY($1::bigint[])',
      [touched],
    );
    for (const r of existing) add(r.doctype, Number(r.subject_id));
    const { rows: entities } = await session.query<{ id: string | number; type: string; file: string | null }>(
      `SELECT id, type, fields->>'referanseDokumentfil' AS file FROM entity WHERE id = ANY($1::bigint[])`,
      [touched],
    );
    for (const e of entities) {
      const doctype = doctypeOf(e.type);
      if (doctype) add(doctype, Number(e.id));
    }
    const tekst = [...subjects.values()].filter((s) => s.doctype === 'Tekst').map((s) => s.id);
    const { rows: files } = tekst.length
      ? await session.query<{ file: string | null }>(`SELECT fields->>'referanseDokumentfil' AS file FROM entity WHERE id = ANY($1::bigint[])`, [tekst])
      : { rows: [] };
    const fileIds = files.map((f) => Number(f.file)).filter((n) => Number.isSafeInteger(n) && n > 0);
    return { subjects, fileIds };
  }

  private async fileTexts(fileIds: readonly number[]): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    if (fileIds.length === 0) return out;
    const { rows } = await this.services.db.query<{ id: string | number; sha256: string; storage_name: string; content_type: string; file_name: string }>(
      'SELECT id, sha256, storage_name, content_type, file_name FROM uploaded_file WHERE id = ANY($1::bigint[])',
      [[...new Set(fileIds)]],
    );
    for (const r of rows) {
      let text = this.textCache.get(r.sha256);
      if (text === undefined) {
        try {
          text = extractFileText(await readFile(join(this.services.files.directory, r.storage_name)), r.content_type, r.file_name);
        } catch {
          text = '';
        }
        if (this.textCache.size > 2000) this.textCache.clear();
        this.textCache.set(r.sha256, text);
      }
      out.set(Number(r.id), text);
    }
    return out;
  }

  private async rebuild(tx: SqlSession, subjects: Map<string, { doctype: Doctype; id: number }>, texts: Map<number, string>): Promise<number> {
    const list = [...subjects.values()];
    if (list.length === 0) return 0;
    const hood = await Neighbourhood.load(tx, list.map((s) => s.id));
    const entries: IndexEntry[] = [];
    for (const s of list) {
      const node = hood.nodes.get(s.id);
      if (!node || doctypeOf(node.type) !== s.doctype) continue;
      const file = node.fields.referanseDokumentfil;
      const text = typeof file === 'string' ? texts.get(Number(file)) : undefined;
      entries.push(buildEntry(s.doctype, node, hood.chain(node), text));
    }
    await tx.query('DELETE FROM fulltext_entry WHERE (doctype, subject_id) IN (SELECT * FROM unnest($1::text[], $2::bigint[]))', [list.map((s) => s.doctype), list.map((s) => s.id)]);
    for (let i = 0; i < entries.length; i += 500) {
      const chunk = entries.slice(i, i + 500).map((e) => ({
        doctype: e.doctype,
        subject_id: e.subjectId,
        ids: e.ids,
        texts: e.texts,
        related: e.related,
        file_id: e.fileId,
        plain: Object.values(e.texts).flat().join('\n'),
      }));
      await tx.query(
        `INSERT INTO fulltext_entry (doctype, subject_id, ids, texts, related, file_id, document)
         SELECT x.doctype, x.subject_id, x.ids, x.texts, x.related, x.file_id, to_tsvector('${fullTextConfiguration}', x.plain)
         FROM jsonb_to_recordset($1::jsonb) AS x(doctype text, subject_id bigint, ids jsonb, texts jsonb, related bigint[], file_id bigint, plain text)`,
        [JSON.stringify(chunk)],
      );
    }
    return entries.length;
  }
}
