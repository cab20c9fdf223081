import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hoverAt } from '../../test/fixtures/completionFixtures';
import type { BlockResponse, FeatureContext } from './featureContext';

interface Case {
  name: string;
  /** Lines of the fixture; `|` marks the cursor. */
  text: string[];
  /** The text the hover's range covers. */
  covered?: string;
  /** Substrings the markdown holds. */
  says?: string[];
  /** Substrings it must not hold. */
  not?: string[];
  /** No hover at all. */
  none?: boolean;
  context?: Partial<FeatureContext>;
}

function run(cases: Case[]): void {
  for (const c of cases) {
    it(c.name, () => {
      const r = hoverAt(c.text.join('\n'), c.context);
      if (c.none) {
        assert.equal(r.hover, null, `expected no hover, got: ${r.markdown}`);
        return;
      }
      assert.ok(r.hover, 'expected a hover');
      if (c.covered !== undefined) assert.equal(r.covered, c.covered);
      for (const s of c.says ?? []) assert.ok(r.markdown.includes(s), `missing ${JSON.stringify(s)} in:\n${r.markdown}`);
      for (const s of c.not ?? []) assert.ok(!r.markdown.includes(s), `unexpected ${JSON.stringify(s)} in:\n${r.markdown}`);
    });
  }
}

describe('hover: QUERY requests', () => {
  run([
    { name: 'the entity type', text: ['###', 'QUERY Sak|smappe'], covered: 'Saksmappe', says: ['**Saksmappe** — Case File', 'Subtype of AbstraktMappe', 'query, transaction'] },
    { name: 'an abstract type names its concrete types', text: ['###', 'QUERY AbstraktMap|pe'], says: ['Abstract type', 'Saksmappe', 'Moetemappe'] },
    { name: 'a field: type, M-number, flags and the note', text: ['###', 'QUERY Journalpost', 'WHERE journalpost|type = @t'], covered: 'journalposttype', says: ['field of Journalpost', '`string` · M082', 'indexed', 'sortable', 'code list journalposttype'] },
    { name: 'a date field shows its format', text: ['###', 'QUERY Journalpost', 'WHERE registrerings|Dato = @d'], says: ['`date`', 'yyyy-MM-dd'] },
    { name: 'a reference: target and cardinality', text: ['###', 'QUERY Journalpost', 'WHERE ref|Mappe.tittel = @t'], covered: 'refMappe', says: ['reference of Journalpost', '**AbstraktMappe**, 1 (exactly one)', 'points to the parent', 'returned in `links`'] },
    { name: 'a segment after a reference is looked up on its target', text: ['###', 'QUERY Journalpost', 'WHERE refMappe.tit|tel = @t'], covered: 'tittel', says: ['field of AbstraktMappe'] },
    { name: 'a to-many reference', text: ['###', 'QUERY Journalpost', 'WHERE refEkstern|Id.eksternID = @e'], says: ['**EksternId**, 0..* (any number)'] },
    { name: 'a member on an abstract type that only some subtypes have', text: ['###', 'QUERY AbstraktRegistrering', 'WHERE journalpost|type = @t'], says: ['Only on Journalpost'] },
    { name: 'an unknown field has no hover', text: ['###', 'QUERY Journalpost', 'WHERE nothin|g = @t'], none: true },
    { name: 'an operator', text: ['###', 'QUERY Journalpost', 'WHERE tittel %|= @t'], covered: '%=', says: ['like'] },
    { name: 'a sort field', text: ['###', 'QUERY Journalpost', 'SORT registrerings|Dato DESC'], covered: 'registreringsDato', says: ['sortable'] },
    { name: 'a sort order', text: ['###', 'QUERY Journalpost', 'SORT tittel DE|SC'], covered: 'DESC', says: ['descending'] },
    { name: 'blank space in a query has no hover', text: ['###', 'QUERY Journalpost', 'WHERE tittel = @t   |  '], none: true },
  ]);
});

describe('hover: aliases', () => {
  run([
    { name: 'an alias in WHERE: its JOIN, target and reference', text: ['###', 'QUERY Journalpost', 'JOIN #k1 = refSekundaerKlasse', 'WHERE #k|1.klasseIdent = @k'], covered: '#k1', says: ['`JOIN #k1 = refSekundaerKlasse` → **Klasse**', '0..* (any number)'] },
    { name: 'the alias of a JOIN line', text: ['###', 'QUERY Journalpost', 'JOIN #k|1 = refSekundaerKlasse', 'WHERE #k1.klasseIdent = @k'], covered: '#k1', says: ['→ **Klasse**'] },
    { name: 'a field after an alias is looked up on the alias target', text: ['###', 'QUERY Journalpost', 'JOIN #k1 = refSekundaerKlasse', 'WHERE #k1.klasse|Ident = @k'], covered: 'klasseIdent', says: ['field of Klasse', 'M002'] },
    { name: 'a JOIN path segment', text: ['###', 'QUERY Journalpost', 'JOIN #k1 = refSekundaer|Klasse', 'WHERE #k1.klasseIdent = @k'], covered: 'refSekundaerKlasse', says: ['reference of Journalpost'] },
    { name: 'an undefined alias says how to define it', text: ['###', 'QUERY Journalpost', 'WHERE #n|o.tittel = @k'], says: ['not defined', 'JOIN #no'] },
  ]);
});

