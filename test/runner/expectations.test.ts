/**
 * `EXPECT` and `RETRY` lines run by the block runner (RunSession with the real ArchiveClient)
 * against the real sandbox over 127.0.0.1: every operator on every kind of subject passes and
 * fails on the archive's real answers, each outcome at its line; a refusal a block expects is
 * its success; RETRY waits out the full-text index; and a write is never sent twice, counted
 * where it arrives (a recording proxy in front of the sandbox).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { blockByName, parseDocument, type NoarkqDocument } from '../../core/document';
import type { JsonValue } from '../../core/jsonValue';
import { noarkModel } from '../../core/schema';
import { ArchiveClient } from '../../runner/archive/archiveClient';
import type { BlockRunResult, LocatedOutcome } from '../../runner/blocks/blockRunResult';
import { RunSession, runnableBlocks, type RunHooks, type RunOutcome } from '../../runner/blocks/runSession';
import { fullTextIndexer } from '../../sandbox/fulltext/fullTextModule';
import { useTestSandbox } from '../http/sandboxHarness';
import { startFaultProxy, type FaultProxy } from './faultProxy';
import { SandboxTokenProvider } from './sandboxTokenProvider';

const scratch = mkdtempSync(join(tmpdir(), 'noarkq-expectations-'));
// Interval 0: the full-text index is built only when a test says so, so "not yet indexed" is certain.
const env = useTestSandbox({ fullTextIndexIntervalSeconds: 0 }, { structure: true });
let proxy: FaultProxy;
let client: ArchiveClient;
/** The case file the expectations read: its id and its three registry entries' ids. */
const ids: Record<'sak' | 'soknad' | 'vedtak' | 'melding', string> = { sak: '', soknad: '', vedtak: '', melding: '' };

env.before(async () => {
  proxy = await startFaultProxy(env.sandbox.sandbox.url);
  client = new ArchiveClient({ apiUrl: proxy.url, auth: new SandboxTokenProvider(env.sandbox.sandbox.tokenUrl), retry: { baseDelayMs: 5, maxDelayMs: 20 } });
  const entry = (id: string, fields: Record<string, JsonValue>) => [
    { action: 'save', type: 'Journalpost', id, fields },
    { action: 'link', type: 'Journalpost', id, ref: 'refMappe', linkToId: 'sak' },
    { action: 'save', type: 'Korrespondansepart', id: `${id}Part`, fields: { korrespondansepartNavn: 'Kari Nordmann', korrespondanseparttype: 'EA' } },
    { action: 'link', type: 'Korrespondansepart', id: `${id}Part`, ref: 'refRegistrering', linkToId: id },
  ];
  const r = await env.sandbox.transaction(env.token, [
    { action: 'save', type: 'Saksmappe', id: 'sak', fields: { tittel: 'Byggesak Storgata 5 – garasje' } },
    { action: 'link', type: 'Saksmappe', id: 'sak', ref: 'refArkivdel', linkToId: env.structure.arkivdel },
    { action: 'link', type: 'Saksmappe', id: 'sak', ref: 'refPrimaerKlasse', linkToId: env.structure.klasser[0] },
    // 22:30 UTC is half past midnight the next day in Oslo: the date a person there means.
    ...entry('soknad', { tittel: 'Søknad om tillatelse til tiltak', journalposttype: 'I', mottattDato: '2024-08-19T22:30:00Z' }),
    ...entry('vedtak', { tittel: 'Vedtak i byggesak', journalposttype: 'U' }),
    ...entry('melding', { tittel: 'Melding om ferdigattest', journalposttype: 'I', mottattDato: '2024-08-21T08:00:00Z' }),
  ]);
  assert.equal(r.status, 200, r.text);
  for (const key of Object.keys(ids) as (keyof typeof ids)[]) ids[key] = r.json.saved[key].id;
});
after(async () => {
  await client?.close();
  await proxy?.close();
  rmSync(scratch, { recursive: true, force: true });
});

interface RunOptions {
  force?: boolean;
  /** Run in a protected environment, writes confirmed (or not) by `hooks.confirmWrite`. */
  protectedEnvironment?: boolean;
  hooks?: RunHooks;
  /** The blocks to run (their dependencies are run first); every block when absent. */
  blocks?: string[];
}

/** Runs `text` in a new session, with `@sak` (the case file the expectations read) and `@inbox`
 * (the one new entries go to, so that `@sak` keeps its three) in the environment. */
async function run(text: string, options: RunOptions = {}): Promise<{ document: NoarkqDocument; outcome: RunOutcome }> {
  const session = new RunSession({
    client,
    environment: { name: 'sandbox', protected: options.protectedEnvironment ?? false, variables: { sak: ids.sak, inbox: env.structure.saksmappe } },
    model: noarkModel,
    hooks: options.hooks,
    downloadDir: scratch,
  });
  const document = parseDocument(text);
  const blocks = options.blocks ? options.blocks.map((name) => blockByName(document, name)!) : runnableBlocks(document);
  const outcome = await session.run({ document, filePath: join(scratch, 'expectations.noarkq'), blocks, force: options.force });
  return { document, outcome };
}

/** The results of a run that was not refused. */
async function ran(text: string, options: RunOptions = {}): Promise<{ document: NoarkqDocument; results: BlockRunResult[] }> {
  const { document, outcome } = await run(text, options);
  assert.equal(outcome.kind, 'ran', outcome.kind === 'refused' ? JSON.stringify(outcome.errors.map((e) => [e.code, text.slice(e.start, e.end)])) : '');
  return { document, results: outcome.kind === 'ran' ? outcome.results : [] };
}

/** The line of the document an outcome names: that it is the `EXPECT` line is half the check. */
function lineText(document: NoarkqDocument, outcome: LocatedOutcome): string {
  return document.text.split('\n')[outcome.line - 1] ?? `(no line ${outcome.line})`;
}

/** `[line, passed, actual]` of each stated expectation of `result` (the implied 2xx left out). */
function table(document: NoarkqDocument, result: BlockRunResult | undefined): [string, boolean, string][] {
  assert.ok(result?.expectations, `the block was judged: ${JSON.stringify(result?.error)}`);
  return result.expectations.filter((e) => !e.implied).map((e) => [lineText(document, e), e.passed, e.actual]);
}

