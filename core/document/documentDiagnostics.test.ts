/**
 * Every document diagnostic code, driven by a table: for each code a bad example whose `[[...]]`
 * marks the exact range that must be reported, and a good example that must not report it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { JsonValue } from '../jsonValue';
import { noarkModel } from '../schema';
import type { NoarkModel } from '../schema/types';
import { checkDocument, documentDiagnosticCodes, DocumentCodes, parseDocument } from './index';

interface Row {
  code: string;
  /** Text with `[[` and `]]` around the expected range. */
  bad: string;
  good: string;
  /** The replacement text of the preferred fix, when one is expected. */
  fix?: string;
  environment?: Record<string, JsonValue>;
  model?: NoarkModel;
}

/** A model whose every member throws: what a bug deep inside a check looks like. */
const brokenModel = new Proxy({} as NoarkModel, {
  get() {
    throw new Error('model exploded');
  },
});

/** A transaction that checks clean: a new Journalpost `jp` in case file 456. */
const cleanTransaction =
  'TRANSACTION\n[{"action": "save", "type": "Journalpost", "id": "jp", "fields": {"tittel": "T", "journalposttype": "I"}},\n' +
  ' {"action": "link", "type": "Journalpost", "id": "jp", "ref": "refMappe", "linkToId": "456"},\n' +
  ' {"action": "save", "type": "Korrespondansepart", "id": "kp", "fields": {"korrespondansepartNavn": "K", "korrespondanseparttype": "EA"}},\n' +
  ' {"action": "link", "type": "Korrespondansepart", "id": "kp", "ref": "refRegistrering", "linkToId": "jp"}]\n';

