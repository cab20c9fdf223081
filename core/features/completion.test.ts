import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InsertTextFormat, MarkupContent } from 'vscode-languageserver-types';
import type { BsmGroup } from '../transaction';
import type { CodeValue } from '../schema/types';
import { completeAt, hoverAt } from '../../test/fixtures/completionFixtures';
import type { FeatureContext } from './featureContext';

interface Case {
  name: string;
  /** Lines of the fixture; `|` marks the cursor. */
  text: string[];
  has?: string[];
  lacks?: string[];
  /** Pairs [a, b]: a is ranked before b. */
  order?: [string, string][];
  /** Nothing is offered. */
  empty?: boolean;
  /** Applying the item gives this line at the cursor's line. */
  apply?: { label: string; line: string };
  context?: Partial<FeatureContext>;
}

function run(cases: Case[]): void {
  for (const c of cases) {
    it(c.name, () => {
      const r = completeAt(c.text.join('\n'), c.context);
      if (c.empty) assert.deepEqual(r.labels, [], 'expected no completions');
      for (const label of c.has ?? []) assert.ok(r.labels.includes(label), `missing ${label}; have ${r.labels.join(', ')}`);
      for (const label of c.lacks ?? []) assert.ok(!r.labels.includes(label), `unexpected ${label}`);
      for (const [a, b] of c.order ?? []) {
        const ia = r.labels.indexOf(a);
        const ib = r.labels.indexOf(b);
        assert.ok(ia >= 0 && ib >= 0 && ia < ib, `${a} (${ia}) should come before ${b} (${ib}) in ${r.labels.join(', ')}`);
      }
      if (c.apply) {
        const applied = r.apply(c.apply.label);
        const lineIndex = c.text.findIndex((l) => /(^|[^|])\|([^|]|$)/.test(l));
        assert.equal(applied.split('\n')[lineIndex], c.apply.line);
      }
    });
  }
}

const tx = (...actions: string[]): string[] => ['### t', 'TRANSACTION', '{ "actions": [', ...actions, '] }'];

