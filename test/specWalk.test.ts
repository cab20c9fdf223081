/**
 * Checks the Noark model against every fact the spec states about fields and references, status
 * defaults and type lists, as recorded in `test/spec/` (each fact cites its section of the
 * spec). When the spec and the model disagree this fails, naming type.field and the section. It
 * also checks the converse: whatever the model marks `source: 'spec'` must be among those facts;
 * and the types the model knows only from the vendor's reference of object types match that
 * reference.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noarkModel as model } from '../core/schema';
import { resourceFacts, type FieldFact, type ReferenceFact } from './spec/resourceFacts';
import { abstractQueryTypes, bsmCarriers, bulkTypes, changeLogTypes, managedKinds, statusDefaults } from './spec/typeLists';
import { vendorObjectTypes } from './spec/vendorObjectTypes';

type Located<T> = T & {
  /** Entity type, or `*` for the common fields of every entity. */
  type: string;
  /** Where the spec states it, for failure messages. */
  where: string;
};

const located = <T>(type: string, section: string, items: T[]): Located<T>[] =>
  items.map((item) => ({ ...item, type, where: `spec § Resources and their fields / ${section}` }));
const fields: Located<FieldFact>[] = Object.entries(resourceFacts).flatMap(([type, r]) => located(type, r.section, r.fields));
const references: Located<ReferenceFact>[] = Object.entries(resourceFacts).flatMap(([type, r]) => located(type, r.section, r.references));
const sectionsWithFields = new Set(fields.map((f) => f.type));

function typesOf(f: { type: string }): string[] {
  return f.type === '*' ? model.types.map((t) => t.name) : [f.type];
}

// ---------------------------------------------------------------------------------------------
// The checks.

test('the spec facts hold a plausible number of fields and references', () => {
  assert.ok(fields.length >= 150, `only ${fields.length} fields in test/spec/resourceFacts.ts`);
  assert.ok(references.length >= 65, `only ${references.length} references in test/spec/resourceFacts.ts`);
  for (const t of [
    '*', 'Arkiv', 'Arkivskaper', 'Klassifikasjonssystem', 'Klasse', 'Saksmappe', 'Sakspart', 'Moetemappe',
    'Moetedeltaker', 'Journalpost', 'Korrespondansepart', 'Dokumentflyt', 'Dokument', 'Dokumentversjon',
    'EksternId', 'Noekkelord', 'Merknad',
  ]) {
    assert.ok(sectionsWithFields.has(t), `no fields recorded for ${t}`);
  }
  for (const t of ['Arkiv', 'Arkivskaper', 'Klassifikasjonssystem', 'Klasse', 'Moetemappe', 'Journalpost', 'Dokument', 'Dokumentversjon', 'EksternId', 'Noekkelord', 'Merknad', 'Korrespondansepart', 'Dokumentflyt', 'Moetedeltaker', 'Sakspart']) {
    assert.ok(references.some((r) => r.type === t && (r.cardinality !== undefined || r.accepts !== undefined)), `no references recorded for ${t}`);
  }
  // The spec writes some rows for several fields at once ("a / b / c" with types "x / y / z") and
  // abbreviates paired reference names; the facts hold one entry per field, each with its own type.
  assert.ok(fields.some((f) => f.type === 'Klasse' && f.name === 'avsluttetAvBrukerIdent' && f.json === 'string'));
  assert.ok(fields.some((f) => f.type === 'Journalpost' && f.name === 'kassasjonshjemmel' && f.m === 'M453'));
  assert.ok(references.some((r) => r.type === 'Journalpost' && r.name === 'refKryssreferanseFraRegistrering'));
  assert.ok(fields.some((f) => f.type === 'Dokumentflyt' && f.name === 'flytMottattDato' && f.json === 'timestamp'));
});

