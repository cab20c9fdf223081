/**
 * The demo archive and the generated archives: counts and invariants over real HTTP (every
 * Journalpost has a Korrespondansepart and one parent, every Dokumentversjon's file downloads with
 * its checksum, the README's queries find their case), determinism, `--seed-size`, `--reset`.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fullTextIndexer, fullTextModule } from '../../sandbox/fulltext/fullTextModule';
import { parseSandboxArguments, type SandboxOptions } from '../../sandbox/sandboxOptions';
import type { SandboxServices } from '../../sandbox/sandboxServices';
import { seedDemoArchive, type DemoArchiveSummary } from '../../sandbox/seed/demoArchive';
import { generateLargeArchive } from '../../sandbox/seed/largeArchive';
import { prepareSeeding } from '../../sandbox/seed/seedSelection';
import { startTestSandbox, useTestSandbox, type TestSandbox } from './sandboxHarness';

async function count(services: SandboxServices, sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await services.db.query<{ n: string | number }>(sql, params as never);
  return Number(rows[0].n);
}

/** Every result of a query, page by page as a client pages (offset += limit while hasMore). */
async function queryAll(t: TestSandbox, token: string, body: Record<string, unknown>): Promise<any[]> {
  const out: any[] = [];
  for (let offset = 0; ; offset += 500) {
    const r = await t.query(token, { ...body, limit: 500, offset });
    assert.equal(r.status, 200, r.text);
    out.push(...r.json.results);
    if (!r.json.hasMore) return out;
  }
}

/** Invariants every seeded archive keeps, checked in SQL over the whole archive. */
async function checkStructure(services: SandboxServices): Promise<void> {
  const orphans = await count(
    services,
    `SELECT count(*) AS n FROM entity j WHERE j.type = 'Journalpost' AND NOT EXISTS (SELECT 1 FROM link l WHERE l.to_id = j.id AND l.ref = 'refRegistrering' AND l.from_type = 'Korrespondansepart')`,
  );
  assert.equal(orphans, 0, 'every Journalpost has a Korrespondansepart');
  for (const [type, refs] of [
    ['Journalpost', ['refMappe', 'refArkivdel']],
    ['Korrespondansepart', ['refRegistrering']],
    ['Dokument', ['refRegistrering']],
    ['Dokumentversjon', ['refDokument']],
    ['Saksmappe', ['refArkivdel']],
  ] as const) {
    const wrong = await count(services, `SELECT count(*) AS n FROM entity e WHERE e.type = $1 AND (SELECT count(*) FROM link l WHERE l.from_id = e.id AND l.ref = ANY($2)) <> 1`, [type, refs as unknown as string[]]);
    assert.equal(wrong, 0, `every ${type} has exactly one parent through ${refs.join(' or ')}`);
  }
  const unlinkedFiles = await count(services, `SELECT count(*) AS n FROM entity v LEFT JOIN uploaded_file f ON f.id = (v.fields->>'referanseDokumentfil')::bigint AND f.dokumentversjon_id = v.id WHERE v.type = 'Dokumentversjon' AND (f.id IS NULL OR f.sha256 <> v.fields->>'sjekksum')`);
  assert.equal(unlinkedFiles, 0, 'every Dokumentversjon references its own uploaded file with its checksum');
}

async function downloadAndCheck(t: TestSandbox, token: string, versions: any[]): Promise<void> {
  for (const v of versions) {
    const r = await fetch(`${t.sandbox.apiUrl}/download?id=${v.fields.referanseDokumentfil}`, { headers: { Authorization: `Bearer ${token}` } });
    assert.equal(r.status, 200);
    const bytes = Buffer.from(await r.arrayBuffer());
    assert.equal(createHash('sha256').update(bytes).digest('hex'), v.fields.sjekksum, `file of Dokumentversjon ${v.id}`);
    assert.equal(bytes.length, v.fields.filstoerrelse);
    if (String(v.fields.filnavn).endsWith('.pdf')) assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-');
  }
}