const rows: Row[] = [
  { code: 'noarkq.duplicate-block-name', bad: '### a\nGET code-lists\n### [[a]]\nGET bsm-registry\n', good: '### a\nGET code-lists\n### b\nGET bsm-registry\n' },
  { code: 'noarkq.invalid-block-name', bad: '### [[find.case]] Find it\nGET code-lists\n', good: '### find-case Find it\nGET code-lists\n', fix: 'find_case' },
  { code: 'noarkq.invalid-block-name', bad: '### [[2nd]]\nGET code-lists\n', good: '### second\nGET code-lists\n', fix: 'block-2nd' },
  { code: 'noarkq.unknown-request', bad: '### a\n[[QEURY]] Saksmappe\n', good: '### a\nQUERY Saksmappe\n', fix: 'QUERY' },
  { code: 'noarkq.unknown-request', bad: '### a\n[[{]]"actions": []}\n', good: '### a\nTRANSACTION\n{"actions": []}\n' },
  { code: 'noarkq.missing-request', bad: '[[### a]]\n# nothing to run yet\n', good: '### a\nGET code-lists\n' },
  { code: 'noarkq.multiple-requests', bad: '### a\nGET code-lists\n[[GET]] bsm-registry\n', good: '### a\nGET code-lists\n###\nGET bsm-registry\n', fix: '###\n' },
  { code: 'noarkq.malformed-variable', bad: '[[@1x]] = 2\n', good: '@x1 = 2\n', fix: '@v1x' },
  { code: 'noarkq.malformed-variable', bad: '@year [[2024]]\n', good: '@year = 2024\n', fix: ' = ' },
  { code: 'noarkq.malformed-variable', bad: '@title = [[Søknad]]\n', good: '@title = "Søknad"\n', fix: '"Søknad"' },
  { code: 'noarkq.malformed-variable', bad: '@id = [[{{letter.id}}/x]]\n### letter\nUPLOAD ./a.pdf\n', good: '@id = "{{letter.id}}/x"\n### letter\nUPLOAD ./a.pdf\n', fix: '"{{letter.id}}/x"' },
  { code: 'noarkq.variable-after-request', bad: '### a\nGET code-lists\n[[@x]] = 1\n', good: '### a\n@x = 1\nGET code-lists\n' },
  { code: 'noarkq.duplicate-variable', bad: '@x = 1\n[[@x]] = 2\n', good: '@x = 1\n@y = 2\n' },
  { code: 'noarkq.malformed-reference', bad: '@x = "[[{{}}]]"\n', good: '@x = "{{y}}"\n@y = 1\n' },
  { code: 'noarkq.malformed-reference', bad: '### a\nUPLOAD ./a.pdf\n### c\nGET code-lists?x=[[{{a[x]}}]]\n', good: '### a\nUPLOAD ./a.pdf\n### c\nGET code-lists?x={{a.id}}\n' },
  { code: 'noarkq.malformed-reference', bad: '@v = "[[{{a..id}}]]"\n### a\nUPLOAD ./a.pdf\n', good: '@v = "{{a.id}}"\n### a\nUPLOAD ./a.pdf\n' },
  { code: 'noarkq.malformed-reference', bad: '### a\nUPLOAD ./a.pdf\n### b\nDOWNLOAD [[{{a.id]]\n', good: '### a\nUPLOAD ./a.pdf\n### b\nDOWNLOAD {{a.id}}\n' },
  { code: 'noarkq.reference-unknown-block', bad: '### letter\nUPLOAD ./a.pdf\n### b\nDOWNLOAD {{[[lettr]].id}}\n', good: '### letter\nUPLOAD ./a.pdf\n### b\nDOWNLOAD {{letter.id}}\n', fix: 'letter' },
  { code: 'noarkq.reference-later-block', bad: '### b\nDOWNLOAD {{[[letter]].id}}\n### letter\nUPLOAD ./a.pdf\n', good: '### letter\nUPLOAD ./a.pdf\n### b\nDOWNLOAD {{letter.id}}\n' },
  { code: 'noarkq.reference-later-block', bad: '### letter\nUPLOAD ./{{[[letter]].id}}.pdf\n', good: '### letter\nUPLOAD ./letter.pdf\n' },
  {
    code: 'noarkq.reference-unknown-name',
    bad: '### a\nGET code-lists?type={{[[kind]]}}\n',
    good: '@kind = "Journalpost"\n### a\nGET code-lists?type={{kind}}\n',
    environment: {},
  },
  { code: 'noarkq.reference-unknown-path', bad: '### letter\nUPLOAD ./a.pdf\n### b\nDOWNLOAD {{letter.[[idd]]}}\n', good: '### letter\nUPLOAD ./a.pdf\n### b\nDOWNLOAD {{letter.id}}\n', fix: 'id' },
  { code: 'noarkq.reference-unknown-path', bad: '### f\nQUERY Saksmappe\n### b\nGET code-lists?type={{f.results.[[type]]}}\n', good: '### f\nQUERY Saksmappe\n### b\nGET code-lists?type={{f.results[0].type}}\n', fix: '[0]' },
  { code: 'noarkq.reference-unknown-path', bad: '### f\nQUERY Journalpost\n### b\nGET code-lists?type={{f.results[0].fields.[[titel]]}}\n', good: '### f\nQUERY Journalpost\n### b\nGET code-lists?type={{f.results[0].fields.tittel}}\n', fix: 'tittel' },
  { code: 'noarkq.reference-unknown-path', bad: `### t\n${cleanTransaction}### b\nGET code-lists?type={{t.saved.[[jpp]].type}}\n`, good: `### t\n${cleanTransaction}### b\nGET code-lists?type={{t.saved.jp.type}}\n`, fix: 'jp' },
  { code: 'noarkq.reference-unknown-path', bad: '### letter\nUPLOAD ./a.pdf\n### b\nDOWNLOAD {{letter.id.[[value]]}}\n', good: '### letter\nUPLOAD ./a.pdf\n### b\nDOWNLOAD {{letter.id}}\n' },
  // ⟦...⟧ marks the range where [[...]] would clash with the index brackets.
  { code: 'noarkq.reference-not-indexable', bad: '### letter\nUPLOAD ./a.pdf\n### b\nDOWNLOAD {{letter⟦[0]⟧.id}}\n', good: '### letter\nUPLOAD ./a.pdf\n### b\nDOWNLOAD {{letter.id}}\n' },
  { code: 'noarkq.reference-not-indexable', bad: `### t\n${cleanTransaction}### b\nGET code-lists?type={{t.saved⟦[0]⟧.type}}\n`, good: `### t\n${cleanTransaction}### b\nGET code-lists?type={{t.saved.jp.type}}\n` },
  { code: 'noarkq.reference-no-response', bad: '### dl\nDOWNLOAD 123\n### b\nGET code-lists?type={{[[dl.type]]}}\n', good: '### dl\nGET code-lists\n### b\nGET code-lists?type={{dl.results[0].type}}\n' },
  { code: 'noarkq.reference-no-response', bad: '### del\nDELETE code-lists/journalposttype/Z\n### b\nGET code-lists?type={{[[del.code]]}}\n', good: '### put\nPUT code-lists/journalposttype/Z\n{"name": "Z"}\n### b\nGET code-lists?type={{put.code}}\n' },
  { code: 'noarkq.reference-whole-response', bad: '### letter\nUPLOAD ./a.pdf\n### b\nDOWNLOAD {{[[letter]]}}\n', good: '### letter\nUPLOAD ./a.pdf\n### b\nDOWNLOAD {{letter.id}}\n', fix: '.id' },
  { code: 'noarkq.invalid-json', bad: '### a\nTRANSACTION\n{"actions" [[1]]}\n', good: '### a\nTRANSACTION\n{"actions": []}\n' },
  { code: 'noarkq.invalid-json', bad: '### a\nPOST logs/change-log\n{"type": "Saksmappe", "limit": [[{{n}}]]}\n', good: '@n = 10\n### a\nPOST logs/change-log\n{"type": "Saksmappe", "id": "1", "limit": "{{n}}"}\n' },
  { code: 'noarkq.missing-body', bad: '### a\n[[TRANSACTION]]\n\n### b\nGET code-lists\n', good: '### a\nTRANSACTION\n[]\n### b\nGET code-lists\n' },
  { code: 'noarkq.transaction-body-shape', bad: '### a\nTRANSACTION\n[[{]]"acts": []}\n', good: '### a\nTRANSACTION\n{"actions": []}\n' },
  // The marks make the text `{"actions": "save"}`, with `"save"` as the expected range.
  { code: 'noarkq.transaction-body-shape', bad: '### a\nTRANSACTION\n{"actions": [["save"]]}\n', good: '### a\nTRANSACTION\n{"actions": []}\n' },
  { code: 'noarkq.unexpected-body', bad: '### a\nUPLOAD ./a.pdf\n[[{"name": "x"}]]\n', good: '### a\nUPLOAD ./a.pdf\n# {"name": "x"}\n' },
  { code: 'noarkq.unexpected-body', bad: '### a\nGET code-lists\n[[{"type": "Journalpost"}]]\n', good: '### a\nGET code-lists?type=Journalpost\n' },
  { code: 'noarkq.unexpected-text', bad: '### a\nGET code-lists [[HTTP/1.1]]\n', good: '### a\nGET code-lists\n' },
  { code: 'noarkq.unexpected-text', bad: '### a\nDOWNLOAD 123 [[into ./x.pdf]]\n', good: '### a\nDOWNLOAD 123 TO ./x.pdf\n' },
  { code: 'noarkq.unclosed-quote', bad: '### a\nUPLOAD [["./my file.pdf]]\n', good: '### a\nUPLOAD "./my file.pdf"\n', fix: '"' },
  { code: 'noarkq.upload-missing-path', bad: '### a\n[[UPLOAD]]\n', good: '### a\nUPLOAD ./a.pdf\n' },
  { code: 'noarkq.upload-missing-path', bad: '### a\n[[UPLOAD]] AS x.pdf\n', good: '### a\nUPLOAD ./a.pdf AS x.pdf\n' },
  { code: 'noarkq.download-missing-id', bad: '### a\n[[DOWNLOAD]]\n', good: '### a\nDOWNLOAD 123\n' },
  { code: 'noarkq.missing-clause-value', bad: '### a\nUPLOAD ./a.pdf [[AS]]\n', good: '### a\nUPLOAD ./a.pdf AS b.pdf\n' },
  { code: 'noarkq.missing-clause-value', bad: '### a\nDOWNLOAD 123 [[to]]\n', good: '### a\nDOWNLOAD 123 to ./x.pdf\n' },
  { code: 'noarkq.http-missing-path', bad: '### a\n[[GET]]\n', good: '### a\nGET code-lists\n' },
  { code: 'noarkq.http-path-not-relative', bad: '### a\nGET [[/rms/api/public/noark5/v1/code-lists]]\n', good: '### a\nGET code-lists\n', fix: 'code-lists' },
  { code: 'noarkq.http-path-not-relative', bad: '### a\nGET [[https://archive.example/other/code-lists]]\n', good: '### a\nGET code-lists\n' },
  { code: 'noarkq.unknown-endpoint', bad: '### a\nGET [[code-list]]\n', good: '### a\nGET code-lists\n', fix: 'code-lists' },
  { code: 'noarkq.unknown-endpoint', bad: '### a\nPUT [[bsm-registy/group/g1]]\n{}\n', good: '### a\nPUT bsm-registry/group/g1\n{}\n', fix: 'bsm-registry/group/g1' },
  { code: 'noarkq.endpoint-method', bad: '### a\n[[GET]] query\n', good: '### a\nPOST query\n{"type": "Arkiv"}\n', fix: 'POST' },
  { code: 'noarkq.body-not-object', bad: '### a\nPOST bulk/open\n⟦["Arkiv", "1"]⟧\n', good: '### a\nPOST bulk/open\n{"type": "Arkiv", "id": "1"}\n' },
  { code: 'noarkq.body-unknown-key', bad: '### a\nPOST query\n{"type": "Saksmappe", [["limt"]]: 10}\n', good: '### a\nPOST query\n{"type": "Saksmappe", "limit": 10}\n', fix: '"limit"' },
  { code: 'noarkq.body-unknown-key', bad: '### a\nPOST query\n{"type": "Saksmappe", "sortOrder": [{"field": "tittel", "order": "asc", [["direction"]]: 1}]}\n', good: '### a\nPOST query\n{"type": "Saksmappe", "sortOrder": [{"field": "tittel", "order": "asc"}]}\n' },
  { code: 'noarkq.body-missing-key', bad: '### a\nPOST bulk/close\n[[{]]"type": "Arkiv"}\n', good: '### a\nPOST bulk/close\n{"type": "Arkiv", "id": "1"}\n' },
  {
    code: 'noarkq.body-unknown-key',
    bad: '### a\nPOST expand/record\n{"id": "7", "korrespondansepart": [{"korrespondansepartNavn": "Kari", [["navn"]]: "x"}]}\n',
    good: '### a\nPOST expand/record\n{"id": "7", "journalpost": {"journalposttype": "I"}, "korrespondansepart": [{"korrespondansepartNavn": "Kari", "korrespondanseparttype": "EA"}]}\n',
  },
  { code: 'noarkq.body-missing-key', bad: '### a\nPOST expand/folder\n[[{]]"saksmappe": {"saksaar": 2024}}\n', good: '### a\nPOST expand/folder\n{"id": "7", "saksmappe": {"saksaar": 2024, "saksdato": "2024-01-31"}}\n' },
  { code: 'noarkq.body-missing-key', bad: '### a\nPOST query\n{"type": "Saksmappe", "sortOrder": [⟦{⟧"field": "tittel"}]}\n', good: '### a\nPOST query\n{"type": "Saksmappe", "sortOrder": [{"field": "tittel", "order": "desc"}]}\n' },
  { code: 'noarkq.body-value-type', bad: '### a\nPOST query\n{"type": "Saksmappe", "limit": [["ten"]]}\n', good: '### a\nPOST query\n{"type": "Saksmappe", "limit": 10}\n' },
  { code: 'noarkq.body-value-coerced', bad: '### a\nPOST query\n{"type": "Saksmappe", "limit": [["100"]]}\n', good: '### a\nPOST query\n{"type": "Saksmappe", "limit": 100}\n', fix: '100' },
  { code: 'noarkq.body-value-coerced', bad: '### a\nPUT bsm-registry/group/g/field/f\n{"fieldType": "long", "fieldValues": ["2", [[1]]]}\n', good: '### a\nPUT bsm-registry/group/g/field/f\n{"fieldType": "long", "fieldValues": ["2", "1"]}\n', fix: '"1"' },
  // The marks make the text `"objectUUIDs": "abc"`, with `"abc"` as the expected range.
  { code: 'noarkq.body-value-type', bad: '### a\nPOST logs/access-log\n{"objectUUIDs": [["abc"]]}\n', good: '### a\nPOST logs/access-log\n{"objectUUIDs": ["abc"]}\n' },
  { code: 'noarkq.body-value-type', bad: '### a\nPOST full-text/search\n{"filters": {"tittel": ["x", ⟦{"code": "x"}⟧]}}\n', good: '### a\nPOST full-text/search\n{"filters": {"tittel": ["x", 2]}}\n' },
  { code: 'noarkq.body-value-type', bad: '### a\nPOST query\n{"type": "Saksmappe", "joins": {"#k": [[{"ref": 7}]]}}\n', good: '### a\nPOST query\n{"type": "Saksmappe", "joins": {"#k": "refSekundaerKlasse"}}\n' },
  // A string that is exactly one reference takes the referenced value's type: not checked.
  { code: 'noarkq.body-value-type', bad: '### a\nPOST query\n{"type": "Saksmappe", "publicUse": [["no"]]}\n', good: '@pu = false\n### a\nPOST query\n{"type": "Saksmappe", "publicUse": "{{pu}}"}\n' },
  { code: 'noarkq.body-value-not-allowed', bad: '### a\nPOST bulk/open\n{"type": [["Saksmappe"]], "id": "1"}\n', good: '### a\nPOST bulk/open\n{"type": "AbstraktMappe", "id": "1"}\n' },
  { code: 'noarkq.body-value-not-allowed', bad: '### a\nPOST full-text/search\n{"doctype": [["Tekts"]], "query": "x"}\n', good: '### a\nPOST full-text/search\n{"doctype": "Tekst", "query": "x"}\n', fix: '"Tekst"' },
  { code: 'noarkq.body-value-not-allowed', bad: '### a\nPOST query\n{"type": [["Saksmape"]]}\n', good: '### a\nPOST query\n{"type": "Saksmappe"}\n', fix: '"Saksmappe"' },
  { code: 'noarkq.body-value-not-allowed', bad: '### a\nPUT bsm-registry/group/g1/field/f1\n{"fieldType": [["integer"]]}\n', good: '### a\nPUT bsm-registry/group/g1/field/f1\n{"fieldType": "long"}\n' },
  { code: 'noarkq.body-value-not-allowed', bad: '### a\nPOST query\n{"type": "Saksmappe", "sortOrder": [{"field": "tittel", "order": [["up"]]}]}\n', good: '### a\nPOST query\n{"type": "Saksmappe", "sortOrder": [{"field": "tittel", "order": "asc"}]}\n' },
  // A partial reference is text whose value is unknown: no allowed-value check.
  { code: 'noarkq.body-value-not-allowed', bad: '### a\nPOST logs/change-log\n{"type": [["Dokumentversjon"]], "id": "1"}\n', good: '@kind = "Saks"\n### a\nPOST logs/change-log\n{"type": "{{kind}}mappe", "id": "1"}\n' },
  // Sort fields and join paths are resolved on the body's `type` as the query checker resolves SORT and JOIN.
  { code: 'noarkq.body-value-not-allowed', bad: '### a\nPOST query\n{"type": "Saksmappe", "sortOrder": [{"field": "[[titel]]", "order": "asc"}]}\n', good: '### a\nPOST query\n{"type": "Saksmappe", "sortOrder": [{"field": "tittel", "order": "asc"}]}\n', fix: 'tittel' },
  { code: 'noarkq.body-value-not-allowed', bad: '### a\nPOST query\n{"type": "Journalpost", "sortOrder": [{"field": "[[dokumentmedium]]", "order": "asc"}]}\n', good: '### a\nPOST query\n{"type": "Journalpost", "sortOrder": [{"field": "journalpostnummer", "order": "asc"}]}\n' },
  { code: 'noarkq.body-value-not-allowed', bad: '### a\nPOST query\n{"type": "Journalpost", "sortOrder": [{"field": "[[refMappe]]", "order": "desc"}]}\n', good: '### a\nPOST query\n{"type": "Journalpost", "sortOrder": [{"field": "refMappe.tittel", "order": "desc"}]}\n' },
  { code: 'noarkq.body-value-not-allowed', bad: '### a\nPOST query\n{"type": "Saksmappe", "sortOrder": [{"field": [["tittel desc"]], "order": "asc"}]}\n', good: '### a\nPOST query\n{"type": "Saksmappe", "sortOrder": [{"field": "tittel", "order": "desc"}]}\n' },
  // An unknown or run-time `type` leaves the sort fields unjudged.
  { code: 'noarkq.body-value-not-allowed', bad: '### a\nPOST query\n{"type": "Saksmappe", "sortOrder": [{"field": "[[tittl]]", "order": "asc"}]}\n', good: '@t = "Saksmappe"\n### a\nPOST query\n{"type": "{{t}}", "sortOrder": [{"field": "tittl", "order": "asc"}]}\n', fix: 'tittel' },
  { code: 'noarkq.body-value-not-allowed', bad: '### a\nPOST query\n{"type": "Saksmappe", "joins": {"#k": "[[refSekundarKlasse]]"}}\n', good: '### a\nPOST query\n{"type": "Saksmappe", "joins": {"#k": "refSekundaerKlasse"}}\n', fix: 'refSekundaerKlasse' },
  { code: 'noarkq.body-value-not-allowed', bad: '### a\nPOST query\n{"type": "Saksmappe", "joins": {"#k": "[[tittel]]"}}\n', good: '### a\nPOST query\n{"type": "Saksmappe", "joins": {"#k": "refPrimaerKlasse"}}\n' },
  // A join may start from another alias of the same `joins`, in any order; a sort field may too.
  { code: 'noarkq.body-value-not-allowed', bad: '### a\nPOST query\n{"type": "Saksmappe", "joins": {"#s": "[[#kk]].refKlassifikasjonssystem", "#k": "refSekundaerKlasse"}}\n', good: '### a\nPOST query\n{"type": "Saksmappe", "joins": {"#s": "#k.refKlassifikasjonssystem", "#k": "refSekundaerKlasse"}, "sortOrder": [{"field": "#s.id", "order": "asc"}]}\n', fix: '#k' },
  { code: 'noarkq.body-value-not-allowed', bad: '### a\nPOST query\n{"type": "Saksmappe", "joins": {"#a": "#b.refKlassifikasjonssystem", "#b": "[[#a]]"}}\n', good: '### a\nPOST query\n{"type": "Saksmappe", "joins": {"#a": "#b.refKlassifikasjonssystem", "#b": "refPrimaerKlasse"}}\n' },
  { code: 'noarkq.body-value-not-allowed', bad: '### a\nPOST full-text/search\n{"query": "x", "expand": ["Dokument", [["Journalpst"]]]}\n', good: '### a\nPOST full-text/search\n{"query": "x", "expand": ["Dokument", "Journalpost", "AbstraktMappe"]}\n', fix: '"Journalpost"' },
  { code: 'noarkq.body-value-not-allowed', bad: '### a\nPOST logs/access-log\n{"limit": [[0]]}\n', good: '### a\nPOST logs/access-log\n{"limit": 1}\n', fix: '1' },
  { code: 'noarkq.body-value-not-allowed', bad: '### a\nPOST logs/change-log\n{"id": "1", "limit": [[-20]]}\n', good: '### a\nPOST logs/change-log\n{"id": "1", "limit": 20}\n', fix: '20' },
  { code: 'noarkq.body-value-too-large', bad: '### a\nPOST query\n{"type": "Saksmappe", "limit": [[1000]]}\n', good: '### a\nPOST query\n{"type": "Saksmappe", "limit": 500}\n', fix: '500' },
  { code: 'noarkq.body-value-too-large', bad: '### a\nPOST logs/download-log\n{"limit": [[250]]}\n', good: '### a\nPOST logs/download-log\n{"limit": 100}\n', fix: '100' },
  { code: 'noarkq.malformed-expectation', bad: '### a\nGET info/me\nEXPECT [[status]]\n', good: '### a\nGET info/me\nEXPECT status = 200\n' },
  { code: 'noarkq.malformed-expectation', bad: '### a\nGET info/me\nEXPECT status [[==]] 200\n', good: '### a\nGET info/me\nEXPECT status = 200\n', fix: '=' },
  { code: 'noarkq.malformed-expectation', bad: '### a\nGET info/me\nEXPECT userId = [[Kari]]\n', good: '### a\nGET info/me\nEXPECT userId = "Kari"\n', fix: '"Kari"' },
  { code: 'noarkq.invalid-regex', bad: '### a\nGET info/me\nEXPECT userId ~ [[/(Kari/]]\n', good: '### a\nGET info/me\nEXPECT userId ~ /(Kari)/\n' },
  { code: 'noarkq.expectation-before-request', bad: '### a\n[[EXPECT]] status = 200\nGET info/me\n', good: '### a\nGET info/me\nEXPECT status = 200\n' },
  { code: 'noarkq.request-after-expectations', bad: '### a\nPOST full-text/search\nEXPECT total >= 1\n[[{ "query": "x" }]]\n', good: '### a\nPOST full-text/search\n{ "query": "x" }\nEXPECT total >= 1\n' },
  { code: 'noarkq.malformed-retry', bad: '### a\nPOST full-text/search\n{"query": "x"}\nRETRY 3 EVERY [[2h]]\nEXPECT total >= 1\n', good: '### a\nPOST full-text/search\n{"query": "x"}\nRETRY 3 EVERY 2s\nEXPECT total >= 1\n' },
  { code: 'noarkq.duplicate-retry', bad: '### a\nGET info/me\nRETRY 3\n[[RETRY]] 4\nEXPECT status = 200\n', good: '### a\nGET info/me\nRETRY 3\nEXPECT status = 200\n' },
  { code: 'noarkq.expectation-unknown-path', bad: '### a\nQUERY Journalpost\nEXPECT results[0].fields.[[titel]] = "T"\n', good: '### a\nQUERY Journalpost\nEXPECT results[0].fields.tittel = "T"\n', fix: 'tittel' },
  { code: 'noarkq.expectation-unknown-path', bad: '### a\n' + cleanTransaction + 'EXPECT saved.[[doc]].id exists\n', good: '### a\n' + cleanTransaction + 'EXPECT saved.jp.id exists\n' },
  { code: 'noarkq.expectation-unknown-path', bad: '### a\nQUERY Saksmappe\nEXPECT results.[[id]] exists\n', good: '### a\nQUERY Saksmappe\nEXPECT results[*].id exists\n', fix: '[*]' },
  { code: 'noarkq.expectation-unknown-path', bad: '### a\nQUERY Saksmappe\nEXPECT hasMore⟦[*]⟧ = true\n', good: '### a\nQUERY Saksmappe\nEXPECT hasMore = true\n' },
  { code: 'noarkq.expectation-unknown-path', bad: '### a\nDOWNLOAD 123\nEXPECT [[id]] exists\n', good: '### a\nDOWNLOAD 123\nEXPECT status = 200\n' },
  { code: 'noarkq.expectation-value-type', bad: '### a\nQUERY Saksmappe\nEXPECT results[*].fields.saksaar = [["2024"]]\n', good: '### a\nQUERY Saksmappe\nEXPECT results[*].fields.saksaar = 2024\n', fix: '2024' },
  { code: 'noarkq.expectation-value-type', bad: '@year = "2024"\n### a\nQUERY Saksmappe\nEXPECT results[*].fields.saksaar = [[@year]]\n', good: '@year = 2024\n### a\nQUERY Saksmappe\nEXPECT results[*].fields.saksaar = @year\n' },
  { code: 'noarkq.expectation-value-type', bad: '### a\nQUERY Saksmappe\nEXPECT results[0].fields.saksdato >= [[2024]]\n', good: '### a\nQUERY Saksmappe\nEXPECT results[0].fields.saksdato >= "2024-01-01"\n' },
  { code: 'noarkq.expectation-value-type', bad: '### a\nQUERY Saksmappe\nEXPECT results[0].fields.opprettetDato < [["2024-13-01"]]\n', good: '### a\nQUERY Saksmappe\nEXPECT results[0].fields.opprettetDato < "2024-12-01"\n' },
  { code: 'noarkq.expectation-value-type', bad: '### a\nGET info/me\nEXPECT status = [[999]]\n', good: '### a\nGET info/me\nEXPECT status = 404\n' },
  { code: 'noarkq.expectation-value-type', bad: '### a\nGET info/me\nEXPECT time < [["2s"]]\n', good: '### a\nGET info/me\nEXPECT time < 2000\n' },
  { code: 'noarkq.expectation-value-type', bad: '### a\nQUERY Saksmappe\nEXPECT results.length >= [["1"]]\n', good: '### a\nQUERY Saksmappe\nEXPECT results.length >= 1\n', fix: '1' },
  { code: 'noarkq.expectation-code-value', bad: '### a\nQUERY Journalpost\nEXPECT results[0].fields.journalposttype = [["Q"]]\n', good: '### a\nQUERY Journalpost\nEXPECT results[0].fields.journalposttype = "I"\n' },
  { code: 'noarkq.expectation-code-value', bad: '### a\nQUERY Journalpost\nEXPECT results[0].fields.journalposttype != [["i"]]\n', good: '### a\nQUERY Journalpost\nEXPECT results[0].fields.journalposttype %= "i%"\n', fix: '"I"' },
  { code: 'noarkq.expectation-operator', bad: '### a\nQUERY Saksmappe\nEXPECT hasMore [[<]] true\n', good: '### a\nQUERY Saksmappe\nEXPECT hasMore = true\n' },
  { code: 'noarkq.expectation-operator', bad: '### a\nQUERY Saksmappe\nEXPECT results.length [[~]] /1/\n', good: '### a\nQUERY Saksmappe\nEXPECT results[0].fields.tittel ~ /1/\n' },
  { code: 'noarkq.expectation-operator', bad: '### a\nGET info/me\nEXPECT status [[%=]] "2%"\n', good: '### a\nGET info/me\nEXPECT status >= 200\n' },
  { code: 'noarkq.expectation-unknown-variable', bad: '@year = 2024\n### a\nQUERY Saksmappe\nEXPECT results[*].fields.saksaar = [[@yaer]]\n', good: '@year = 2024\n### a\nQUERY Saksmappe\nEXPECT results[*].fields.saksaar = @year\n', fix: '@year' },
  { code: 'noarkq.retry-on-write', bad: '### a\n' + cleanTransaction + '[[RETRY]] 3\nEXPECT saved.jp.id exists\n', good: '### a\n' + cleanTransaction + 'EXPECT saved.jp.id exists\n' },
  { code: 'noarkq.retry-on-write', bad: '### a\nPOST bulk/close\n{"type": "Saksmappe", "ids": ["1"]}\n[[RETRY]] 3\nEXPECT status = 202\n', good: '### a\nPOST full-text/search\n{"query": "x"}\nRETRY 3\nEXPECT total >= 1\n' },
  // More of each expectation code's cases: each branch of the check has its own bad and good line.
  { code: 'noarkq.invalid-regex', bad: '### a\nGET info/me\nEXPECT userId ~ [[/Kari/z]]\n', good: '### a\nGET info/me\nEXPECT userId ~ /Kari/i\n' },
  { code: 'noarkq.expectation-before-request', bad: '### a\n[[RETRY]] 2\nPOST full-text/search\n{"query": "x"}\nEXPECT total >= 1\n', good: '### a\nPOST full-text/search\n{"query": "x"}\nRETRY 2\nEXPECT total >= 1\n' },
  { code: 'noarkq.malformed-retry', bad: '### a\nGET info/me\nRETRY [[0]]\nEXPECT status = 200\n', good: '### a\nGET info/me\nRETRY 1\nEXPECT status = 200\n' },
  { code: 'noarkq.malformed-retry', bad: '### a\nGET info/me\nRETRY [[1001]]\nEXPECT status = 200\n', good: '### a\nGET info/me\nRETRY 1000 EVERY 500ms\nEXPECT status = 200\n' },
  { code: 'noarkq.expectation-value-type', bad: '### a\nQUERY Saksmappe\nEXPECT hasMore = [["false"]]\n', good: '### a\nQUERY Saksmappe\nEXPECT hasMore = false\n', fix: 'false' },
  { code: 'noarkq.expectation-value-type', bad: '### a\nQUERY Saksmappe\nEXPECT results[0].fields.tittel = [[5]]\n', good: '### a\nQUERY Saksmappe\nEXPECT results[0].fields.tittel = "5"\n', fix: '"5"' },
  { code: 'noarkq.expectation-value-type', bad: '### a\nQUERY Saksmappe\nEXPECT results[0].fields.tittel %= [[5]]\n', good: '### a\nQUERY Saksmappe\nEXPECT results[0].fields.tittel %= "5%"\n' },
  { code: 'noarkq.expectation-value-type', bad: '### a\nGET info/me\nEXPECT time < [[-1]]\n', good: '### a\nGET info/me\nEXPECT time < 1\n' },
  { code: 'noarkq.expectation-code-value', bad: '@t = "Q"\n### a\nQUERY Journalpost\nEXPECT results[*].fields.journalposttype = [[@t]]\n', good: '@t = "I"\n### a\nQUERY Journalpost\nEXPECT results[*].fields.journalposttype = @t\n' },
  { code: 'noarkq.expectation-operator', bad: '### a\nQUERY Saksmappe\nEXPECT header Content-Type [[<]] "b"\n', good: '### a\nQUERY Saksmappe\nEXPECT header Content-Length > 0\n' },
  { code: 'noarkq.expectation-operator', bad: '### a\nQUERY Saksmappe\nEXPECT results[0].fields.saksaar [[%=]] "20%"\n', good: '### a\nQUERY Saksmappe\nEXPECT results[0].fields.mappeIdent %= "20%"\n' },
  { code: 'noarkq.expectation-operator', bad: '### a\nQUERY Saksmappe\nEXPECT results [[<]] 3\n', good: '### a\nQUERY Saksmappe\nEXPECT results.length < 3\n' },
  { code: 'noarkq.expectation-unknown-variable', bad: '### a\nQUERY Saksmappe\nEXPECT results.length = [[@n]]\n', good: '### a\nQUERY Saksmappe\nEXPECT results.length = @count\n', environment: { count: 1 } },
  { code: 'noarkq.retry-without-expect', bad: '### a\nPOST full-text/search\n{"query": "x"}\n[[RETRY]] 3\n', good: '### a\nPOST full-text/search\n{"query": "x"}\nRETRY 3\nEXPECT total >= 1\n' },
  { code: 'noarkq.variable-cycle', bad: '### a\n@r = {{[[r]]}}\nGET code-lists\n', good: '@r = 1\n### a\n@s = {{r}}\nGET code-lists\n' },
  { code: 'noarkq.variable-cycle', bad: '@x = {{[[y]]}}\n@y = {{x}}\n### a\nGET code-lists\n', good: '@x = {{y}}\n@y = 2\n### a\nGET code-lists\n' },
  { code: 'noarkq.internal-error', bad: '[[### a]]\nQUERY Saksmappe\n', good: '### a\nQUERY Saksmappe\n', model: brokenModel },
];