describe('hover: parameters and variables', () => {
  run([
    { name: 'a file variable: value and the field it is compared with', text: ['@year = 2024', '###', 'QUERY Saksmappe', 'WHERE saksaar = @ye|ar'], covered: '@year', says: ['**@year** — file variable', '2024', 'Compared with `saksaar` (number)'] },
    { name: 'a block variable shadows a file variable', text: ['@t = "x"', '###', '@t = "I"', 'QUERY Journalpost', 'WHERE journalposttype = @|t'], says: ['block variable', '"I"', 'Shadows the file variable'] },
    { name: 'a value that cannot match the field is flagged', text: ['@year = "last year"', '###', 'QUERY Saksmappe', 'WHERE saksaar = @ye|ar'], says: ['⚠', 'number'] },
    { name: 'a value the archive converts says what it becomes', text: ['@year = "2024"', '###', 'QUERY Saksmappe', 'WHERE saksaar = @ye|ar'], says: ['converts this value to 2024'] },
    { name: 'a timestamp on a date is its date in the archive zone', text: ['@from = "2024-08-01T00:00:00.000+0200"', '###', 'QUERY Saksmappe', 'WHERE saksdato = [@fr|om:@from]'], covered: '@from', says: ['A timestamp on a date', 'the date 2024-08-01', 'Europe/Oslo'] },
    { name: 'a date on a timestamp is the whole day in the archive zone', text: ['@to = "2019-06-30"', '###', 'QUERY Journalpost', 'WHERE opprettetDato = [@to:@t|o]'], covered: '@to', says: ['whole day 2019-06-30', 'Europe/Oslo', '2019-06-30T00:00:00.000+0200', '2019-06-30T23:59:59.999+0200', 'an end bound `]` includes the day'] },
    { name: 'an environment variable', text: ['###', 'QUERY Journalpost', 'WHERE tittel = @en|vTitle'], says: ['environment', '"from env"'], context: { environment: { envTitle: 'from env' } } },
    { name: 'an undefined parameter says how to declare it', text: ['###', 'QUERY Journalpost', 'WHERE tittel = @miss|ing'], says: ['not defined', '`@missing = value`'] },
    { name: 'a range bound', text: ['@from = "2024-01-01"', '@to = "2024-12-31"', '###', 'QUERY Journalpost', 'WHERE registreringsDato = [@from:@t|o]'], covered: '@to', says: ['"2024-12-31"', 'registreringsDato'] },
    { name: 'a variable whose value is a reference', text: ['### findCase', 'QUERY Saksmappe', '### next', '@case = {{findCase.results[0].id}}', 'QUERY Journalpost', 'WHERE refMappe.id = @ca|se'], says: ['`{{findCase.results[0].id}}`'] },
    { name: 'the declaration of a file variable', text: ['@ye|ar = 2024', '###', 'QUERY Saksmappe'], covered: '@year', says: ['file variable', '2024', 'every request in the file'] },
    { name: 'the declaration of a block variable', text: ['###', '@|t = "I"', 'QUERY Journalpost'], covered: '@t', says: ['block variable', 'this block only'] },
    { name: 'a misplaced declaration is flagged', text: ['###', 'QUERY Journalpost', '@|t = "I"'], says: ['ignored'] },
  ]);
});

