/**
 * Data-driven: for every code the transaction checker can emit, a bad example (the expected range
 * marked with ⟦...⟧) and a good example without it. A code without a row fails the suite.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseTree, type ParseError } from 'jsonc-parser';
import type { NoarkqDiagnostic, TextEdit } from '../diagnostics';
import { createNoarkModel, defaultCodeLists, entityTypes, noarkModel } from '../schema';
import type { EntityTypeDef, NoarkModel } from '../schema/types';
import { checkTransactionText, transactionDiagnosticCodes, TxCodes, type BsmGroup, type TransactionCheckContext } from './index';

// ---------------------------------------------------------------------------------------------
// Fixture helpers

function marked(src: string): { text: string; start: number; end: number } {
  const start = src.indexOf('⟦');
  const end = src.indexOf('⟧');
  assert.ok(start >= 0 && end > start, `fixture needs ⟦...⟧: ${src}`);
  return { text: src.slice(0, start) + src.slice(start + 1, end) + src.slice(end + 1), start, end: end - 1 };
}

function tx(...actions: string[]): string {
  return `{"actions": [\n${actions.join(',\n')}\n]}`;
}

const knownCodes = new Set(transactionDiagnosticCodes.map((c) => c.code));

function check(text: string, extra: Partial<TransactionCheckContext> = {}): NoarkqDiagnostic[] {
  const diagnostics = checkTransactionText(text, 0, text.length, { model: noarkModel, ...extra }).diagnostics;
  for (const d of diagnostics) assert.ok(knownCodes.has(d.code), `emitted code ${d.code} is not in transactionDiagnosticCodes`);
  return diagnostics;
}

function show(ds: NoarkqDiagnostic[], text: string): string {
  return ds.map((d) => `${d.code} [${d.start},${d.end}] ${JSON.stringify(text.slice(d.start, d.end))}: ${d.message}`).join('\n');
}

function applyEdits(text: string, edits: TextEdit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.newText + out.slice(e.end);
  return out;
}

/** A model with some references made unlinkable and a type closed to transactions, to reach
 * checks the shipped model may never trigger. */
function variantModel(): NoarkModel {
  const types = entityTypes.map((t): EntityTypeDef => {
    if (t.name === 'Arkivnotat') return { ...t, transactable: false };
    if (t.name !== 'Journalpost') return t;
    return {
      ...t,
      references: t.references.map((r) =>
        r.name === 'refDokument' || r.name === 'refSekundaerKlasse' ? { ...r, linkable: false } : r,
      ),
    };
  });
  return createNoarkModel(types, defaultCodeLists);
}

const throwingModel: NoarkModel = {
  ...noarkModel,
  getType: () => {
    throw new Error('model unavailable');
  },
};

const registry: BsmGroup[] = [
  {
    groupId: 'case-data',
    groupName: 'Case data',
    fields: [
      { fieldId: 'priority', fieldType: 'long' },
      { fieldId: 'colour', fieldType: 'string', fieldValues: ['red', 'green'] },
      { fieldId: 'due', fieldType: 'timestamp' },
    ],
  },
];

// Recurring actions.
const jpUpdate = `{"action": "save", "type": "Journalpost", "id": "123", "fields": {"tittel": "Title"}}`;
const newJp = `{"action": "save", "type": "Journalpost", "id": "jp", "fields": {"tittel": "Letter", "journalposttype": "I"}}`;
const linkJp = `{"action": "link", "type": "Journalpost", "id": "jp", "ref": "refMappe", "linkToId": "456"}`;
const newKp = `{"action": "save", "type": "Korrespondansepart", "id": "kp", "fields": {"korrespondansepartNavn": "Kari", "korrespondanseparttype": "EA"}}`;
const linkKp = `{"action": "link", "type": "Korrespondansepart", "id": "kp", "ref": "refRegistrering", "linkToId": "jp"}`;
const newDoc = `{"action": "save", "type": "Dokument", "id": "doc", "fields": {"tittel": "Letter", "tilknyttetRegistreringSom": "H"}}`;

function bsmSave(bsm: string): string {
  return `{"action": "save", "type": "Journalpost", "id": "123", "fields": {"virksomhetsspesifikkeMetadata": ${bsm}}}`;
}

// ---------------------------------------------------------------------------------------------
// One row per code

interface Row {
  code: string;
  /** Transaction text with the expected range marked ⟦...⟧. */
  bad: string;
  /** A close variant without the problem. */
  good: string;
  context?: Partial<TransactionCheckContext>;
  /** Context of the good example, when it differs from the bad one's. */
  goodContext?: Partial<TransactionCheckContext>;
  /** Apply the diagnostic's preferred fix and expect the code gone. */
  fix?: boolean;
  /** Expected severity where a code's severity varies. */
  severity?: NoarkqDiagnostic['severity'];
}

