/**
 * The archive tree's model: labels and closed state from entity fields (pure), the query text of
 * "New Query for Children" (checked clean by the checker), and listing and ancestry against the
 * sandbox's demo archive over real HTTP.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import {
  ancestry,
  categoryOf,
  childrenQueryText,
  childSources,
  classificationSources,
  entityLabel,
  fetchEntity,
  isClosed,
  listChildren,
  listingStart,
  rootSources,
  shownEntity,
  tooltipLines,
  type ChildSources,
  type ListingCursor,
} from '../../client/archive/archiveTreeModel';
import { checkDocument, parseDocument } from '../../core/document';
import { noarkModel } from '../../core/schema';
import { ArchiveClient } from '../../runner/archive/archiveClient';
import type { ArchiveApi, EntityObject, QueryBody } from '../../runner/archive/archiveApi';
import { seedDemoArchive } from '../../sandbox/seed/demoArchive';
import { useTestSandbox } from '../http/sandboxHarness';
import { SandboxTokenProvider } from '../runner/sandboxTokenProvider';

const entity = (type: string, fields: EntityObject['fields'], id = '7'): EntityObject => ({ type, id, version: '1', fields, links: {} });

describe('archive tree model (pure)', () => {
  it('sorts concrete types into their place in the tree', () => {
    assert.equal(categoryOf(noarkModel, 'Saksmappe'), 'mappe');
    assert.equal(categoryOf(noarkModel, 'Moetemappe'), 'mappe');
    assert.equal(categoryOf(noarkModel, 'Journalpost'), 'registrering');
    assert.equal(categoryOf(noarkModel, 'Arkivnotat'), 'registrering');
    assert.equal(categoryOf(noarkModel, 'Dokumentversjon'), 'dokumentversjon');
    assert.equal(categoryOf(noarkModel, 'Korrespondansepart'), 'other');
    assert.equal(childSources(noarkModel, { type: 'Dokumentversjon', id: '1' }), undefined);
    assert.equal(childSources(noarkModel, { type: 'Korrespondansepart', id: '1' }), undefined);
  });

  it('labels an entity by its identifying fields, falling back to type and id', () => {
    assert.equal(entityLabel(noarkModel, entity('Saksmappe', { mappeIdent: '2023/1', tittel: 'Søknad om startlån' })), '2023/1 Søknad om startlån');
    assert.equal(entityLabel(noarkModel, entity('Journalpost', { registreringsIdent: '2023/5', tittel: 'Vedtak' })), '2023/5 Vedtak');
    assert.equal(entityLabel(noarkModel, entity('Dokumentversjon', { versjonsnummer: 1, format: 'PDF' })), 'v1 PDF');
    assert.equal(entityLabel(noarkModel, entity('Dokumentversjon', { versjonsnummer: 2, filnavn: 'brev.docx' })), 'v2 brev.docx');
    assert.equal(entityLabel(noarkModel, entity('Dokument', {}, '42')), 'Dokument 42');
    assert.equal(entityLabel(noarkModel, entity('Arkiv', { tittel: 'Fjordvik', arkivstatus: 'O' })), 'Fjordvik', 'a status is not part of the name');
  });

  it('keeps archive text as it is: a label is text, never markup', () => {
    const label = entityLabel(noarkModel, entity('Saksmappe', { mappeIdent: '<b>1</b>', tittel: '<script>alert(1)</script><img src=x onerror=alert(2)>' }));
    assert.equal(label, '<b>1</b> <script>alert(1)</script><img src=x onerror=alert(2)>');
    assert.deepEqual(tooltipLines(noarkModel, entity('Journalpost', { tittel: '<img src=x onerror=alert(1)>' })).find(([n]) => n === 'tittel'), ['tittel', '<img src=x onerror=alert(1)>']);
  });

  it('shows a finalized entity or a closed case file as closed', () => {
    assert.equal(isClosed(entity('Saksmappe', { saksstatus: 'B' })), false);
    assert.equal(isClosed(entity('Saksmappe', { saksstatus: 'A' })), true);
    assert.equal(isClosed(entity('Klasse', { avsluttetDato: '2024-01-01T00:00:00.000+0100' })), true);
    assert.equal(isClosed(entity('Arkivdel', { arkivdelstatus: 'A' })), false, 'A: Aktiv periode');
    assert.equal(isClosed(entity('Arkivdel', { arkivdelstatus: 'P' })), true, 'P: Avsluttet periode');
    assert.equal(isClosed(entity('Arkiv', { arkivstatus: 'A' })), true);
    assert.equal(isClosed(entity('Saksmappe', { saksstatus: 'S' })), true, 'S: Avsluttet av saksbehandler');
  });

  it('lists the tooltip facts: type, id, identifying fields, status', () => {
    const lines = tooltipLines(noarkModel, entity('Saksmappe', { mappeIdent: '2024/17', tittel: 'T', saksstatus: 'B', opprettetAv: 'Siri' }, '9'));
    assert.deepEqual(lines.slice(0, 5), [
      ['type', 'Saksmappe'],
      ['id', '9'],
      ['mappeIdent', '2024/17'],
      ['tittel', 'T'],
      ['saksstatus', 'B'],
    ]);
  });

  for (const type of ['Arkiv', 'Arkivdel', 'Saksmappe', 'Journalpost', 'Dokument', 'Klassifikasjonssystem', 'Klasse']) {
    it(`"New Query for Children" of a ${type} is a file the checker finds nothing wrong with`, () => {
      const text = childrenQueryText(noarkModel, entity(type, {}, '1004'), 'x\ny');
      assert.ok(text);
      const problems = checkDocument(parseDocument(text), { model: noarkModel }).filter((d) => d.severity === 'error' || d.severity === 'warning');
      assert.deepEqual(
        problems.map((p) => `${p.code}: ${p.message}`),
        [],
        text,
      );
      assert.ok(!text.split('\n')[0]!.includes('y\n'), 'a label with a line break stays on the comment line');
    });
  }
});

describe('a listing of 10,000 children', () => {
  // A stand-in for the archive that only counts: what matters is what the tree asks, not the answer's source.
  const asked: QueryBody[] = [];
  const api = {
    async query(body: QueryBody) {
      asked.push(body);
      const offset = body.offset ?? 0;
      const limit = body.limit ?? 10;
      const results = Array.from({ length: Math.max(0, Math.min(limit, 10_000 - offset)) }, (_, i) => entity('Journalpost', { tittel: `t${offset + i}` }, String(offset + i)));
      return { body: { hasMore: offset + limit < 10_000, results } };
    },
  } as unknown as ArchiveApi;

  it('is asked one page at a time: one query of 100 per expansion and per Load more', async () => {
    const listing = childSources(noarkModel, { type: 'Saksmappe', id: '1' })!;
    const first = await listChildren(api, listing, listingStart);
    assert.equal(asked.length, 1);
    assert.equal(asked[0]!.limit, 100);
    assert.equal(first.entities.length, 100);
    assert.deepEqual(first.next, { source: 0, offset: 100, anyFound: true });
    const second = await listChildren(api, listing, first.next!);
    assert.equal(asked.length, 2);
    assert.equal(asked[1]!.offset, 100);
    assert.equal(second.entities[0]!.id, '100');
  });
});

describe('archive tree model against the sandbox demo archive', () => {
  const env = useTestSandbox({ seed: (services) => seedDemoArchive(services, { caseFiles: 6, snapshotDir: false }).then(() => undefined) });
  let api: ArchiveClient;
  env.before(() => {
    api = new ArchiveClient({ apiUrl: env.sandbox.sandbox.apiUrl, auth: new SandboxTokenProvider(env.sandbox.sandbox.tokenUrl) });
  });
  after(() => api?.close());

  async function all(listing: ChildSources, pageSize = 100): Promise<{ entities: EntityObject[]; pages: number }> {
    const entities: EntityObject[] = [];
    let cursor: ListingCursor | undefined = listingStart;
    let pages = 0;
    while (cursor) {
      const page = await listChildren(api, listing, cursor, {}, pageSize);
      pages++;
      entities.push(...page.entities);
      cursor = page.next;
    }
    return { entities, pages };
  }

  const first = async (listing: ChildSources | undefined, type?: string): Promise<EntityObject> => {
    assert.ok(listing);
    const { entities } = await all(listing);
    const found = entities.find((e) => type === undefined || e.type === type);
    assert.ok(found, `a ${type ?? 'child'} among ${entities.map((e) => e.type).join(', ')}`);
    return found;
  };

  it('expands from Arkiv down to a Dokumentversjon, concrete types all the way', async () => {
    const arkiv = await first(rootSources, 'Arkiv');
    const series = (await all(childSources(noarkModel, arkiv)!)).entities;
    assert.ok(series.every((s) => s.type === 'Arkivdel'));
    let folder: EntityObject | undefined;
    for (const s of series) {
      folder = (await all(childSources(noarkModel, s)!)).entities.find((e) => e.type === 'Saksmappe');
      if (folder) break;
    }
    assert.ok(folder, 'a series holds case files');
    const entries = (await all(childSources(noarkModel, folder)!)).entities;
    assert.ok(entries.length > 0 && entries.every((e) => categoryOf(noarkModel, e.type) === 'registrering'), entries.map((e) => e.type).join());
    let version: EntityObject | undefined;
    for (const entry of entries) {
      const documents = (await all(childSources(noarkModel, entry)!)).entities;
      for (const document of documents) {
        assert.equal(document.type, 'Dokument');
        version = (await all(childSources(noarkModel, document)!)).entities[0];
        if (version) break;
      }
      if (version) break;
    }
    assert.ok(version);
    assert.equal(version.type, 'Dokumentversjon');
    assert.equal(childSources(noarkModel, version), undefined);

    // And back up: the chain that reveals the version starts at the archive.
    const chain = await ancestry(api, noarkModel, version);
    assert.deepEqual(
      chain.map((e) => categoryOf(noarkModel, e.type)),
      ['arkiv', 'arkivdel', 'mappe', 'registrering', 'dokument', 'dokumentversjon'],
    );
    assert.equal(chain[0]!.id, arkiv.id);
    assert.equal(chain[2]!.id, folder.id);
  });

  it('pages a long listing without gaps or repeats, one query per page while a source lasts', async () => {
    const arkiv = await first(rootSources, 'Arkiv');
    const series = (await all(childSources(noarkModel, arkiv)!)).entities;
    const counts = await Promise.all(series.map(async (s) => ({ s, n: (await all(childSources(noarkModel, s)!)).entities.length })));
    const biggest = counts.sort((a, b) => b.n - a.n)[0]!;
    assert.ok(biggest.n >= 4, `a series with a few folders (${biggest.n})`);
    const whole = await all(childSources(noarkModel, biggest.s)!);
    const paged = await all(childSources(noarkModel, biggest.s)!, 3);
    assert.deepEqual(
      paged.entities.map((e) => e.id),
      whole.entities.map((e) => e.id),
    );
    assert.equal(new Set(paged.entities.map((e) => e.id)).size, paged.entities.length);
    assert.ok(paged.pages >= Math.ceil(biggest.n / 3));
  });

  it('lists classification systems, their top classes, and the folders filed under a class', async () => {
    const system = await first(classificationSources, 'Klassifikasjonssystem');
    const classes = (await all(childSources(noarkModel, system)!)).entities;
    assert.ok(classes.length > 0 && classes.every((c) => c.type === 'Klasse'));
    assert.ok(classes.every((c) => c.links.refForelderKlasse === undefined), 'only top-level classes');
    const folders: EntityObject[] = [];
    const queue = [...classes];
    while (queue.length > 0 && folders.length === 0) {
      const klasse = queue.shift()!;
      for (const child of (await all(childSources(noarkModel, klasse)!)).entities) {
        if (child.type === 'Klasse') queue.push(child);
        else folders.push(child);
      }
    }
    assert.ok(folders.length > 0 && folders.every((f) => categoryOf(noarkModel, f.type) === 'mappe'));
  });

  it('shows a correspondence party through the journal entry that owns it', async () => {
    const party = (await api.query({ type: 'Korrespondansepart', limit: 1 })).body.results[0];
    assert.ok(party);
    const owner = await shownEntity(api, noarkModel, party);
    assert.equal(categoryOf(noarkModel, owner!.type), 'registrering');
    assert.equal(owner!.id, String(party.links.refRegistrering));
    const entry = (await api.query({ type: 'Journalpost', limit: 1 })).body.results[0]!;
    assert.equal(await shownEntity(api, noarkModel, entry), entry, 'a type the tree lists is itself');
  });

  it('finds an entity by id under an abstract or search-index type name', async () => {
    const arkiv = await first(rootSources, 'Arkiv');
    const series = (await all(childSources(noarkModel, arkiv)!)).entities[0]!;
    const folder = (await all(childSources(noarkModel, series)!)).entities[0]!;
    const found = await fetchEntity(api, noarkModel, 'Mappe', folder.id);
    assert.equal(found?.type, folder.type);
    assert.equal(await fetchEntity(api, noarkModel, 'AbstraktRegistrering', '999999999'), undefined);
  });
});