const byName = (results: readonly BlockRunResult[], name: string) => results.find((r) => r.blockName === name);

/** The three registry entries of the case file, in the order they were registered. */
const entries = ['### entries', 'QUERY Journalpost', 'WHERE refMappe.id = @sak', 'SORT journalpostnummer ASC'];

/** A TRANSACTION block that registers an entry titled `title` in the `@inbox` case file, as `jp`. */
function registration(name: string, title: string): string[] {
  return [
    `### ${name}`,
    'TRANSACTION',
    JSON.stringify({
      actions: [
        { action: 'save', type: 'Journalpost', id: 'jp', fields: { tittel: title, journalposttype: 'I' } },
        { action: 'link', type: 'Journalpost', id: 'jp', ref: 'refMappe', linkToId: '{{inbox}}' },
        { action: 'save', type: 'Korrespondansepart', id: 'kp', fields: { korrespondansepartNavn: 'Ola Nordmann', korrespondanseparttype: 'EA' } },
        { action: 'link', type: 'Korrespondansepart', id: 'kp', ref: 'refRegistrering', linkToId: 'jp' },
      ],
    }),
  ];
}

/** Requests that reached the archive (through the recording proxy) since `since`, by path. */
const sentTo = (path: string, since: number) => proxy.requests.slice(since).filter((r) => r.path.split('?')[0] === path).length;

