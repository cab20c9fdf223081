import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { noarkModel } from '../schema';
import { checkDocument, createDocumentChecker, parseDocument, type DocumentCheckOptions } from './index';

function check(text: string, options: Partial<DocumentCheckOptions> = {}): [string, string][] {
  return checkDocument(parseDocument(text), { model: noarkModel, ...options }).map((d) => [d.code, text.slice(d.start, d.end)]);
}

const register =
  '### register\nTRANSACTION\n[{"action": "save", "type": "Journalpost", "id": "jp", "fields": {"tittel": "T", "journalposttype": "I"}},\n' +
  ' {"action": "link", "type": "Journalpost", "id": "jp", "ref": "refMappe", "linkToId": "456"},\n' +
  ' {"action": "save", "type": "Korrespondansepart", "id": "kp", "fields": {"korrespondansepartNavn": "K", "korrespondanseparttype": "EA"}},\n' +
  ' {"action": "link", "type": "Korrespondansepart", "id": "kp", "ref": "refRegistrering", "linkToId": "jp"}]\n';

describe('EXPECT and RETRY checks', () => {
  it('checks the format doc\'s example clean', () => {
    const text = [
      '@year = 2024',
      '@seq = 17',
      '@nothing = "none"',
      '### findCase',
      'QUERY Saksmappe',
      'WHERE saksaar = @year && sakssekvensnummer = @seq',
      'LIMIT 1',
      'EXPECT status = 200',
      'EXPECT results.length = 1',
      'EXPECT results[0].fields.saksstatus = "B"',
      'EXPECT results[*].fields.saksaar = @year',
      register + 'EXPECT saved.jp.id exists',
      'EXPECT time < 2000',
      '',
      '### indexed',
      'POST full-text/search',
      '{ "doctype": "Registrering", "query": "{{register.saved.jp.id}}" }',
      'RETRY 20 EVERY 1s',
      'EXPECT total >= 1',
      '',
      '### refused',
      'QUERY Saksmappe',
      'WHERE tittel = @nothing',
      'EXPECT status = 400',
      'EXPECT errorId exists',
    ].join('\n');
    assert.deepEqual(check(text), []);
  });

  it('takes a date-only value on a timestamp field as that day, and a timestamp on a date field', () => {
    const q = (line: string): [string, string][] => check(`### a\nQUERY Journalpost\n${line}\n`);
    assert.deepEqual(q('EXPECT results[0].fields.opprettetDato >= "2024-01-31"'), []);
    assert.deepEqual(q('EXPECT results[0].fields.opprettetDato < "2024-01-31T12:00:00+01:00"'), []);
    assert.deepEqual(q('EXPECT results[0].fields.registreringsDato = "2024-01-31T00:00:00Z"'), []);
    assert.deepEqual(q('EXPECT results[0].fields.registreringsDato = "31.01.2024"'), [['noarkq.expectation-value-type', '"31.01.2024"']]);
    assert.deepEqual(q('EXPECT results[0].fields.registreringsDato = null'), []);
    assert.deepEqual(q('EXPECT results[0].fields.tittel.length > 3'), []);
    assert.deepEqual(q('EXPECT results[*].fields.tittel %= "Søknad%"'), []);
  });

  it('matches a status\'s digits with ~, and still checks the paths of the answer that status admits', () => {
    const q = (lines: string): [string, string][] => check(`### a\nQUERY Journalpost\n${lines}\n`);
    assert.deepEqual(q('EXPECT status ~ /^2\\d\\d$/'), []);
    // Only a 2xx: the paths are the query answer's, and a code the list lacks is still reported.
    assert.deepEqual(q('EXPECT status ~ /^2/\nEXPECT results[0].fields.journalposttype = "Q"'), [['noarkq.expectation-code-value', '"Q"']]);
    // Only a refusal: the paths are the error body's.
    assert.deepEqual(q('EXPECT status ~ /^4\\d\\d$/\nEXPECT errorId exists'), []);
    assert.deepEqual(q('EXPECT status ~ /^4/\nEXPECT results exists'), [['noarkq.expectation-unknown-path', 'results']]);
    assert.deepEqual(q('EXPECT status %= "2%"'), [['noarkq.expectation-operator', '%=']]);
    assert.deepEqual(q('EXPECT time ~ /^1/'), [['noarkq.expectation-operator', '~']]);
  });

  it('a block that expects only a refusal is a negative test: its request\'s rule breaches are warnings, and it is sent', () => {
    const caseFile = '### a\nTRANSACTION\n[{"action": "save", "type": "Saksmappe", "id": "s", "fields": {"tittel": "T"}},\n {"action": "link", "type": "Saksmappe", "id": "s", "ref": "refArkivdel", "linkToId": "1"}]\n';
    const diagnostics = (text: string) => checkDocument(parseDocument(text), { model: noarkModel }).map((d) => [d.code, d.severity]);
    assert.deepEqual(diagnostics(caseFile + 'EXPECT status = 200\n'), [['tx.missing-required-link', 'error']]);
    assert.deepEqual(diagnostics(caseFile), [['tx.missing-required-link', 'error']], 'no EXPECT status: it must succeed');
    assert.deepEqual(diagnostics(caseFile + 'EXPECT status = 400\n'), [['tx.missing-required-link', 'warning']]);
    assert.deepEqual(diagnostics(caseFile + 'EXPECT status >= 400\nEXPECT errorId exists\n'), [['tx.missing-required-link', 'warning']]);
    assert.deepEqual(diagnostics(caseFile + 'EXPECT status != 500\n'), [['tx.missing-required-link', 'error']], 'a 2xx is admitted too');
    assert.match(checkDocument(parseDocument(caseFile + 'EXPECT status = 400\n'), { model: noarkModel })[0]!.message, /Sent all the same: the block's EXPECT status expects the archive to refuse it/);
    // JSON that does not parse leaves nothing to send: still an error.
    assert.deepEqual(diagnostics('### a\nTRANSACTION\n{ "actions": [ \nEXPECT status = 400\n').filter(([, severity]) => severity === 'error').length > 0, true);
  });

  it('checks code-list values against live lists when given', () => {
    const text = '### a\nQUERY Journalpost\nEXPECT results[0].fields.journalposttype = "Q"\n';
    assert.deepEqual(check(text), [['noarkq.expectation-code-value', '"Q"']]);
    assert.deepEqual(check(text, { codeLists: new Map([['journalposttype', ['I', 'U', 'Q']]]) }), []);
  });

  it('reads the error body where the block expects a refusal, and leaves paths alone where it may be either', () => {
    assert.deepEqual(check('### a\nQUERY Journalpost\nEXPECT status = 400\nEXPECT errorId exists\nEXPECT description %= "%tittel%"\n'), []);
    assert.deepEqual(check('### a\nQUERY Journalpost\nEXPECT status >= 400\nEXPECT results exists\n'), [['noarkq.expectation-unknown-path', 'results']]);
    assert.deepEqual(check('### a\nQUERY Journalpost\nEXPECT status = 200\nEXPECT errorId exists\n'), [['noarkq.expectation-unknown-path', 'errorId']]);
    assert.deepEqual(check('### a\nQUERY Journalpost\nEXPECT status != 404\nEXPECT anything exists\n'), []);
  });

  it('counts a block variable an EXPECT line uses as used by the query block', () => {
    assert.deepEqual(check('### a\n@n = 1\nQUERY Journalpost\nEXPECT results.length = @n\n'), []);
    assert.deepEqual(check('### a\n@n = 1\nQUERY Journalpost\n'), [['noarkq.param-unused', '@n']]);
  });

  it('types an @variable from the environment too', () => {
    const text = '### a\nQUERY Journalpost\nEXPECT results[0].fields.journalpostnummer = @n\n';
    assert.deepEqual(check(text, { environment: { n: 'seven' } }), [['noarkq.expectation-value-type', '@n']]);
    assert.deepEqual(check(text, { environment: { n: 7 } }), []);
  });

  it('says did-you-mean for a temporary id the transaction does not save', () => {
    const diags = checkDocument(parseDocument(register + 'EXPECT saved.jpp.id exists\n'), { model: noarkModel });
    assert.equal(diags.length, 1);
    assert.equal(diags[0].code, 'noarkq.expectation-unknown-path');
    assert.match(diags[0].message, /did you mean `jp`/);
    assert.equal(diags[0].fixes?.[0].edits[0].newText, 'jp');
  });

  it('reads {{references}} in values like any other: an earlier block, never the block itself', () => {
    const ok = register + '### find\nQUERY Journalpost\nEXPECT results[0].id = {{register.saved.jp.id}}\n';
    assert.deepEqual(check(ok), []);
    assert.deepEqual(check(register + 'EXPECT saved.jp.id = {{register.saved.jp.id}}\n'), [['noarkq.reference-later-block', 'register']]);
    assert.deepEqual(check('### find\nQUERY Journalpost\nEXPECT results[0].id = {{registr.saved.jp.id}}\n' + register), [['noarkq.reference-unknown-block', 'registr']]);
  });

  it('types a {{reference}} value by the block it reads', () => {
    const find = '### find\nQUERY Journalpost\n';
    assert.deepEqual(check(register + find + 'EXPECT results[0].fields.journalpostnummer = {{register.saved.jp.id}}\n'), [
      ['noarkq.expectation-value-type', '{{register.saved.jp.id}}'],
    ]);
    assert.deepEqual(check(register + find + 'EXPECT results[0].fields.tittel %= {{register.saved.jp.id}}\n'), []);
    assert.deepEqual(check(find + '### again\nQUERY Journalpost\nEXPECT results.length = {{find.results.length}}\n').filter(([c]) => c === 'noarkq.expectation-value-type'), []);
  });

  it('treats reading POSTs as reads for RETRY', () => {
    for (const request of ['POST query\n{"type": "Saksmappe"}', 'POST logs/change-log\n{"id": "1"}', 'GET code-lists', 'QUERY Saksmappe']) {
      const text = `### a\n${request}\nRETRY 2\nEXPECT status = 200\n`;
      assert.deepEqual(check(text).filter(([c]) => c === 'noarkq.retry-on-write'), [], request);
    }
    assert.deepEqual(check('### a\nUPLOAD ./a.pdf\nRETRY 2\nEXPECT id exists\n').filter(([c]) => c.startsWith('noarkq.retry')), [['noarkq.retry-on-write', 'RETRY']]);
  });

  it('gives the same result incrementally as fresh while an EXPECT line is typed', () => {
    const checker = createDocumentChecker({ model: noarkModel });
    const base = register + '### find\nQUERY Journalpost\n';
    const line = 'EXPECT results[0].fields.journalposttype = "I"';
    let doc = parseDocument(base);
    for (let i = 0; i <= line.length; i++) {
      doc = parseDocument(base + line.slice(0, i), doc);
      assert.deepEqual(checker.check(doc), checkDocument(doc, { model: noarkModel }), line.slice(0, i));
    }
  });
});
