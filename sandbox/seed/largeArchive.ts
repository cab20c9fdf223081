/**
 * Large generated archives for benchmarks (`--seed-size N`): exactly N entities, written with bulk
 * INSERTs (thousands of rows per statement, large transactions) instead of one transaction per
 * case, so 200,000 entities take minutes, not hours. The data is as valid as the executor's: the
 * structure is created through the real transaction path; the generated case files get the same
 * service-set fields, defaults, counters (case and journal sequence numbers per year, numbers within
 * a parent), canonical links, uploaded files (one per Dokumentversjon, hard links of a few small
 * files) and a CREATE change-log row per entity that a transaction would give them.
 */
import { createHash, randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { JsonValue } from '../../core/jsonValue';
import type { SandboxServices } from '../sandboxServices';
import type { SqlSession } from '../store/database';
import { formatDate, formatTimestamp } from '../store/fieldValues';
import { storedLink } from '../store/linkModel';
import { demoPdf, demoTextFile, letterLines, type DemoLetter } from './demoFiles';
import { buildingMeasures, firstNames, lastNames, streets } from './demoVocabulary';
import { SeededRandom } from './seededRandom';
import { SeedWriter } from './seedWriter';

export interface LargeArchiveOptions {
  /** Seed of the generator (1). */
  seed?: number;
  /** Write a CREATE change-log row per generated entity (true). */
  changeLog?: boolean;
  /** Neighbours notified in each case (0): an outgoing Journalpost with that many parties and no
   * document, as a building case's notice to its neighbours. Many make Korrespondansepart the bulk
   * of the archive, a listing deep enough for the benchmark's OFFSET 1,000,000. */
  neighbourNotice?: number;
  /** Progress lines. */
  log?: (line: string) => void;
}

export interface LargeArchiveSummary {
  entities: number;
  caseFiles: number;
  journalEntries: number;
  files: number;
  arkivdel: string;
  klasser: string[];
}

/** The entities of the fixed structure: Arkiv, Arkivskaper, Arkivdel, Klassifikasjonssystem, 3 Klasse. */
export const largeArchiveBaseSize = 7;
const entriesPerCase = 4;
const day = 86_400_000;

interface Row {
  id: number;
  type: string;
  fields: Record<string, JsonValue>;
}

interface LinkRow {
  from_id: number;
  from_type: string;
  ref: string;
  to_id: number;
}

interface FileTemplate {
  bytes: Buffer;
  name: string;
  contentType: string;
  sha256: string;
  path: string;
}

function letter(rng: SeededRandom, heading: string): DemoLetter {
  const name = `${rng.pick(firstNames)} ${rng.pick(lastNames)}`;
  return { from: name, to: 'Fjordvik kommune', date: '2020-01-01', heading, paragraphs: [`${heading} for ${rng.pick(streets)} ${rng.int(1, 60)}. Saken gjelder ${rng.pick(buildingMeasures).title}.`], signature: name };
}

/** Tables the generator bulk-loads. */
const loadedTables = ['entity', 'link', 'change_log', 'uploaded_file'];

/**
 * Runs `load` with the secondary indexes of the loaded tables dropped, and builds them again after
 * it (also when it fails). The entity table alone carries some thirty expression indexes; keeping
 * them current row by row is most of the cost of a bulk load, one sorted build per index at the end
 * a small part. Primary keys and other constraint indexes stay. A generator killed in between
 * leaves them missing only until the next start, whose schema statements create them again.
 */
async function withoutSecondaryIndexes<T>(services: SandboxServices, log: (line: string) => void, load: () => Promise<T>): Promise<T> {
  const db = services.db;
  const { rows: indexes } = await db.query<{ name: string; definition: string }>(
    `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS definition
     FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
     WHERE t.relname = ANY($1::text[]) AND t.relnamespace = current_schema()::regnamespace
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.oid)`,
    [loadedTables],
  );
  for (const index of indexes) await db.exec(`DROP INDEX IF EXISTS "${index.name.replace(/"/g, '""')}"`);
  try {
    return await load();
  } finally {
    const started = Date.now();
    // Each index is one sort of the whole table: with room for it in memory (PostgreSQL's
    // default is 64 MB) it is not sorted in runs on disk.
    await db.exec(`SET maintenance_work_mem = '512MB'`);
    for (const index of indexes) await db.exec(index.definition);
    await db.exec('RESET maintenance_work_mem');
    // Fresh statistics, so that the planner knows the tables are large (PGlite runs no autovacuum).
    await db.exec(`ANALYZE ${loadedTables.join(', ')}`);
    log(`${indexes.length} indexes built and statistics taken in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
}

/** Generates exactly `entityCount` entities into an empty or existing archive. */
export async function generateLargeArchive(services: SandboxServices, entityCount: number, options: LargeArchiveOptions = {}): Promise<LargeArchiveSummary> {
  if (!Number.isInteger(entityCount) || entityCount < largeArchiveBaseSize) throw new Error(`a generated archive needs at least ${largeArchiveBaseSize} entities (its fonds, creator, series, classification system and 3 classes), not ${entityCount}`);
  const log = options.log ?? (() => undefined);
  const rng = new SeededRandom(options.seed ?? 1);
  const writer = new SeedWriter(services);
  const start = Date.UTC(2015, 0, 5, 8);
  const base = await writer.transaction(
    [
      { action: 'save', type: 'Arkiv', id: 'arkiv', fields: { tittel: 'Generert arkiv' } },
      { action: 'save', type: 'Arkivskaper', id: 'skaper', fields: { arkivskaperIdent: 'GEN', arkivskaperNavn: 'Generert kommune' } },
      { action: 'link', type: 'Arkivskaper', id: 'skaper', ref: 'refArkiv', linkToId: ['arkiv'] },
      { action: 'save', type: 'Arkivdel', id: 'del', fields: { tittel: 'Generert sakarkiv' } },
      { action: 'link', type: 'Arkivdel', id: 'del', ref: 'refArkiv', linkToId: ['arkiv'] },
      { action: 'save', type: 'Klassifikasjonssystem', id: 'sys', fields: { tittel: 'Generert arkivnøkkel' } },
      { action: 'link', type: 'Arkivdel', id: 'del', ref: 'refPrimaerKlassifikasjonssystem', linkToId: ['sys'] },
      ...[1, 2, 3].flatMap((k) => [
        { action: 'save' as const, type: 'Klasse', id: `k${k}`, fields: { klasseIdent: `G${k}`, tittel: ['Byggesaker', 'Barnehage', 'Skjenkebevillinger'][k - 1] } },
        { action: 'link' as const, type: 'Klasse', id: `k${k}`, ref: 'refKlassifikasjonssystem', linkToId: ['sys'] },
      ]),
    ],
    start,
  );
  const arkivdel = Number(base.del.id);
  const klasser = [1, 2, 3].map((k) => Number(base[`k${k}`].id));

  // Case layouts: each case is a Saksmappe, an optional neighbour notice (a Journalpost and its
  // parties), an optional EksternId and up to four entries of (Journalpost,
  // Korrespondansepart[, Dokument, Dokumentversjon]); the last case takes what is left.
  const neighbours = options.neighbourNotice ?? 0;
  if (!Number.isInteger(neighbours) || neighbours < 0) throw new Error(`neighbourNotice is a number of parties, not ${neighbours}`);
  const layouts: { ekstern: boolean; entries: boolean[]; notice: number }[] = [];
  let remaining = entityCount - largeArchiveBaseSize;
  while (remaining > 0) {
    let budget = Math.min(remaining, 2 + entriesPerCase * 4 + (neighbours > 0 ? 1 + neighbours : 0));
    remaining -= budget;
    budget -= 1;
    const notice = neighbours > 0 && budget >= 1 + neighbours ? neighbours : 0;
    if (notice > 0) budget -= 1 + notice;
    const layout = { ekstern: budget % 2 === 1, entries: [] as boolean[], notice };
    if (layout.ekstern) budget -= 1;
    while (budget >= 2 && layout.entries.length < entriesPerCase) {
      budget -= 2;
      const withDocument = budget >= 2;
      if (withDocument) budget -= 2;
      layout.entries.push(withDocument);
    }
    layouts.push(layout);
  }
  const entityTotal = entityCount - largeArchiveBaseSize;
  const fileTotal = layouts.reduce((n, l) => n + l.entries.filter(Boolean).length, 0);

  // One block of ids for everything: entities and uploaded files share the sequence.
  const { rows: seqRows } = await services.db.query<{ id: string | number }>(`SELECT nextval('entity_id_seq') AS id`);
  let nextId = Number(seqRows[0].id);
  await services.db.query(`SELECT setval('entity_id_seq', $1)`, [nextId + entityTotal + fileTotal]);
  const takeId = () => nextId++;

  const templates: FileTemplate[] = [];
  for (const [i, kind] of ['txt', 'pdf', 'txt', 'pdf'].entries()) {
    const content = letter(rng, ['Søknad om tillatelse til tiltak', 'Vedtak i byggesak', 'Søknad om barnehageplass', 'Vedtak om skjenkebevilling'][i]);
    const bytes = kind === 'pdf' ? demoPdf(letterLines(content)) : demoTextFile(content);
    const name = `generert-${i + 1}.${kind}`;
    const path = join(services.files.directory, `template-${process.pid}-${Date.now()}-${i}`);
    await writeFile(path, bytes);
    templates.push({ bytes, name, contentType: kind === 'pdf' ? 'application/pdf' : 'text/plain; charset=utf-8', sha256: createHash('sha256').update(bytes).digest('hex'), path });
  }

  const creator = writer.account;
  const model = services.model;
  const counters = new Map<string, number>();
  const bump = (name: string) => {
    const n = (counters.get(name) ?? 0) + 1;
    counters.set(name, n);
    return n;
  };
  const { rows: counterRows } = await services.db.query<{ name: string; value: string | number }>(`SELECT name, value FROM counter WHERE name LIKE 'mappe:%' OR name LIKE 'journal:%'`);
  for (const r of counterRows) counters.set(r.name, Number(r.value));

  const summary: LargeArchiveSummary = { entities: 0, caseFiles: 0, journalEntries: 0, files: 0, arkivdel: String(arkivdel), klasser: klasser.map(String) };
  let entities: Row[] = [];
  let links: LinkRow[] = [];
  let files: { id: number; template: FileTemplate; dokumentversjon: number; createdAt: number }[] = [];
  const common = (at: number): Record<string, JsonValue> => ({ uuid: randomUUID(), opprettetDato: formatTimestamp(at), opprettetAv: creator.displayName, opprettetAvBrukerIdent: creator.userId });
  const addLink = (type: string, id: number, ref: string, targetType: string, target: number) => {
    const stored = storedLink(model, type, id, ref, targetType, target);
    if (!stored) throw new Error(`generator: ${type} has no reference ${ref}`);
    links.push({ from_id: stored.fromId, from_type: stored.fromType, ref: stored.ref, to_id: stored.toId });
  };

  const flush = async () => {
    if (entities.length === 0) return;
    const batch = { entities, links, files };
    entities = [];
    links = [];
    files = [];
    await Promise.all(
      batch.files.map(async (f) => {
        await services.files.content.put(`file-${f.id}`, f.template.path, false);
      }),
    );
    await services.db.transaction(async (tx: SqlSession) => {
      for (let i = 0; i < batch.entities.length; i += 2000) {
        const chunk = batch.entities.slice(i, i + 2000).map((e) => ({ id: e.id, type: e.type, fields: e.fields, created_by: creator.login }));
        await tx.query(
          `INSERT INTO entity (id, type, version, fields, created_by) SELECT x.id, x.type, 1, x.fields, x.created_by FROM jsonb_to_recordset($1::jsonb) AS x(id bigint, type text, fields jsonb, created_by text)`,
          [JSON.stringify(chunk)],
        );
        if (options.changeLog !== false) {
          await tx.query(
            `INSERT INTO change_log (entity_id, entity_type, revision_type, modified_date, modified_by, modified_by_user_id, new_value)
             SELECT x.id, x.type, 'CREATE', x.fields->>'opprettetDato', $2, $3, x.fields FROM jsonb_to_recordset($1::jsonb) AS x(id bigint, type text, fields jsonb) ORDER BY x.id`,
            [JSON.stringify(chunk), creator.displayName, creator.userId],
          );
        }
      }
      for (let i = 0; i < batch.links.length; i += 4000) {
        await tx.query(
          `INSERT INTO link (from_id, from_type, ref, to_id) SELECT x.from_id, x.from_type, x.ref, x.to_id FROM jsonb_to_recordset($1::jsonb) AS x(from_id bigint, from_type text, ref text, to_id bigint)`,
          [JSON.stringify(batch.links.slice(i, i + 4000))],
        );
      }
      for (let i = 0; i < batch.files.length; i += 4000) {
        const chunk = batch.files.slice(i, i + 4000).map((f) => ({
          id: f.id,
          uploaded_by: creator.login,
          file_name: f.template.name,
          content_type: f.template.contentType,
          size: f.template.bytes.length,
          sha256: f.template.sha256,
          storage_name: `file-${f.id}`,
          created_at: f.createdAt,
          dokumentversjon_id: f.dokumentversjon,
        }));
        await tx.query(
          `INSERT INTO uploaded_file (id, uploaded_by, file_name, content_type, size, sha256, storage_name, created_at, dokumentversjon_id)
           SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(id bigint, uploaded_by text, file_name text, content_type text, size bigint, sha256 text, storage_name text, created_at bigint, dokumentversjon_id bigint)`,
          [JSON.stringify(chunk)],
        );
      }
    });
    summary.entities += batch.entities.length;
    log(`generated ${summary.entities} of ${entityTotal} entities`);
  };

  await withoutSecondaryIndexes(services, log, async () => {
    const span = Date.UTC(2024, 11, 20) - start;
    const perCase = span / Math.max(1, layouts.length);
    for (const [index, layout] of layouts.entries()) {
      const at = start + Math.floor(index * perCase) + rng.int(0, 6) * 3_600_000;
      const year = new Date(at).getUTCFullYear();
      const sakId = takeId();
      const seq = bump(`mappe:${year}`);
      const measure = rng.pick(buildingMeasures);
      const officer = `${rng.pick(firstNames)} ${rng.pick(lastNames)}`;
      entities.push({
        id: sakId,
        type: 'Saksmappe',
        fields: {
          ...common(at),
          mappeIdent: `${year}/${seq}`,
          tittel: `Byggesak – ${rng.pick(streets)} ${rng.int(1, 80)} – ${measure.title}`,
          dokumentmedium: 'E',
          saksaar: year,
          sakssekvensnummer: seq,
          saksdato: formatDate(at),
          saksansvarlig: officer,
          saksansvarligBrukerIdent: creator.userId,
          saksstatus: 'B',
        },
      });
      addLink('Saksmappe', sakId, 'refArkivdel', 'Arkivdel', arkivdel);
      addLink('Saksmappe', sakId, 'refPrimaerKlasse', 'Klasse', klasser[index % klasser.length]);
      summary.caseFiles++;
      if (layout.ekstern) {
        const id = takeId();
        entities.push({ id, type: 'EksternId', fields: { ...common(at), eksterntSystem: 'eByggesak', eksternID: `BS-${year}-${String(seq).padStart(5, '0')}` } });
        addLink('EksternId', id, 'refMappe', 'Saksmappe', sakId);
      }
      layout.entries.forEach((withDocument, k) => {
        const when = at + k * 7 * day;
        const jyear = new Date(when).getUTCFullYear();
        const jseq = bump(`journal:${jyear}`);
        const jpId = takeId();
        const incoming = k % 2 === 0;
        const name = `${rng.pick(firstNames)} ${rng.pick(lastNames)}`;
        entities.push({
          id: jpId,
          type: 'Journalpost',
          fields: {
            ...common(when),
            registreringsIdent: `${jyear}/${jseq}`,
            tittel: incoming ? `Søknad om tillatelse til tiltak – ${measure.title}` : `Vedtak – ${measure.title}`,
            publiseringsstatus: 'NOT_PUBLISHED',
            eInnsynStatus: 'NOT_PUBLISHED',
            dokumentmedium: 'E',
            journalaar: jyear,
            journalsekvensnummer: jseq,
            journalpostnummer: k + 1,
            journalansvarlig: officer,
            journalansvarligBrukerIdent: creator.userId,
            journalposttype: incoming ? 'I' : 'U',
            journalstatus: 'J',
            registreringsDato: formatDate(when),
            skjermKorrespondanseParterEInnsyn: false,
          },
        });
        addLink('Journalpost', jpId, 'refMappe', 'Saksmappe', sakId);
        counters.set(`journalpostnummer:${sakId}`, k + 1);
        const kpId = takeId();
        entities.push({ id: kpId, type: 'Korrespondansepart', fields: { ...common(when), korrespondanseparttype: incoming ? 'EA' : 'EM', korrespondansepartNavn: name, postadresse: `${rng.pick(streets)} ${rng.int(1, 60)}`, skjermEInnsyn: false, erPerson: true } });
        addLink('Korrespondansepart', kpId, 'refRegistrering', 'Journalpost', jpId);
        summary.journalEntries++;
        if (!withDocument) return;
        const dokId = takeId();
        entities.push({ id: dokId, type: 'Dokument', fields: { ...common(when), dokumentstatus: 'B', tittel: incoming ? 'Søknad' : 'Vedtak', dokumentmedium: 'E', tilknyttetRegistreringSom: 'H', dokumentnummer: 1 } });
        addLink('Dokument', dokId, 'refRegistrering', 'Journalpost', jpId);
        counters.set(`dokumentnummer:${jpId}`, 1);
        const dvId = takeId();
        const fileId = takeId();
        const template = templates[(index + k) % templates.length];
        entities.push({
          id: dvId,
          type: 'Dokumentversjon',
          fields: {
            ...common(when),
            versjonsnummer: 1,
            variantformat: 'A',
            format: template.contentType,
            sjekksum: template.sha256,
            sjekksumAlgoritme: 'SHA-256',
            filstoerrelse: template.bytes.length,
            kryptertDokument: false,
            filnavn: template.name,
            innholdstype: template.contentType,
            referanseDokumentfil: String(fileId),
          },
        });
        addLink('Dokumentversjon', dvId, 'refDokument', 'Dokument', dokId);
        counters.set(`versjonsnummer:${dokId}`, 1);
        files.push({ id: fileId, template, dokumentversjon: dvId, createdAt: services.now() });
        summary.files++;
      });
      if (layout.notice > 0) {
        const k = layout.entries.length;
        const when = at + k * 7 * day;
        const jyear = new Date(when).getUTCFullYear();
        const jseq = bump(`journal:${jyear}`);
        const jpId = takeId();
        entities.push({
          id: jpId,
          type: 'Journalpost',
          fields: {
            ...common(when),
            registreringsIdent: `${jyear}/${jseq}`,
            tittel: `Nabovarsel – ${measure.title}`,
            publiseringsstatus: 'NOT_PUBLISHED',
            eInnsynStatus: 'NOT_PUBLISHED',
            dokumentmedium: 'E',
            journalaar: jyear,
            journalsekvensnummer: jseq,
            journalpostnummer: k + 1,
            journalansvarlig: officer,
            journalansvarligBrukerIdent: creator.userId,
            journalposttype: 'U',
            journalstatus: 'J',
            registreringsDato: formatDate(when),
            skjermKorrespondanseParterEInnsyn: false,
          },
        });
        addLink('Journalpost', jpId, 'refMappe', 'Saksmappe', sakId);
        counters.set(`journalpostnummer:${sakId}`, k + 1);
        for (let n = 0; n < layout.notice; n++) {
          const kpId = takeId();
          entities.push({ id: kpId, type: 'Korrespondansepart', fields: { ...common(when), korrespondanseparttype: 'EM', korrespondansepartNavn: `${rng.pick(firstNames)} ${rng.pick(lastNames)}`, postadresse: `${rng.pick(streets)} ${rng.int(1, 60)}`, skjermEInnsyn: false, erPerson: true } });
          addLink('Korrespondansepart', kpId, 'refRegistrering', 'Journalpost', jpId);
        }
        summary.journalEntries++;
      }
      if (entities.length >= 20_000) await flush();
    }
    await flush();
  });
  const names = [...counters.keys()];
  for (let i = 0; i < names.length; i += 5000) {
    const chunk = names.slice(i, i + 5000).map((name) => ({ name, value: counters.get(name) }));
    await services.db.query(
      `INSERT INTO counter (name, value) SELECT x.name, x.value FROM jsonb_to_recordset($1::jsonb) AS x(name text, value bigint)
       ON CONFLICT (name) DO UPDATE SET value = GREATEST(counter.value, EXCLUDED.value)`,
      [JSON.stringify(chunk)],
    );
  }
  for (const t of templates) await rm(t.path, { force: true });
  summary.entities += largeArchiveBaseSize;
  return summary;
}