describe('EXPECT against the sandbox: every operator on every subject', () => {
  it('status: each operator passes and fails on the archive\'s 200', async () => {
    const { document, results } = await ran(
      [
        ...entries,
        'EXPECT status = 200',
        'EXPECT status = 201',
        'EXPECT status != 404',
        'EXPECT status != 200',
        'EXPECT status < 300',
        'EXPECT status < 200',
        'EXPECT status <= 200',
        'EXPECT status <= 199',
        'EXPECT status > 199',
        'EXPECT status > 200',
        'EXPECT status >= 200',
        'EXPECT status >= 400',
        'EXPECT status exists',
        'EXPECT status absent',
        '',
      ].join('\n'),
    );
    assert.deepEqual(table(document, results[0]), [
      ['EXPECT status = 200', true, '200'],
      ['EXPECT status = 201', false, '200'],
      ['EXPECT status != 404', true, '200'],
      ['EXPECT status != 200', false, '200'],
      ['EXPECT status < 300', true, '200'],
      ['EXPECT status < 200', false, '200'],
      ['EXPECT status <= 200', true, '200'],
      ['EXPECT status <= 199', false, '200'],
      ['EXPECT status > 199', true, '200'],
      ['EXPECT status > 200', false, '200'],
      ['EXPECT status >= 200', true, '200'],
      ['EXPECT status >= 400', false, '200'],
      ['EXPECT status exists', true, '200'],
      ['EXPECT status absent', false, '200'],
    ]);
    // A block with an `EXPECT status` line decides its status itself: no implied 2xx beside it.
    assert.equal(results[0].expectations?.some((e) => e.implied), false);
    assert.equal(results[0].ok, false);
    assert.equal(results[0].error?.kind, 'expectation');
  });

  it('time and header: milliseconds of the exchange, headers by any case, as text or as a number', async () => {
    const { document, results } = await ran(
      [
        ...entries,
        'EXPECT time >= 0',
        'EXPECT time < 0',
        'EXPECT header Content-Type = "application/json; charset=utf-8"',
        'EXPECT header content-type != "application/json; charset=utf-8"',
        'EXPECT header CONTENT-TYPE %= "application/json%"',
        'EXPECT header Content-Type %= "text/%"',
        'EXPECT header Content-Type ~ /json/',
        'EXPECT header Content-Type ~ /xml/',
        'EXPECT header Content-Length > 100',
        'EXPECT header Content-Length <= 100',
        'EXPECT header Content-Length >= 100',
        'EXPECT header Content-Length < 100',
        'EXPECT header X-Not-Sent absent',
        'EXPECT header X-Not-Sent exists',
        'EXPECT header Content-Type exists',
        'EXPECT header Content-Type absent',
        '',
      ].join('\n'),
    );
    const rows = table(document, results[0]);
    const time = rows[0][2];
    assert.match(time, /^\d+(\.\d+)?$/, 'time is the exchange in milliseconds');
    assert.equal(Number(time), results[0].durationMs);
    const length = JSON.stringify(results[0].headers?.['content-length']);
    assert.match(length, /^"\d{3,}"$/);
    const type = '"application/json; charset=utf-8"';
    assert.deepEqual(rows, [
      ['EXPECT time >= 0', true, time],
      ['EXPECT time < 0', false, time],
      ['EXPECT header Content-Type = "application/json; charset=utf-8"', true, type],
      ['EXPECT header content-type != "application/json; charset=utf-8"', false, type],
      ['EXPECT header CONTENT-TYPE %= "application/json%"', true, type],
      ['EXPECT header Content-Type %= "text/%"', false, type],
      ['EXPECT header Content-Type ~ /json/', true, type],
      ['EXPECT header Content-Type ~ /xml/', false, type],
      ['EXPECT header Content-Length > 100', true, length],
      ['EXPECT header Content-Length <= 100', false, length],
      ['EXPECT header Content-Length >= 100', true, length],
      ['EXPECT header Content-Length < 100', false, length],
      ['EXPECT header X-Not-Sent absent', true, '(missing)'],
      ['EXPECT header X-Not-Sent exists', false, '(missing)'],
      ['EXPECT header Content-Type exists', true, type],
      ['EXPECT header Content-Type absent', false, type],
    ]);
    const missing = results[0].expectations?.find((e) => lineText(document, e) === 'EXPECT header X-Not-Sent exists');
    assert.equal(missing?.detail, 'the response has no header X-Not-Sent');
  });

  it('body paths: fields of one result, lengths of arrays and strings, hasMore, code-list values', async () => {
    const { document, results } = await ran(
      [
        ...entries,
        'EXPECT hasMore = false',
        'EXPECT hasMore = true',
        'EXPECT hasMore != true',
        'EXPECT hasMore != false',
        'EXPECT hasMore exists',
        'EXPECT hasMore absent',
        'EXPECT results.length = 3',
        'EXPECT results.length = 2',
        'EXPECT results.length > 2',
        'EXPECT results.length > 3',
        'EXPECT results.length <= 3',
        'EXPECT results.length < 3',
        'EXPECT results[0].fields.tittel = "Søknad om tillatelse til tiltak"',
        'EXPECT results[0].fields.tittel = "Søknad"',
        'EXPECT results[0].fields.tittel != "Vedtak i byggesak"',
        'EXPECT results[0].fields.tittel != "Søknad om tillatelse til tiltak"',
        'EXPECT results[0].fields.tittel %= "Søknad%tiltak"',
        'EXPECT results[0].fields.tittel %= "søknad%"',
        'EXPECT results[0].fields.tittel ~ /^søknad/i',
        'EXPECT results[0].fields.tittel ~ /^Vedtak/',
        'EXPECT results[0].fields.tittel > "Melding"',
        'EXPECT results[0].fields.tittel < "Melding"',
        'EXPECT results[0].fields.tittel.length = 31',
        'EXPECT results[0].fields.tittel.length < 10',
        'EXPECT results[0].fields.tittel.length >= 31',
        'EXPECT results[0].fields.tittel.length != 31',
        'EXPECT results[0].fields.journalaar = 2024',
        'EXPECT results[0].fields.journalaar > 2024',
        'EXPECT results[2].fields.journalpostnummer >= 2',
        'EXPECT results[2].fields.journalpostnummer <= 1',
        'EXPECT results[0].fields.journalposttype = "I"',
        'EXPECT results[0].fields.journalposttype != "I"',
        'EXPECT results[1].fields.journalposttype = "U"',
        'EXPECT results[1].fields.journalposttype = "I"',
        'EXPECT results[0].fields.mottattDato exists',
        'EXPECT results[1].fields.mottattDato exists',
        'EXPECT results[1].fields.mottattDato absent',
        'EXPECT results[0].fields.tittel absent',
        'EXPECT results[3] absent',
        'EXPECT results[3].fields.tittel exists',
        '',
      ].join('\n'),
    );
    const soknad = '"Søknad om tillatelse til tiltak"';
    const third = JSON.stringify((results[0].body as { results: { fields: { journalpostnummer: number } }[] }).results[2].fields.journalpostnummer);
    assert.deepEqual(table(document, results[0]), [
      ['EXPECT hasMore = false', true, 'false'],
      ['EXPECT hasMore = true', false, 'false'],
      ['EXPECT hasMore != true', true, 'false'],
      ['EXPECT hasMore != false', false, 'false'],
      ['EXPECT hasMore exists', true, 'false'],
      ['EXPECT hasMore absent', false, 'false'],
      ['EXPECT results.length = 3', true, '3'],
      ['EXPECT results.length = 2', false, '3'],
      ['EXPECT results.length > 2', true, '3'],
      ['EXPECT results.length > 3', false, '3'],
      ['EXPECT results.length <= 3', true, '3'],
      ['EXPECT results.length < 3', false, '3'],
      ['EXPECT results[0].fields.tittel = "Søknad om tillatelse til tiltak"', true, soknad],
      ['EXPECT results[0].fields.tittel = "Søknad"', false, soknad],
      ['EXPECT results[0].fields.tittel != "Vedtak i byggesak"', true, soknad],
      ['EXPECT results[0].fields.tittel != "Søknad om tillatelse til tiltak"', false, soknad],
      ['EXPECT results[0].fields.tittel %= "Søknad%tiltak"', true, soknad],
      ['EXPECT results[0].fields.tittel %= "søknad%"', false, soknad],
      ['EXPECT results[0].fields.tittel ~ /^søknad/i', true, soknad],
      ['EXPECT results[0].fields.tittel ~ /^Vedtak/', false, soknad],
      ['EXPECT results[0].fields.tittel > "Melding"', true, soknad],
      ['EXPECT results[0].fields.tittel < "Melding"', false, soknad],
      ['EXPECT results[0].fields.tittel.length = 31', true, '31'],
      ['EXPECT results[0].fields.tittel.length < 10', false, '31'],
      ['EXPECT results[0].fields.tittel.length >= 31', true, '31'],
      ['EXPECT results[0].fields.tittel.length != 31', false, '31'],
      ['EXPECT results[0].fields.journalaar = 2024', true, '2024'],
      ['EXPECT results[0].fields.journalaar > 2024', false, '2024'],
      ['EXPECT results[2].fields.journalpostnummer >= 2', true, third],
      ['EXPECT results[2].fields.journalpostnummer <= 1', false, third],
      ['EXPECT results[0].fields.journalposttype = "I"', true, '"I"'],
      ['EXPECT results[0].fields.journalposttype != "I"', false, '"I"'],
      ['EXPECT results[1].fields.journalposttype = "U"', true, '"U"'],
      ['EXPECT results[1].fields.journalposttype = "I"', false, '"U"'],
      ['EXPECT results[0].fields.mottattDato exists', true, '"2024-08-20T00:30:00.000+0200"'],
      ['EXPECT results[1].fields.mottattDato exists', false, '(missing)'],
      ['EXPECT results[1].fields.mottattDato absent', true, '(missing)'],
      ['EXPECT results[0].fields.tittel absent', false, soknad],
      ['EXPECT results[3] absent', true, '(missing)'],
      ['EXPECT results[3].fields.tittel exists', false, '(missing)'],
    ]);
    const detail = (line: string) => results[0].expectations?.find((e) => lineText(document, e) === line)?.detail;
    assert.equal(detail('EXPECT results[1].fields.mottattDato exists'), 'no such key: results[1].fields.mottattDato');
    assert.equal(detail('EXPECT results[3].fields.tittel exists'), 'no element results[3]: results has 3 elements');
  });

  it('dates and timestamps compared as such: a date is a whole day in Europe/Oslo, offsets name instants', async () => {
    const { document, results } = await ran(
      [
        ...entries,
        // Søknad was received 2024-08-19T22:30:00Z: half past midnight on the 20th in Oslo.
        'EXPECT results[0].fields.mottattDato = "2024-08-20"',
        'EXPECT results[0].fields.mottattDato = "2024-08-19"',
        'EXPECT results[0].fields.mottattDato = "2024-08-19T22:30:00Z"',
        'EXPECT results[0].fields.mottattDato = "2024-08-20T00:30:00Z"',
        'EXPECT results[0].fields.mottattDato != "2024-08-19"',
        'EXPECT results[0].fields.mottattDato != "2024-08-20T00:30:00+02:00"',
        'EXPECT results[0].fields.mottattDato >= "2024-08-20"',
        'EXPECT results[0].fields.mottattDato < "2024-08-20"',
        'EXPECT results[0].fields.mottattDato <= "2024-08-20"',
        'EXPECT results[0].fields.mottattDato > "2024-08-20"',
        'EXPECT results[0].fields.mottattDato > "2024-08-19T22:29:59.999Z"',
        'EXPECT results[0].fields.mottattDato <= "2024-08-19T22:29:59Z"',
        'EXPECT results[2].fields.mottattDato > "2024-08-20"',
        'EXPECT results[2].fields.mottattDato < "2024-08-21T07:59:59Z"',
        // registreringsDato is a date: a timestamp stands for its date in Oslo.
        'EXPECT results[0].fields.registreringsDato = "2024-08-19"',
        'EXPECT results[0].fields.registreringsDato = "2024-08-20"',
        'EXPECT results[0].fields.registreringsDato = "2024-08-19T21:59:59Z"',
        'EXPECT results[0].fields.registreringsDato = "2024-08-19T22:00:00Z"',
        'EXPECT results[0].fields.registreringsDato < "2024-08-20"',
        'EXPECT results[0].fields.registreringsDato > "2024-08-19"',
        'EXPECT results[0].fields.registreringsDato %= "2024-08-%"',
        'EXPECT results[0].fields.registreringsDato ~ /^2023-/',
        'EXPECT results[0].fields.opprettetDato >= "2024-08-19"',
        'EXPECT results[0].fields.opprettetDato < "2024-08-19"',
        '',
      ].join('\n'),
    );
    assert.deepEqual(
      table(document, results[0]).map(([line, passed]) => [line, passed]),
      [
        ['EXPECT results[0].fields.mottattDato = "2024-08-20"', true],
        ['EXPECT results[0].fields.mottattDato = "2024-08-19"', false],
        ['EXPECT results[0].fields.mottattDato = "2024-08-19T22:30:00Z"', true],
        ['EXPECT results[0].fields.mottattDato = "2024-08-20T00:30:00Z"', false],
        ['EXPECT results[0].fields.mottattDato != "2024-08-19"', true],
        ['EXPECT results[0].fields.mottattDato != "2024-08-20T00:30:00+02:00"', false],
        ['EXPECT results[0].fields.mottattDato >= "2024-08-20"', true],
        ['EXPECT results[0].fields.mottattDato < "2024-08-20"', false],
        ['EXPECT results[0].fields.mottattDato <= "2024-08-20"', true],
        ['EXPECT results[0].fields.mottattDato > "2024-08-20"', false],
        ['EXPECT results[0].fields.mottattDato > "2024-08-19T22:29:59.999Z"', true],
        ['EXPECT results[0].fields.mottattDato <= "2024-08-19T22:29:59Z"', false],
        ['EXPECT results[2].fields.mottattDato > "2024-08-20"', true],
        ['EXPECT results[2].fields.mottattDato < "2024-08-21T07:59:59Z"', false],
        ['EXPECT results[0].fields.registreringsDato = "2024-08-19"', true],
        ['EXPECT results[0].fields.registreringsDato = "2024-08-20"', false],
        ['EXPECT results[0].fields.registreringsDato = "2024-08-19T21:59:59Z"', true],
        ['EXPECT results[0].fields.registreringsDato = "2024-08-19T22:00:00Z"', false],
        ['EXPECT results[0].fields.registreringsDato < "2024-08-20"', true],
        ['EXPECT results[0].fields.registreringsDato > "2024-08-19"', false],
        ['EXPECT results[0].fields.registreringsDato %= "2024-08-%"', true],
        ['EXPECT results[0].fields.registreringsDato ~ /^2023-/', false],
        ['EXPECT results[0].fields.opprettetDato >= "2024-08-19"', true],
        ['EXPECT results[0].fields.opprettetDato < "2024-08-19"', false],
      ],
    );
    const actual = table(document, results[0]);
    assert.equal(actual[0][2], '"2024-08-20T00:30:00.000+0200"', 'the archive answers in Oslo time');
    assert.equal(actual[14][2], '"2024-08-19"');
  });

  it('[*] holds for each element; the first element that breaks it fails it and is named', async () => {
    const { document, results } = await ran(
      [
        ...entries,
        'EXPECT results[*].fields.journalaar = 2024',
        'EXPECT results[*].fields.journalposttype = "I"',
        'EXPECT results[*].fields.journalposttype != "X"',
        'EXPECT results[*].fields.journalposttype != "U"',
        'EXPECT results[*].fields.registreringsDato <= "2024-08-19"',
        'EXPECT results[*].fields.registreringsDato > "2024-08-19"',
        'EXPECT results[*].fields.tittel %= "%e%"',
        'EXPECT results[*].fields.tittel %= "%om%"',
        'EXPECT results[*].fields.journalposttype ~ /^[IU]$/',
        'EXPECT results[*].fields.tittel ~ /^S/',
        'EXPECT results[*].fields.tittel.length > 10',
        'EXPECT results[*].fields.tittel.length > 20',
        'EXPECT results[*].fields.tittel exists',
        'EXPECT results[*].fields.mottattDato exists',
        'EXPECT results[*].fields.sendtDato absent',
        'EXPECT results[*].fields.mottattDato absent',
        '',
      ].join('\n'),
    );
    const outcomes = results[0].expectations?.filter((e) => !e.implied) ?? [];
    assert.deepEqual(
      outcomes.map((e) => [lineText(document, e), e.passed, e.passed ? undefined : e.actual, e.detail]),
      [
        ['EXPECT results[*].fields.journalaar = 2024', true, undefined, undefined],
        ['EXPECT results[*].fields.journalposttype = "I"', false, '"U"', 'element 1 of 3 is "U"'],
        ['EXPECT results[*].fields.journalposttype != "X"', true, undefined, undefined],
        ['EXPECT results[*].fields.journalposttype != "U"', false, '"U"', 'element 1 of 3 is "U"'],
        ['EXPECT results[*].fields.registreringsDato <= "2024-08-19"', true, undefined, undefined],
        ['EXPECT results[*].fields.registreringsDato > "2024-08-19"', false, '"2024-08-19"', 'element 0 of 3 is "2024-08-19"'],
        ['EXPECT results[*].fields.tittel %= "%e%"', true, undefined, undefined],
        ['EXPECT results[*].fields.tittel %= "%om%"', false, '"Vedtak i byggesak"', 'element 1 of 3 is "Vedtak i byggesak"'],
        ['EXPECT results[*].fields.journalposttype ~ /^[IU]$/', true, undefined, undefined],
        ['EXPECT results[*].fields.tittel ~ /^S/', false, '"Vedtak i byggesak"', 'element 1 of 3 is "Vedtak i byggesak"'],
        ['EXPECT results[*].fields.tittel.length > 10', true, undefined, undefined],
        ['EXPECT results[*].fields.tittel.length > 20', false, '17', 'element 1 of 3 is 17'],
        ['EXPECT results[*].fields.tittel exists', true, undefined, undefined],
        ['EXPECT results[*].fields.mottattDato exists', false, '(missing)', 'element 1 of 3 has no value: no such key: results[1].fields.mottattDato'],
        ['EXPECT results[*].fields.sendtDato absent', true, undefined, undefined],
        ['EXPECT results[*].fields.mottattDato absent', false, '"2024-08-20T00:30:00.000+0200"', 'element 0 of 3 is "2024-08-20T00:30:00.000+0200"'],
      ],
    );
    // A passing [*] shows every element's value.
    assert.equal(outcomes[0].actual, '[2024,2024,2024]');
  });

  it('[*] on an empty array holds for none of its elements: every test on it fails, and says to count too', async () => {
    const { document, results } = await ran(
      [
        '### none',
        '@nobody = "Ingen slik tittel"',
        'QUERY Journalpost',
        'WHERE refMappe.id = @sak && tittel = @nobody',
        'EXPECT results.length = 0',
        'EXPECT results[*].fields.journalposttype = "I"',
        'EXPECT results[*].fields.tittel exists',
        'EXPECT results[*].fields.mottattDato absent',
        'EXPECT results[*].id != "0"',
        '',
      ].join('\n'),
    );
    const outcomes = results[0].expectations?.filter((e) => !e.implied) ?? [];
    const empty = 'results is empty: [*] holds for none of its elements (say results.length >= 1 too)';
    assert.deepEqual(
      outcomes.map((e) => [lineText(document, e), e.passed, e.actual, e.detail]),
      [
        ['EXPECT results.length = 0', true, '0', undefined],
        ['EXPECT results[*].fields.journalposttype = "I"', false, '[]', empty],
        ['EXPECT results[*].fields.tittel exists', false, '[]', empty],
        ['EXPECT results[*].fields.mottattDato absent', false, '[]', empty],
        ['EXPECT results[*].id != "0"', false, '[]', empty],
      ],
    );
    assert.equal(results[0].ok, false);
  });

});