const rows: Row[] = [
  { code: TxCodes.invalidJson, bad: `{"actions": [{"action": "save", "type": ⟦}⟧]}`, good: tx(jpUpdate) },
  { code: TxCodes.internalError, bad: `⟦${tx(jpUpdate)}⟧`, good: tx(jpUpdate), context: { model: throwingModel }, goodContext: {} },
  { code: TxCodes.notATransaction, bad: `⟦"save"⟧`, good: `[${jpUpdate}]` },
  { code: TxCodes.missingActions, bad: `⟦{}⟧`, good: tx(jpUpdate) },
  { code: TxCodes.unknownTopLevelKey, bad: `{"actions": [${jpUpdate}], ⟦"comment"⟧: "x"}`, good: tx(jpUpdate), fix: true },
  { code: TxCodes.unknownTopLevelKey, bad: `{⟦"actoins"⟧: [${jpUpdate}]}`, good: tx(jpUpdate), fix: true },
  { code: TxCodes.emptyTransaction, bad: `{"actions": ⟦[]⟧}`, good: tx(jpUpdate) },
  { code: TxCodes.actionNotObject, bad: `{"actions": [⟦"save"⟧]}`, good: tx(jpUpdate) },
  {
    code: TxCodes.missingProperty,
    bad: tx(`⟦{"action": "save", "type": "Journalpost", "fields": {"tittel": "T"}}⟧`),
    good: tx(jpUpdate),
  },
  {
    code: TxCodes.missingProperty,
    severity: 'warning',
    bad: tx(`⟦{"action": "save", "type": "Journalpost", "id": "123"}⟧`),
    good: tx(jpUpdate),
  },
  {
    code: TxCodes.wrongPropertyType,
    bad: tx(`{"action": "save", "type": "Journalpost", "id": "123", "fields": ⟦["tittel"]⟧}`),
    good: tx(jpUpdate),
  },
  {
    code: TxCodes.duplicateProperty,
    bad: tx(`{"action": "save", "type": "Journalpost", "id": "123", "fields": {"tittel": "A", ⟦"tittel"⟧: "B"}}`),
    good: tx(jpUpdate),
    fix: true,
  },
  {
    code: TxCodes.unknownProperty,
    bad: tx(`{"action": "save", "type": "Journalpost", "id": "123", ⟦"feilds"⟧: {"tittel": "T"}}`),
    good: tx(jpUpdate),
    fix: true,
  },
  {
    code: TxCodes.misplacedProperty,
    bad: tx(`{"action": "unlink", "type": "Journalpost", "id": "123", "ref": "refSekundaerKlasse", ⟦"linkToId"⟧: "9"}`),
    good: tx(`{"action": "unlink", "type": "Journalpost", "id": "123", "ref": "refSekundaerKlasse", "unlinkFromId": "9"}`),
    fix: true,
  },
  {
    code: TxCodes.unknownAction,
    bad: tx(`{"action": ⟦"sav"⟧, "type": "Journalpost", "id": "123", "fields": {"tittel": "T"}}`),
    good: tx(jpUpdate),
    fix: true,
  },
  {
    code: TxCodes.unknownType,
    bad: tx(`{"action": "save", "type": ⟦"Journalpst"⟧, "id": "123", "fields": {"tittel": "T"}}`),
    good: tx(jpUpdate),
    fix: true,
  },
  {
    code: TxCodes.abstractType,
    bad: tx(`{"action": "save", "type": ⟦"AbstraktRegistrering"⟧, "id": "123", "fields": {"tittel": "T"}}`),
    good: tx(jpUpdate),
  },
  {
    code: TxCodes.typeNotTransactable,
    bad: tx(`{"action": "save", "type": ⟦"Arkivnotat"⟧, "id": "123", "fields": {}}`),
    good: tx(jpUpdate),
    context: { model: variantModel() },
  },
  {
    code: TxCodes.idNotString,
    bad: tx(`{"action": "save", "type": "Journalpost", "id": ⟦123⟧, "fields": {"tittel": "T"}}`),
    good: tx(jpUpdate),
    fix: true,
  },
  {
    code: TxCodes.emptyId,
    bad: tx(`{"action": "save", "type": "Journalpost", "id": ⟦""⟧, "fields": {"tittel": "T"}}`),
    good: tx(jpUpdate),
  },
  {
    code: TxCodes.numericTempId,
    bad: tx(`{"action": "save", "type": "Journalpost", "id": ⟦"-1"⟧, "fields": {"tittel": "T"}}`, linkJp.replace('"jp"', '"-1"'), newKp, linkKp.replace('"linkToId": "jp"', '"linkToId": "-1"')),
    good: tx(newJp, linkJp, newKp, linkKp),
  },
  {
    code: TxCodes.duplicateTempId,
    bad: tx(newJp, linkJp, newKp, linkKp, `{"action": "save", "type": "Dokument", "id": ⟦"jp"⟧, "fields": {"tittel": "D"}}`),
    good: tx(newJp, linkJp, newKp, linkKp, `{"action": "save", "type": "Journalpost", "id": "jp", "fields": {"opprettetAv": "Kari"}}`),
  },
  {
    code: TxCodes.tempIdTypeMismatch,
    bad: tx(newJp, linkJp, newKp, `{"action": "link", "type": ⟦"Dokument"⟧, "id": "kp", "ref": "refRegistrering", "linkToId": "jp"}`),
    good: tx(newJp, linkJp, newKp, linkKp),
    fix: true,
  },
  {
    code: TxCodes.tempIdUsedBeforeSave,
    bad: tx(newJp, linkJp, `{"action": "link", "type": "Korrespondansepart", "id": ⟦"kp"⟧, "ref": "refRegistrering", "linkToId": "jp"}`, newKp),
    good: tx(newJp, linkJp, newKp, linkKp),
  },
  {
    code: TxCodes.tempIdNeverSaved,
    bad: tx(newJp, linkJp, newKp, `{"action": "link", "type": "Korrespondansepart", "id": "kp", "ref": "refRegistrering", "linkToId": ⟦"jpp"⟧}`),
    good: tx(newJp, linkJp, newKp, linkKp),
    fix: true,
  },
  {
    code: TxCodes.referenceInFields,
    bad: tx(`{"action": "save", "type": "Journalpost", "id": "jp", "fields": {"tittel": "T", "journalposttype": "I", ⟦"refMappe"⟧: "456"}}`, newKp, linkKp),
    good: tx(newJp, linkJp, newKp, linkKp),
    fix: true,
  },
  {
    code: TxCodes.unknownField,
    severity: 'error',
    bad: tx(`{"action": "save", "type": "Journalpost", "id": "123", "fields": {⟦"titel"⟧: "T"}}`),
    good: tx(jpUpdate),
    fix: true,
  },
  {
    code: TxCodes.unknownField,
    severity: 'warning',
    bad: tx(`{"action": "save", "type": "Saksmappe", "id": "123", "fields": {⟦"saksnavn"⟧: "T"}}`),
    good: tx(`{"action": "save", "type": "Saksmappe", "id": "123", "fields": {"tittel": "T"}}`),
  },
  {
    code: TxCodes.fieldTypeMismatch,
    bad: tx(`{"action": "save", "type": "Journalpost", "id": "123", "fields": {"bevaringstid": ⟦"ten years"⟧}}`),
    good: tx(`{"action": "save", "type": "Journalpost", "id": "123", "fields": {"bevaringstid": 10}}`),
  },
  {
    code: TxCodes.fieldTypeMismatch,
    bad: tx(`{"action": "save", "type": "Journalpost", "id": "123", "fields": {"skjermKorrespondanseParterEInnsyn": ⟦"no"⟧}}`),
    good: tx(`{"action": "save", "type": "Journalpost", "id": "123", "fields": {"skjermKorrespondanseParterEInnsyn": false}}`),
  },
  {
    code: TxCodes.fieldValueCoerced,
    bad: tx(`{"action": "save", "type": "Journalpost", "id": "123", "fields": {"bevaringstid": ⟦"10"⟧}}`),
    good: tx(`{"action": "save", "type": "Journalpost", "id": "123", "fields": {"bevaringstid": 10}}`),
    severity: 'warning',
    fix: true,
  },
  {
    code: TxCodes.fieldValueCoerced,
    bad: tx(`{"action": "save", "type": "Dokumentversjon", "id": "123", "fields": {"referanseDokumentfil": ⟦4711⟧}}`),
    good: tx(`{"action": "save", "type": "Dokumentversjon", "id": "123", "fields": {"referanseDokumentfil": "4711"}}`),
    severity: 'warning',
    fix: true,
  },
  {
    code: TxCodes.invalidDate,
    bad: tx(`{"action": "save", "type": "Journalpost", "id": "123", "fields": {"dokumentetsDato": ⟦"2024-08-19T10:00:00.000+0200"⟧}}`),
    good: tx(`{"action": "save", "type": "Journalpost", "id": "123", "fields": {"dokumentetsDato": "2024-08-19"}}`),
    fix: true,
  },
  {
    code: TxCodes.invalidTimestamp,
    bad: tx(`{"action": "save", "type": "Journalpost", "id": "123", "fields": {"mottattDato": ⟦"2024-08-19"⟧}}`),
    good: tx(`{"action": "save", "type": "Journalpost", "id": "123", "fields": {"mottattDato": "2024-08-19T09:09:39.315+02:00"}}`),
  },
  {
    code: TxCodes.unknownCode,
    bad: tx(`{"action": "save", "type": "Journalpost", "id": "123", "fields": {"journalposttype": ⟦"i"⟧}}`),
    good: tx(`{"action": "save", "type": "Journalpost", "id": "123", "fields": {"journalposttype": "I"}}`),
    fix: true,
  },
  {
    // Live code lists win over the defaults: "Z" is a code of this archive's list.
    code: TxCodes.unknownCode,
    bad: tx(`{"action": "save", "type": "Journalpost", "id": "123", "fields": {"journalposttype": ⟦"I"⟧}}`),
    good: tx(`{"action": "save", "type": "Journalpost", "id": "123", "fields": {"journalposttype": "Z"}}`),
    context: { codeLists: new Map([['journalposttype', ['Z']]]) },
  },
  {
    code: TxCodes.valueNotAllowed,
    bad: tx(`{"action": "save", "type": "Journalpost", "id": "123", "fields": {"publiseringsstatus": ⟦"PUBLISHED"⟧}}`),
    good: tx(`{"action": "save", "type": "Journalpost", "id": "123", "fields": {"publiseringsstatus": "PUBLISHED_METADATA"}}`),
  },
  {
    code: TxCodes.serviceField,
    bad: tx(`{"action": "save", "type": "Dokumentversjon", "id": "123", "fields": {⟦"sjekksum"⟧: "abc"}}`),
    good: tx(`{"action": "save", "type": "Dokumentversjon", "id": "123", "fields": {"format": "pdf"}}`),
    fix: true,
  },
  {
    code: TxCodes.conditionalField,
    bad: tx(`{"action": "save", "type": "Journalpost", "id": "123", "fields": {⟦"opprettetAv"⟧: "Kari"}}`),
    good: tx(jpUpdate),
  },
  {
    code: TxCodes.unknownReference,
    bad: tx(`{"action": "link", "type": "Journalpost", "id": "123", "ref": ⟦"refSekundarKlasse"⟧, "linkToId": "9"}`),
    good: tx(`{"action": "link", "type": "Journalpost", "id": "123", "ref": "refSekundaerKlasse", "linkToId": "9"}`),
    fix: true,
  },
  {
    code: TxCodes.linkTargetTypeMismatch,
    bad: tx(newJp, `{"action": "link", "type": "Journalpost", "id": "jp", "ref": "refMappe", "linkToId": ⟦"{{findDoc.results[0].id}}"⟧}`, newKp, linkKp),
    good: tx(newJp, `{"action": "link", "type": "Journalpost", "id": "jp", "ref": "refMappe", "linkToId": "{{findCase.results[0].id}}"}`, newKp, linkKp),
    context: { referenceType: (r) => (r.startsWith('findDoc.') ? 'Dokument' : r.startsWith('findCase.') ? 'Saksmappe' : undefined) },
  },
  {
    code: TxCodes.linkTargetTypeMismatch,
    bad: tx(newJp, linkJp, newKp, linkKp, newDoc, `{"action": "link", "type": "Dokument", "id": "doc", "ref": "refRegistrering", "linkToId": ⟦"kp"⟧}`),
    good: tx(newJp, linkJp, newKp, linkKp, newDoc, `{"action": "link", "type": "Dokument", "id": "doc", "ref": "refRegistrering", "linkToId": "jp"}`),
  },
  {
    code: TxCodes.missingExpectedLink,
    bad: tx(`{"action": "save", "type": "Moetemappe", "id": ⟦"mm"⟧, "fields": {"tittel": "Styremøte", "moetenummer": "1", "utvalg": "Styret"}}`, `{"action": "link", "type": "Moetemappe", "id": "mm", "ref": "refArkivdel", "linkToId": "332"}`),
    good: tx(
      `{"action": "save", "type": "Moetemappe", "id": "mm", "fields": {"tittel": "Styremøte", "moetenummer": "1", "utvalg": "Styret"}}`,
      `{"action": "link", "type": "Moetemappe", "id": "mm", "ref": "refArkivdel", "linkToId": "332"}`,
      `{"action": "link", "type": "Moetemappe", "id": "mm", "ref": "refPrimaerKlasse", "linkToId": "210"}`,
    ),
    severity: 'warning',
    fix: true,
  },
  {
    code: TxCodes.linkWrongDirection,
    bad: tx(newDoc, `{"action": "link", "type": "Journalpost", "id": "123", "ref": ⟦"refDokument"⟧, "linkToId": "doc"}`),
    good: tx(newDoc, `{"action": "link", "type": "Dokument", "id": "doc", "ref": "refRegistrering", "linkToId": "123"}`),
    severity: 'warning',
    fix: true,
  },
  {
    code: TxCodes.refNotLinkable,
    bad: tx(`{"action": "link", "type": "Journalpost", "id": "123", "ref": ⟦"refSekundaerKlasse"⟧, "linkToId": "9"}`),
    good: tx(`{"action": "link", "type": "Journalpost", "id": "123", "ref": "refPrimaerKlasse", "linkToId": "9"}`),
    context: { model: variantModel() },
  },
  {
    code: TxCodes.refNotUnlinkable,
    bad: tx(`{"action": "unlink", "type": "Journalpost", "id": "123", "ref": ⟦"refKorrespondansepart"⟧, "unlinkFromId": "9"}`),
    good: tx(`{"action": "unlink", "type": "Journalpost", "id": "123", "ref": "refSekundaerKlasse", "unlinkFromId": "9"}`),
  },
  {
    code: TxCodes.multipleLinkTargets,
    bad: tx(newJp, `{"action": "link", "type": "Journalpost", "id": "jp", "ref": "refMappe", "linkToId": ⟦["456", "457"]⟧}`, newKp, linkKp),
    good: tx(newJp, `{"action": "link", "type": "Journalpost", "id": "jp", "ref": "refMappe", "linkToId": ["456"]}`, newKp, linkKp),
  },
  {
    code: TxCodes.linkedTwice,
    bad: tx(newJp, linkJp, newKp, linkKp, `{"action": "link", "type": "Korrespondansepart", "id": "kp", "ref": ⟦"refRegistrering"⟧, "linkToId": "789"}`),
    good: tx(newJp, linkJp, newKp, linkKp),
  },
  {
    code: TxCodes.relinkExisting,
    bad: tx(`{"action": "link", "type": "Korrespondansepart", "id": "55", "ref": ⟦"refRegistrering"⟧, "linkToId": "66"}`),
    good: tx(
      `{"action": "unlink", "type": "Korrespondansepart", "id": "55", "ref": "refRegistrering", "unlinkFromId": "65"}`,
      `{"action": "link", "type": "Korrespondansepart", "id": "55", "ref": "refRegistrering", "linkToId": "66"}`,
    ),
  },
  {
    code: TxCodes.unlinkRequiredParent,
    bad: tx(`{"action": "unlink", "type": "Journalpost", "id": "123", "ref": ⟦"refMappe"⟧, "unlinkFromId": "5"}`),
    good: tx(`{"action": "unlink", "type": "Journalpost", "id": "123", "ref": "refSekundaerKlasse", "unlinkFromId": "5"}`),
  },
  {
    code: TxCodes.unlinkRequiredParent,
    bad: tx(
      `{"action": "link", "type": "Journalpost", "id": "123", "ref": "refMappe", "linkToId": "6"}`,
      `{"action": "unlink", "type": "Journalpost", "id": "123", "ref": ⟦"refMappe"⟧, "unlinkFromId": "5"}`,
    ),
    good: tx(
      `{"action": "unlink", "type": "Journalpost", "id": "123", "ref": "refMappe", "unlinkFromId": "5"}`,
      `{"action": "link", "type": "Journalpost", "id": "123", "ref": "refMappe", "linkToId": "6"}`,
    ),
  },
  {
    code: TxCodes.moveNeedsPermission,
    bad: tx(
      `{"action": "unlink", "type": "Journalpost", "id": "123", "ref": ⟦"refMappe"⟧, "unlinkFromId": "5"}`,
      `{"action": "link", "type": "Journalpost", "id": "123", "ref": "refMappe", "linkToId": "6"}`,
    ),
    good: tx(`{"action": "unlink", "type": "Journalpost", "id": "123", "ref": "refSekundaerKlasse", "unlinkFromId": "5"}`),
  },
  {
    code: TxCodes.deleteNeedsPermission,
    bad: tx(`{"action": ⟦"delete"⟧, "type": "Journalpost", "id": "123", "version": "4"}`),
    good: tx(jpUpdate),
  },
  {
    code: TxCodes.unlinkedNewEntity,
    bad: tx(`{"action": "save", "type": "Dokument", "id": ⟦"doc"⟧, "fields": {"tittel": "Letter", "tilknyttetRegistreringSom": "H"}}`),
    good: tx(newDoc, `{"action": "link", "type": "Dokument", "id": "doc", "ref": "refRegistrering", "linkToId": "123"}`),
    fix: true,
  },
  {
    code: TxCodes.missingRequiredLink,
    bad: tx(`{"action": "save", "type": "Journalpost", "id": ⟦"jp"⟧, "fields": {"tittel": "Letter", "journalposttype": "I"}}`, linkJp),
    good: tx(newJp, linkJp, newKp, linkKp),
    fix: true,
  },
  {
    code: TxCodes.missingRequiredLink,
    bad: tx(`{"action": "save", "type": "Arkiv", "id": ⟦"arkiv"⟧, "fields": {"tittel": "Archive"}}`),
    good: tx(
      `{"action": "save", "type": "Arkiv", "id": "arkiv", "fields": {"tittel": "Archive"}}`,
      `{"action": "save", "type": "Arkivskaper", "id": "skaper", "fields": {"arkivskaperIdent": "K1", "arkivskaperNavn": "Kommune"}}`,
      `{"action": "link", "type": "Arkivskaper", "id": "skaper", "ref": "refArkiv", "linkToId": "arkiv"}`,
    ),
    fix: true,
  },
  {
    code: TxCodes.missingRequiredLink,
    bad: tx(`{"action": "save", "type": "Saksmappe", "id": ⟦"sak"⟧, "fields": {"tittel": "Case"}}`, `{"action": "link", "type": "Saksmappe", "id": "sak", "ref": "refArkivdel", "linkToId": "7"}`),
    good: tx(
      `{"action": "save", "type": "Saksmappe", "id": "sak", "fields": {"tittel": "Case"}}`,
      `{"action": "link", "type": "Saksmappe", "id": "sak", "ref": "refArkivdel", "linkToId": "7"}`,
      `{"action": "link", "type": "Saksmappe", "id": "sak", "ref": "refPrimaerKlasse", "linkToId": "8"}`,
    ),
    fix: true,
  },
  {
    code: TxCodes.tooManyLinks,
    bad: tx(newJp, linkJp, `{"action": "link", "type": "Journalpost", "id": "jp", "ref": ⟦"refArkivdel"⟧, "linkToId": "7"}`, newKp, linkKp),
    good: tx(newJp, linkJp, newKp, linkKp),
  },
  {
    code: TxCodes.missingRequiredField,
    bad: tx(newDoc, `{"action": "save", "type": "Dokumentversjon", "id": "v1", ⟦"fields"⟧: {"variantformat": "A"}}`, `{"action": "link", "type": "Dokumentversjon", "id": "v1", "ref": "refDokument", "linkToId": "doc"}`, `{"action": "link", "type": "Dokument", "id": "doc", "ref": "refRegistrering", "linkToId": "123"}`),
    good: tx(newDoc, `{"action": "save", "type": "Dokumentversjon", "id": "v1", "fields": {"variantformat": "A", "referanseDokumentfil": "{{letter.id}}"}}`, `{"action": "link", "type": "Dokumentversjon", "id": "v1", "ref": "refDokument", "linkToId": "doc"}`, `{"action": "link", "type": "Dokument", "id": "doc", "ref": "refRegistrering", "linkToId": "123"}`),
    fix: true,
  },
  {
    code: TxCodes.bsmNotAllowed,
    bad: tx(`{"action": "save", "type": "Arkiv", "id": "1", "fields": {⟦"virksomhetsspesifikkeMetadata"⟧: {}}}`),
    good: tx(`{"action": "save", "type": "Dokument", "id": "1", "fields": {"virksomhetsspesifikkeMetadata": {}}}`),
  },
  {
    code: TxCodes.bsmInvalidShape,
    bad: tx(bsmSave(`{"case-data": {"priority": {⟦"value"⟧: [1]}}}`)),
    good: tx(bsmSave(`{"case-data": {"priority": {"values": [1]}}}`)),
    fix: true,
  },
  {
    code: TxCodes.bsmInvalidShape,
    bad: tx(bsmSave(`{"case-data": {"priority": ⟦{}⟧}}`)),
    good: tx(bsmSave(`{"case-data": {"priority": {"values": []}}}`)),
  },
  {
    code: TxCodes.bsmInvalidShape,
    bad: tx(bsmSave(`{"case-data": {"priority": {"values": ⟦1⟧}}}`)),
    good: tx(bsmSave(`{"case-data": {"priority": {"values": [1]}}}`)),
    fix: true,
  },
  {
    code: TxCodes.bsmUnknownGroup,
    bad: tx(bsmSave(`{⟦"case-dat"⟧: {"priority": {"values": [1]}}}`)),
    good: tx(bsmSave(`{"case-data": {"priority": {"values": [1]}}}`)),
    context: { bsmRegistry: registry },
    fix: true,
  },
  {
    code: TxCodes.bsmUnknownField,
    bad: tx(bsmSave(`{"case-data": {⟦"prio"⟧: {"values": [1]}}}`)),
    good: tx(bsmSave(`{"case-data": {"priority": {"values": [1]}}}`)),
    context: { bsmRegistry: registry },
  },
  {
    code: TxCodes.bsmValueType,
    bad: tx(bsmSave(`{"case-data": {"priority": {"values": [⟦1.5⟧]}, "due": {"values": ["2024-08-19T09:09:39.315+0200"]}}}`)),
    good: tx(bsmSave(`{"case-data": {"priority": {"values": [2]}, "due": {"values": ["2024-08-19T09:09:39.315+0200"]}}}`)),
    context: { bsmRegistry: registry },
  },
  {
    code: TxCodes.bsmValueNotAllowed,
    bad: tx(bsmSave(`{"case-data": {"colour": {"values": ["red", ⟦"blue"⟧]}}}`)),
    good: tx(bsmSave(`{"case-data": {"colour": {"values": ["red", "green"]}}}`)),
    context: { bsmRegistry: registry },
  },
];