describe('completion: request keywords', () => {
  run([
    { name: 'an empty file offers every request keyword', text: ['|'], has: ['QUERY', 'TRANSACTION', 'UPLOAD', 'DOWNLOAD', 'GET', 'POST', 'PUT', 'DELETE'] },
    { name: 'a half-written keyword is replaced', text: ['###', 'QU|'], has: ['QUERY'], apply: { label: 'QUERY', line: 'QUERY ' } },
    { name: 'below file variables', text: ['@year = 2024', '', '### next', '|'], has: ['QUERY', 'TRANSACTION'] },
    { name: 'no keywords on the ### line', text: ['### find|'], empty: true },
    { name: 'no completions in a comment', text: ['# look up |', 'QUERY Saksmappe'], empty: true },
    { name: 'no keywords after words on a line', text: ['###', 'hello world |'], empty: true },
  ]);

  it('TRANSACTION inserts a snippet with an actions array', () => {
    const r = completeAt('###\nTRA|');
    const item = r.item('TRANSACTION');
    assert.equal(item.insertTextFormat, InsertTextFormat.Snippet);
    assert.match(r.apply('TRANSACTION'), /TRANSACTION\n\{\n\t"actions": \[/);
  });
});

describe('completion: QUERY line and clauses', () => {
  run([
    { name: 'entity types after QUERY', text: ['###', 'QUERY |'], has: ['Saksmappe', 'Journalpost', 'AbstraktMappe', 'AbstraktRegistrering'], order: [['Saksmappe', 'AbstraktMappe']] },
    { name: 'a partial type is replaced', text: ['###', 'QUERY Saks|'], apply: { label: 'Saksmappe', line: 'QUERY Saksmappe' } },
    { name: 'clause keywords on a new line', text: ['###', 'QUERY Journalpost', '|'], has: ['WHERE', 'JOIN', 'SORT', 'LIMIT', 'OFFSET', 'PUBLICUSE'], order: [['WHERE', 'SORT']] },
    { name: 'a clause already given is not offered again, JOIN is', text: ['###', 'QUERY Journalpost', 'WHERE tittel = @t', 'SORT tittel', '|'], has: ['JOIN', 'LIMIT'], lacks: ['WHERE', 'SORT'] },
    { name: 'the clause being typed on its own line is still offered', text: ['###', 'QUERY Journalpost', 'WHER|'], apply: { label: 'WHERE', line: 'WHERE ' } },
    { name: 'after && at a line end, the next line offers fields and clauses', text: ['###', 'QUERY Journalpost', 'WHERE tittel = @t &&', '  |'], has: ['tittel', 'journalposttype', 'SORT'] },
    { name: 'after a complete WHERE line, no fields at the line start', text: ['###', 'QUERY Journalpost', 'WHERE tittel = @t', '|'], has: ['SORT'], lacks: ['tittel'] },
    { name: 'PUBLICUSE takes true or false', text: ['###', 'QUERY Journalpost', 'PUBLICUSE |'], has: ['true', 'false'] },
    { name: 'LIMIT takes a number: nothing offered', text: ['###', 'QUERY Journalpost', 'LIMIT |'], empty: true },
    { name: 'an unknown type offers no fields', text: ['###', 'QUERY Nothing', 'WHERE |'], empty: true },
  ]);
});

describe('completion: WHERE fields, chains and aliases', () => {
  run([
    {
      name: 'fields and references of the query type; indexed fields first, references after fields',
      text: ['###', 'QUERY Journalpost', 'WHERE |'],
      has: ['tittel', 'journalposttype', 'forfatter', 'refMappe', 'refKorrespondansepart'],
      lacks: ['virksomhetsspesifikkeMetadata', 'saksaar'],
      order: [['journalposttype', 'forfatter'], ['forfatter', 'refMappe']],
    },
    { name: 'a partial field is replaced', text: ['###', 'QUERY Journalpost', 'WHERE ti|'], apply: { label: 'tittel', line: 'WHERE tittel' } },
    { name: 'after an opening parenthesis', text: ['###', 'QUERY Journalpost', 'WHERE tittel = @t && (|'], has: ['tittel', 'refMappe'] },
    { name: 'after ||', text: ['###', 'QUERY Journalpost', 'WHERE tittel = @t || |'], has: ['journalposttype'] },
    { name: 'after a reference and a dot: members of its target', text: ['###', 'QUERY Journalpost', 'WHERE refMappe.|'], has: ['tittel', 'mappeIdent', 'refArkivdel'], lacks: ['journalposttype'] },
    { name: 'a chain is resolved step by step', text: ['###', 'QUERY Journalpost', 'WHERE refMappe.refArkivdel.|'], has: ['arkivdelstatus', 'refArkiv'], lacks: ['mappeIdent'] },
    { name: 'a partial member after a dot is replaced', text: ['###', 'QUERY Journalpost', 'WHERE refMappe.tit| = @t'], apply: { label: 'tittel', line: 'WHERE refMappe.tittel = @t' } },
    { name: 'a field cannot be followed', text: ['###', 'QUERY Journalpost', 'WHERE tittel.|'], empty: true },
    { name: 'members of an alias target', text: ['###', 'QUERY Journalpost', 'JOIN #k1 = refSekundaerKlasse', 'WHERE #k1.|'], has: ['klasseIdent', 'tittel'], lacks: ['journalposttype'] },
    { name: 'an alias through another alias', text: ['###', 'QUERY Journalpost', 'JOIN #m = refMappe', 'JOIN #a = #m.refArkivdel', 'WHERE #a.|'], has: ['arkivdelstatus'] },
    { name: 'aliases after #', text: ['###', 'QUERY Journalpost', 'JOIN #k1 = refSekundaerKlasse', 'WHERE #|'], has: ['#k1'], lacks: ['tittel'], apply: { label: '#k1', line: 'WHERE #k1' } },
    { name: 'aliases with the fields at a path start', text: ['###', 'QUERY Journalpost', 'JOIN #k1 = refSekundaerKlasse', 'WHERE |'], has: ['#k1', 'tittel'], order: [['tittel', '#k1']] },
    { name: 'an alias typed at the start of a continued line', text: ['###', 'QUERY Journalpost', 'JOIN #k1 = refSekundaerKlasse', 'WHERE tittel = @t &&', '#|'], has: ['#k1'] },
    { name: 'operators after a path', text: ['###', 'QUERY Journalpost', 'WHERE tittel |'], has: ['=', '!=', '%='] },
    { name: '&& and || after an operand', text: ['###', 'QUERY Journalpost', 'WHERE tittel = @t |'], has: ['&&', '||'] },
    { name: 'members of an abstract type include subtype-only members, ranked last', text: ['###', 'QUERY AbstraktRegistrering', 'WHERE |'], has: ['tittel', 'journalposttype'], order: [['tittel', 'journalposttype']] },
  ]);

  it('field items carry type, M-number, flags and the spec note', () => {
    const item = completeAt('###\nQUERY Journalpost\nWHERE |').item('journalposttype');
    assert.equal(item.detail, 'string · M082 · indexed, sortable, code list journalposttype');
    assert.match((item.documentation as MarkupContent).value, /Code list journalposttype/);
    const ref = completeAt('###\nQUERY Journalpost\nWHERE |').item('refMappe');
    assert.equal(ref.detail, '→ AbstraktMappe (1)');
  });
});

describe('completion: parameters', () => {
  run([
    {
      name: 'defined parameters first (fitting values before others), then a new one named after the field',
      text: ['@title = "Søknad%"', '@year = 2024', '###', 'QUERY Journalpost', 'WHERE tittel %= @|'],
      has: ['@title', '@year', '@tittel'],
      order: [['@title', '@year'], ['@year', '@tittel']],
      apply: { label: '@title', line: 'WHERE tittel %= @title' },
    },
    { name: 'a number field ranks a number value first', text: ['@title = "x"', '@year = 2024', '###', 'QUERY Saksmappe', 'WHERE saksaar = |'], order: [['@year', '@title']] },
    { name: 'block variables, and the @ being typed is replaced', text: ['###', '@t = "I"', 'QUERY Journalpost', 'WHERE journalposttype = @|'], has: ['@t'], apply: { label: '@t', line: 'WHERE journalposttype = @t' } },
    { name: 'a partial parameter name is replaced', text: ['@title = "x"', '###', 'QUERY Journalpost', 'WHERE tittel = @ti|'], apply: { label: '@title', line: 'WHERE tittel = @title' } },
    { name: 'environment variables', text: ['###', 'QUERY Journalpost', 'WHERE tittel = |'], has: ['@envTitle'], context: { environment: { envTitle: 'x' } } },
    { name: 'names that are not valid parameters are left out', text: ['@my_title = "x"', '###', 'QUERY Journalpost', 'WHERE tittel = |'], lacks: ['@my_title'] },
    { name: 'range snippets for a date after =', text: ['###', 'QUERY Journalpost', 'WHERE registreringsDato = |'], has: ['[@from:@to]', '{@from:@to}'] },
    { name: 'no range snippets for like', text: ['###', 'QUERY Journalpost', 'WHERE tittel %= |'], lacks: ['[@from:@to]'] },
    { name: 'no range snippets for a string field', text: ['###', 'QUERY Journalpost', 'WHERE tittel = |'], lacks: ['[@from:@to]'] },
    { name: 'parameters inside a range', text: ['@from = "2024-01-01"', '@to = "2024-12-31"', '###', 'QUERY Journalpost', 'WHERE registreringsDato = [@from:|'], has: ['@to', '@from'], lacks: ['[@from:@to]'] },
    { name: 'parameters after the opening bracket', text: ['@from = "2024-01-01"', '###', 'QUERY Journalpost', 'WHERE registreringsDato = [|'], has: ['@from'] },
    { name: 'parameters across a chain', text: ['@sys = "x"', '###', 'QUERY Journalpost', 'WHERE refEksternId.eksterntSystem = |'], has: ['@sys', '@eksterntSystem'] },
  ]);

  it('a parameter item shows its value', () => {
    const item = completeAt('@year = 2024\n###\nQUERY Saksmappe\nWHERE saksaar = |').item('@year');
    assert.equal(item.detail, 'file variable = 2024');
    assert.match((item.documentation as MarkupContent).value, /2024/);
  });
});

describe('completion: JOIN and SORT', () => {
  run([
    { name: 'JOIN paths follow references only', text: ['###', 'QUERY Journalpost', 'JOIN #k = |'], has: ['refSekundaerKlasse', 'refMappe'], lacks: ['tittel'] },
    { name: 'JOIN chains', text: ['###', 'QUERY Journalpost', 'JOIN #k = refMappe.|'], has: ['refArkivdel'], lacks: ['tittel'] },
    { name: 'SORT offers sortable fields only, never references', text: ['###', 'QUERY Journalpost', 'SORT |'], has: ['tittel', 'registreringsDato', 'id'], lacks: ['refMappe', 'beskrivelse', 'journalstatus'] },
    { name: 'ASC and DESC after a sort field', text: ['###', 'QUERY Journalpost', 'SORT tittel |'], has: ['ASC', 'DESC'], lacks: ['tittel'] },
    { name: 'a partial order word', text: ['###', 'QUERY Journalpost', 'SORT tittel D|'], apply: { label: 'DESC', line: 'SORT tittel DESC' } },
    { name: 'fields again after a comma', text: ['###', 'QUERY Journalpost', 'SORT tittel DESC, |'], has: ['registreringsDato'] },
    { name: 'nothing after an order word', text: ['###', 'QUERY Journalpost', 'SORT tittel DESC |'], empty: true },
  ]);
});

describe('completion: variable values from code lists', () => {
  const live = new Map<string, readonly CodeValue[]>([['journalposttype', [{ code: 'Z', name: 'Zed' }]]]);
  run([
    {
      name: 'a file variable compared with a code-list field',
      text: ['@t = "|"', '###', 'QUERY Journalpost', 'WHERE journalposttype = @t'],
      has: ['I', 'U', 'N', 'X', 'S'],
      apply: { label: 'I', line: '@t = "I"' },
    },
    { name: 'without quotes yet', text: ['@t = |', '###', 'QUERY Journalpost', 'WHERE journalposttype = @t'], apply: { label: 'U', line: '@t = "U"' } },
    { name: 'a block variable; the default code first', text: ['###', '@s = "|"', 'QUERY Saksmappe', 'WHERE saksstatus = @s'], has: ['A', 'B'], order: [['B', 'A']] },
    { name: 'live lists win over the defaults', text: ['@t = "|"', '###', 'QUERY Journalpost', 'WHERE journalposttype = @t'], has: ['Z'], lacks: ['I'], context: { codeLists: live } },
    { name: 'a block that shadows the file variable does not count', text: ['@t = "|"', '###', '@t = "x"', 'QUERY Journalpost', 'WHERE journalposttype = @t'], empty: true },
    { name: 'an unused variable has nothing to offer', text: ['@u = "|"', '###', 'QUERY Journalpost', 'WHERE journalposttype = @t'], empty: true },
    { name: 'a boolean field offers true and false', text: ['@b = |', '###', 'QUERY Journalpost', 'WHERE skjermKorrespondanseParterEInnsyn = @b'], has: ['true', 'false'] },
    { name: 'nothing before the =', text: ['@t| = "I"', '###', 'QUERY Journalpost', 'WHERE journalposttype = @t'], empty: true },
  ]);
});

describe('completion: TRANSACTION bodies', () => {
  run([
    { name: 'the top-level key', text: ['###', 'TRANSACTION', '{ | }'], has: ['actions'] },
    { name: 'action snippets in the actions array', text: ['###', 'TRANSACTION', '{ "actions": [ | ] }'], has: ['save action', 'link action'] },
    { name: 'action verbs', text: tx('{ "action": "|" }'), has: ['save', 'link', 'unlink', 'delete'], apply: { label: 'link', line: '{ "action": "link" }' } },
    {
      name: 'concrete transactable types for "type"',
      text: tx('{ "action": "save", "type": "|" }'),
      has: ['Journalpost', 'Saksmappe', 'Korrespondansepart'],
      lacks: ['AbstraktMappe'],
      apply: { label: 'Journalpost', line: '{ "action": "save", "type": "Journalpost" }' },
    },
    {
      name: 'the saved type of a temporary id comes first',
      text: tx('{ "action": "save", "type": "Korrespondansepart", "id": "kp", "fields": {} },', '{ "action": "link", "type": "|", "id": "kp" }'),
      order: [['Korrespondansepart', 'Arkiv']],
    },
    { name: 'keys of a link action, without those present', text: tx('{ "action": "link", | }'), has: ['type', 'id', 'ref', 'linkToId'], lacks: ['action', 'fields', 'unlinkFromId'] },
    { name: 'keys of a save action', text: tx('{ "action": "save", "type": "Journalpost", | }'), has: ['id', 'fields', 'version'], lacks: ['type', 'ref', 'linkToId'] },
    { name: 'a key being typed in quotes', text: tx('{ "action": "save", "fi|" }'), apply: { label: 'fields', line: '{ "action": "save", "fields": { $0 } }' } },
    { name: 'a key followed by a colon is replaced alone', text: tx('{ "action": "save", "ty|": "x" }'), apply: { label: 'type', line: '{ "action": "save", "type": "x" }' } },
    {
      name: 'field names: writable fields only, not references, not service-set, not present',
      text: tx('{ "action": "save", "type": "Journalpost", "id": "jp", "fields": { "forfatter": "x", | } }'),
      has: ['tittel', 'journalposttype', 'beskrivelse', 'virksomhetsspesifikkeMetadata'],
      lacks: ['registreringsIdent', 'journalaar', 'id', 'uuid', 'refMappe', 'forfatter'],
      order: [['tittel', 'beskrivelse'], ['beskrivelse', 'opprettetDato']],
    },
    { name: 'no BSM field on a type that cannot carry it', text: tx('{ "action": "save", "type": "Arkiv", "id": "a", "fields": { | } }'), has: ['tittel'], lacks: ['virksomhetsspesifikkeMetadata'] },
    { name: 'code-list values of a field', text: tx('{ "action": "save", "type": "Journalpost", "fields": { "journalposttype": "|" } }'), has: ['I', 'U'], apply: { label: 'I', line: '{ "action": "save", "type": "Journalpost", "fields": { "journalposttype": "I" } }' } },
    { name: 'allowed values of a closed set', text: tx('{ "action": "save", "type": "Journalpost", "fields": { "eInnsynStatus": "|" } }'), has: ['NOT_PUBLISHED', 'PUBLISHED_METADATA'] },
    { name: 'booleans', text: tx('{ "action": "save", "type": "Journalpost", "fields": { "skjermKorrespondanseParterEInnsyn": | } }'), has: ['true', 'false'] },
    {
      name: 'live code lists in JSON values',
      text: tx('{ "action": "save", "type": "Journalpost", "fields": { "journalposttype": "|" } }'),
      has: ['Z'],
      lacks: ['I'],
      context: { codeLists: new Map([['journalposttype', [{ code: 'Z', name: 'Zed' }]]]) },
    },
    {
      name: 'link refs: linkable from this side, parent first, never the child side',
      text: tx('{ "action": "link", "type": "Journalpost", "id": "jp", "ref": "|" }'),
      has: ['refMappe', 'refArkivdel', 'refPrimaerKlasse', 'refSekundaerKlasse'],
      lacks: ['refKorrespondansepart', 'refDokument'],
      order: [['refMappe', 'refPrimaerKlasse'], ['refPrimaerKlasse', 'refSekundaerKlasse']],
    },
    { name: 'unlink refs', text: tx('{ "action": "unlink", "type": "Journalpost", "id": "1", "ref": "|" }'), has: ['refSekundaerKlasse'], lacks: ['refKorrespondansepart'] },
    {
      name: 'linkToId: temporary ids saved earlier whose type fits the target',
      text: tx(
        '{ "action": "save", "type": "Journalpost", "id": "jp", "fields": {} },',
        '{ "action": "save", "type": "Saksmappe", "id": "sak", "fields": {} },',
        '{ "action": "save", "type": "Korrespondansepart", "id": "kp", "fields": {} },',
        '{ "action": "link", "type": "Korrespondansepart", "id": "kp", "ref": "refRegistrering", "linkToId": "|" },',
        '{ "action": "save", "type": "Journalpost", "id": "later", "fields": {} }',
      ),
      has: ['jp'],
      lacks: ['sak', 'kp', 'later'],
      apply: { label: 'jp', line: '{ "action": "link", "type": "Korrespondansepart", "id": "kp", "ref": "refRegistrering", "linkToId": "jp" },' },
    },
    {
      name: 'linkToId inside an array',
      text: tx('{ "action": "save", "type": "Journalpost", "id": "jp", "fields": {} },', '{ "action": "link", "type": "Dokument", "id": "d", "ref": "refRegistrering", "linkToId": ["|"] }'),
      has: ['jp'],
    },
    {
      name: 'id of a link: earlier temporary ids of the action type',
      text: tx('{ "action": "save", "type": "Journalpost", "id": "jp", "fields": {} },', '{ "action": "save", "type": "Dokument", "id": "d", "fields": {} },', '{ "action": "link", "type": "Journalpost", "id": "|" }'),
      has: ['jp'],
      lacks: ['d'],
    },
    { name: 'no id suggestions for a save', text: tx('{ "action": "save", "type": "Journalpost", "id": "|" }'), empty: true },
    { name: 'a bare array of actions', text: ['###', 'TRANSACTION', '[ { "action": "save", "type": "|" } ]'], has: ['Journalpost'] },
    { name: 'comment lines in the body do not confuse the location', text: ['###', 'TRANSACTION', '{', '  # the entry', '  "actions": [ { "action": "save", "type": "|" } ]', '}'], has: ['Journalpost'] },
    { name: 'the body may start on the TRANSACTION line', text: ['###', 'TRANSACTION { "actions": [ { "action": "|" } ] }'], has: ['save'] },
    { name: 'unfinished text: an unterminated value', text: ['###', 'TRANSACTION', '{ "actions": [ { "action": "save", "type": "Jour|'], has: ['Journalpost'], apply: { label: 'Journalpost', line: '{ "actions": [ { "action": "save", "type": "Journalpost"' } },
  ]);

  it('linkToId suggests ids from earlier blocks whose type fits', () => {
    const r = completeAt(
      [
        '### findCase',
        'QUERY Saksmappe',
        '### findArchive',
        'QUERY Arkiv',
        '### register',
        'TRANSACTION',
        '{ "actions": [ { "action": "save", "type": "Journalpost", "id": "jp", "fields": {} } ] }',
        '### attach',
        'TRANSACTION',
        '{ "actions": [ { "action": "link", "type": "Journalpost", "id": "jp2", "ref": "refMappe", "linkToId": "|" } ] }',
        '### later',
        'QUERY Saksmappe',
      ].join('\n'),
    );
    assert.ok(r.labels.includes('{{findCase.results[0].id}}'), r.labels.join(', '));
    assert.ok(!r.labels.includes('{{findArchive.results[0].id}}'));
    assert.ok(!r.labels.includes('{{later.results[0].id}}'));
    assert.ok(!r.labels.includes('{{register.saved.jp.id}}'), 'a Journalpost is not a folder');
    assert.match(r.apply('{{findCase.results[0].id}}'), /"linkToId": "\{\{findCase\.results\[0\]\.id\}\}"/);
  });

  it('a saved id of an earlier transaction fits a Dokument link to a record', () => {
    const r = completeAt(
      [
        '### register',
        'TRANSACTION',
        '{ "actions": [ { "action": "save", "type": "Journalpost", "id": "jp", "fields": {} } ] }',
        '### attach',
        'TRANSACTION',
        '{ "actions": [ { "action": "link", "type": "Dokument", "id": "d", "ref": "refRegistrering", "linkToId": "|" } ] }',
      ].join('\n'),
    );
    assert.ok(r.labels.includes('{{register.saved.jp.id}}'), r.labels.join(', '));
  });

  it('BSM groups and fields from the live registry', () => {
    const bsmRegistry: BsmGroup[] = [{ groupId: 'case-data', groupName: 'Case data', fields: [{ fieldId: 'status', fieldType: 'string', fieldValues: ['open', 'closed'] }, { fieldId: 'count', fieldType: 'long' }] }];
    const groups = completeAt(tx('{ "action": "save", "type": "Journalpost", "fields": { "virksomhetsspesifikkeMetadata": { | } } }').join('\n'), { bsmRegistry });
    assert.deepEqual(groups.labels, ['case-data']);
    const fields = completeAt(tx('{ "action": "save", "type": "Journalpost", "fields": { "virksomhetsspesifikkeMetadata": { "case-data": { | } } } }').join('\n'), { bsmRegistry });
    assert.deepEqual([...fields.labels].sort(), ['count', 'status']);
    const values = completeAt(tx('{ "action": "save", "type": "Journalpost", "fields": { "virksomhetsspesifikkeMetadata": { "case-data": { "status": "|" } } } }').join('\n'), { bsmRegistry });
    assert.deepEqual(values.labels, ['open', 'closed']);
    const odd = completeAt(tx('{ "action": "save", "type": "Journalpost", "fields": { "virksomhetsspesifikkeMetadata": { | } } }').join('\n'), { bsmRegistry: [{ groupId: 'a$b}', fields: [] }] });
    const edit = odd.item('a$b}').textEdit;
    assert.equal(edit && 'newText' in edit ? edit.newText : '', '"a\\$b\\}": { $0 }', 'snippet syntax in a name is escaped');
  });

  it('a field key inserts a value snippet for its type', () => {
    const r = completeAt(tx('{ "action": "save", "type": "Journalpost", "fields": { | } }').join('\n'));
    const newText = (label: string): string => {
      const edit = r.item(label).textEdit;
      return edit && 'newText' in edit ? edit.newText : '';
    };
    assert.equal(newText('bevaringstid'), '"bevaringstid": ${1:0}');
    assert.equal(newText('dokumentetsDato'), '"dokumentetsDato": "${1:2024-01-31}"');
    assert.equal(newText('skjermKorrespondanseParterEInnsyn'), '"skjermKorrespondanseParterEInnsyn": ${1|true,false|}');
    assert.equal(newText('journalposttype'), '"journalposttype": "$1"');
    assert.equal(r.item('journalposttype').command?.command, 'editor.action.triggerSuggest', 'a code-list field opens its codes');
    assert.equal(r.item('tittel').command, undefined);
  });
});

describe('completion: {{references}}', () => {
  const file = (...lines: string[]): string[] => [
    '@caseId = "42"',
    '### findCase',
    'QUERY Saksmappe',
    '### register',
    'TRANSACTION',
    '{ "actions": [ { "action": "save", "type": "Journalpost", "id": "jp", "fields": {} },',
    '  { "action": "save", "type": "Korrespondansepart", "id": "kp", "fields": {} } ] }',
    '### letter',
    'UPLOAD ./a.pdf',
    ...lines,
    '### later',
    'QUERY Arkiv',
  ];
  run([
    { name: 'variables and earlier blocks, nearest block first', text: file('### d', 'DOWNLOAD {{|'), has: ['caseId', 'findCase', 'register', 'letter'], lacks: ['later', 'd'], order: [['caseId', 'letter'], ['letter', 'findCase']] },
    { name: 'a partial name is replaced', text: file('### d', 'DOWNLOAD {{fi|}}'), apply: { label: 'findCase', line: 'DOWNLOAD {{findCase}}' } },
    { name: 'members of a query response', text: file('### d', 'DOWNLOAD {{findCase.|'), has: ['hasMore', 'results'] },
    { name: 'an array offers an index', text: file('### d', 'DOWNLOAD {{findCase.results.|'), has: ['[0]'], apply: { label: '[0]', line: 'DOWNLOAD {{findCase.results[0]' } },
    { name: 'an index after [', text: file('### d', 'DOWNLOAD {{findCase.results[|'), has: ['[0]'], apply: { label: '[0]', line: 'DOWNLOAD {{findCase.results[0]' } },
    { name: 'entity members', text: file('### d', 'DOWNLOAD {{findCase.results[0].|'), has: ['type', 'id', 'version', 'fields', 'links'] },
    { name: 'fields of the entity type', text: file('### d', 'DOWNLOAD {{findCase.results[0].fields.|'), has: ['tittel', 'saksaar'], lacks: ['journalposttype'] },
    { name: 'saved temporary ids of a transaction', text: file('### d', 'DOWNLOAD {{register.saved.|'), has: ['jp', 'kp'] },
    { name: 'an upload answers with an id', text: file('### d', 'DOWNLOAD {{letter.|'), has: ['id'] },
    { name: 'inside a JSON string', text: file('### t', 'TRANSACTION', '{ "actions": [ { "action": "link", "type": "Journalpost", "id": "1", "ref": "refMappe", "linkToId": "{{findCase.results[0].|" } ] }'), has: ['id'] },
    { name: 'in a variable value', text: file('### q', '@case = {{findCase.results[0].|', 'QUERY Journalpost'), has: ['id', 'fields'] },
    { name: 'a variable\'s own name is not offered in its value', text: file('### q', '@own = 1', '@r = {{|', 'QUERY Journalpost'), has: ['own', 'caseId'], lacks: ['r'] },
    { name: 'nor a variable that leads back to it', text: ['@x = {{y}}', '@z = 1', '@y = {{|', '### a', 'GET code-lists'], has: ['z'], lacks: ['y', 'x'] },
    { name: 'an unknown member has nothing to continue', text: file('### d', 'DOWNLOAD {{findCase.nothing.|'), empty: true },
    { name: 'after a closed reference, no reference completion', text: file('### d', 'DOWNLOAD {{letter.id}} |'), empty: true },
  ]);

  it('shows the value from the last response', () => {
    const responses = new Map([['findCase', { status: 200, body: { hasMore: false, results: [{ type: 'Saksmappe', id: '123', version: '1', fields: {}, links: {} }] }, receivedAt: 0 }]]);
    const r = completeAt(file('### d', 'DOWNLOAD {{findCase.results[0].|').join('\n'), { responses });
    const id = r.item('id');
    assert.equal(id.labelDetails?.description, '"123"');
    assert.match((id.documentation as MarkupContent).value, /"123"/);
  });

  it('many blocks: the name list is capped and marked incomplete', () => {
    const lines: string[] = [];
    for (let i = 0; i < 150; i++) lines.push(`### b${i}`, 'QUERY Arkiv');
    lines.push('### d', 'DOWNLOAD {{b|');
    const r = completeAt(lines.join('\n'));
    assert.equal(r.list.isIncomplete, true);
    assert.equal(r.labels.length, 100);
    assert.ok(r.labels.includes('b149'), 'the nearest blocks are kept');
  });
});

describe('completion: EXPECT lines', () => {
  const q = (...lines: string[]): string[] => ['### find', 'QUERY Journalpost', ...lines];
  run([
    { name: 'subjects and the top-level keys', text: q('EXPECT |'), has: ['status', 'time', 'header', 'results', 'hasMore'], lacks: ['[*]'] },
    { name: 'a half-typed subject is replaced', text: q('EXPECT res|'), has: ['results'], apply: { label: 'results', line: 'EXPECT results' } },
    { name: 'the word at the cursor is still the subject', text: q('EXPECT results|'), has: ['results'], lacks: ['[*]'] },
    { name: 'members after an array and a dot', text: q('EXPECT results.|'), has: ['[*]', '[0]', 'length'], apply: { label: '[*]', line: 'EXPECT results[*]' } },
    { name: 'an entity\'s members after [*]', text: q('EXPECT results[*].|'), has: ['fields', 'id', 'links'] },
    { name: 'fields after fields.', text: q('EXPECT results[0].fields.tit|'), has: ['tittel'], apply: { label: 'tittel', line: 'EXPECT results[0].fields.tittel' } },
    { name: 'a transaction\'s temp ids', text: ['### t', 'TRANSACTION', '[{"action": "save", "type": "Journalpost", "id": "jp", "fields": {}}]', 'EXPECT saved.|'], has: ['jp'] },
    { name: 'number operators after a number', text: q('EXPECT results.length |'), has: ['=', '>=', 'exists'], lacks: ['%=', '~'] },
    { name: 'text operators after a text field', text: q('EXPECT results[0].fields.tittel |'), has: ['%=', '~', 'absent'] },
    { name: 'no tests on status', text: q('EXPECT status |'), has: ['=', '<'], lacks: ['exists', '%='] },
    { name: 'codes after = on a code-list field', text: q('EXPECT results[0].fields.journalposttype = |'), has: ['I', 'U'], apply: { label: 'I', line: 'EXPECT results[0].fields.journalposttype = "I"' } },
    { name: 'codes after an opening quote', text: q('EXPECT results[0].fields.journalposttype != "|'), has: ['I'], apply: { label: 'U', line: 'EXPECT results[0].fields.journalposttype != "U"' } },
    { name: 'nothing in a comment line', text: q('# EXPECT |'), empty: true },
    { name: 'EXPECT and RETRY after a query, with its clauses', text: q('LIMIT 1', 'EX|'), has: ['EXPECT', 'RETRY', 'WHERE'], apply: { label: 'EXPECT', line: 'EXPECT ' } },
    { name: 'EXPECT after a finished JSON body', text: ['### s', 'POST full-text/search', '{ "query": "x" }', '|'], has: ['EXPECT', 'RETRY'] },
    { name: 'not inside a JSON body', text: ['### s', 'POST full-text/search', '{', '  |', '}'], lacks: ['EXPECT', 'RETRY'] },
    { name: 'not after an unfinished JSON body', text: ['### s', 'POST full-text/search', '{ "query": "x",', '|'], lacks: ['EXPECT', 'RETRY'] },
    { name: 'after UPLOAD', text: ['### u', 'UPLOAD ./a.pdf', '|'], has: ['EXPECT'] },
  ]);
});

describe('completion: capped lists', () => {
  it('a long live code list is cut and marked incomplete', () => {
    const codes: CodeValue[] = Array.from({ length: 250 }, (_, i) => ({ code: `C${i}`, name: `Code ${i}` }));
    const r = completeAt(tx('{ "action": "save", "type": "Journalpost", "fields": { "journalposttype": "|" } }').join('\n'), { codeLists: new Map([['journalposttype', codes]]) });
    assert.equal(r.list.isIncomplete, true);
    assert.equal(r.labels.length, 200);
  });
});

describe('completion and hover: robustness', () => {
  it('never throws, at any offset of a file with complete and broken requests', () => {
    const text = [
      '@year = 2024',
      '@t = "I"',
      '# comment',
      '### findCase Find it',
      'QUERY Saksmappe',
      'WHERE saksaar = @year && (refEksternId.eksterntSystem = @sys || #k.klasseIdent = [@a:@b})',
      'JOIN #k = refSekundaerKlasse',
      'SORT tittel DESC, saksaar',
      'LIMIT 1',
      'PUBLICUSE false',
      '### register',
      'TRANSACTION',
      '{ "actions": [ { "action": "save", "type": "Journalpost", "id": "jp", "fields": { "tittel": "x", "journalposttype": "I", "virksomhetsspesifikkeMetadata": { "g": { "f": 1 } } } },',
      '  # note',
      '  { "action": "link", "type": "Journalpost", "id": "jp", "ref": "refMappe", "linkToId": ["{{findCase.results[0].id}}", "jp"] },',
      '  { "action": "unlink", "type": "Nope", "id": 5, "ref": 3, "unlinkFromId": {} }, 17, ',
      '### broken',
      'QUERY',
      'WHERE . = [ : && || ( @',
      'JOIN = #',
      'SORT , ASC',
      '### more',
      'TRANSACTION {"actions": [ { "action": "sa',
      '### d',
      'DOWNLOAD {{findCase.results[0].id}} TO ./x.pdf',
      'GET code-lists?type={{register.saved.jp.type}}',
      '@late = {{',
    ].join('\n');
    const bsmRegistry = [{ groupId: 'g', fields: [{ fieldId: 'f', fieldType: 'long' }] }];
    const context = { environment: { sys: 'x' }, bsmRegistry, codeLists: new Map([['journalposttype', [{ code: 'I', name: 'In' }]]]), responses: new Map([['findCase', { status: 200, body: null, receivedAt: 0 }]]) };
    for (let offset = 0; offset <= text.length; offset++) {
      const marked = `${text.slice(0, offset)}|${text.slice(offset)}`;
      if (marked[offset - 1] === '|' || marked[offset + 1] === '|') continue;
      assert.doesNotThrow(() => completeAt(marked, context), `offset ${offset}`);
      assert.doesNotThrow(() => hoverAt(marked, context), `offset ${offset}`);
    }
  });
});

describe('completion inside a JSON string the user began, for clients that ignore the range', () => {
  /**
   * Neovim's omnifunc and ALE put an item's text in place of the word before the cursor (its
   * letters and digits) and keep those items whose text starts with that word; eglot filters on
   * the same word. Applying the item's range and doing as they do must give the same line.
   */
  const cases: Array<{ name: string; text: string[]; label: string; line: string }> = [
    { name: 'a type in a closed string', text: tx('{ "action": "save", "type": "Journ|" }'), label: 'Journalpost', line: '{ "action": "save", "type": "Journalpost" }' },
    { name: 'an action in an empty string', text: tx('{ "action": "|" }'), label: 'save', line: '{ "action": "save" }' },
    { name: 'a type in a string not yet closed', text: tx('{ "action": "save", "type": "Jour|'), label: 'Journalpost', line: '{ "action": "save", "type": "Journalpost"' },
    { name: 'a code in a variable\'s value', text: ['@t = "|"', '###', 'QUERY Journalpost', 'WHERE journalposttype = @t'], label: 'I', line: '@t = "I"' },
    { name: 'a key (a snippet) in a closed string', text: tx('{ "ac|" }'), label: 'action', line: '{ "action": "${1|save,link,unlink,delete|}" }' },
    { name: 'a key in an empty string', text: tx('{ "action": "save", "type": "Saksmappe", "fields": { "|" } }'), label: 'tittel', line: '{ "action": "save", "type": "Saksmappe", "fields": { "tittel": "$1" } }' },
    { name: 'a key in a string not yet closed', text: tx('{ "|'), label: 'action', line: '{ "action": "${1|save,link,unlink,delete|}"' },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const r = completeAt(c.text.join('\n'));
      const lineIndex = c.text.findIndex((l) => l.includes('|'));
      assert.equal(r.apply(c.label).split('\n')[lineIndex], c.line, 'with the range');
      const item = r.item(c.label);
      const text = item.textEdit && 'newText' in item.textEdit ? item.textEdit.newText : item.label;
      const lineStart = r.text.lastIndexOf('\n', r.offset - 1) + 1;
      const word = /[\p{L}\p{N}_]*$/u.exec(r.text.slice(lineStart, r.offset))![0];
      assert.ok(text.startsWith(word), `${JSON.stringify(text)} starts with the typed word ${JSON.stringify(word)}`);
      assert.ok((item.filterText ?? item.label).startsWith(word), `the filter text starts with ${JSON.stringify(word)}`);
      const inserted = r.text.slice(0, r.offset - word.length) + text + r.text.slice(r.offset);
      assert.equal(inserted.split('\n')[lineIndex], c.line, 'at the word before the cursor');
    });
  }
});