describe('the demo archive', () => {
  let summary: DemoArchiveSummary | undefined;

  // The full demo: seeded through the executor on a machine's first run, from the snapshot later.
  const env = useTestSandbox({
    modules: [fullTextModule],
    fullTextIndexIntervalSeconds: 0,
    seed: async (services) => {
      summary = await seedDemoArchive(services);
    },
  });

  it('is a municipal archive: a fonds with its creator, two series, nested classes, 200 case files, meetings', async () => {
    const s = env.sandbox.sandbox.services;
    assert.deepEqual(summary && { caseFiles: summary.caseFiles, meetingFolders: summary.meetingFolders, bsmGroup: summary.bsmGroup }, { caseFiles: 200, meetingFolders: 11, bsmGroup: 'fjordvik-byggesak' });
    const { rows } = await s.db.query<{ type: string; n: number }>(`SELECT type, count(*)::int AS n FROM entity GROUP BY type`);
    const n = Object.fromEntries(rows.map((r) => [r.type, r.n]));
    assert.deepEqual([n.Arkiv, n.Arkivskaper, n.Arkivdel, n.Klassifikasjonssystem, n.Klasse, n.Saksmappe, n.Moetemappe], [1, 1, 2, 1, 20, 200, 11]);
    assert.equal(n.Journalpost, summary?.journalEntries);
    for (const type of ['Korrespondansepart', 'Dokument', 'Dokumentversjon', 'EksternId', 'Noekkelord', 'Merknad', 'Eiendom', 'Plan', 'Moeteregistrering', 'Moetedeltaker']) assert.ok(n[type] > 0, `has ${type}`);
    const sub = await env.sandbox.query(env.token, { type: 'Klasse', query: 'refForelderKlasse.klasseIdent = @k', parameters: { '@k': '1' }, sortOrder: [{ field: 'klasseIdent', order: 'asc' }] });
    assert.deepEqual(sub.json.results.map((r: any) => r.fields.tittel), ['Byggesaker', 'Reguleringsplaner']);
  });

  it('keeps the rules: every Journalpost has a Korrespondansepart and one parent; every child one parent', async () => {
    await checkStructure(env.sandbox.sandbox.services);
    const entries = await queryAll(env.sandbox, env.token, { type: 'Journalpost' });
    assert.equal(entries.length, summary?.journalEntries);
    for (const e of entries) assert.ok(e.links.refMappe, `Journalpost ${e.id} is in a folder`);
  });

  it('every Dokumentversjon file downloads with the right checksum', async () => {
    const versions = await queryAll(env.sandbox, env.token, { type: 'Dokumentversjon' });
    assert.equal(versions.length, summary?.files);
    await downloadAndCheck(env.sandbox, env.token, versions);
  });

  it("answers the README's queries: case 2024/17 and its external id BS-2024-0017", async () => {
    const byNumber = await env.sandbox.query(env.token, { type: 'Saksmappe', query: 'saksaar = @year && sakssekvensnummer = @seq', parameters: { '@year': 2024, '@seq': 17 }, limit: 1 });
    assert.equal(byNumber.json.results.length, 1);
    assert.match(byNumber.json.results[0].fields.tittel, /^Byggesak – /);
    const byExternal = await env.sandbox.query(env.token, {
      type: 'Saksmappe',
      query: 'refEksternId.eksterntSystem = @sys && refEksternId.eksternID = @extId',
      parameters: { '@sys': 'eByggesak', '@extId': 'BS-2024-0017' },
      limit: 1,
    });
    assert.deepEqual(byExternal.json.results.map((r: any) => r.id), [byNumber.json.results[0].id]);
    const keyword = await env.sandbox.query(env.token, { type: 'Saksmappe', query: 'refNoekkelord.verdi = @v', parameters: { '@v': 'skjenkebevilling' } });
    assert.ok(keyword.json.results.length > 0);
    for (const r of keyword.json.results) assert.match(r.fields.tittel, /skjenkebevilling/);
  });

  it('numbers cases in date order within each year, as an archive that grew over time', async () => {
    const { rows } = await env.sandbox.sandbox.services.db.query<{ y: number; s: number; d: string }>(
      `SELECT (fields->>'saksaar')::int AS y, (fields->>'sakssekvensnummer')::int AS s, fields->>'saksdato' AS d FROM entity WHERE type = 'Saksmappe' ORDER BY 1, 2`,
    );
    assert.deepEqual([...new Set(rows.map((r) => r.y))], [2023, 2024]);
    for (let i = 1; i < rows.length; i++) if (rows[i].y === rows[i - 1].y) assert.ok(rows[i].d >= rows[i - 1].d, `case ${rows[i].y}/${rows[i].s}`);
  });

  it('has a BSM group in use on byggesak case files', async () => {
    const registry = await env.sandbox.get('/bsm-registry', { token: env.token });
    assert.equal(registry.status, 200, registry.text);
    assert.ok(registry.json.results.some((g: any) => g.groupId === 'fjordvik-byggesak'));
    const cases = await queryAll(env.sandbox, env.token, { type: 'Saksmappe', query: 'refPrimaerKlasse.klasseIdent = @k', parameters: { '@k': '11' } });
    assert.ok(cases.length > 0);
    for (const c of cases) assert.deepEqual(Object.keys(c.fields.virksomhetsspesifikkeMetadata?.['fjordvik-byggesak'] ?? {}).sort(), ['fjordvik-bnr', 'fjordvik-gnr', 'fjordvik-tiltakstype']);
  });

  it('is searchable in full text: every byggesak case file by "byggesaker", the PDF letters by their words', async () => {
    await fullTextIndexer(env.sandbox.sandbox.services)?.runOnce();
    const expected = await count(env.sandbox.sandbox.services, `SELECT count(*) AS n FROM entity WHERE type IN ('Saksmappe', 'Moetemappe') AND fields->>'tittel' ~* 'byggesak'`);
    const mapper = await env.sandbox.post('/full-text/search', { doctype: 'Mappe', query: 'byggesaker' }, { token: env.token });
    assert.equal(mapper.json.total, expected);
    const letters = await env.sandbox.post('/full-text/search', { doctype: 'Tekst', query: 'alkoholloven', limit: 50 }, { token: env.token });
    assert.ok(letters.json.total > 0);
    // Stemming: "alkoholloven" also finds "alkohollovens" in the decisions.
    for (const r of letters.json.results) assert.ok(r.highlights.Tekst.some((h: string) => /\|=hlstart=\|alkohollov\w*\|=hlstop=\|/.test(h)), JSON.stringify(r.highlights));
  });
});