test('every transaction diagnostic code has a row, and every row a catalogued code', () => {
  const covered = new Set(rows.map((r) => r.code));
  const missing = transactionDiagnosticCodes.map((c) => c.code).filter((c) => !covered.has(c));
  assert.deepEqual(missing, [], `codes without a bad/good example: ${missing.join(', ')}`);
  for (const r of rows) assert.ok(knownCodes.has(r.code), `row for uncatalogued code ${r.code}`);
  assert.equal(new Set(transactionDiagnosticCodes.map((c) => c.code)).size, transactionDiagnosticCodes.length, 'duplicate catalogue entries');
});

for (const [i, row] of rows.entries()) {
  test(`${row.code} #${i}: reported at the marked range`, () => {
    const { text, start, end } = marked(row.bad);
    const ds = check(text, row.context);
    const ofCode = ds.filter((d) => d.code === row.code);
    assert.equal(ofCode.length, 1, `expected one ${row.code}, got:\n${show(ds, text)}`);
    const d = ofCode[0];
    assert.deepEqual([d.start, d.end], [start, end], `range of ${row.code}: got ${JSON.stringify(text.slice(d.start, d.end))}, want ${JSON.stringify(text.slice(start, end))}`);
    if (row.severity) assert.equal(d.severity, row.severity);
    assert.ok(d.message.length > 20, 'the message says what to do');
  });

  test(`${row.code} #${i}: absent from the good example`, () => {
    const ds = check(row.good, row.goodContext ?? row.context);
    assert.deepEqual(ds.filter((d) => d.code === row.code), [], show(ds, row.good));
  });

  if (row.fix) {
    test(`${row.code} #${i}: the fix applies cleanly and removes the problem`, () => {
      const { text } = marked(row.bad);
      const d = check(text, row.context).find((x) => x.code === row.code);
      assert.ok(d?.fixes?.length, `${row.code} carries a fix`);
      const fix = d.fixes.find((f) => f.preferred) ?? d.fixes[0];
      const fixed = applyEdits(text, fix.edits);
      const errors: ParseError[] = [];
      parseTree(fixed, errors, { allowTrailingComma: true });
      assert.deepEqual(errors, [], `fixed text parses:\n${fixed}`);
      const after = check(fixed, row.context);
      assert.deepEqual(after.filter((x) => x.code === row.code), [], `after the fix:\n${fixed}\n${show(after, fixed)}`);
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Whole transactions that must check clean

const findCaseTypes: TransactionCheckContext['referenceType'] = (r) => {
  if (r.startsWith('findCase.results')) return 'Saksmappe';
  if (r.startsWith('register.saved.jp')) return 'Journalpost';
  return undefined;
};

test("the spec's typical flow (register, then attach) checks clean", () => {
  const register = `{
    "actions": [
      { "action": "save", "type": "Journalpost", "id": "jp",
        "fields": { "tittel": "Application for building permit", "journalposttype": "I" } },
      { "action": "link", "type": "Journalpost", "id": "jp", "ref": "refMappe",
        "linkToId": "{{findCase.results[0].id}}" },
      { "action": "save", "type": "Korrespondansepart", "id": "kp",
        "fields": { "korrespondansepartNavn": "Kari Nordmann", "korrespondanseparttype": "EA" } },
      { "action": "link", "type": "Korrespondansepart", "id": "kp", "ref": "refRegistrering",
        "linkToId": "jp" }
    ]
  }`;
  const attach = `{
    "actions": [
      { "action": "save", "type": "Dokument", "id": "doc",
        "fields": { "tittel": "Application", "tilknyttetRegistreringSom": "H" } },
      { "action": "link", "type": "Dokument", "id": "doc", "ref": "refRegistrering",
        "linkToId": "{{register.saved.jp.id}}" },
      { "action": "save", "type": "Dokumentversjon", "id": "v1",
        "fields": { "referanseDokumentfil": "{{letter.id}}", "variantformat": "A" } },
      { "action": "link", "type": "Dokumentversjon", "id": "v1", "ref": "refDokument",
        "linkToId": "doc" }
    ]
  }`;
  for (const text of [register, attach]) {
    const ds = check(text, { referenceType: findCaseTypes });
    assert.deepEqual(ds, [], show(ds, text));
  }
});

test('the typical flow with a query result of the wrong type is caught through referenceType', () => {
  const text = tx(newJp, `{"action": "link", "type": "Journalpost", "id": "jp", "ref": "refMappe", "linkToId": "{{findCase.results[0].id}}"}`, newKp, linkKp);
  const ds = check(text, { referenceType: () => 'Korrespondansepart' });
  assert.deepEqual(ds.map((d) => d.code), [TxCodes.linkTargetTypeMismatch]);
});

test('a full system initialisation transaction checks clean', () => {
  const text = `[
    // Fonds and its creator
    {"action": "save", "type": "Arkiv", "id": "arkiv", "fields": {"tittel": "Kommunearkiv"}},
    {"action": "save", "type": "Arkivskaper", "id": "skaper", "fields": {"arkivskaperIdent": "K0301", "arkivskaperNavn": "Kommunen"}},
    {"action": "link", "type": "Arkivskaper", "id": "skaper", "ref": "refArkiv", "linkToId": "arkiv"},
    // Series with its classification system and a class
    {"action": "save", "type": "Arkivdel", "id": "serie", "fields": {"tittel": "Saksarkiv 2024"}},
    {"action": "link", "type": "Arkivdel", "id": "serie", "ref": "refArkiv", "linkToId": "arkiv"},
    {"action": "save", "type": "Klassifikasjonssystem", "id": "ks", "fields": {"tittel": "Emnekoder"}},
    {"action": "link", "type": "Arkivdel", "id": "serie", "ref": "refPrimaerKlassifikasjonssystem", "linkToId": "ks"},
    {"action": "save", "type": "Klasse", "id": "klasse", "fields": {"klasseIdent": "A01", "tittel": "Byggesak"}},
    {"action": "link", "type": "Klasse", "id": "klasse", "ref": "refKlassifikasjonssystem", "linkToId": "ks"},
    // A case file with one registry entry, its party and one document version
    {"action": "save", "type": "Saksmappe", "id": "sak", "fields": {"tittel": "Byggesøknad", "saksdato": "2024-08-19"}},
    {"action": "link", "type": "Saksmappe", "id": "sak", "ref": "refArkivdel", "linkToId": "serie"},
    {"action": "link", "type": "Saksmappe", "id": "sak", "ref": "refPrimaerKlasse", "linkToId": "klasse"},
    {"action": "save", "type": "Journalpost", "id": "jp", "fields": {"tittel": "Søknad", "journalposttype": "I", "mottattDato": "2024-08-19T09:09:39.315+0200"}},
    {"action": "link", "type": "Journalpost", "id": "jp", "ref": "refMappe", "linkToId": "sak"},
    {"action": "save", "type": "Korrespondansepart", "id": "kp", "fields": {"korrespondansepartNavn": "Kari Nordmann", "korrespondanseparttype": "EA", "erPerson": true}},
    {"action": "link", "type": "Korrespondansepart", "id": "kp", "ref": "refRegistrering", "linkToId": "jp"},
    {"action": "save", "type": "Dokument", "id": "doc", "fields": {"tittel": "Søknad", "tilknyttetRegistreringSom": "H"}},
    {"action": "link", "type": "Dokument", "id": "doc", "ref": "refRegistrering", "linkToId": "jp"},
    {"action": "save", "type": "Dokumentversjon", "id": "v1", "fields": {"referanseDokumentfil": "{{letter.id}}", "variantformat": "A", "format": "pdf"}},
    {"action": "link", "type": "Dokumentversjon", "id": "v1", "ref": "refDokument", "linkToId": "doc"},
  ]`;
  const ds = check(text);
  assert.deepEqual(ds, [], show(ds, text));
});

test('the parent-side links the spec allows (Arkiv refArkivskaper, Arkiv refArkivdel) connect new entities', () => {
  const text = tx(
    `{"action": "save", "type": "Arkiv", "id": "arkiv", "fields": {"tittel": "A"}}`,
    `{"action": "save", "type": "Arkivskaper", "id": "skaper", "fields": {"arkivskaperIdent": "K", "arkivskaperNavn": "N"}}`,
    `{"action": "link", "type": "Arkiv", "id": "arkiv", "ref": "refArkivskaper", "linkToId": "skaper"}`,
    `{"action": "save", "type": "Arkivdel", "id": "serie", "fields": {"tittel": "S"}}`,
    `{"action": "link", "type": "Arkiv", "id": "arkiv", "ref": "refArkivdel", "linkToId": "serie"}`,
  );
  const ds = check(text);
  assert.deepEqual(ds, [], show(ds, text));
});

test('links made from the parent side (as the vendor clients send them) are warnings, and meet the creation rules', () => {
  const text = tx(
    newJp,
    linkJp,
    `{"action": "save", "type": "EksternId", "id": "ext", "fields": {"eksterntSystem": "S", "eksternID": "1"}}`,
    `{"action": "link", "type": "Journalpost", "id": "jp", "ref": "refEksternId", "linkToId": ["ext"]}`,
    newKp,
    `{"action": "link", "type": "Journalpost", "id": "jp", "ref": "refKorrespondansepart", "linkToId": ["kp"]}`,
    `{"action": "save", "type": "Klasse", "id": "k", "fields": {"klasseIdent": "07", "tittel": "Report"}}`,
    `{"action": "link", "type": "Klassifikasjonssystem", "id": "109", "ref": "refKlasse", "linkToId": "k"}`,
  );
  const ds = check(text);
  assert.deepEqual(
    ds.map((d) => `${d.code}/${d.severity}`),
    [`${TxCodes.linkWrongDirection}/warning`, `${TxCodes.linkWrongDirection}/warning`, `${TxCodes.linkWrongDirection}/warning`],
    show(ds, text),
  );
  for (const d of ds) assert.match(d.fixes?.[0]?.title ?? '', /^Link from the child side/);
});

test('a parent-side link does not stand in for a relation the archive does not have', () => {
  const text = tx(newKp, `{"action": "link", "type": "Saksmappe", "id": "4201", "ref": ⟦"refKorrespondansepart"⟧, "linkToId": "kp"}`.replace(/[⟦⟧]/g, ''));
  const codes = check(text).map((d) => `${d.code}/${d.severity}`);
  assert.ok(codes.includes(`${TxCodes.unknownReference}/error`), codes.join(', '));
});

test("a second save of a new entity after its link (the vendor sample's opprettet* pattern) is an update, not a duplicate", () => {
  const text = tx(newJp, linkJp, newKp, linkKp, `{"action": "save", "type": "Journalpost", "id": "jp", "fields": {"opprettetDato": "2018-10-03T12:00:00+02:00"}}`);
  assert.deepEqual(check(text).map((d) => d.code), [TxCodes.conditionalField]);
});

test('checkTransactionText reports in the offsets of the whole text', () => {
  const prefix = '### register\nTRANSACTION\n';
  const body = tx(`{"action": "save", "type": "Journalpost", "id": "123", "fields": {"titel": "T"}}`);
  const text = prefix + body + '\n\n### next\n';
  const ds = checkTransactionText(text, prefix.length, prefix.length + body.length, { model: noarkModel }).diagnostics;
  assert.equal(ds.length, 1);
  assert.equal(text.slice(ds[0].start, ds[0].end), '"titel"');
  assert.equal(text.slice(ds[0].fixes![0].edits[0].start, ds[0].fixes![0].edits[0].end), '"titel"');
});

test('never throws, whatever the body', () => {
  const bodies = [
    '', '{', '[', 'null', '[null, 1, "x", [], {}]', '{"actions": {}}', '{"actions": [{"action": 1, "type": 2, "id": {}, "fields": 3}]}',
    '{"actions": [{"action": "link", "type": "Journalpost", "id": "x", "ref": 5, "linkToId": [1, null, {}]}]}',
    '{"actions": [{"action": "save", "type": "Journalpost", "id": "x", "fields": {"virksomhetsspesifikkeMetadata": {"g": {"f": {"values": [null, {}]}}}}}]}',
    '{"actions": [{"action": "unlink", "type": "Dokument", "id": "{{a.b}}", "ref": "refRegistrering", "unlinkFromId": "{{c}}x"}]}',
    '{"actions": [{"action": "save", "type": "Journalpost", "id": "jp", "fields": {"refMappe": {"a": 1}}}, /* c */ ,]}',
  ];
  for (const body of bodies) {
    assert.doesNotThrow(() => check(body, { bsmRegistry: registry, referenceType: () => 'NoSuchType' }));
  }
});

// ---------------------------------------------------------------------------------------------
// Behaviour around the rows: what must not be reported

function codesOf(text: string, extra: Partial<TransactionCheckContext> = {}): string[] {
  return check(text, extra).map((d) => d.code);
}

test('code lists that ship empty are checked only against live values', () => {
  const text = tx(`{"action": "save", "type": "Journalpost", "id": "123", "fields": {"skjerming": "XYZ"}}`);
  assert.deepEqual(codesOf(text), []);
  assert.deepEqual(codesOf(text, { codeLists: new Map([['skjerming', ['U', 'P']]]) }), [TxCodes.unknownCode]);
});

test('timestamps: offset with or without colon, Z, and the vendor sample form without milliseconds', () => {
  for (const ts of ['2024-08-19T09:09:39.315+0200', '2024-08-19T09:09:39.315+02:00', '2024-08-19T07:09:39.315Z', '2018-10-03T12:00:00+02:00']) {
    assert.deepEqual(codesOf(tx(`{"action": "save", "type": "Journalpost", "id": "123", "fields": {"mottattDato": "${ts}"}}`)), [], ts);
  }
  for (const ts of ['2024-08-19T09:09:39.315', '2024-08-19 09:09:39.315+0200', '2024-02-30T09:09:39.315+0200', '2024-08-19T25:09:39.315+0200']) {
    assert.deepEqual(codesOf(tx(`{"action": "save", "type": "Journalpost", "id": "123", "fields": {"mottattDato": "${ts}"}}`)), [TxCodes.invalidTimestamp], ts);
  }
});

test('several ids in linkToId are fine on a to-many reference', () => {
  assert.deepEqual(codesOf(tx(`{"action": "link", "type": "Journalpost", "id": "123", "ref": "refSekundaerKlasse", "linkToId": ["1", "2"]}`)), []);
});

test('values and ids holding a reference inside other text are not checked', () => {
  const text = tx(
    `{"action": "save", "type": "Journalpost", "id": "123", "fields": {"bevaringstid": "{{years}}", "mottattDato": "{{date}}T10:00:00.000+0200", "journalposttype": "{{type}}"}}`,
    `{"action": "link", "type": "Journalpost", "id": "123", "ref": "refSekundaerKlasse", "linkToId": "k-{{n}}"}`,
  );
  assert.deepEqual(codesOf(text), []);
});

test('without a BSM registry only the shape of business specific metadata is checked', () => {
  assert.deepEqual(codesOf(tx(bsmSave(`{"any-group": {"any-field": {"values": ["x", 1]}}}`))), []);
});

test('a move (unlink then link of the same reference) is information, not an error', () => {
  const text = tx(
    `{"action": "unlink", "type": "Journalpost", "id": "{{findJp.results[0].id}}", "ref": "refMappe", "unlinkFromId": "5"}`,
    `{"action": "link", "type": "Journalpost", "id": "{{findJp.results[0].id}}", "ref": "refMappe", "linkToId": "{{findCase.results[0].id}}"}`,
  );
  assert.deepEqual(codesOf(text, { referenceType: findCaseTypes }), [TxCodes.moveNeedsPermission]);
});

test('the conditional-field message advises a second save only on the creating save', () => {
  const create = check(tx(`{"action": "save", "type": "Journalpost", "id": "jp", "fields": {"tittel": "T", "opprettetAv": "K"}}`, linkJp, newKp, linkKp));
  assert.match(create.find((d) => d.code === TxCodes.conditionalField)!.message, /second save/);
  const update = check(tx(jpUpdate.replace('"tittel": "Title"', '"opprettetAv": "K"')));
  assert.doesNotMatch(update.find((d) => d.code === TxCodes.conditionalField)!.message, /second save/);
});