describe('EXPECT after a TRANSACTION, and values read from earlier blocks', () => {
  it('saved.<tempId>.id after a TRANSACTION; @variables and {{references}} in later blocks\' expectations', async () => {
    const title = `Ettersendt dokumentasjon ${process.pid}`;
    const { document, results } = await ran(
      [
        `@title = ${JSON.stringify(title)}`,
        ...registration('register', title),
        'EXPECT saved.jp.id exists',
        'EXPECT saved.kp.id ~ /^\\d+$/',
        'EXPECT saved.jp.id != {{sak}}',
        'EXPECT saved.jp.type = "Journalpost"',
        '### readBack',
        '@entry = {{register.saved.jp.id}}',
        'QUERY Journalpost',
        'WHERE id = @entry',
        'EXPECT results.length = 1',
        'EXPECT results[0].id = {{register.saved.jp.id}}',
        'EXPECT results[0].id = @entry',
        'EXPECT results[0].fields.tittel = @title',
        'EXPECT results[0].fields.tittel = {{title}}',
        'EXPECT results[*].links.refMappe = @inbox',
        'EXPECT results[0].version = {{register.saved.jp.version}}',
        '',
      ].join('\n'),
    );
    const register = byName(results, 'register');
    const readBack = byName(results, 'readBack');
    const saved = (register?.body as { saved: Record<string, { id: string }> }).saved;
    assert.deepEqual(table(document, register), [
      ['EXPECT saved.jp.id exists', true, JSON.stringify(saved.jp.id)],
      ['EXPECT saved.kp.id ~ /^\\d+$/', true, JSON.stringify(saved.kp.id)],
      ['EXPECT saved.jp.id != {{sak}}', true, JSON.stringify(saved.jp.id)],
      ['EXPECT saved.jp.type = "Journalpost"', true, '"Journalpost"'],
    ]);
    assert.deepEqual(table(document, readBack), [
      ['EXPECT results.length = 1', true, '1'],
      ['EXPECT results[0].id = {{register.saved.jp.id}}', true, JSON.stringify(saved.jp.id)],
      ['EXPECT results[0].id = @entry', true, JSON.stringify(saved.jp.id)],
      ['EXPECT results[0].fields.tittel = @title', true, JSON.stringify(title)],
      ['EXPECT results[0].fields.tittel = {{title}}', true, JSON.stringify(title)],
      ['EXPECT results[*].links.refMappe = @inbox', true, JSON.stringify([env.structure.saksmappe])],
      ['EXPECT results[0].version = {{register.saved.jp.version}}', true, '"1"'],
    ]);
    assert.ok(results.every((r) => r.ok));
  });

  it('a block run alone runs first the blocks its EXPECT values read, through @variables too', async () => {
    const text = [
      ...registration('register', `Registrert før kontrollen ${process.pid}`),
      '### byReference',
      'QUERY Journalpost',
      'WHERE refMappe.id = @sak',
      'EXPECT results[*].id != {{register.saved.kp.id}}',
      '### byVariable',
      '@entry = {{register.saved.jp.id}}',
      'GET info/me',
      'EXPECT userId != @entry',
      '',
    ].join('\n');
    for (const name of ['byReference', 'byVariable']) {
      const { results } = await ran(text, { blocks: [name] });
      assert.deepEqual(results.map((r) => [r.blockName, r.ok, r.error?.message]), [['register', true, undefined], [name, true, undefined]], name);
    }
  });

  it('the same values fail where the answer differs, and say what they read', async () => {
    const { document, results } = await ran(
      [
        ...registration('register', `Ny søknad ${process.pid}`),
        'EXPECT saved.jp.id = {{sak}}',
        'EXPECT saved.jp.id absent',
        'EXPECT saved.kp.id = "0"',
        'EXPECT saved.jp.type != "Journalpost"',
        '',
      ].join('\n'),
    );
    const saved = (results[0].body as { saved: Record<string, { id: string }> }).saved;
    const outcomes = results[0].expectations?.filter((e) => !e.implied) ?? [];
    assert.deepEqual(
      outcomes.map((e) => [lineText(document, e), e.passed, e.expected, e.actual]),
      [
        ['EXPECT saved.jp.id = {{sak}}', false, JSON.stringify(ids.sak), JSON.stringify(saved.jp.id)],
        ['EXPECT saved.jp.id absent', false, '', JSON.stringify(saved.jp.id)],
        ['EXPECT saved.kp.id = "0"', false, '"0"', JSON.stringify(saved.kp.id)],
        ['EXPECT saved.jp.type != "Journalpost"', false, '"Journalpost"', '"Journalpost"'],
      ],
    );
    // Later blocks read an earlier block's failing answer too.
    const { document: later, results: again } = await ran(
      ['### first', ...entries.slice(1), 'LIMIT 1', '### second', '@first = {{first.results[0].id}}', ...entries.slice(1), 'EXPECT results[0].id != @first', 'EXPECT results[1].id = {{first.results[0].id}}', ''].join('\n'),
    );
    assert.deepEqual(table(later, byName(again, 'second')), [
      ['EXPECT results[0].id != @first', false, JSON.stringify(ids.soknad)],
      ['EXPECT results[1].id = {{first.results[0].id}}', false, JSON.stringify(ids.vedtak)],
    ]);
  });

  it('numbers are not strings, and a value the checker refuses (forced) is still judged strictly', async () => {
    const text = [
      '@yearText = "2024"',
      ...entries,
      'EXPECT results[0].fields.journalaar = @yearText',
      'EXPECT results[0].fields.journalaar = 2024',
      'EXPECT results[0].fields.journalaar >= "2000"',
      'EXPECT results[0].id = {{sak}}',
      'EXPECT results[0].fields.journalposttype = "Q"',
      'EXPECT results[0].fields.tittel > 5',
      '',
    ].join('\n');
    const sentBefore = proxy.requests.length;
    const refused = await run(text);
    assert.deepEqual(
      refused.outcome.kind === 'refused' ? refused.outcome.errors.map((e) => [e.code, text.slice(e.start, e.end)]) : refused.outcome.kind,
      [
        ['noarkq.expectation-value-type', '@yearText'],
        ['noarkq.expectation-value-type', '"2000"'],
        ['noarkq.expectation-code-value', '"Q"'],
        ['noarkq.expectation-value-type', '5'],
      ],
    );
    assert.equal(proxy.requests.length, sentBefore, 'a refused file sends nothing');
    const { document, results } = await ran(text, { force: true });
    const outcomes = results[0].expectations?.filter((e) => !e.implied) ?? [];
    assert.deepEqual(
      outcomes.map((e) => [lineText(document, e), e.passed, e.actual, e.detail]),
      [
        ['EXPECT results[0].fields.journalaar = @yearText', false, '2024', '2024 is a number, expected a string'],
        ['EXPECT results[0].fields.journalaar = 2024', true, '2024', undefined],
        ['EXPECT results[0].fields.journalaar >= "2000"', false, '2024', '2024 is a number, expected a string'],
        ['EXPECT results[0].id = {{sak}}', false, JSON.stringify(ids.soknad), undefined],
        ['EXPECT results[0].fields.journalposttype = "Q"', false, '"I"', undefined],
        ['EXPECT results[0].fields.tittel > 5', false, '"Søknad om tillatelse til tiltak"', '"Søknad om tillatelse til tiltak" is a string, expected a number'],
      ],
    );
  });

  it('`~` and `%=` on the status: `~` reads the status\'s digits, the checker refuses `%=` (forced, it fails on a number)', async () => {
    const text = [...entries, 'EXPECT status ~ /^2\\d\\d$/', 'EXPECT status ~ /^4/', 'EXPECT status %= "2%"', ''].join('\n');
    const refused = await run(text);
    assert.deepEqual(refused.outcome.kind === 'refused' ? refused.outcome.errors.map((e) => e.code) : refused.outcome.kind, ['noarkq.expectation-operator']);
    const { document, results } = await ran(text, { force: true });
    assert.deepEqual(table(document, results[0]), [
      ['EXPECT status ~ /^2\\d\\d$/', true, '200'],
      ['EXPECT status ~ /^4/', false, '200'],
      // `%=` is the query language's like, on text only, as the checker says.
      ['EXPECT status %= "2%"', false, '200'],
    ]);
  });
});

