/**
 * Keeps the full-text index up to date, on an interval, as the spec describes the real archive
 * ("entities are indexed on a regular basis, so new ones may appear with delay"). Each step reads
 * a batch of the change log past the last revision handled, works out which index entries the
 * changes reach (indexReach.ts) and rebuilds them.
 *
 * Requests must never wait long for it. PGlite is one connection that runs a whole SQL transaction
 * without returning to the event loop, so while the indexer holds it, HTTP requests are not even
 * read. Hence: the entries of a step are rebuilt in small transactions (the count adapts so that
 * one takes about `transactionTargetMs`), and between transactions the indexer gives way for as
 * long as other work keeps the event loop busy; waiting database calls go first anyway, as the
 * connection serves its callers in order. The progress mark moves in the step's last transaction,
 * so a step cut short (a stop, a crash) is redone whole; rebuilding an entry twice is harmless.
 */
import { performance } from 'node:perf_hooks';
import type { SandboxServices } from '../sandboxServices';
import type { SqlSession } from '../store/database';
import { buildEntry, doctypeOf, doctypes, Neighbourhood, type Doctype, type IndexEntry } from './fullTextEntries';
import { extractFileText } from './fileText';
import { addReach, emptyReach, subjectKey, type ChangeRow, type Subject } from './indexReach';

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
    // No GIN pending list (fastupdate): every scan reads all of it (megabytes, once large), and the
    // insert that overflows it merges it in one long statement while requests wait. Archives made
    // before are switched over and their list merged once, at start.
    `CREATE INDEX IF NOT EXISTS fulltext_entry_document ON fulltext_entry USING gin (document) WITH (fastupdate = off)`,
    `CREATE INDEX IF NOT EXISTS fulltext_entry_related ON fulltext_entry USING gin (related) WITH (fastupdate = off)`,
    `ALTER INDEX fulltext_entry_document SET (fastupdate = off)`,
    `ALTER INDEX fulltext_entry_related SET (fastupdate = off)`,
    `SELECT gin_clean_pending_list('fulltext_entry_document'::regclass), gin_clean_pending_list('fulltext_entry_related'::regclass)`,
    `CREATE TABLE IF NOT EXISTS fulltext_progress (id integer PRIMARY KEY, last_revision bigint NOT NULL)`,
  ];
}

interface RevisionRow extends ChangeRow {
  revision_id: string | number;
}

export interface FullTextIndexerOptions {
  /** Change-log rows read per step (500). */
  batchSize?: number;
  /** Most entries rebuilt in one SQL transaction (400); fewer when they take longer than `transactionTargetMs`. */
  maxEntriesPerTransaction?: number;
  /** How long one SQL transaction of the indexer should hold the database, in ms (50). */
  transactionTargetMs?: number;
  /** Called after each committed SQL transaction with the number of entries it rebuilt. */
  onTransaction?: (entries: number) => void;
  log?: (line: string) => void;
}

const minEntriesPerTransaction = 10;
const idsPerLookup = 20;

function isDoctype(name: string): name is Doctype {
  return (doctypes as readonly string[]).includes(name);
}
/** Bound on consecutive turns given away, so that a steady stream of requests cannot stop indexing. */
const maxTurnsGivenAway = 50;

/** Yields to the event loop until a turn passes in which nothing else ran (or the bound is hit). */
async function giveWay(): Promise<void> {
  for (let turn = 0; turn < maxTurnsGivenAway; turn++) {
    const started = performance.now();
    await new Promise((resolve) => setImmediate(resolve));
    // A turn this short ran no request: the loop is idle.
    if (performance.now() - started < 1) return;
  }
}

export class FullTextIndexer {
  private chain: Promise<unknown> = Promise.resolve();
  private running = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** File text by checksum: regenerated entries of the same file do not read it again. */
  private readonly textCache = new Map<string, string>();
  private entriesPerTransaction: number;
  /** Revision numbers up to `upTo` are settled once no transaction below `xmax` is in flight (`settledPrefix`). */
  private watch: { upTo: number; xmax: bigint } | undefined;

