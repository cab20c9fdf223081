import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InsertTextFormat, type MarkupContent } from 'vscode-languageserver-types';
import { completeAt, hoverAt } from '../../test/fixtures/completionFixtures';

interface Case {
  name: string;
  /** Lines of the fixture; `|` marks the cursor. */
  text: string[];
  has?: string[];
  lacks?: string[];
  /** Exactly these labels, in this order. */
  exactly?: string[];
  empty?: boolean;
  /** Applying the item gives this line at the cursor's line. */
  apply?: { label: string; line: string };
}

function run(cases: Case[]): void {
  for (const c of cases) {
    it(c.name, () => {
      const r = completeAt(c.text.join('\n'));
      if (c.empty) assert.deepEqual(r.labels, [], 'expected no completions');
      if (c.exactly) assert.deepEqual(r.labels, c.exactly);
      for (const label of c.has ?? []) assert.ok(r.labels.includes(label), `missing ${label}; have ${r.labels.join(', ')}`);
      for (const label of c.lacks ?? []) assert.ok(!r.labels.includes(label), `unexpected ${label}`);
      if (c.apply) {
        const lineIndex = c.text.findIndex((l) => /(^|[^|])\|([^|]|$)/.test(l));
        assert.equal(r.apply(c.apply.label).split('\n')[lineIndex], c.apply.line);
      }
    });
  }
}

describe('completion: HTTP endpoint paths', () => {
  run([
    {
      name: 'after POST: only the endpoints that take POST',
      text: ['### a', 'POST |'],
      exactly: ['query', 'transaction', 'upload', 'logs/change-log', 'logs/access-log', 'logs/download-log', 'bulk/open', 'bulk/close', 'full-text/search', 'expand/folder', 'expand/record', 'full-text/set', 'bulk/delete'],
    },
    {
      name: 'after GET: the readable endpoints',
      text: ['### a', 'GET |'],
      exactly: ['download', 'bsm-registry', 'code-lists', 'info/me'],
    },
    {
      name: 'after DELETE: the endpoints that delete',
      text: ['### a', 'DELETE |'],
      exactly: ['bsm-registry/group/{groupId}', 'bsm-registry/group/{groupId}/field/{fieldId}', 'code-lists/{field}/{code}'],
    },
    {
      name: 'path parameters become snippet placeholders, replacing the word typed',
      text: ['### a', 'PUT bsm-reg|'],
      apply: { label: 'bsm-registry/group/{groupId}/field/{fieldId}', line: 'PUT bsm-registry/group/${1:groupId}/field/${2:fieldId}' },
    },
    {
      name: 'the query string is kept',
      text: ['### a', 'GET code-li|?type=Journalpost'],
      apply: { label: 'code-lists', line: 'GET code-lists?type=Journalpost' },
    },
    { name: 'nothing after the path', text: ['### a', 'POST query |'], empty: true },
  ]);

  it('marks parameterised paths as snippets and documents the body keys', () => {
    const put = completeAt('### a\nPUT |');
    assert.equal(put.item('code-lists/{field}/{code}').insertTextFormat, InsertTextFormat.Snippet);
    const post = completeAt('### a\nPOST |');
    assert.equal(post.item('query').insertTextFormat, undefined);
    assert.match((post.item('bulk/open').documentation as MarkupContent).value, /`type` \(required\), `id` \(required\)/);
    assert.match((completeAt('### a\nGET |').item('code-lists').documentation as MarkupContent).value, /takes no body/);
  });
});