describe('EXPECT status decides a block: a refusal it expects is its success', () => {
  /** A read the archive refuses (400): the change log of the case file, asked for as a Journalpost's. */
  const refusal = ['POST logs/change-log', '{ "id": "{{sak}}", "type": "Journalpost" }'];

  it('EXPECT status = 400: the refusal passes, errorId and the answer\'s headers and time are judged, and the run goes on', async () => {
    const { document, results } = await ran(
      [
        '### refused',
        ...refusal,
        'EXPECT status = 400',
        'EXPECT errorId exists',
        'EXPECT errorId ~ /^[0-9a-f-]{36}$/',
        'EXPECT description %= "% is a Saksmappe, not a Journalpost%"',
        'EXPECT header Content-Type ~ /json/',
        'EXPECT time > 0',
        '### after',
        'GET info/me',
        '',
      ].join('\n'),
    );
    assert.deepEqual(
      results.map((r) => [r.blockName, r.ok, r.status]),
      [
        ['refused', true, 400],
        ['after', true, 200],
      ],
    );
    assert.equal(results[0].error, undefined, 'an expected refusal is no failure');
    const errorId = JSON.stringify((results[0].body as { errorId: string }).errorId);
    assert.deepEqual(
      table(document, results[0]).map(([line, passed, actual]) => [line, passed, line.startsWith('EXPECT time') ? 'ms' : actual]),
      [
        ['EXPECT status = 400', true, '400'],
        ['EXPECT errorId exists', true, errorId],
        ['EXPECT errorId ~ /^[0-9a-f-]{36}$/', true, errorId],
        ['EXPECT description %= "% is a Saksmappe, not a Journalpost%"', true, JSON.stringify((results[0].body as { description: string }).description)],
        ['EXPECT header Content-Type ~ /json/', true, '"application/json; charset=utf-8"'],
        ['EXPECT time > 0', true, 'ms'],
      ],
    );
  });

  it('a TRANSACTION the archive refuses, expected: it passes, is sent once, and the run goes on', async () => {
    const since = proxy.requests.length;
    const { document, results } = await ran(
      [
        '### moveMissing',
        'TRANSACTION',
        JSON.stringify({ actions: [{ action: 'link', type: 'Journalpost', id: '999999', ref: 'refMappe', linkToId: '{{sak}}' }] }),
        'EXPECT status >= 400',
        'EXPECT status < 500',
        'EXPECT description %= "%999999%"',
        '### after',
        ...entries.slice(1),
        'EXPECT results.length = 3',
        '',
      ].join('\n'),
    );
    assert.deepEqual(results.map((r) => [r.blockName, r.ok]), [['moveMissing', true], ['after', true]]);
    assert.equal(sentTo('transaction', since), 1);
    assert.deepEqual(
      table(document, results[0]).map(([line, passed]) => [line, passed]),
      [
        ['EXPECT status >= 400', true],
        ['EXPECT status < 500', true],
        ['EXPECT description %= "%999999%"', true],
      ],
    );
  });

  it('errorId and description of a refusal fail where they differ', async () => {
    const { document, results } = await ran(['### refused', ...refusal, 'EXPECT status = 400', 'EXPECT errorId absent', 'EXPECT errorId ~ /^not-an-id$/', 'EXPECT description = "Ugyldig"', ''].join('\n'));
    const { errorId, description } = results[0].body as { errorId: string; description: string };
    assert.deepEqual(table(document, results[0]), [
      ['EXPECT status = 400', true, '400'],
      ['EXPECT errorId absent', false, JSON.stringify(errorId)],
      ['EXPECT errorId ~ /^not-an-id$/', false, JSON.stringify(errorId)],
      ['EXPECT description = "Ugyldig"', false, JSON.stringify(description)],
    ]);
    assert.deepEqual([results[0].ok, results[0].error?.kind], [false, 'expectation']);
  });

  it('EXPECT status = 400 on a block the archive answers 200 fails it', async () => {
    const { document, results } = await ran(['### notRefused', ...entries.slice(1), 'EXPECT status = 400', 'EXPECT errorId absent', '### after', 'GET info/me', ''].join('\n'));
    assert.deepEqual(table(document, results[0]), [
      ['EXPECT status = 400', false, '200'],
      ['EXPECT errorId absent', true, '(missing)'],
    ]);
    assert.deepEqual(results.map((r) => r.blockName), ['notRefused'], 'the run stops at the failing block');
    assert.equal(results[0].error?.kind, 'expectation');
  });

  it('without an EXPECT status line a 4xx fails the block, its other expectations judged all the same, and the run stops', async () => {
    const { document, results } = await ran(['### refused', ...refusal, 'EXPECT time >= 0', '### after', 'GET info/me', ''].join('\n'));
    assert.deepEqual(results.map((r) => [r.blockName, r.ok, r.status]), [['refused', false, 400]]);
    const [implied, stated] = results[0].expectations ?? [];
    assert.deepEqual([implied.implied, implied.passed, implied.actual, implied.line], [true, false, '400', results[0].line]);
    assert.equal(lineText(document, implied), 'POST logs/change-log', 'the implied 2xx is at the request line');
    // The archive's reason stays in the report: the refusal is what the person must fix.
    const { errorId, description } = results[0].body as { errorId: string; description: string };
    assert.match(description, /is a Saksmappe, not a Journalpost/);
    assert.equal(implied.detail, `errorId ${errorId}: ${description}`);
    assert.ok(results[0].error?.message.includes(description), results[0].error?.message);
    assert.deepEqual([lineText(document, stated), stated.passed], ['EXPECT time >= 0', true]);
    assert.equal(results[0].error?.kind, 'expectation');
  });

  it('without any EXPECT line a 4xx is the archive\'s error, as before', async () => {
    const { results } = await ran(['### refused', ...refusal, '### after', 'GET info/me', ''].join('\n'));
    assert.deepEqual(results.map((r) => [r.blockName, r.ok, r.status, r.error?.kind]), [['refused', false, 400, 'archive']]);
    assert.equal(results[0].expectations, undefined);
  });
});

