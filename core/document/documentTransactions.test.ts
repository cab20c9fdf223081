/**
 * Transactions inside documents: the transaction checker runs on TRANSACTION blocks and `POST
 * transaction` bodies, in document offsets, with `{{references}}` typed from the blocks they read,
 * and each problem is reported once (the document's JSON and shape checks win).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { NoarkqDiagnostic } from '../diagnostics';
import { noarkModel } from '../schema';
import type { BsmGroup } from '../transaction';
import { checkDocument, parseDocument, type DocumentCheckOptions } from './index';

function check(text: string, options: Partial<DocumentCheckOptions> = {}): NoarkqDiagnostic[] {
  return checkDocument(parseDocument(text), { model: noarkModel, ...options });
}

/** `⟦...⟧` marks the expected range; returns the text without the marks. */
function marked(src: string): { text: string; start: number; end: number } {
  const start = src.indexOf('⟦');
  const end = src.indexOf('⟧') - 1;
  return { text: src.replace('⟦', '').replace('⟧', ''), start, end };
}

const codes = (ds: readonly NoarkqDiagnostic[]): string[] => ds.map((d) => d.code);

/** A Journalpost `jp` linked to the case file `caseId`, with its Korrespondansepart. */
function register(caseId: string): string {
  return [
    'TRANSACTION',
    '{"actions": [',
    '  {"action": "save", "type": "Journalpost", "id": "jp", "fields": {"tittel": "T", "journalposttype": "I"}},',
    `  {"action": "link", "type": "Journalpost", "id": "jp", "ref": "refMappe", "linkToId": ${caseId}},`,
    '  {"action": "save", "type": "Korrespondansepart", "id": "kp", "fields": {"korrespondansepartNavn": "K", "korrespondanseparttype": "EA"}},',
    '  {"action": "link", "type": "Korrespondansepart", "id": "kp", "ref": "refRegistrering", "linkToId": "jp"}',
    ']}',
  ].join('\n');
}

describe('transaction checks in documents', () => {
  it('types a linked id by the QUERY it comes from, and reports a mismatch where it is written', () => {
    const { text, start, end } = marked(`### findDoc\nQUERY Dokument\n### register\n${register('⟦"{{findDoc.results[0].id}}"⟧')}\n`);
    const ds = check(text);
    assert.deepEqual(codes(ds), ['tx.link-target-type-mismatch']);
    assert.deepEqual([ds[0].start, ds[0].end], [start, end]);
    assert.match(ds[0].message, /Dokument/);
    assert.deepEqual(check(`### findCase\nQUERY Saksmappe\n### register\n${register('"{{findCase.results[0].id}}"')}\n`), []);
  });

  it('carries the type through a variable, a saved id and a returned link', () => {
    const viaVariable = `@doc = {{findDoc.results[0].id}}\n### findDoc\nQUERY Dokument\n### register\n${register('"{{doc}}"')}\n`;
    assert.deepEqual(codes(check(viaVariable)), ['tx.link-target-type-mismatch']);
    const viaSaved = `### first\n${register('"456"')}\n### again\n${register('"{{first.saved.kp.id}}"')}\n`;
    assert.deepEqual(codes(check(viaSaved)), ['tx.link-target-type-mismatch']);
    const viaLink = `### findJp\nQUERY Journalpost\n### register\n${register('"{{findJp.results[0].links.refMappe}}"')}\n`;
    assert.deepEqual(codes(check(viaLink)), []);
  });

  it('checks `POST transaction` bodies the same way, in document offsets', () => {
    const { text, start, end } = marked('### a\nGET code-lists\n### b\nPOST transaction\n{"actions": [{"action": "save", "type": ⟦"Journalpst"⟧, "id": "1", "fields": {}}]}\n');
    const ds = check(text).filter((d) => d.code === 'tx.unknown-type');
    assert.deepEqual(ds.map((d) => [d.start, d.end]), [[start, end]]);
    assert.equal(ds[0].fixes?.[0].edits[0].start, start, 'fixes are in document offsets too');
  });

  it('reports the body shape once, as noarkq.transaction-body-shape', () => {
    const noActions = check('### a\nTRANSACTION\n{"acts": []}\n');
    assert.deepEqual(codes(noActions), ['noarkq.transaction-body-shape', 'tx.unknown-top-level-key']);
    assert.deepEqual(codes(check('### a\nTRANSACTION\n{"actions": "save"}\n')), ['noarkq.transaction-body-shape']);
    assert.deepEqual(codes(check('### a\nTRANSACTION\n"save"\n')), ['noarkq.transaction-body-shape']);
    // `fields` that is not an object is still the transaction checker's business.
    assert.deepEqual(codes(check('### a\nTRANSACTION\n[{"action": "save", "type": "Journalpost", "id": "1", "fields": []}]\n')), ['tx.wrong-property-type']);
  });

  it('leaves a body with JSON syntax errors to the syntax errors', () => {
    const broken = check('### a\nTRANSACTION\n{"actions": [{"action": "sav", "type": "Journalpst"]}\n');
    assert.deepEqual([...new Set(codes(broken))], ['noarkq.invalid-json']);
    assert.deepEqual(codes(check('### a\nTRANSACTION\n')), ['noarkq.missing-body']);
  });

  it('passes live code lists and the BSM registry to the transaction checker', () => {
    const save = (fields: string) => `### a\nTRANSACTION\n[{"action": "save", "type": "Journalpost", "id": "123", "fields": ${fields}}]\n`;
    const z = save('{"journalposttype": "Z"}');
    assert.deepEqual(codes(check(z)), ['tx.unknown-code']);
    assert.deepEqual(codes(check(z, { codeLists: new Map([['journalposttype', ['Z']]]) })), []);
    const bsm = save('{"virksomhetsspesifikkeMetadata": {"case-dta": {"priority": {"values": [1]}}}}');
    const registry: BsmGroup[] = [{ groupId: 'case-data', fields: [{ fieldId: 'priority', fieldType: 'long' }] }];
    assert.deepEqual(codes(check(bsm)), []);
    const withRegistry = check(bsm, { bsmRegistry: registry });
    assert.deepEqual(codes(withRegistry), ['tx.bsm-unknown-group']);
    assert.equal(withRegistry[0].fixes?.[0].edits[0].newText, '"case-data"');
  });
});