describe('hover: TRANSACTION bodies', () => {
  const body = (...actions: string[]): string[] => ['### t', 'TRANSACTION', '{ "actions": [', ...actions, '] }'];
  const save = '{ "action": "save", "type": "Journalpost", "id": "jp", "fields": { "tittel": "x", "journalposttype": "I" } },';
  run([
    { name: 'the entity type', text: body('{ "action": "save", "type": "Journal|post", "id": "jp" }'), covered: '"Journalpost"', says: ['**Journalpost** — Registry Entry'] },
    { name: 'an action verb', text: body('{ "action": "li|nk", "type": "Journalpost" }'), covered: '"link"', says: ['from the child toward the parent'] },
    { name: 'an action key', text: body('{ "action": "link", "link|ToId": "1" }'), covered: '"linkToId"', says: ['temporary id saved earlier'] },
    { name: 'a ref: target and cardinality', text: body('{ "action": "link", "type": "Journalpost", "id": "1", "ref": "ref|Mappe", "linkToId": "2" }'), covered: '"refMappe"', says: ['**AbstraktMappe**, 1 (exactly one)', 'linkable'] },
    { name: 'a field name', text: body('{ "action": "save", "type": "Journalpost", "id": "jp", "fields": { "tit|tel": "x" } }'), covered: '"tittel"', says: ['field of Journalpost', 'M020'] },
    { name: 'a code of a code-list field', text: body('{ "action": "save", "type": "Journalpost", "id": "jp", "fields": { "journalposttype": "|I" } }'), covered: '"I"', says: ['**I** — Inngående dokument', 'Code list `journalposttype`'] },
    { name: 'a temporary id where it is created', text: body('{ "action": "save", "type": "Journalpost", "id": "j|p", "fields": {} }'), covered: '"jp"', says: ['new Journalpost, created by this save (action 1)'] },
    { name: 'a temporary id used by a later action', text: body(save, '{ "action": "link", "type": "Journalpost", "id": "j|p", "ref": "refMappe", "linkToId": "1" }'), says: ['the new Journalpost saved by action 1'] },
    { name: 'a temporary id in linkToId', text: body(save, '{ "action": "save", "type": "Korrespondansepart", "id": "kp", "fields": {} },', '{ "action": "link", "type": "Korrespondansepart", "id": "kp", "ref": "refRegistrering", "linkToId": "j|p" }'), says: ['saved by action 1'], not: ['⚠'] },
    { name: 'a temporary id of the wrong type for the ref', text: body(save, '{ "action": "save", "type": "Dokument", "id": "d", "fields": {} },', '{ "action": "link", "type": "Journalpost", "id": "jp", "ref": "refMappe", "linkToId": "|d" }'), says: ['⚠ `refMappe` points to AbstraktMappe, not Dokument'] },
    { name: 'a temporary id in an id array', text: body(save, '{ "action": "link", "type": "Dokument", "id": "1", "ref": "refRegistrering", "linkToId": ["j|p"] }'), says: ['saved by action 1'] },
    { name: 'a temporary id no save creates', text: body('{ "action": "link", "type": "Journalpost", "id": "gh|ost", "ref": "refMappe", "linkToId": "1" }'), says: ['no save in this transaction creates it'] },
    { name: 'a temporary id saved further down', text: body('{ "action": "link", "type": "Journalpost", "id": "j|p", "ref": "refMappe", "linkToId": "1" },', save), says: ['saved only further down'] },
    { name: 'a numeric id', text: body('{ "action": "link", "type": "Journalpost", "id": "12|3", "ref": "refMappe", "linkToId": "1" }'), says: ['existing entity', 'Journalpost'] },
    { name: 'punctuation has no hover', text: body('{ "action": "save", "type": "Journalpost" }|,'), none: true },
  ]);

  it('BSM groups and fields from the live registry', () => {
    const bsmRegistry = [{ groupId: 'case-data', groupName: 'Case data', fields: [{ fieldId: 'status', fieldType: 'string', fieldName: 'Status', fieldValues: ['open'] }] }];
    const group = hoverAt(body('{ "action": "save", "type": "Journalpost", "id": "jp", "fields": { "virksomhetsspesifikkeMetadata": { "case-d|ata": { "status": "open" } } } }').join('\n'), { bsmRegistry });
    assert.match(group.markdown, /\*\*case-data\*\* — BSM group Case data/);
    const field = hoverAt(body('{ "action": "save", "type": "Journalpost", "id": "jp", "fields": { "virksomhetsspesifikkeMetadata": { "case-data": { "sta|tus": "open" } } } }').join('\n'), { bsmRegistry });
    assert.match(field.markdown, /\*\*status\*\* — BSM field of case-data \(`string`\)/);
    assert.match(field.markdown, /Values: `open`/);
  });
});