describe('RETRY waits for the full-text index', () => {
  it('a search after a TRANSACTION fails until the archive has indexed the entry, then passes: tries > 1', async () => {
    const indexer = fullTextIndexer(env.sandbox.sandbox.services);
    assert.ok(indexer, 'the sandbox runs the full-text module');
    // The archive indexes between the second and the third search, as it would on its interval.
    let searches = 0;
    proxy.inject({ kind: 'hold', until: async () => (++searches === 3 ? indexer.runOnce() : undefined) }, { path: /^full-text\/search$/, times: 100 });
    const since = proxy.requests.length;
    let searched: Awaited<ReturnType<typeof ran>>;
    try {
      searched = await ran(
        [
          ...registration('register', 'Klage på reguleringsplan for Storgata'),
          'EXPECT saved.jp.id exists',
          '### indexed',
          'POST full-text/search',
          // Ids are not indexed text: the entry is found by a word of its title.
          '{ "doctype": "Registrering", "query": "reguleringsplan" }',
          'RETRY 20 EVERY 10ms',
          'EXPECT total >= 1',
          'EXPECT results.length = 1',
          '',
        ].join('\n'),
      );
    } finally {
      proxy.clear();
    }
    const { document, results } = searched;
    const indexed = byName(results, 'indexed');
    assert.deepEqual(results.map((r) => [r.blockName, r.ok]), [['register', true], ['indexed', true]]);
    assert.equal(indexed?.tries, 3);
    assert.equal(sentTo('full-text/search', since), 3, 'each try is one search the archive received');
    assert.equal(sentTo('transaction', since), 1);
    assert.deepEqual(table(document, indexed), [
      ['EXPECT total >= 1', true, '1'],
      ['EXPECT results.length = 1', true, '1'],
    ]);
    const saved = (byName(results, 'register')?.body as { saved: { jp: { id: string } } }).saved.jp.id;
    const hit = (indexed?.body as { results: { ids: Record<string, string[]> }[] }).results[0];
    assert.deepEqual(hit.ids['AbstraktRegistrering.id'], [saved], 'the hit is the entry just registered');
  });

  it('a search whose expectations never hold is sent 1 + n times and fails with its last answer', async () => {
    const since = proxy.requests.length;
    const { document, results } = await ran(['### never', 'POST full-text/search', '{ "query": "finnesikkeiarkivet" }', 'RETRY 2 EVERY 10ms', 'EXPECT total >= 1', ''].join('\n'));
    assert.equal(results[0].tries, 3);
    assert.equal(results[0].ok, false);
    assert.equal(results[0].error?.kind, 'expectation');
    assert.deepEqual(table(document, results[0]), [['EXPECT total >= 1', false, '0']]);
    assert.equal(sentTo('full-text/search', since), 3);
  });
});

