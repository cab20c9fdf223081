/**
 * The search and the logs as the panels show them, against a real sandbox with a small demo
 * archive: pages of hits and log entries, the entity a hit reveals, and what is refused before
 * anything is sent.
 */
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, describe, test } from 'node:test';
import { noarkModel } from '../../core/schema';
import type { JsonValue } from '../../core/jsonValue';
import { fetchEntity } from '../../client/archive/archiveTreeModel';
import { lookUpEntity } from '../../client/search/entityLookup';
import { readEntityLog } from '../../client/search/entityLogs';
import { searchFullText } from '../../client/search/fullTextResults';
import { hitEntity } from '../../client/search/hitEntity';
import { ArchiveClient } from '../../runner/archive/archiveClient';
import { fullTextIndexer, fullTextModule } from '../../sandbox/fulltext/fullTextModule';
import { seedDemoArchive } from '../../sandbox/seed/demoArchive';
import { useTestSandbox } from '../http/sandboxHarness';
import { SandboxTokenProvider } from '../runner/sandboxTokenProvider';

const env = useTestSandbox({
  modules: [fullTextModule],
  fullTextIndexIntervalSeconds: 0,
  seed: async (services) => {
    await seedDemoArchive(services, { caseFiles: 8, snapshotDir: false });
  },
});
let client: ArchiveClient;
env.before(async () => {
  await fullTextIndexer(env.sandbox.sandbox.services)?.runOnce();
  client = new ArchiveClient({ apiUrl: env.sandbox.sandbox.apiUrl, auth: new SandboxTokenProvider(env.sandbox.sandbox.tokenUrl) });
});
after(async () => {
  await client?.close();
});


type Body = { results: { ids: Record<string, string[]> }[]; total: number };

describe('full-text search for the panel', () => {
  test('pages through every hit of a demo word; each hit reveals a document version that exists', async () => {
    const first = await searchFullText(client, { doctype: 'Tekst', query: 'kommune', pageSize: 3 });
    assert.ok(first.result.ok, JSON.stringify(first.result.error));
    const body = first.result.body as Body;
    assert.ok(body.total > 3, `the demo letters name the municipality (total ${body.total})`);
    assert.deepEqual(first.result.request?.body, { doctype: 'Tekst', query: 'kommune', offset: 0, limit: 3 });
    assert.ok(first.more);
    const hits = [...body.results];
    for (let hasMore = true; hasMore; ) {
      const page = await first.more.next(new AbortController().signal);
      hits.push(...(page.results as Body['results']));
      hasMore = page.hasMore;
    }
    assert.equal(hits.length, body.total);
    const refs = hits.map((h) => hitEntity('Tekst', h.ids));
    assert.ok(refs.every((r) => r?.type === 'Dokumentversjon'));
    assert.equal(new Set(refs.map((r) => r?.id)).size, hits.length, 'every hit is another version');
    const found = await lookUpEntity(client, refs[0]!);
    assert.equal(found?.type, 'Dokumentversjon');
  });

  test('a folder hit names its abstract type; the archive gives the concrete one', async () => {
    const search = await searchFullText(client, { doctype: 'Mappe', query: 'kommune OR byggesak OR barnehageplass OR tilskudd OR startlån' });
    const body = search.result.body as Body;
    assert.ok(body.total > 0, JSON.stringify(search.result.error ?? body));
    const ref = hitEntity('Mappe', body.results[0]!.ids);
    assert.equal(ref?.type, 'AbstraktMappe');
    const concrete = await fetchEntity(client, noarkModel, ref!.type, ref!.id);
    assert.ok(concrete && ['Saksmappe', 'Moetemappe', 'Mappe'].includes(concrete.type), JSON.stringify(concrete));
    assert.equal(concrete.id, ref!.id);
    assert.equal(await fetchEntity(client, noarkModel, 'AbstraktMappe', '999999999'), undefined);
  });

  test('no hits: one empty page, nothing more to load', async () => {
    const search = await searchFullText(client, { doctype: 'Arkivdel', query: 'zyxwvutsrq' });
    assert.ok(search.result.ok);
    assert.equal((search.result.body as Body).total, 0);
    assert.equal(search.more, undefined);
  });

  test('an archive error is shown as the run failed, with the archive\'s answer', async () => {
    const search = await searchFullText(client, { doctype: 'Saksmappe' as 'Mappe', query: 'x' }, undefined, (text) => text.replaceAll('doctype', '[redacted]'));
    assert.equal(search.result.ok, false);
    assert.equal(search.result.error?.kind, 'archive');
    assert.equal(search.result.status, 400);
    assert.match(search.result.error?.message ?? '', /\[redacted\]/, 'the message went through the redaction');
    assert.equal(search.result.request?.method, 'POST');
    assert.equal(search.more, undefined);
  });

  test('a cancelled search says so', async () => {
    const abort = new AbortController();
    abort.abort();
    const search = await searchFullText(client, { doctype: 'Tekst', query: 'kommune' }, abort.signal);
    assert.equal(search.result.error?.kind, 'cancelled');
  });
});