test('every field the spec states is on the model type with the same JSON type and facts', () => {
  const problems: string[] = [];
  for (const f of fields) {
    for (const type of typesOf(f)) {
      const m = model.lookupMember(type, f.name);
      const where = `${type}.${f.name} (${f.where})`;
      const flags = new Set(f.flags);
      if (!m || m.kind !== 'field') {
        problems.push(`${where}: missing from the model`);
        continue;
      }
      const d = m.field;
      if (f.json !== undefined && d.type !== f.json) problems.push(`${where}: type ${d.type}, spec says ${f.json}`);
      if (f.m !== undefined && d.mNumber !== f.m) problems.push(`${where}: ${String(d.mNumber)}, spec says ${f.m}`);
      if (flags.has('NQ') && d.queryable) problems.push(`${where}: queryable, spec says NQ`);
      if (f.flagsExact) {
        if (d.sortable !== flags.has('S')) problems.push(`${where}: sortable ${String(d.sortable)}, spec flags ${[...flags].join(',') || 'none'}`);
        if (d.indexed !== flags.has('I')) problems.push(`${where}: indexed ${String(d.indexed)}, spec flags ${[...flags].join(',') || 'none'}`);
      } else {
        if (flags.has('S') && !d.sortable) problems.push(`${where}: not sortable, spec says S`);
        if (flags.has('I') && !d.indexed) problems.push(`${where}: not indexed, spec says I`);
      }
      if (f.codeList !== undefined && d.codeList === undefined) problems.push(`${where}: no code list`);
      if (typeof f.codeList === 'string' && d.codeList !== f.codeList) problems.push(`${where}: code list ${String(d.codeList)}, spec says ${f.codeList}`);
      if ((f.hasDefault || f.defaultValue !== undefined) && !d.hasDefault) problems.push(`${where}: no default, spec states one`);
      if (f.defaultValue !== undefined && d.defaultValue !== f.defaultValue) problems.push(`${where}: default ${String(d.defaultValue)}, spec says ${String(f.defaultValue)}`);
      if (f.serviceSet && d.writable !== 'service') problems.push(`${where}: writable ${d.writable}, spec says the service sets it`);
    }
  }
  assert.deepEqual(problems, []);
});

test('every reference the spec states is on the model type with the same target and cardinality', () => {
  const problems: string[] = [];
  for (const r of references) {
    const m = model.lookupMember(r.type, r.name);
    const where = `${r.type}.${r.name} (${r.where})`;
    if (!m || m.kind !== 'reference') {
      problems.push(`${where}: missing from the model`);
      continue;
    }
    const d = m.reference;
    if (r.target !== undefined && d.target !== r.target) problems.push(`${where}: target ${d.target}, spec says ${r.target}`);
    if (r.accepts !== undefined && !model.isAssignable(r.accepts, d.target)) problems.push(`${where}: target ${d.target} does not accept ${r.accepts}`);
    if (r.cardinality !== undefined && d.cardinality !== r.cardinality) problems.push(`${where}: cardinality ${d.cardinality}, spec says ${r.cardinality}`);
    if (r.requiredOnCreate && !d.requiredOnCreate) problems.push(`${where}: not required on create`);
    if (r.returned && !d.returned) problems.push(`${where}: not returned`);
  }
  assert.deepEqual(problems, []);
});

test("whatever the model marks source 'spec' is found in the spec", () => {
  const problems: string[] = [];
  for (const t of model.types.filter((x) => !x.abstract)) {
    for (const f of t.fields.filter((x) => x.source === 'spec')) {
      if (!fields.some((s) => s.name === f.name && (s.type === t.name || s.type === '*'))) problems.push(`field ${t.name}.${f.name}`);
    }
    for (const r of t.references.filter((x) => x.source === 'spec')) {
      if (!references.some((s) => s.name === r.name && s.type === t.name)) problems.push(`reference ${t.name}.${r.name}`);
    }
    const listed = fields.some((s) => s.type === t.name);
    if (t.fieldsComplete) assert.ok(listed, `${t.name} is fieldsComplete but the spec lists no fields for it`);
  }
  assert.deepEqual(problems, []);
});