describe('seeding options', () => {
  it('the demo archive is the same on every run (seeded generator)', async () => {
    const titles: string[][] = [];
    for (let i = 0; i < 2; i++) {
      const t = await startTestSandbox({ seed: (services) => seedDemoArchive(services, { caseFiles: 6, snapshotDir: false }).then(() => undefined) });
      try {
        await checkStructure(t.sandbox.services);
        const { rows } = await t.sandbox.services.db.query<{ t: string }>(`SELECT id || ' ' || type || ' ' || coalesce(fields->>'tittel', fields->>'korrespondansepartNavn', '') AS t FROM entity ORDER BY id`);
        titles.push(rows.map((r) => r.t));
      } finally {
        await t.close();
      }
    }
    assert.ok(titles[0].length > 100);
    assert.deepEqual(titles[0], titles[1]);
  });

  it('parses --no-seed, --seed-size, --reset and --full-text-interval', () => {
    const options = (argv: string[]) => {
      const parsed = parseSandboxArguments(argv);
      assert.equal(parsed.kind, 'options', JSON.stringify(parsed));
      return (parsed as { options: SandboxOptions }).options;
    };
    assert.equal(options([]).seedArchive, 'demo');
    assert.equal(options(['--no-seed']).seedArchive, 'none');
    assert.deepEqual(options(['--seed-size', '200000']).seedArchive, { entities: 200000 });
    assert.equal(options(['--reset', '--data', '/tmp/x']).reset, true);
    assert.equal(options(['--full-text-interval', '0.5']).fullTextIndexIntervalSeconds, 0.5);
    for (const [argv, message] of [
      [['--seed-size', 'many'], /--seed-size takes a whole number/],
      [['--seed-size', '10', '--no-seed'], /exclude each other/],
      [['--reset', '--memory'], /--reset wipes an archive folder/],
      [['--full-text-interval', 'often'], /--full-text-interval takes seconds/],
    ] as const) {
      const parsed = parseSandboxArguments(argv);
      assert.equal(parsed.kind, 'error');
      assert.match((parsed as { message: string }).message, message);
    }
  });

  it('--seed-size N gives exactly N valid entities with consistent counters; --reset wipes and seeds afresh', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'noarkq-seed-size-'));
    const start = (reset: boolean) => startTestSandbox(prepareSeeding({ memory: false, dataDir, seedArchive: { entities: 61 }, reset }));
    try {
      let t = await start(false);
      const token = await t.token();
      assert.equal(await count(t.sandbox.services, 'SELECT count(*) AS n FROM entity'), 61);
      await checkStructure(t.sandbox.services);
      await downloadAndCheck(t, token, await queryAll(t, token, { type: 'Dokumentversjon' }));
      // Counters continue where the generated data ends.
      const [folder] = (await t.query(token, { type: 'Saksmappe', sortOrder: [{ field: 'id', order: 'desc' }], limit: 1 })).json.results;
      const inFolder = await queryAll(t, token, { type: 'Journalpost', query: 'refMappe.id = @m', parameters: { '@m': folder.id } });
      const year = new Date(t.clock.now()).getUTCFullYear();
      const sameYear = await queryAll(t, token, { type: 'Saksmappe', query: 'saksaar = @y', parameters: { '@y': year } });
      const added = await t.transaction(token, [
        { action: 'save', type: 'Journalpost', id: 'jp', fields: { tittel: 'Tillegg', journalposttype: 'I' } },
        { action: 'link', type: 'Journalpost', id: 'jp', ref: 'refMappe', linkToId: folder.id },
        { action: 'save', type: 'Korrespondansepart', id: 'kp', fields: { korrespondansepartNavn: 'Ny part', korrespondanseparttype: 'EA' } },
        { action: 'link', type: 'Korrespondansepart', id: 'kp', ref: 'refRegistrering', linkToId: 'jp' },
        { action: 'save', type: 'Saksmappe', id: 'sak', fields: { tittel: 'Ny sak' } },
        { action: 'link', type: 'Saksmappe', id: 'sak', ref: 'refArkivdel', linkToId: String(folder.links.refArkivdel) },
        { action: 'link', type: 'Saksmappe', id: 'sak', ref: 'refPrimaerKlasse', linkToId: String(folder.links.refPrimaerKlasse) },
      ]);
      assert.equal(added.status, 200, added.text);
      assert.equal(added.json.saved.jp.fields.journalpostnummer, inFolder.length + 1);
      assert.equal(added.json.saved.sak.fields.sakssekvensnummer, Math.max(0, ...sameYear.map((c) => c.fields.sakssekvensnummer)) + 1);
      await t.close();

      t = await start(false);
      assert.equal(await count(t.sandbox.services, 'SELECT count(*) AS n FROM entity'), 64, 'a restart keeps the archive and does not seed it again');
      await t.close();

      t = await start(true);
      assert.equal(await count(t.sandbox.services, 'SELECT count(*) AS n FROM entity'), 61, '--reset wipes the archive, which is then seeded afresh');
      assert.equal(await count(t.sandbox.services, `SELECT count(*) AS n FROM entity WHERE fields->>'tittel' = 'Ny sak'`), 0);
      await t.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses a generated archive smaller than its fixed structure', async () => {
    const t = await startTestSandbox();
    try {
      await assert.rejects(generateLargeArchive(t.sandbox.services, 6), /at least 7 entities/);
      assert.equal(await count(t.sandbox.services, 'SELECT count(*) AS n FROM entity'), 0);
    } finally {
      await t.close();
    }
  });
});