describe('entity logs for the panel', () => {
  async function someEntity(type: string): Promise<{ id: string; uuid: string; fileId?: string }> {
    const response = await client.query({ type, limit: 1 });
    const entity = response.body.results[0]!;
    return { id: entity.id, uuid: String(entity.fields.uuid), fileId: typeof entity.fields.referanseDokumentfil === 'string' ? entity.fields.referanseDokumentfil : undefined };
  }

  test('the change log of a case file, with its children, page by page up to its total', async () => {
    const { id } = await someEntity('Saksmappe');
    const log = await readEntityLog(client, noarkModel, 'change', { type: 'Saksmappe', id }, { pageSize: 5 });
    assert.ok(log.result.ok, JSON.stringify(log.result.error));
    const body = log.result.body as { results: { revisionType: string }[]; total: number };
    assert.ok(body.total > 5, `a demo case file has more than five changes (${body.total})`);
    assert.deepEqual(log.result.request?.body, { type: 'Saksmappe', id, limit: 5, offset: 0 });
    const entries = [...body.results];
    for (let hasMore = true; hasMore; ) {
      const page = await log.more!.next(new AbortController().signal);
      entries.push(...(page.results as typeof body.results));
      hasMore = page.hasMore;
    }
    assert.equal(entries.length, body.total);
    assert.equal(entries[0]?.revisionType, 'CREATE');
  });

  test('the access log of a case file lists its reads (the lookup of its uuid among them)', async () => {
    const { id, uuid } = await someEntity('Saksmappe');
    await client.query({ type: 'Saksmappe', query: 'id = @id', parameters: { '@id': id } });
    const log = await readEntityLog(client, noarkModel, 'access', { type: 'Saksmappe', id });
    assert.ok(log.result.ok, JSON.stringify(log.result.error));
    const results = (log.result.body as { results: { objectUUID: string; objectType: string }[] }).results;
    assert.ok(results.length >= 3, `three reads at least: the first query, the second, the lookup (${results.length})`);
    assert.ok(results.every((r) => r.objectUUID === uuid && r.objectType === 'Saksmappe'));
    assert.deepEqual(log.result.request?.body, { objectUUIDs: [uuid], limit: 50, offset: 0 });

    // Named by its uuid, it is not looked up (and not read again).
    const byUuid = await readEntityLog(client, noarkModel, 'access', { type: 'Saksmappe', id: uuid });
    assert.equal((byUuid.result.body as { results: unknown[] }).results.length, results.length);
  });

  test('the download log of a document version, paged by hasMore', async () => {
    const { id, uuid, fileId } = await someEntity('Dokumentversjon');
    assert.ok(fileId);
    const sink = () => new Writable({ write: (_chunk, _encoding, done) => done() });
    for (let i = 0; i < 3; i++) await client.download(fileId, { stream: sink() });
    const log = await readEntityLog(client, noarkModel, 'download', { type: 'Dokumentversjon', id }, { pageSize: 2 });
    assert.ok(log.result.ok, JSON.stringify(log.result.error));
    const first = (log.result.body as { results: { dokumentversjonUUID: string }[]; hasMore: boolean });
    assert.equal(first.results.length, 2);
    assert.equal(first.hasMore, true);
    assert.ok(log.more);
    const next = await log.more.next(new AbortController().signal);
    assert.equal(next.results.length, 1);
    assert.equal(next.hasMore, false);
    assert.ok([...first.results, ...(next.results as JsonValue[] as typeof first.results)].every((r) => r.dokumentversjonUUID === uuid));
  });

  test('refused before sending: a type without a change log, a download log of no document version, an entity that does not exist', async () => {
    const version = await someEntity('Dokumentversjon');
    const refused = async (kind: 'change' | 'access' | 'download', type: string, id: string) => {
      const log = await readEntityLog(client, noarkModel, kind, { type, id });
      assert.equal(log.result.ok, false);
      assert.equal(log.result.error?.kind, 'not-sent', JSON.stringify(log.result.error));
      assert.equal(log.result.request, undefined);
      return log.result.error?.message ?? '';
    };
    assert.match(await refused('change', 'Dokumentversjon', version.id), /keeps no change log for Dokumentversjon: only for .*Saksmappe/);
    assert.match(await refused('download', 'Saksmappe', '1'), /Only a Dokumentversjon has a download log/);
    assert.match(await refused('access', 'Saksmappe', '999999999'), /The archive has no Saksmappe with id 999999999/);
  });

  test('the archive\'s refusal shows as the error (a change log of an id nobody has)', async () => {
    const log = await readEntityLog(client, noarkModel, 'change', { type: 'Saksmappe', id: '999999999' });
    assert.equal(log.result.error?.kind, 'archive');
    assert.equal(log.result.status, 404);
  });
});