function unmark(marked: string): { text: string; start: number; end: number } {
  const [open, close] = marked.includes('⟦') ? ['⟦', '⟧'] : ['[[', ']]'];
  const start = marked.indexOf(open);
  const end = marked.indexOf(close, start) - open.length;
  assert.ok(start !== -1 && end >= start, `no ${open}...${close} in ${JSON.stringify(marked)}`);
  return { text: marked.slice(0, start) + marked.slice(start + open.length, end + open.length) + marked.slice(end + open.length + close.length), start, end };
}

describe('document diagnostics, one row per case', () => {
  for (const row of rows) {
    it(`${row.code}: ${JSON.stringify(row.bad)}`, () => {
      const { text, start, end } = unmark(row.bad);
      const diags = checkDocument(parseDocument(text), { model: row.model ?? noarkModel, environment: row.environment });
      const hit = diags.find((d) => d.code === row.code);
      assert.ok(hit, `expected ${row.code}, got ${JSON.stringify(diags.map((d) => [d.code, text.slice(d.start, d.end)]))}`);
      assert.deepEqual([text.slice(hit.start, hit.end), hit.start, hit.end], [text.slice(start, end), start, end]);
      assert.ok(hit.message.length > 20, 'the message says what to do');
      if (row.fix !== undefined) {
        const preferred = hit.fixes?.find((f) => f.preferred) ?? hit.fixes?.[0];
        assert.equal(preferred?.edits.map((e) => e.newText).join(''), row.fix);
      }

      const goodDiags = checkDocument(parseDocument(row.good), { model: noarkModel, environment: row.environment });
      assert.deepEqual(
        goodDiags.filter((d) => d.code === row.code || d.severity === 'error').map((d) => [d.code, row.good.slice(d.start, d.end)]),
        [],
      );
    });
  }

  it('has a row for every code in documentDiagnosticCodes, and only such codes', () => {
    // The file check reads the disk, so cli/uploadFiles.test.ts covers it, not a row here; the
    // size limit and the limit note are the language server's (test/lsp/checkScheduling.test.ts,
    // core/features/lspDiagnostics.test.ts).
    const elsewhere: readonly string[] = [DocumentCodes.uploadFileMissing, DocumentCodes.fileTooLarge, DocumentCodes.diagnosticsLimit];
    const listed = new Set(documentDiagnosticCodes.map((c) => c.code).filter((c) => !elsewhere.includes(c)));
    const covered = new Set(rows.map((r) => r.code));
    assert.deepEqual([...listed].filter((c) => !covered.has(c)), []);
    assert.deepEqual([...covered].filter((c) => !listed.has(c)), []);
  });

  it('reports the catalogue severity, except unknown names and variables without an environment', () => {
    const severityOf = new Map(documentDiagnosticCodes.map((c) => [c.code, c.severity]));
    for (const row of rows) {
      const { text } = unmark(row.bad);
      for (const d of checkDocument(parseDocument(text), { model: row.model ?? noarkModel, environment: row.environment })) {
        if ((d.code === 'noarkq.reference-unknown-name' || d.code === 'noarkq.expectation-unknown-variable') && row.environment === undefined) continue;
        if (severityOf.has(d.code)) assert.equal(d.severity, severityOf.get(d.code), `${d.code} in ${JSON.stringify(text)}`);
      }
    }
    const { text } = unmark(rows.find((r) => r.code === 'noarkq.reference-unknown-name')!.bad);
    const withoutEnvironment = checkDocument(parseDocument(text), { model: noarkModel }).find((d) => d.code === 'noarkq.reference-unknown-name');
    assert.equal(withoutEnvironment?.severity, 'warning');
  });

  it('follows a chain of variables as the run does: the block\'s own first, then the file\'s', () => {
    const cycles = (text: string) =>
      checkDocument(parseDocument(text), { model: noarkModel })
        .filter((d) => d.code === 'noarkq.variable-cycle')
        .map((d) => [text.slice(d.start, d.end), d.message]);
    // Through the file and back into the block: reported at the block's variable, where it starts.
    assert.deepEqual(cycles('@x = {{y}}\n### a\n@y = {{x}}\nGET code-lists\n'), [['x', '@y is defined through itself (@y → @x → @y): give one of them a value.']]);
    // Both ends of a file-level pair are reported, each where its own chain starts.
    assert.deepEqual(cycles('@x = {{y}}\n@y = {{x}}\n### a\nGET code-lists\n').map(([name]) => name), ['y', 'x']);
    // A block variable shadows the file's: `@r = {{r}}` in a block reads itself, not the file's @r.
    assert.deepEqual(cycles('@r = 1\n### a\n@r = {{r}}\nGET code-lists\n').length, 1);
    // A chain into a cycle further on is reported only where the cycle is.
    assert.deepEqual(cycles('@a = {{b}}\n@b = {{c}}\n@c = {{b}}\n### a\nGET code-lists\n').map(([name]) => name), ['c', 'b']);
    // A chain that ends at a value, at a block's response or at nothing known is no cycle.
    assert.deepEqual(cycles('@a = {{b}}\n@b = {{c}}\n@c = 3\n### q\nQUERY Saksmappe\n### a\n@d = {{q.results}}\n@e = {{zz}}\nGET code-lists\n'), []);
  });

  it('suggests only body keys not yet written, and lists the allowed values', () => {
    const check = (text: string, code: string) => checkDocument(parseDocument(text), { model: noarkModel }).find((d) => d.code === code);
    const unknown = check('### a\nPOST query\n{"type": "Saksmappe", "limit": 1, "limt": 2}\n', 'noarkq.body-unknown-key');
    assert.equal(unknown?.fixes, undefined);
    assert.match(unknown!.message, /remove it, or use one of type, limit, offset/);
    const value = check('### a\nPOST bulk/open\n{"type": "Saksmappe", "id": "1"}\n', 'noarkq.body-value-not-allowed');
    assert.match(value!.message, /one of Arkiv, Arkivdel, AbstraktMappe, AbstraktRegistrering, DokumentBeskrivelse, Klassifikasjonssystem, Klasse\./);
  });

  it('reports a request written without the body its endpoint needs, at the path', () => {
    const text = '### a\nPOST bulk/open\n### b\nPOST full-text/search\n### c\nGET code-lists\n';
    const found = checkDocument(parseDocument(text), { model: noarkModel }).filter((x) => x.code === 'noarkq.body-missing-key');
    assert.deepEqual(
      found.map((d) => [text.slice(d.start, d.end), d.message]),
      [['bulk/open', 'POST bulk/open needs a JSON body with "type" and "id": write it on the lines after the request, e.g. `{ "type": ..., "id": ... }`.']],
    );
  });

  it('judges query body paths as the query checker judges SORT and JOIN, in words that fit JSON', () => {
    const messages = (text: string) =>
      checkDocument(parseDocument(text), { model: noarkModel })
        .filter((d) => d.code === 'noarkq.body-value-not-allowed')
        .map((d) => [text.slice(d.start, d.end), d.message]);
    assert.deepEqual(messages('### a\nPOST query\n{"type": "Saksmappe", "joins": {"#k1": "refSekundaerKlasse", "#t": "tittel"}, "sortOrder": [{"field": "#k.id", "order": "asc"}, {"field": "titel", "order": "asc"}]}\n'), [
      ['tittel', '`tittel` is a field of Saksmappe, not a reference: a `joins` path follows references only (e.g. `refSekundaerKlasse`).'],
      ['#k', '#k is not defined: add `"#k": "<reference path>"` to `joins`, or use #k1.'],
      ['titel', 'Saksmappe has no field or reference `titel`. Did you mean `tittel`?'],
    ]);
    assert.deepEqual(messages('### a\nPOST query\n{"type": "Journalpost", "sortOrder": [{"field": "refMappe", "order": "asc"}, {"field": "dokumentmedium", "order": "asc"}]}\n'), [
      ['refMappe', '`refMappe` is a reference and references cannot be sorted on: sort on a field instead (e.g. `id`).'],
      ['dokumentmedium', '`dokumentmedium` is not sortable: sort on a field marked sortable (e.g. `id` or `tittel`).'],
    ]);
    // A member only some subtypes have, an alias nothing in the body uses, an alias defined by a
    // run-time key, escaped text and a run-time value are not judged.
    assert.deepEqual(messages('@k = "#x"\n### a\nPOST query\n{"type": "AbstraktMappe", "joins": {"#u": "refSekundaerKlasse", "{{k}}": "refPrimaerKlasse"}, "sortOrder": [{"field": "saksaar", "order": "asc"}, {"field": "#x.id", "order": "asc"}, {"field": "titte\\u006c", "order": "asc"}, {"field": "{{k}}", "order": "asc"}]}\n'), []);
  });

  it("judges a query body's `query` string as a WHERE, with the body's `parameters` as its values", () => {
    const found = (text: string) =>
      checkDocument(parseDocument(text), { model: noarkModel })
        .filter((d) => d.severity !== 'information')
        .map((d) => ({ code: d.code, at: text.slice(d.start, d.end), message: d.message, fixes: d.fixes?.map((f) => f.edits.map((e) => e.newText).join('|')) }));
    const body = (json: string) => `### a\nPOST query\n${json}\n`;
    assert.deepEqual(found(body('{"type": "Saksmappe", "query": "saksar = @year && tittel %= \'x\'", "parameters": {"@year": 2024}}')), [
      { code: 'noarkq.unknown-field', at: 'saksar', message: 'Saksmappe has no field or reference `saksar`. Did you mean `saksaar`?', fixes: ['saksaar'] },
      { code: 'noarkq.literal-in-query', at: "'x'", message: found(body('{"type": "Saksmappe", "query": "tittel %= \'x\'"}'))[0].message, fixes: undefined },
    ]);
    assert.match(found(body('{"type": "Saksmappe", "query": "tittel %= \'x\'"}'))[0].message, /add `"@\w+": "x"` to the body's `parameters`/);
    assert.deepEqual(found(body('{"type": "Saksmappe", "query": "saksaar = @year"}')), [
      { code: 'noarkq.param-undefined', at: '@year', message: '@year has no value: add `"@year": <JSON value>` to the body\'s `parameters`.', fixes: undefined },
    ]);
    assert.deepEqual(found(body('{"type": "Saksmappe", "query": "saksaar = @year", "parameters": {"@year": "tjue"}}')).map((d) => d.code), ['noarkq.param-type-mismatch']);
    assert.deepEqual(found(body('{"type": "Saksmappe", "query": "saksaar == @year", "parameters": {"@year": 2024}}')).map((d) => [d.code, d.fixes]), [['noarkq.syntax-invalid-operator', ['=']]]);
    // Parameters that cannot be read leave every parameter possibly defined; escaped text and a
    // run-time value are not judged; a well-formed body gives nothing.
    assert.deepEqual(found('@p = {"@year": 2024}\n' + body('{"type": "Saksmappe", "query": "saksaar = @year", "parameters": "{{p}}"}')).filter((d) => d.code.startsWith('noarkq.param')), []);
    assert.deepEqual(found(body('{"type": "Saksmappe", "query": "saksa\\u0061r = 2024"}')), []);
    assert.deepEqual(found('@q = "x"\n' + body('{"type": "Saksmappe", "query": "{{q}} = 2024"}')), []);
    assert.deepEqual(found(body('{"type": "Saksmappe", "query": "saksaar = @year && refEksternId.eksterntSystem = @sys", "parameters": {"@year": 2024, "@sys": "Sak"}}')), []);
  });

  it('says what a log limit takes, and a full-text expand item', () => {
    const found = (text: string) => checkDocument(parseDocument(text), { model: noarkModel }).find((d) => d.code === 'noarkq.body-value-not-allowed');
    assert.equal(found('### a\nPOST logs/access-log\n{"limit": 0}\n')?.message, '`limit` is at least 1, not 0: write a number from 1 to 100 (leave it out for the default).');
    assert.equal(
      found('### a\nPOST full-text/search\n{"expand": ["Arkiv"]}\n')!.message,
      'An item of `expand` cannot be "Arkiv". Write a type a full-text hit expands: Klasse, AbstraktMappe, AbstraktRegistrering, Dokument, Dokumentversjon, Arkivdel, Korrespondansepart, or a concrete type of one.',
    );
    assert.match(found('### a\nPOST full-text/search\n{"expand": ["Journalpst"]}\n')!.message, /cannot be "Journalpst": did you mean "Journalpost"\?/);
  });

  it('takes full-text filters as the vendor documents them: a list or a single value per field', () => {
    const codes = (text: string) => checkDocument(parseDocument(text), { model: noarkModel }).map((d) => d.code);
    assert.deepEqual(codes('### a\nPOST full-text/search\n{"query": "x", "filters": {"Journalpost.journalposttype": ["I", "U"], "AbstraktMappe.saksaar": 2024, "documentType": "Brev"}, "expand": ["Journalpost", "AbstraktMappe"], "publicUse": false}\n'), []);
    assert.deepEqual(codes('### a\nPOST full-text/search\n{"query": "x", "filters": {"Journalpost.journalposttype": {"code": "I"}}}\n'), ['noarkq.body-value-type']);
  });

  it('names the abstract type to write when a body takes the supertype of the written type', () => {
    const text = '### a\nPOST bulk/close\n{"type": "Journalpost", "id": "1"}\n';
    const d = checkDocument(parseDocument(text), { model: noarkModel }).find((x) => x.code === 'noarkq.body-value-not-allowed');
    assert.match(d!.message, /a Journalpost is an AbstraktRegistrering, so write "AbstraktRegistrering"/);
    assert.deepEqual(d!.fixes?.[0].edits.map((e) => e.newText), ['"AbstraktRegistrering"']);
  });

  it('points a duplicate block name and a later-block reference at the other block', () => {
    const dup = '### a\nGET code-lists\n### a\nGET bsm-registry\n';
    const d = checkDocument(parseDocument(dup), { model: noarkModel }).find((x) => x.code === 'noarkq.duplicate-block-name');
    assert.deepEqual(d?.related?.map((r) => [r.start, r.end]), [[4, 5]]);
    const later = '### b\nDOWNLOAD {{letter.id}}\n### letter\nUPLOAD ./a.pdf\n';
    const l = checkDocument(parseDocument(later), { model: noarkModel }).find((x) => x.code === 'noarkq.reference-later-block');
    const r = l?.related?.[0];
    assert.equal(later.slice(r!.start, r!.end), 'letter');
    assert.equal(r!.start, later.indexOf('### letter') + 4);
  });

  it('suggests for an unknown block the nearest earlier block name, the first in the file among equally near ones, and a variable before any', () => {
    const suggested = (text: string): string[] =>
      checkDocument(parseDocument(text), { model: noarkModel }).flatMap((d) => d.fixes?.filter((f) => f.title.startsWith('Change to')).map((f) => f.title) ?? []);
    const blocks = '### letterB\nUPLOAD ./b.pdf\n### other\nUPLOAD ./c.pdf\n### letterA\nUPLOAD ./a.pdf\n### letterB\nUPLOAD ./d.pdf\n';
    // letterB and letterA are one letter from letterX: letterB comes first (its first block).
    assert.deepEqual(suggested(`${blocks}### use\nDOWNLOAD {{letterX.id}}\n`), ['Change to letterB']);
    // Only earlier blocks: none of the names below the reference.
    assert.deepEqual(suggested(`### use\nDOWNLOAD {{letterX.id}}\n${blocks}`), []);
    // A file variable's reference may name any block.
    assert.deepEqual(suggested(`@x = {{letterX.id}}\n${blocks}`), ['Change to letterB']);
    // `{{name}}` alone: the variables come before the block names.
    assert.deepEqual(suggested(`@letterY = 1\n${blocks}### use\nDOWNLOAD {{letterX}}\n`), ['Change to letterY']);
    assert.deepEqual(suggested(`@letterY = 1\n${blocks}### use\nDOWNLOAD {{LETTERA}}\n`), ['Change to letterA']);
  });
});