describe('a write is never sent twice', () => {
  const retried = (title: string) => [...registration('register', title), 'RETRY 3 EVERY 10ms', 'EXPECT saved.jp.id = "0"', ''].join('\n');
  const stored = async (title: string) => {
    const r = await env.sandbox.query(env.token, { type: 'Journalpost', query: 'tittel = @t', parameters: { '@t': title }, limit: 10 });
    assert.equal(r.status, 200, r.text);
    return (r.json.results as unknown[]).length;
  };

  it('a write whose EXPECT values cannot be read is not sent: nothing could judge its answer', async () => {
    const title = `Uten fasit ${process.pid}`;
    const text = [
      '### first',
      ...entries.slice(1),
      ...registration('register', title),
      'EXPECT saved.jp.id != {{first.results[9].id}}',
      '',
    ].join('\n');
    const since = proxy.requests.length;
    const confirmations: string[] = [];
    const { results } = await ran(text, { protectedEnvironment: true, hooks: { confirmWrite: async ({ block }) => (confirmations.push(block), true) } });
    assert.equal(sentTo('transaction', since), 0);
    assert.equal(await stored(title), 0);
    assert.deepEqual(confirmations, [], 'nobody is asked to confirm a write that will not be sent');
    const register = byName(results, 'register');
    assert.equal(register?.error?.kind, 'not-sent');
    assert.equal(register?.error?.message, 'Block `register`: {{first.results[9].id}}: the last response of block `first` has no `first.results[9]`. Nothing was sent.');
  });

  it('RETRY on a TRANSACTION: the checker refuses the file and nothing is sent', async () => {
    const title = `Ikke sendt ${process.pid}`;
    const text = retried(title);
    const since = proxy.requests.length;
    const { outcome } = await run(text);
    assert.deepEqual(outcome.kind === 'refused' ? outcome.errors.map((e) => [e.code, text.slice(e.start, e.end)]) : outcome.kind, [['noarkq.retry-on-write', 'RETRY']]);
    assert.equal(proxy.requests.length, since, 'nothing reached the archive');
    assert.equal(await stored(title), 0);
  });

  it('forced, a TRANSACTION with RETRY and a failing expectation is sent exactly once', async () => {
    const title = `Sendt én gang ${process.pid}`;
    const since = proxy.requests.length;
    const { document, results } = await ran(retried(title), { force: true });
    assert.equal(sentTo('transaction', since), 1, 'the archive received the transaction once');
    assert.equal(await stored(title), 1, 'and stored one entry');
    assert.equal(results[0].ok, false);
    assert.equal(results[0].tries, undefined, 'no retries to report');
    const saved = (results[0].body as { saved: { jp: { id: string } } }).saved.jp.id;
    assert.deepEqual(table(document, results[0]), [['EXPECT saved.jp.id = "0"', false, JSON.stringify(saved)]]);
  });

  it('forced, an UPLOAD with RETRY and a failing expectation is sent exactly once', async () => {
    writeFileSync(join(scratch, 'notat.txt'), 'Notat fra befaring.\n');
    const text = ['### letter', 'UPLOAD ./notat.txt', 'RETRY 3 EVERY 10ms', 'EXPECT id = "0"', ''].join('\n');
    const refused = await run(text);
    assert.deepEqual(refused.outcome.kind === 'refused' ? refused.outcome.errors.map((e) => e.code) : refused.outcome.kind, ['noarkq.retry-on-write']);
    const since = proxy.requests.length;
    const { results } = await ran(text, { force: true });
    assert.equal(sentTo('upload', since), 1);
    assert.equal(results[0].ok, false);
    assert.equal(results[0].tries, undefined);
  });
});
