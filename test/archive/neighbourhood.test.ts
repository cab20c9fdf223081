/**
 * "Show Neighbourhood"'s fetching (client/archive/neighbourhood.ts) and its host session
 * (neighbourhoodSession.ts): which queries follow which references (pure), then against the
 * sandbox's demo archive over real HTTP — parents, children and links of a journal entry and back,
 * paging a group, an entity deleted meanwhile, and an archive's error named in its message.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { categoryOf, childSources, listChildren, listingStart } from '../../client/archive/archiveTreeModel';
import { fetchMoreNeighbours, fetchNeighbourhood, neighbourSources, type NeighbourGroup, type Neighbourhood } from '../../client/archive/neighbourhood';
import { linkKey, NeighbourhoodSession } from '../../client/archive/neighbourhoodSession';
import type { EntityRef } from '../../client/archive/entityRef';
import type { NeighbourhoodHostMessage } from '../../client/webview/neighbourhoodMessages';
import { noarkModel } from '../../core/schema';
import { ArchiveClient } from '../../runner/archive/archiveClient';
import { StaticTokenProvider } from '../../runner/auth/tokenProvider';
import type { ArchiveApi, EntityObject } from '../../runner/archive/archiveApi';
import { seedDemoArchive } from '../../sandbox/seed/demoArchive';
import { useTestSandbox } from '../http/sandboxHarness';
import { SandboxTokenProvider } from '../runner/sandboxTokenProvider';

const entity = (type: string, links: EntityObject['links'] = {}, id = '7'): EntityObject => ({ type, id, version: '1', fields: {}, links });

describe('the queries of a neighbourhood (pure)', () => {
  it('children as the tree lists them, labelled with the entity\'s own reference, and not again as links', () => {
    const sources = neighbourSources(noarkModel, entity('Arkivdel', { refArkiv: '1' }));
    const children = sources.filter((s) => s.role === 'child' && s.listing.sources[0]!.query.includes('refArkivdel.id'));
    assert.deepEqual(
      children.map((s) => [s.reference, s.listing.sources[0]!.type, s.listing.sources[0]!.query]),
      [
        ['refMappe', 'AbstraktMappe', 'refArkivdel.id = @id'],
        ['refRegistrering', 'AbstraktRegistrering', 'refArkivdel.id = @id && refMappe = @none'],
      ],
    );
    assert.equal(sources.filter((s) => s.reference === 'refMappe' || s.reference === 'refRegistrering').length, 2, 'each once');
    const parent = sources.find((s) => s.reference === 'refArkiv');
    assert.deepEqual(parent?.listing.sources.map((q) => [q.type, q.query]), [['Arkiv', 'refArkivdel.id = @id']]);
    assert.equal(parent?.role, 'parent');
    assert.equal(sources.find((s) => s.reference === 'refArkivdelForloeper')?.role, 'peer');
  });

  it('a reference the archive returns in links is asked only when the entity has it', () => {
    const without = neighbourSources(noarkModel, entity('Journalpost', { refMappe: '3' })).map((s) => s.reference);
    assert.ok(without.includes('refMappe'));
    assert.ok(!without.includes('refArkivdel'), 'refArkivdel is returned when set: absent, it links nothing');
    assert.ok(!without.includes('refPrimaerKlasse'));
    assert.ok(without.includes('refKorrespondansepart') && without.includes('refSekundaerKlasse'), 'references never returned are always asked');
    const mappe = neighbourSources(noarkModel, entity('Journalpost', { refMappe: '3' })).find((s) => s.reference === 'refMappe');
    assert.deepEqual(mappe?.listing.sources.map((q) => [q.type, q.query, q.parameters]), [['AbstraktMappe', 'refRegistrering.id = @id', { id: '7' }]]);
  });

  it('a reference with no inverse in the model is followed through the ids in links', () => {
    const flow = neighbourSources(noarkModel, entity('Dokumentflyt', { refArkivnotat: ['5', '6'] })).find((s) => s.reference === 'refArkivnotat');
    assert.deepEqual(flow?.listing.sources.map((q) => [q.type, q.query, q.parameters]), [
      ['AbstraktRegistrering', 'id = @id', { id: '5' }],
      ['AbstraktRegistrering', 'id = @id', { id: '6' }],
    ]);
  });

  it('a link met from either side has one key', () => {
    assert.equal(linkKey('3', '7', 'refMappe', 'refRegistrering'), linkKey('7', '3', 'refRegistrering', 'refMappe'));
    assert.notEqual(linkKey('3', '7', 'refMappe', 'refRegistrering'), linkKey('3', '7', 'refPrimaerKlasse', 'refMappeSomPrimaer'));
  });
});

describe('a neighbourhood read from an archive that fails', () => {
  it('names the entity and the reference it was reading, with the archive\'s own words', async () => {
    let queries = 0;
    const failing = {
      async query(body: { type: string; query?: string }) {
        queries++;
        if (body.query === 'id = @id') return { body: { hasMore: false, results: [entity('Journalpost', { refMappe: '3' }, '12')] } };
        if (body.type === 'Dokument') throw new Error('POST query: 503: the archive is being maintained');
        return { body: { hasMore: false, results: [] } };
      },
    } as unknown as ArchiveApi;
    await assert.rejects(fetchNeighbourhood(failing, noarkModel, { type: 'Journalpost', id: '12' }), (error: Error) => {
      assert.equal(error.name, 'NeighbourhoodError');
      assert.equal(error.message, 'Could not read the refDokument of Journalpost 12: POST query: 503: the archive is being maintained');
      return true;
    });
    assert.ok(queries > 2);
  });
});

describe('neighbourhoods in the sandbox demo archive', () => {
  const env = useTestSandbox({ seed: (services) => seedDemoArchive(services, { caseFiles: 6, snapshotDir: false }).then(() => undefined) });
  let api: ArchiveClient;
  env.before(() => {
    api = new ArchiveClient({ apiUrl: env.sandbox.sandbox.apiUrl, auth: new SandboxTokenProvider(env.sandbox.sandbox.tokenUrl) });
  });
  after(() => api?.close());

  const group = (n: Neighbourhood | undefined, reference: string): NeighbourGroup => {
    const found = n?.groups.find((g) => g.reference === reference);
    assert.ok(found, `a ${reference} group among ${n?.groups.map((g) => g.reference).join(', ')}`);
    return found;
  };

  /** A journal entry with documents and correspondence parties. */
  async function journalEntry(): Promise<EntityObject> {
    const entries = (await api.query({ type: 'Journalpost', limit: 50, sortOrder: [{ field: 'id', order: 'asc' }] })).body.results;
    for (const entry of entries) {
      const documents = await api.query({ type: 'Dokument', query: 'refRegistrering.id = @id', parameters: { id: entry.id }, limit: 1 });
      if (documents.body.results.length > 0) return entry;
    }
    throw new Error('no journal entry with a document in the demo archive');
  }

  it('a journal entry: its case file above, its documents below, its parties and notes; and back from each side', async () => {
    const entry = await journalEntry();
    const around = await fetchNeighbourhood(api, noarkModel, { type: 'Journalpost', id: entry.id });
    assert.ok(around);
    assert.equal(around.entity.id, entry.id);
    const folder = group(around, 'refMappe');
    assert.equal(folder.role, 'parent');
    assert.deepEqual(folder.entities.map((e) => e.id), [String(entry.links.refMappe)]);
    const documents = group(around, 'refDokument');
    assert.equal(documents.role, 'child');
    assert.ok(documents.entities.length > 0 && documents.entities.every((d) => d.type === 'Dokument' && d.links.refRegistrering === entry.id));
    const parties = group(around, 'refKorrespondansepart');
    assert.ok(parties.entities.every((p) => p.type === 'Korrespondansepart' && p.links.refRegistrering === entry.id));
    assert.ok(around.groups.every((g) => g.entities.length > 0), 'a reference that links nothing is left out');
    assert.ok(around.groups.every((g) => g.next === undefined), 'a few of each: no more to fetch');

    // The case file lists the entry as a child (through its own refRegistrering), and a document its entry as its parent.
    const caseFile = await fetchNeighbourhood(api, noarkModel, folder.entities[0]!);
    const records = group(caseFile, 'refRegistrering');
    assert.equal(records.role, 'child');
    assert.ok(records.entities.some((e) => e.id === entry.id));
    assert.equal(group(caseFile, 'refArkivdel').role, 'parent');
    assert.equal(group(caseFile, 'refPrimaerKlasse').entities[0]?.type, 'Klasse', 'a class above the case file: a live parent the tree does not show');
    const document = await fetchNeighbourhood(api, noarkModel, documents.entities[0]!);
    assert.deepEqual(group(document, 'refRegistrering').entities.map((e) => e.id), [entry.id]);
    assert.equal(group(document, 'refDokumentversjon').role, 'child');
  });

  it('every type the demo archive holds: its neighbourhood reads, every query it asks accepted', async () => {
    const types = noarkModel.types.filter((t) => !t.abstract && t.queryable).map((t) => t.name);
    const read: string[] = [];
    for (const type of types) {
      const one = (await api.query({ type, limit: 1 })).body.results[0];
      if (!one) continue;
      const around = await fetchNeighbourhood(api, noarkModel, one);
      assert.ok(around);
      assert.equal(around.entity.id, one.id);
      assert.ok(around.groups.length > 0, `a ${type} is linked to something`);
      read.push(type);
    }
    for (const type of ['Arkiv', 'Arkivdel', 'Klassifikasjonssystem', 'Klasse', 'Saksmappe', 'Journalpost', 'Korrespondansepart', 'Dokument', 'Dokumentversjon', 'Merknad', 'EksternId']) assert.ok(read.includes(type), `${type} read (${read.join(', ')})`);
  });

  it('pages a big group: a few at a time, without gaps or repeats, until none is left', async () => {
    const series = (await api.query({ type: 'Arkivdel', limit: 20 })).body.results;
    const counted = await Promise.all(series.map(async (s) => ({ s, n: (await listChildren(api, childSources(noarkModel, s)!, listingStart, {}, 500)).entities.filter((e) => categoryOf(noarkModel, e.type) === 'mappe').length })));
    const biggest = counted.sort((a, b) => b.n - a.n)[0]!;
    assert.ok(biggest.n >= 4, `a series with a few folders (${biggest.n})`);
    const first = await fetchNeighbourhood(api, noarkModel, biggest.s, {}, 2);
    let page = group(first, 'refMappe');
    const seen = [...page.entities.map((e) => e.id)];
    assert.equal(seen.length, 2);
    let pages = 1;
    while (page.next) {
      page = await fetchMoreNeighbours(api, biggest.s, page.next, {}, 2);
      assert.equal(page.reference, 'refMappe');
      seen.push(...page.entities.map((e) => e.id));
      pages++;
    }
    assert.equal(seen.length, biggest.n);
    assert.equal(new Set(seen).size, seen.length, 'no folder twice');
    assert.equal(pages, Math.ceil(biggest.n / 2));
  });

  it('an entity deleted meanwhile: no neighbourhood, and the session says so on its node', async () => {
    const made = await api.transaction({
      actions: [
        { action: 'save', type: 'Klassifikasjonssystem', id: 'sys', fields: { tittel: 'Neighbourhood system' } },
        { action: 'save', type: 'Klasse', id: 'k', fields: { klasseIdent: 'N-1', tittel: '<script>alert(1)</script>' } },
        { action: 'link', type: 'Klasse', id: 'k', ref: 'refKlassifikasjonssystem', linkToId: 'sys' },
      ],
    });
    const system = made.body.saved.sys!;
    const klasse = made.body.saved.k!;
    const posted: NeighbourhoodHostMessage[] = [];
    const session = new NeighbourhoodSession({ model: noarkModel, archive: async () => ({ client: api, redact: (t) => t }), post: (m) => posted.push(m), open: () => undefined, reveal: () => undefined });
    const shown = await session.show({ type: 'Klassifikasjonssystem', id: system.id });
    assert.deepEqual(shown?.neighbours, [{ id: klasse.id, type: 'Klasse', label: 'N-1 <script>alert(1)</script>', reference: 'refKlasse' }]);
    assert.equal(posted.length, 0, 'nothing is sent before the page is ready');
    await session.receive({ type: 'ready' });
    assert.equal(posted[0]?.type, 'centre');

    await api.transaction({ actions: [{ action: 'delete', type: 'Klasse', id: klasse.id }] });
    assert.equal(await fetchNeighbourhood(api, noarkModel, { type: 'Klasse', id: klasse.id }), undefined);
    await session.receive({ type: 'expand', id: klasse.id });
    assert.deepEqual(posted.at(-1), { type: 'failed', of: klasse.id, message: `The archive no longer has Klasse ${klasse.id}.` });
    // Not marked expanded: the next click asks again.
    const count = posted.length;
    await session.receive({ type: 'expand', id: klasse.id });
    assert.equal(posted.length, count + 1);
    assert.equal(await session.show({ type: 'Klasse', id: klasse.id }), undefined);
    assert.deepEqual(posted.at(-1), { type: 'failed', message: `The archive has no Klasse with id ${klasse.id}.` });
  });

  it('the session: expand and more add to the picture, the page\'s other clicks open and reveal, a reloaded page gets it all again', async () => {
    const entry = await journalEntry();
    const posted: NeighbourhoodHostMessage[] = [];
    const opened: EntityRef[] = [];
    const revealed: EntityRef[] = [];
    const session = new NeighbourhoodSession({ model: noarkModel, archive: async () => ({ client: api, redact: (t) => t }), post: (m) => posted.push(m), open: (e) => opened.push(e), reveal: (e) => revealed.push(e) });
    await session.receive({ type: 'ready' });
    const shown = await session.show({ type: 'Journalpost', id: entry.id });
    assert.ok(shown);
    assert.equal(shown.centre.id, entry.id);
    const caseFileId = String(entry.links.refMappe);
    const centre = posted[0];
    assert.ok(centre?.type === 'centre');
    assert.ok(centre.links.some((l) => l.from === caseFileId && l.to === entry.id && l.reference === 'refMappe' && !l.peer), 'drawn from the parent down');

    await session.receive({ type: 'expand', id: caseFileId });
    const expanded = posted.at(-1);
    assert.ok(expanded?.type === 'neighbours' && expanded.of === caseFileId, JSON.stringify(expanded));
    const back = expanded.links.find((l) => l.from === caseFileId && l.to === entry.id);
    assert.equal(back?.key, centre.links.find((l) => l.from === caseFileId)?.key, 'the same link met from the other side has the same key');
    const count = posted.length;
    await session.receive({ type: 'expand', id: caseFileId });
    assert.equal(posted.length, count, 'an entity is expanded once');

    await session.receive({ type: 'open', id: caseFileId });
    await session.receive({ type: 'reveal', id: entry.id });
    assert.deepEqual(opened.map((e) => [e.type, e.id]), [['Saksmappe', caseFileId]]);
    assert.deepEqual(revealed.map((e) => [e.type, e.id]), [['Journalpost', entry.id]]);
    await session.receive({ type: 'open', id: 'not-shown' });
    await session.receive({ type: 'expand', id: 42 });
    await session.receive('<img src=x>');
    assert.equal(opened.length, 1, 'ids not in the picture and malformed messages do nothing');
    assert.equal(posted.length, count);

    await session.receive({ type: 'ready' });
    assert.deepEqual(posted.slice(count), posted.slice(0, count), 'a reloaded page is sent the same picture');
  });

  it('an archive that refuses: the error names the entity, with the archive\'s answer', async () => {
    const refused = new ArchiveClient({ apiUrl: env.sandbox.sandbox.apiUrl, auth: new StaticTokenProvider('not-a-token') });
    try {
      await assert.rejects(fetchNeighbourhood(refused, noarkModel, { type: 'Saksmappe', id: '1' }), /^NeighbourhoodError: Could not read Saksmappe 1: POST query: 401\b/);
    } finally {
      await refused.close();
    }
  });
});