test('status defaults (spec § States and transitions)', () => {
  let checked = 0;
  for (const { types, field, code } of statusDefaults) {
    for (const type of types) {
      const m = model.lookupMember(type, field);
      assert.ok(m && m.kind === 'field', `${type}.${field} (spec § States and transitions): missing from the model`);
      assert.equal(m.field.defaultValue, code, `${type}.${field} (spec § States and transitions)`);
      checked++;
    }
  }
  assert.ok(checked >= 9);
});

test('type lists: managed kinds, abstract query types, BSM, bulk, change log', () => {
  assert.equal(managedKinds.length, 25);
  for (const k of managedKinds) {
    const t = model.getType(k);
    assert.ok(t && !t.abstract && t.queryable && t.transactable, `${k} (spec § What the service does: managed by transaction and query)`);
  }
  assert.equal(abstractQueryTypes.length, 3);
  for (const a of abstractQueryTypes) {
    const t = model.getType(a);
    assert.ok(t && t.abstract && t.queryable && !t.transactable, `${a} (spec § What the service does: abstract query type)`);
  }
  // Beyond the spec's kinds, only vendor types the reference documents may be transacted.
  const extra = model.types.filter((t) => t.transactable && !managedKinds.includes(t.name));
  assert.deepEqual(extra.map((t) => `${t.name}:${t.source}`).sort(), ['Arkivnotat:reference', 'Presedens:reference']);

  const bsmTypes = new Set(bsmCarriers.flatMap((n) => (n === 'Registrering' ? ['Basisregistrering', 'Arkivnotat'] : [n])));
  assert.ok(bsmTypes.size >= 10);
  for (const t of model.types.filter((x) => !x.abstract)) assert.equal(t.bsm, bsmTypes.has(t.name), `bsm of ${t.name} (spec § Business specific metadata (BSM) on entities)`);

  const bulk = bulkTypes.map((n) => (n === 'DokumentBeskrivelse' ? 'Dokument' : n));
  assert.ok(bulk.length >= 7);
  assert.deepEqual(model.types.filter((t) => t.bulk).map((t) => t.name).sort(), [...bulk].sort(), 'bulk types (spec § Endpoints / POST /bulk/open)');
  assert.ok(changeLogTypes.length >= 10);
  assert.deepEqual(model.types.filter((t) => t.changeLog).map((t) => t.name).sort(), [...changeLogTypes].sort(), 'change-log types (spec § Endpoints / POST /logs/change-log)');
});

test("reference-sourced types match the vendor's reference of object types", () => {
  const problems: string[] = [];
  let checked = 0;
  for (const [name, entry] of Object.entries(vendorObjectTypes)) {
    const t = model.getType(name);
    if (!t) {
      problems.push(`reference type ${name} is not in the model`);
      continue;
    }
    for (const [fieldName, type] of Object.entries(entry.fields)) {
      checked++;
      const m = model.lookupMember(name, fieldName);
      if (!m || m.kind !== 'field') problems.push(`${name}.${fieldName} missing`);
      else if (m.field.source === 'reference' && m.field.type !== type) problems.push(`${name}.${fieldName}: ${m.field.type}, reference says ${type}`);
    }
    for (const refName of entry.refs) {
      checked++;
      if (model.lookupMember(name, refName)?.kind !== 'reference') problems.push(`${name}.${refName} missing`);
    }
    // Conversely, a type known only from the reference has nothing the reference lacks (common
    // fields aside; Presedens.tittel is the vendor client's spelling of the doc's "title").
    if (t.source === 'reference') {
      for (const f of t.fields) {
        if (!(f.name in entry.fields) && !entry.common.includes(f.name) && !(name === 'Presedens' && f.name === 'tittel')) {
          problems.push(`${name}.${f.name} is not in the reference`);
        }
      }
      for (const r of t.references) if (!entry.refs.includes(r.name)) problems.push(`${name}.${r.name} is not in the reference`);
    }
  }
  assert.deepEqual(problems, []);
  assert.ok(checked > 300, `only ${checked} reference members checked`);
});