describe('completion: HTTP body keys and values', () => {
  run([
    {
      name: 'keys not yet written, required first',
      text: ['### a', 'POST query', '{ "limit": 10, | }'],
      exactly: ['type', 'offset', 'query', 'joins', 'parameters', 'sortOrder', 'publicUse'],
    },
    {
      name: 'a key with a value snippet by type',
      text: ['### a', 'POST query', '{ "type": "Saksmappe", lim| }'],
      apply: { label: 'limit', line: '{ "type": "Saksmappe", "limit": $1 }' },
    },
    {
      name: 'inside quotes the quotes are replaced',
      text: ['### a', 'POST logs/change-log', '{ "|" }'],
      apply: { label: 'includeChildChanges', line: '{ "includeChildChanges": ${1|true,false|} }' },
    },
    {
      name: 'before a colon only the key is replaced, and the key being typed is offered',
      text: ['### a', 'POST full-text/search', '{ "doc|": "Tekst" }'],
      apply: { label: 'doctype', line: '{ "doctype": "Tekst" }' },
    },
    {
      name: 'keys of a sortOrder item',
      text: ['### a', 'POST query', '{ "type": "Saksmappe", "sortOrder": [ { "field": "tittel", | } ] }'],
      exactly: ['order'],
    },
    {
      name: 'the spec\u2019s values of a closed key',
      text: ['### a', 'POST bulk/open', '{ "type": "|", "id": "1" }'],
      exactly: ['Arkiv', 'Arkivdel', 'AbstraktMappe', 'AbstraktRegistrering', 'DokumentBeskrivelse', 'Klassifikasjonssystem', 'Klasse'],
      apply: { label: 'Klasse', line: '{ "type": "Klasse", "id": "1" }' },
    },
    {
      name: 'sort order values',
      text: ['### a', 'POST query', '{ "type": "Saksmappe", "sortOrder": [ { "order": | } ] }'],
      exactly: ['asc', 'desc'],
      apply: { label: 'desc', line: '{ "type": "Saksmappe", "sortOrder": [ { "order": "desc" } ] }' },
    },
    {
      name: 'a query type is an entity type of the model',
      text: ['### a', 'POST query', '{ "type": "Saks|" }'],
      has: ['Saksmappe', 'AbstraktMappe', 'Journalpost'],
      apply: { label: 'Saksmappe', line: '{ "type": "Saksmappe" }' },
    },
    {
      name: 'sort fields are the sortable fields of the body\u2019s type',
      text: ['### a', 'POST query', '{ "type": "Journalpost", "sortOrder": [ { "field": "journalp|", "order": "asc" } ] }'],
      has: ['tittel', 'journalpostnummer', 'journalaar', 'id'],
      lacks: ['dokumentmedium', 'virksomhetsspesifikkeMetadata', 'refMappe', 'beskrivelse'],
      apply: { label: 'journalpostnummer', line: '{ "type": "Journalpost", "sortOrder": [ { "field": "journalpostnummer", "order": "asc" } ] }' },
    },
    { name: 'no sort fields while the type is unknown', text: ['### a', 'POST query', '{ "type": "Saksmape", "sortOrder": [ { "field": "|" } ] }'], empty: true },
    { name: 'no sort fields without a type', text: ['### a', 'POST query', '{ "sortOrder": [ { "field": | } ] }'], empty: true },
    {
      name: 'full-text expand items are the types a hit expands, abstract ones too',
      text: ['### a', 'POST full-text/search', '{ "expand": [ "Journalpost", | ] }'],
      has: ['Journalpost', 'Dokument', 'AbstraktRegistrering', 'Korrespondansepart', 'Klasse', 'Saksmappe'],
      lacks: ['Arkiv', 'Merknad', 'EksternId'],
      apply: { label: 'Dokument', line: '{ "expand": [ "Journalpost", "Dokument" ] }' },
    },
    {
      name: 'full-text filter keys are <Type>.<field> of the types a hit names',
      text: ['### a', 'POST full-text/search', '{ "filters": { "AbstraktMappe.saks|" } }'],
      has: ['AbstraktMappe.saksaar', 'AbstraktMappe.saksansvarlig', 'AbstraktRegistrering.journalposttype', 'Korrespondansepart.korrespondansepartNavn'],
      lacks: ['AbstraktMappe.refArkivdel', 'Arkiv.tittel'],
    },
    {
      name: 'a full-text filter key comes with its list of values',
      text: ['### a', 'POST full-text/search', '{ "filters": { | } }'],
      apply: { label: 'AbstraktMappe.saksaar', line: '{ "filters": { "AbstraktMappe.saksaar": [$1] } }' },
    },
    { name: 'booleans', text: ['### a', 'POST query', '{ "publicUse": | }'], exactly: ['true', 'false'] },
    { name: 'no values for a free string', text: ['### a', 'POST full-text/search', '{ "query": "|" }'], empty: true },
    { name: 'no keys for an endpoint without a body shape', text: ['### a', 'POST archive/everything', '{ | }'], empty: true },
    { name: 'no keys in a GET body', text: ['### a', 'GET code-lists', '{ | }'], empty: true },
    { name: 'no keys on a comment line in the body', text: ['### a', 'POST query', '{', '# a note |', '}'], empty: true },
  ]);

  it('documents a key with its type, whether it is required, and the spec\u2019s note', () => {
    const r = completeAt('### a\nPOST query\n{ | }');
    assert.equal(r.item('type').detail, 'string · required');
    assert.equal(r.item('limit').detail, 'number · optional');
    const doc = (r.item('limit').documentation as MarkupContent).value;
    assert.match(doc, /maximum 500/);
    assert.match(doc, /At most 500/);
    assert.equal(r.item('sortOrder').detail, 'array of objects · optional');
  });
});

describe('hover: HTTP body keys', () => {
  it('shows the note, type and requiredness of a key', () => {
    const h = hoverAt('### a\nPOST query\n{ "type": "Saksmappe", "li|mit": 10 }');
    assert.equal(h.covered, '"limit"');
    assert.match(h.markdown, /^\*\*limit\*\* · number · optional/);
    assert.match(h.markdown, /maximum 500; high values may be slow/);
    assert.match(h.markdown, /from the spec/);
  });

  it('follows arrays of objects and says where a vendor fact comes from', () => {
    assert.match(hoverAt('### a\nPOST query\n{ "sortOrder": [ {}, { "or|der": "asc" } ] }').markdown, /One of `asc`, `desc`/);
    assert.match(hoverAt('### a\nPOST full-text/search\n{ "filt|ers": {} }').markdown, /ORed[\s\S]*from the vendor notes/);
  });

  it('says nothing on values, unknown keys or bodies without a shape', () => {
    assert.equal(hoverAt('### a\nPOST query\n{ "limit": 1|0 }').hover, null);
    assert.equal(hoverAt('### a\nPOST query\n{ "lim|t": 10 }').hover, null);
    assert.equal(hoverAt('### a\nPOST archive/x\n{ "lim|it": 10 }').hover, null);
  });
});