  constructor(
    private readonly services: SandboxServices,
    private readonly options: FullTextIndexerOptions = {},
  ) {
    this.entriesPerTransaction = Math.min(this.maxEntries, 50);
  }

  private get maxEntries(): number {
    return Math.max(1, this.options.maxEntriesPerTransaction ?? 400);
  }

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

  /** Stops the interval and waits for a run in progress (which ends after its current transaction). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.chain.catch(() => undefined);
  }

  /** Rebuilds the entries of `subjects` now (after any run in progress), whatever the change log says. */
  rebuildNow(subjects: readonly Subject[]): Promise<number> {
    const run = this.chain.then(async () => {
      const texts = await this.fileTexts(subjects);
      return this.services.db.transaction((tx) => this.rebuild(tx, subjects, texts));
    });
    this.chain = run.catch(() => undefined);
    return run;
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
        const done = await this.indexStep();
        if (done === undefined) return total;
        total += done;
        if (this.stopped) return total;
      }
    } finally {
      this.running = false;
    }
  }

  /** One batch of change-log rows; undefined when there was nothing new (or nothing settled yet). */
  private async indexStep(): Promise<number | undefined> {
    const db = this.services.db;
    await giveWay();
    // Processes sharing a server index for each other: one of them does it.
    if (!(await db.claim('full-text indexer'))) return undefined;
    const { last, rows } = await this.nextRevisions();
    const settled = await this.settledPrefix(last, rows);
    if (settled.length === 0) return undefined;
    return this.indexRevisions(settled);
  }

  /** The change-log rows past the progress mark, a batch of them, and the mark. */
  private async nextRevisions(): Promise<{ last: number; rows: RevisionRow[] }> {
    const db = this.services.db;
    const { rows: progress } = await db.query<{ last_revision: string | number }>('SELECT last_revision FROM fulltext_progress WHERE id = 1');
    const last = Number(progress[0]?.last_revision ?? 0);
    const { rows } = await db.query<RevisionRow>(
      // Values only where they name a linked entity: a CREATE's new value (all its fields) is not needed.
      `SELECT revision_id, entity_id, entity_type, revision_type, modified_field,
         CASE WHEN revision_type IN ('LINK', 'UNLINK') THEN new_value END AS new_value,
         CASE WHEN revision_type IN ('LINK', 'UNLINK') THEN removed_value END AS removed_value,
         CASE WHEN revision_type = 'MOVE' THEN previous_parent END AS previous_parent,
         CASE WHEN revision_type = 'MOVE' THEN current_parent END AS current_parent
       FROM change_log WHERE revision_id > $1 ORDER BY revision_id LIMIT $2`,
      [last, Math.max(1, this.options.batchSize ?? 500)],
    );
    return { last, rows };
  }

  /**
   * The rows that can be indexed and passed by the progress mark: those before the first missing
   * revision that may still appear. On a server, transactions beside each other take revision
   * numbers in one order and commit in another, so a number missing from what was read may belong
   * to a transaction still in flight (or to one rolled back, and never appear). The change log's
   * writers take their transaction id before a revision number (changeLog.ts), so every number
   * missing from a read belongs to a transaction whose id is below the `xmax` of a snapshot taken
   * after the read; once the oldest transaction in flight is at or past it, those numbers are
   * settled. Nothing waits on a lock for this: the rows past a gap wait for a later step.
   */
  private async settledPrefix(last: number, rows: readonly RevisionRow[]): Promise<readonly RevisionRow[]> {
    const gapped = rows.some((r, i) => Number(r.revision_id) !== (i === 0 ? last : Number(rows[i - 1].revision_id)) + 1);
    if (!gapped) return rows;
    const { rows: snapshot } = await this.services.db.query<{ xmin: string; xmax: string }>(
      'SELECT pg_snapshot_xmin(s)::text AS xmin, pg_snapshot_xmax(s)::text AS xmax FROM pg_current_snapshot() AS s',
    );
    const xmin = BigInt(snapshot[0].xmin);
    const xmax = BigInt(snapshot[0].xmax);
    // No transaction in flight (always so on PGlite, where the gaps are rollbacks): every gap is settled.
    if (xmin === xmax) {
      this.watch = undefined;
      return rows;
    }
    let settledUpTo = last;
    if (this.watch && xmin >= this.watch.xmax) {
      settledUpTo = this.watch.upTo;
      this.watch = undefined;
    }
    // Numbers up to the last one read were taken before this snapshot: watch for them to settle.
    this.watch ??= { upTo: Number(rows[rows.length - 1].revision_id), xmax };
    let end = 0;
    for (let previous = last; end < rows.length; end++) {
      const revision = Number(rows[end].revision_id);
      if (revision !== previous + 1 && revision - 1 > settledUpTo) break;
      previous = revision;
    }
    return rows.slice(0, end);
  }

  private async indexRevisions(revisions: readonly RevisionRow[]): Promise<number> {
    const db = this.services.db;
    const upTo = Number(revisions[revisions.length - 1].revision_id);
    const subjects = await this.plan(db, revisions);
    let entries = 0;
    let at = 0;
    do {
      if (this.stopped) return entries;
      const chunk = subjects.slice(at, at + this.entriesPerTransaction);
      at += chunk.length;
      const final = at >= subjects.length;
      await giveWay();
      // Files are read before the transaction opens: reading them is slow and needs no lock.
      const texts = await this.fileTexts(chunk);
      const started = performance.now();
      const rebuilt = await db.transaction(async (tx) => {
        const n = await this.rebuild(tx, chunk, texts);
        if (final) {
          await tx.query(
            `INSERT INTO fulltext_progress (id, last_revision) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET last_revision = GREATEST(fulltext_progress.last_revision, $1)`,
            [upTo],
          );
        }
        return n;
      });
      this.adapt(chunk.length, performance.now() - started);
      entries += rebuilt;
      this.options.onTransaction?.(rebuilt);
    } while (at < subjects.length);
    return entries;
  }

  /** Sizes the next transaction from the pace of the last one. */
  private adapt(count: number, ms: number): void {
    if (count === 0) return;
    const target = this.options.transactionTargetMs ?? 50;
    // A short final chunk says little about the pace unless it was slow.
    if (count < this.entriesPerTransaction && ms < target) return;
    const paced = Math.round((count * target) / Math.max(ms, 1));
    const next = Math.round((this.entriesPerTransaction + paced) / 2);
    this.entriesPerTransaction = Math.max(Math.min(minEntriesPerTransaction, this.maxEntries), Math.min(this.maxEntries, next));
  }

  /** The entries a batch of change-log rows reaches, in subject order (neighbours share their chains). */
  private async plan(session: SqlSession, rows: readonly RevisionRow[]): Promise<Subject[]> {
    const reach = addReach(emptyReach(), rows, this.services.model);
    const subjects = new Map(reach.own);
    const found: { doctype: string; subject_id: string | number }[] = [];
    // A few ids per statement: with many, the planner guesses that most entries match and scans
    // the whole table, testing each one against every id. Planned for each run: a plan kept from
    // when the table was small is such a scan too (4 ms a lookup on a server after a minute of
    // the team benchmark, where the index takes well under one).
    const lookup = async (ids: Set<number>, sql: string, extra: string[][]) => {
      const list = [...ids];
      for (let i = 0; i < list.length; i += idsPerLookup) {
        const { rows } = await session.query<{ doctype: string; subject_id: string | number }>(sql, [list.slice(i, i + idsPerLookup), ...extra], { planEachRun: true });
        found.push(...rows);
      }
    };
    await lookup(reach.named, 'SELECT doctype, subject_id FROM fulltext_entry WHERE related && $1::bigint[]', []);
    for (const [group, ids] of reach.shownIn) {
      await lookup(ids, 'SELECT doctype, subject_id FROM fulltext_entry WHERE related && $1::bigint[] AND doctype = ANY($2::text[])', [group.split(',')]);
    }
    for (const r of found) {
      if (isDoctype(r.doctype)) subjects.set(subjectKey(r.doctype, Number(r.subject_id)), { doctype: r.doctype, id: Number(r.subject_id) });
    }
    return [...subjects.values()].sort((a, b) => a.id - b.id || (a.doctype < b.doctype ? -1 : a.doctype > b.doctype ? 1 : 0));
  }

  /** The text of the document versions among `subjects`, by Dokumentversjon id: the text set by
   * `full-text/set` where there is one, else the text read from its file. */
  private async fileTexts(subjects: readonly Subject[]): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    const tekst = subjects.filter((s) => s.doctype === 'Tekst').map((s) => s.id);
    if (tekst.length === 0) return out;
    const { rows: set } = await this.services.db.query<{ id: string | number; tekst: string }>('SELECT dokumentversjon_id AS id, tekst FROM fulltext_set_text WHERE dokumentversjon_id = ANY($1::bigint[])', [tekst]);
    for (const r of set) out.set(Number(r.id), r.tekst);
    const byFile = await this.textsOfFiles(tekst.filter((id) => !out.has(id)));
    for (const [id, text] of byFile) out.set(id, text);
    return out;
  }

  /** The text read from the files of these document versions, by Dokumentversjon id. */
  private async textsOfFiles(tekst: readonly number[]): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    if (tekst.length === 0) return out;
    const { rows: versions } = await this.services.db.query<{ id: string | number; file: string | null }>(`SELECT id, fields->>'referanseDokumentfil' AS file FROM entity WHERE id = ANY($1::bigint[])`, [tekst]);
    const versionsOfFile = new Map<number, number[]>();
    for (const v of versions) {
      const file = Number(v.file);
      if (!Number.isSafeInteger(file) || file <= 0) continue;
      versionsOfFile.set(file, [...(versionsOfFile.get(file) ?? []), Number(v.id)]);
    }
    const fileIds = [...versionsOfFile.keys()];
    if (fileIds.length === 0) return out;
    const { rows } = await this.services.db.query<{ id: string | number; sha256: string; storage_name: string; content_type: string; file_name: string }>(
      'SELECT id, sha256, storage_name, content_type, file_name FROM uploaded_file WHERE id = ANY($1::bigint[])',
      [fileIds],
    );
    for (const r of rows) {
      let text = this.textCache.get(r.sha256);
      if (text === undefined) {
        try {
          text = extractFileText(await this.services.files.read(r.storage_name), r.content_type, r.file_name);
        } catch {
          text = '';
        }
        if (this.textCache.size > 2000) this.textCache.clear();
        this.textCache.set(r.sha256, text);
      }
      for (const version of versionsOfFile.get(Number(r.id)) ?? []) out.set(version, text);
    }
    return out;
  }

  private async rebuild(tx: SqlSession, list: readonly Subject[], texts: Map<number, string>): Promise<number> {
    if (list.length === 0) return 0;
    const hood = await Neighbourhood.load(tx, list.map((s) => s.id));
    const entries: IndexEntry[] = [];
    for (const s of list) {
      const node = hood.nodes.get(s.id);
      if (!node || doctypeOf(node.type) !== s.doctype) continue;
      const text = texts.get(s.id);
      entries.push(buildEntry(s.doctype, node, hood.chain(node), text));
    }
    // Subjects that no longer have an entry (deleted, or their file gone) lose it; the others are upserted.
    const built = new Set(entries.map((e) => subjectKey(e.doctype, e.subjectId)));
    const gone = list.filter((s) => !built.has(subjectKey(s.doctype, s.id)));
    if (gone.length > 0) {
      await tx.query('DELETE FROM fulltext_entry WHERE (doctype, subject_id) IN (SELECT * FROM unnest($1::text[], $2::bigint[]))', [gone.map((s) => s.doctype), gone.map((s) => s.id)]);
    }
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
         FROM jsonb_to_recordset($1::jsonb) AS x(doctype text, subject_id bigint, ids jsonb, texts jsonb, related bigint[], file_id bigint, plain text)
         ON CONFLICT (doctype, subject_id) DO UPDATE SET ids = EXCLUDED.ids, texts = EXCLUDED.texts, related = EXCLUDED.related, file_id = EXCLUDED.file_id, document = EXCLUDED.document`,
        [JSON.stringify(chunk)],
      );
    }
    return entries.length;
  }
}