describe('hover: {{references}}', () => {
  const file = (...lines: string[]): string[] => [
    '@caseId = "42"',
    '### findCase Look up the case',
    'QUERY Saksmappe',
    '### register',
    'TRANSACTION',
    '{ "actions": [ { "action": "save", "type": "Journalpost", "id": "jp", "fields": {} } ] }',
    ...lines,
  ];
  const responses = new Map<string, BlockResponse>([
    ['findCase', { status: 200, body: { hasMore: false, results: [{ type: 'Saksmappe', id: '123', version: '1', fields: { tittel: 'Byggesak' }, links: {} }] }, receivedAt: Date.UTC(2024, 0, 31, 12) }],
  ]);
  run([
    { name: 'a block name: its request and response', text: file('### d', 'DOWNLOAD {{find|Case.results[0].id}}'), covered: 'findCase', says: ['Block `findCase` — Look up the case: `QUERY Saksmappe`', 'the response of a query for Saksmappe'] },
    { name: 'a path segment: its shape and the entity type of the id', text: file('### d', 'DOWNLOAD {{findCase.results[0].i|d}}'), covered: 'id', says: ['**{{findCase.results[0].id}}**', 'id of a Saksmappe', '_Run block `findCase` to see its value._'] },
    { name: 'a segment in the middle of the path', text: file('### d', 'DOWNLOAD {{findCase.res|ults[0].id}}'), covered: 'results', says: ['**{{findCase.results}}**', 'Saksmappe[]'] },
    { name: 'the value from the last response', text: file('### d', 'DOWNLOAD {{findCase.results[0].i|d}}'), says: ['Last response (status 200, 2024-01-31T12:00:00.000Z)', '"123"'], context: { responses } },
    { name: 'a path missing from the last response', text: file('### d', 'DOWNLOAD {{findCase.results[1].i|d}}'), says: ['Not in the last response'], context: { responses } },
    { name: 'a saved temporary id of a transaction', text: file('### d', 'DOWNLOAD {{register.saved.j|p.id}}'), says: ['Journalpost'] },
    { name: 'a variable', text: file('### d', 'DOWNLOAD {{case|Id}}'), covered: 'caseId', says: ['file variable `@caseId`', '"42"'] },
    { name: 'a wrong path says what exists', text: file('### d', 'DOWNLOAD {{findCase.resul|t}}'), says: ['⚠', 'did you mean `results`'] },
    { name: 'inside a JSON string', text: file('### t', 'TRANSACTION', '{ "actions": [ { "action": "link", "type": "Journalpost", "id": "1", "ref": "refMappe", "linkToId": "{{findCase.results[0].i|d}}" } ] }'), covered: 'id', says: ['id of a Saksmappe'] },
    { name: 'the braces stand for the whole reference', text: file('### d', 'DOWNLOAD {{findCase.results[0].id}|}'), covered: '{{findCase.results[0].id}}', says: ['**{{findCase.results[0].id}}**'] },
  ]);
});

describe('hover: elsewhere', () => {
  run([
    { name: 'a comment', text: ['# a comm|ent', '###', 'QUERY Saksmappe'], none: true },
    { name: 'a block separator', text: ['### fin|dCase', 'QUERY Saksmappe'], none: true },
    { name: 'an UPLOAD path', text: ['###', 'UPLOAD ./fi|les/a.pdf'], none: true },
  ]);

  it('the range is in document positions, in a block far down the file', () => {
    const lines: string[] = [];
    for (let i = 0; i < 50; i++) lines.push(`### b${i}`, 'QUERY Arkiv');
    lines.push('### last', 'QUERY Journalpost', 'WHERE tit|tel = @t');
    const r = hoverAt(lines.join('\n'));
    assert.equal(r.covered, 'tittel');
    assert.equal(r.hover?.range?.start.line, 102);
    assert.equal(r.hover?.range?.start.character, 6);
  });
});

describe('hover: EXPECT and RETRY lines', () => {
  const q = (...lines: string[]): string[] => ['### find', 'QUERY Journalpost', ...lines];
  const response: BlockResponse = { status: 200, body: { hasMore: false, results: [{ type: 'Journalpost', id: '7', version: '1', fields: { tittel: 'Søknad' }, links: {} }] }, receivedAt: 0 };
  run([
    { name: 'a field in a path, from the model', text: q('EXPECT results[0].fields.tit|tel = "x"'), covered: 'tittel', says: ['**results[0].fields.tittel**', 'tittel'] },
    { name: 'a path through [*]', text: q('EXPECT results[*].i|d exists'), covered: 'id', says: ['**results[*].id**', 'Journalpost'] },
    { name: 'the last response\'s value', text: q('EXPECT results[0].fields.tit|tel = "x"'), says: ['Last response', 'Søknad'], context: { responses: new Map([['find', response]]) } },
    { name: 'the keyword', text: q('EXP|ECT status = 200'), covered: 'EXPECT', says: ['what the response must be'] },
    { name: 'status', text: q('EXPECT sta|tus = 400'), covered: 'status', says: ['HTTP status'] },
    { name: 'an operator', text: q('EXPECT results[0].fields.tittel %|= "S%"'), covered: '%=', says: ['any run of characters'] },
    { name: 'RETRY', text: ['### s', 'POST full-text/search', '{"query": "x"}', 'RET|RY 3 EVERY 2s', 'EXPECT total >= 1'], covered: 'RETRY', says: ['up to 3 more times', '2000 ms'] },
  ]);
});
