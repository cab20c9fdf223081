/**
 * Walks the spec (`../shared/spec/archive-api-v1.md`) at run time and checks the Noark model
 * against every field and reference it states: field tables, inline field lists, reference
 * lists, the status-default table and the type lists of BSM, bulk and change log. When the spec
 * and the model disagree this fails, naming the spec line. It also checks the converse: whatever
 * the model marks `source: 'spec'` must be found in the spec.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { noarkModel as model } from '../core/schema';
import type { Cardinality, FieldType } from '../core/schema';

const repoRoot = join(__dirname, '..');
const specPath = join(repoRoot, '..', 'shared', 'spec', 'archive-api-v1.md');
const referencePath = join(repoRoot, '..', 'shared', 'reference', 'object-types.md');
const spec = readFileSync(specPath, 'utf8');

// ---------------------------------------------------------------------------------------------
// What the walk finds.

type Flag = 'I' | 'S' | 'NQ';

interface SpecField {
  /** Entity type, or `*` for the common fields of every entity. */
  type: string;
  name: string;
  jsonType?: FieldType;
  mNumber?: string;
  flags: Set<Flag>;
  /** The table or list states flags on some rows, so a missing flag means "not". */
  flagsExact: boolean;
  /** `true`: a code list without a name; a string: the named list. */
  codeList?: string | true;
  defaultValue?: string | boolean;
  hasDefault: boolean;
  serviceSet: boolean;
  line: string;
}

interface SpecReference {
  type: string;
  name: string;
  target?: string;
  /** "to the Saksmappe": the target must accept this type. */
  accepts?: string;
  cardinality?: Cardinality;
  required: boolean;
  returned: boolean;
  line: string;
}

const fields: SpecField[] = [];
const references: SpecReference[] = [];

const jsonTypes = new Set<string>(['string', 'number', 'boolean', 'date', 'timestamp', 'object']);
const plural: Record<string, FieldType> = { strings: 'string', timestamps: 'timestamp', numbers: 'number', booleans: 'boolean', dates: 'date' };
const cardinalityPattern = /^(0\.\.1|1|0\.\.\*|1\.\.\*)$/;
/** The spec's names for abstract targets. */
const targetAliases: Record<string, string> = { Registrering: 'AbstraktRegistrering' };

function section(text: string, heading: string): string {
  const start = text.indexOf(`\n${heading}\n`);
  assert.ok(start >= 0, `spec section "${heading}" not found`);
  const next = text.indexOf('\n## ', start + heading.length + 2);
  return text.slice(start, next < 0 ? undefined : next);
}

/** Splits at `sep` outside parentheses and backticks. A `.` splits only before a space or the
 * end, so `0..*` stays whole. */
function splitTopLevel(text: string, sep: '.' | ';'): string[] {
  const out: string[] = [];
  let depth = 0;
  let tick = false;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '`') tick = !tick;
    else if (!tick && ch === '(') depth++;
    else if (!tick && ch === ')') depth = Math.max(0, depth - 1);
    else if (!tick && depth === 0 && ch === sep && (sep === ';' || i + 1 === text.length || text[i + 1] === ' ')) {
      out.push(text.slice(from, i).trim());
      from = i + 1;
    }
  }
  out.push(text.slice(from).trim());
  return out.filter((s) => s.length > 0);
}

/** What a note (table cell or parenthesis) says about a field. */
function readNote(note: string): Pick<SpecField, 'flags' | 'codeList' | 'defaultValue' | 'hasDefault' | 'serviceSet'> {
  const flags = new Set<Flag>();
  for (const token of note.split(/[;,.]/).map((t) => t.trim())) {
    if (token === 'I' || token === 'S' || token === 'NQ') flags.add(token);
  }
  const codeList = /\bcode lists?\b(?: ([a-z][A-Za-z]*))?/.exec(note);
  const value = /\b(?:default|initial value) ([A-Z]{1,3}|false|true)\b/.exec(note);
  const result: ReturnType<typeof readNote> = {
    flags,
    hasDefault: /\bdefault\b|\binitial value\b/.test(note),
    serviceSet: /set by the service|generated|set from the upload/.test(note),
  };
  if (codeList) result.codeList = codeList[1] ?? true;
  if (value?.[1] !== undefined) result.defaultValue = value[1] === 'false' ? false : value[1] === 'true' ? true : value[1];
  return result;
}

function readTable(type: string, lines: string[]): void {
  const rows = lines.map((l) => l.split('|').slice(1, -1).map((c) => c.trim()));
  const header = rows[0]?.join('|');
  if (header !== 'Field|Type|Notes') return;
  const body = rows.slice(2);
  const found: SpecField[] = [];
  for (const [i, row] of body.entries()) {
    const [nameCell = '', typeCell = '', note = ''] = row;
    const names = nameCell.split(' / ');
    const types = typeCell.split(' / ');
    const lead = note.split(/[;,]/)[0] ?? '';
    const ms = lead.match(/M\d{3}/g) ?? [];
    const facts = readNote(note);
    names.forEach((name, k) => {
      const jsonType = types.length === names.length ? types[k] : types[0];
      assert.ok(jsonType !== undefined && jsonTypes.has(jsonType), `spec table row "${lines[i + 2]}": unknown type`);
      const m = ms.length === names.length ? ms[k] : names.length === 1 ? ms[0] : undefined;
      const f: SpecField = { type, name, jsonType: jsonType as FieldType, flagsExact: false, line: lines[i + 2] ?? '', ...facts, flags: new Set(facts.flags) };
      if (m !== undefined) f.mNumber = m;
      found.push(f);
    });
  }
  const exact = found.some((f) => f.flags.size > 0);
  for (const f of found) f.flagsExact = exact;
  fields.push(...found);
}

/** Inline lists: "Fields: `x` string (M006), ...", "Fields (all S): `a` (M665), `b` (M665)
 * strings; ...", "String fields (S unless noted): ... Booleans: ...". */
function readFieldSentences(type: string, paragraph: string): void {
  let context: FieldType | undefined;
  let listSeen = false;
  for (const sentence of splitTopLevel(paragraph, '.')) {
    const marker = /^(String fields|Fields|Field|Booleans|Saksmappe fields seen|Sakspart fields)\b/.test(sentence);
    const continuation = listSeen && /^`\w+` (string|number|boolean|date|timestamp|object)\b/.test(sentence);
    if (!marker && !continuation) continue;
    listSeen = true;
    const header = sentence.slice(0, Math.max(0, sentence.indexOf('`')));
    if (/^String fields/.test(header)) context = 'string';
    if (/^Booleans/.test(header)) context = 'boolean';
    const allS = /\ball S\b/.test(header);
    const unlessNoted = /unless noted/.test(header);
    const found: SpecField[] = [];
    for (const clause of splitTopLevel(sentence, ';')) {
      const group = /\b(strings|timestamps|numbers|booleans|dates)\s*$/.exec(clause)?.[1];
      for (const m of clause.matchAll(/`(\w+)`(?:\s+(string|number|boolean|date|timestamp|object)\b)?(?:\s*\(([^()]*)\))?/g)) {
        const [, name = '', explicit, note = ''] = m;
        if (/^ref[A-Z]/.test(name)) continue;
        const fromNote = note.split(',')[0]?.trim() ?? '';
        const jsonType = (explicit ?? (jsonTypes.has(fromNote) ? fromNote : undefined) ?? (group ? plural[group] : undefined) ?? context) as FieldType | undefined;
        const facts = readNote(note);
        if (allS) facts.flags.add('S');
        const f: SpecField = { type, name, flagsExact: false, line: sentence, ...facts };
        if (jsonType !== undefined) f.jsonType = jsonType;
        const mNumber = /M\d{3}/.exec(note)?.[0];
        if (mNumber !== undefined) f.mNumber = mNumber;
        found.push(f);
      }
    }
    const exact = !unlessNoted && (allS || found.some((f) => f.flags.size > 0));
    for (const f of found) f.flagsExact = exact;
    fields.push(...found);
  }
}

function readParenthesis(text: string): { target?: string; cardinality?: Cardinality; each?: Cardinality; required: boolean; returned: boolean } {
  const out: ReturnType<typeof readParenthesis> = { required: false, returned: false };
  for (const part of text.split(/[,;]/).map((p) => p.trim())) {
    if (cardinalityPattern.test(part)) out.cardinality = part as Cardinality;
    else if (/^each /.test(part) && cardinalityPattern.test(part.slice(5))) out.each = part.slice(5) as Cardinality;
    else if (part === 'required on create') out.required = true;
    else if (part === 'returned') out.returned = true;
    else if (/^[A-Z][A-Za-z]+$/.test(part)) out.target = targetAliases[part] ?? part;
  }
  return out;
}

/** "References: `refA` (Target, 1..*, required on create); `refB` (...)", "References (name,
 * target, cardinality): refA (T, 1), refX / refY (T, 0..*), refTil / FraMappe (...)", "One of
 * `refMappe` (AbstraktMappe) or ..., each 0..1", "Reference `refMappe` to the Saksmappe". */
function readReferenceSentences(type: string, paragraph: string): void {
  for (const sentence of splitTopLevel(paragraph, '.')) {
    // "linked through `refMappe`" names this type's reference; "through `refMerknad` of
    // folders" names the other side's.
    for (const m of sentence.matchAll(/\b(?:via|through) `(ref[A-Z]\w*)`(?:\s*\/\s*`(ref[A-Z]\w*)`)?(?! of )/g)) {
      for (const name of [m[1], m[2]]) if (name !== undefined) references.push({ type, name, required: false, returned: false, line: sentence });
    }
    const returned = /^Returned links: (.*)$/.exec(sentence);
    if (returned) {
      for (const m of (returned[1] ?? '').matchAll(/`(ref[A-Z]\w*)`/g)) {
        references.push({ type, name: m[1] ?? '', required: false, returned: true, line: sentence });
      }
      continue;
    }
    const marker = /(?:\bReferences(?: \([^)]*\))?:|\b[Rr]eference:?|references is set:|^One of)\s+(?=`?ref[A-Z])/.exec(sentence);
    if (!marker) continue;
    const rest = sentence.slice(marker.index + marker[0].length);
    const items: SpecReference[] = [];
    let pending: SpecReference[] = [];
    let each: Cardinality | undefined;
    const tokens = /\(([^()]*)\)|`?(ref[A-Z]\w*)`?|\/\s*`?([A-Z]\w*)`?|\beach (0\.\.1|1|0\.\.\*|1\.\.\*)|\bto the (?:owning )?([A-Z]\w*)/g;
    for (const t of rest.matchAll(tokens)) {
      const [, paren, name, abbreviated, eachCard, accepts] = t;
      if (name !== undefined || abbreviated !== undefined) {
        let full = name ?? '';
        if (abbreviated !== undefined) {
          // "refKryssreferanseTilMappe / FraMappe": the abbreviation replaces as many trailing
          // camel-case segments of the previous name as it has.
          const prev = items[items.length - 1]?.name ?? '';
          const segs = prev.split(/(?=[A-Z])/);
          full = segs.slice(0, segs.length - abbreviated.split(/(?=[A-Z])/).length).join('') + abbreviated;
        }
        const item: SpecReference = { type, name: full, required: false, returned: false, line: sentence };
        items.push(item);
        pending.push(item);
      } else if (paren !== undefined) {
        const p = readParenthesis(paren);
        for (const item of pending) {
          if (p.target !== undefined) item.target = p.target;
          if (p.cardinality !== undefined) item.cardinality = p.cardinality;
          item.required ||= p.required;
          item.returned ||= p.returned;
        }
        if (p.each !== undefined) each = p.each;
        pending = [];
      } else if (eachCard !== undefined) {
        each = eachCard as Cardinality;
      } else if (accepts !== undefined) {
        const last = items[items.length - 1];
        if (last) last.accepts = accepts;
      }
    }
    for (const item of items) if (item.cardinality === undefined && each !== undefined) item.cardinality = each;
    references.push(...items);
  }
}

// ---------------------------------------------------------------------------------------------
// The walk.

const resources = section(spec, '## Resources and their fields');
const typeSections = resources.split('\n### ').slice(1);
const sectionsWithFields = new Set<string>();

for (const block of typeSections) {
  const [heading = '', ...body] = block.split('\n');
  const first = heading.split(' ')[0] ?? '';
  const owner = heading.startsWith('Common fields') ? '*' : first;
  if (owner !== '*' && model.getType(owner) === undefined) continue; // e.g. the BSM section
  let table: string[] = [];
  const flush = (): void => {
    if (table.length > 0) readTable(owner, table);
    table = [];
  };
  for (const line of body) {
    if (line.startsWith('|')) {
      table.push(line);
      continue;
    }
    flush();
    if (line.trim() === '') continue;
    // A paragraph about a second type of the same section ("Sakspart fields: ...").
    const lead = line.split(/[ :]/)[0] ?? '';
    const type = lead !== owner && model.getType(lead) !== undefined && /^\w+ fields/.test(line) ? lead : owner;
    readFieldSentences(type, line);
    readReferenceSentences(type, line);
  }
  flush();
}
for (const f of fields) sectionsWithFields.add(f.type);

function typesOf(f: { type: string }): string[] {
  return f.type === '*' ? model.types.map((t) => t.name) : [f.type];
}

// ---------------------------------------------------------------------------------------------
// The checks.

test('the walk finds a plausible number of fields and references', () => {
  assert.ok(fields.length >= 150, `only ${fields.length} fields found in the spec`);
  assert.ok(references.length >= 70, `only ${references.length} references found in the spec`);
  for (const t of [
    '*', 'Arkiv', 'Arkivskaper', 'Klassifikasjonssystem', 'Klasse', 'Saksmappe', 'Sakspart', 'Moetemappe',
    'Moetedeltaker', 'Journalpost', 'Korrespondansepart', 'Dokumentflyt', 'Dokument', 'Dokumentversjon',
    'EksternId', 'Noekkelord', 'Merknad',
  ]) {
    assert.ok(sectionsWithFields.has(t), `no fields found for ${t}`);
  }
  for (const t of ['Arkiv', 'Arkivskaper', 'Klassifikasjonssystem', 'Klasse', 'Moetemappe', 'Journalpost', 'Dokument', 'Dokumentversjon', 'EksternId', 'Noekkelord', 'Merknad', 'Korrespondansepart', 'Dokumentflyt', 'Moetedeltaker', 'Sakspart']) {
    assert.ok(references.some((r) => r.type === t && (r.cardinality !== undefined || r.accepts !== undefined)), `no references found for ${t}`);
  }
  // Combined rows and abbreviations were expanded.
  assert.ok(fields.some((f) => f.type === 'Klasse' && f.name === 'avsluttetAvBrukerIdent' && f.jsonType === 'string'));
  assert.ok(fields.some((f) => f.type === 'Journalpost' && f.name === 'kassasjonshjemmel' && f.mNumber === 'M453'));
  assert.ok(references.some((r) => r.type === 'Journalpost' && r.name === 'refKryssreferanseFraRegistrering'));
  assert.ok(fields.some((f) => f.type === 'Dokumentflyt' && f.name === 'flytMottattDato' && f.jsonType === 'timestamp'));
});

test('every field the spec states is on the model type with the same JSON type and facts', () => {
  const problems: string[] = [];
  for (const f of fields) {
    for (const type of typesOf(f)) {
      const m = model.lookupMember(type, f.name);
      const where = `${type}.${f.name} (spec: "${f.line}")`;
      if (!m || m.kind !== 'field') {
        problems.push(`${where}: missing from the model`);
        continue;
      }
      const d = m.field;
      if (f.jsonType !== undefined && d.type !== f.jsonType) problems.push(`${where}: type ${d.type}, spec says ${f.jsonType}`);
      if (f.mNumber !== undefined && d.mNumber !== f.mNumber) problems.push(`${where}: ${String(d.mNumber)}, spec says ${f.mNumber}`);
      if (f.flags.has('NQ') && d.queryable) problems.push(`${where}: queryable, spec says NQ`);
      if (f.flagsExact) {
        if (d.sortable !== f.flags.has('S')) problems.push(`${where}: sortable ${String(d.sortable)}, spec flags ${[...f.flags].join(',') || 'none'}`);
        if (d.indexed !== f.flags.has('I')) problems.push(`${where}: indexed ${String(d.indexed)}, spec flags ${[...f.flags].join(',') || 'none'}`);
      } else {
        if (f.flags.has('S') && !d.sortable) problems.push(`${where}: not sortable, spec says S`);
        if (f.flags.has('I') && !d.indexed) problems.push(`${where}: not indexed, spec says I`);
      }
      if (f.codeList !== undefined && d.codeList === undefined) problems.push(`${where}: no code list`);
      if (typeof f.codeList === 'string' && d.codeList !== f.codeList) problems.push(`${where}: code list ${String(d.codeList)}, spec says ${f.codeList}`);
      if (f.hasDefault && !d.hasDefault) problems.push(`${where}: no default, spec states one`);
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
    const where = `${r.type}.${r.name} (spec: "${r.line}")`;
    if (!m || m.kind !== 'reference') {
      problems.push(`${where}: missing from the model`);
      continue;
    }
    const d = m.reference;
    if (r.target !== undefined && d.target !== r.target) problems.push(`${where}: target ${d.target}, spec says ${r.target}`);
    if (r.accepts !== undefined && !model.isAssignable(r.accepts, d.target)) problems.push(`${where}: target ${d.target} does not accept ${r.accepts}`);
    if (r.cardinality !== undefined && d.cardinality !== r.cardinality) problems.push(`${where}: cardinality ${d.cardinality}, spec says ${r.cardinality}`);
    if (r.required && !d.requiredOnCreate) problems.push(`${where}: not required on create`);
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

test('status defaults from "States and transitions"', () => {
  const table = section(spec, '## States and transitions')
    .split('\n')
    .filter((l) => l.startsWith('|'))
    .map((l) => l.split('|').slice(1, -1).map((c) => c.trim()));
  assert.deepEqual(table[0], ['Entity', 'Field', 'Initial / default', 'Note']);
  let checked = 0;
  for (const [entities = '', fieldName = '', initial = ''] of table.slice(2)) {
    const code = /^[A-Z]+\b/.exec(initial)?.[0];
    assert.ok(code, `no code in "${initial}"`);
    for (const type of entities.split(', ')) {
      const m = model.lookupMember(type, fieldName);
      assert.ok(m && m.kind === 'field', `${type}.${fieldName}`);
      assert.equal(m.field.defaultValue, code, `${type}.${fieldName}`);
      checked++;
    }
  }
  assert.ok(checked >= 9);
});

test('type lists: managed kinds, abstract query types, BSM, bulk, change log', () => {
  const kinds = /Entity kinds managed by transaction and query: ([^.]+)\./.exec(spec)?.[1]?.split(', ') ?? [];
  assert.equal(kinds.length, 25);
  for (const k of kinds) {
    const t = model.getType(k);
    assert.ok(t && !t.abstract && t.queryable && t.transactable, k);
  }
  const abstracts = [...(/The abstract types (.+?) can be used in queries/.exec(spec)?.[1] ?? '').matchAll(/`(\w+)`/g)].map((m) => m[1] ?? '');
  assert.equal(abstracts.length, 3);
  for (const a of abstracts) {
    const t = model.getType(a);
    assert.ok(t && t.abstract && t.queryable && !t.transactable, a);
  }
  // Beyond the spec's kinds, only vendor types the reference documents may be transacted.
  const extra = model.types.filter((t) => t.transactable && !kinds.includes(t.name));
  assert.deepEqual(extra.map((t) => `${t.name}:${t.source}`).sort(), ['Arkivnotat:reference', 'Presedens:reference']);

  const bsm = (/carried in `virksomhetsspesifikkeMetadata` by ([^.]+)\./.exec(spec)?.[1] ?? '').split(', ');
  const bsmTypes = new Set(bsm.flatMap((n) => (n === 'Registrering' ? ['Basisregistrering', 'Arkivnotat'] : [n])));
  assert.ok(bsmTypes.size >= 10);
  for (const t of model.types.filter((x) => !x.abstract)) assert.equal(t.bsm, bsmTypes.has(t.name), `bsm of ${t.name}`);

  const typeList = (heading: string): string[] =>
    (/Body: `type` \(([^)]+)\)/.exec(section(spec, '## Endpoints').split(`### ${heading}`)[1] ?? '')?.[1] ?? '').split(', ');
  const bulk = typeList('POST /bulk/open').map((n) => (n === 'DokumentBeskrivelse' ? 'Dokument' : n));
  assert.ok(bulk.length >= 7);
  assert.deepEqual(model.types.filter((t) => t.bulk).map((t) => t.name).sort(), [...bulk].sort());
  const changeLog = typeList('POST /logs/change-log');
  assert.ok(changeLog.length >= 10);
  assert.deepEqual(model.types.filter((t) => t.changeLog).map((t) => t.name).sort(), [...changeLog].sort());
});

test('reference-sourced types match the vendor reference (object-types.md)', () => {
  const text = readFileSync(referencePath, 'utf8');
  const problems: string[] = [];
  let checked = 0;
  for (const block of text.split('\n## ').slice(1)) {
    const name = block.split('\n')[0]?.trim() ?? '';
    const t = model.getType(name);
    if (!t) {
      problems.push(`reference type ${name} is not in the model`);
      continue;
    }
    const fieldLine = /^- fields: (.*)$/m.exec(block)?.[1] ?? '';
    const refLine = /^- refs: (.*)$/m.exec(block)?.[1] ?? '';
    for (const [, fieldName = '', type = ''] of fieldLine.matchAll(/`(\w+):(\w+)`/g)) {
      checked++;
      const m = model.lookupMember(name, fieldName);
      if (!m || m.kind !== 'field') problems.push(`${name}.${fieldName} missing`);
      else if (m.field.source === 'reference' && m.field.type !== type) problems.push(`${name}.${fieldName}: ${m.field.type}, reference says ${type}`);
    }
    for (const [, refName = ''] of refLine.matchAll(/`(ref\w+)`/g)) {
      checked++;
      if (model.lookupMember(name, refName)?.kind !== 'reference') problems.push(`${name}.${refName} missing`);
    }
    // Conversely, a type known only from the reference has nothing the reference lacks (common
    // fields aside; Presedens.tittel is the vendor client's spelling of the doc's "title").
    if (t.source === 'reference') {
      const common = /^- common: (.*)$/m.exec(block)?.[1] ?? '';
      for (const f of t.fields) {
        if (!fieldLine.includes(`\`${f.name}:`) && !common.includes(f.name) && !(name === 'Presedens' && f.name === 'tittel')) {
          problems.push(`${name}.${f.name} is not in the reference`);
        }
      }
      for (const r of t.references) if (!refLine.includes(`\`${r.name}\``)) problems.push(`${name}.${r.name} is not in the reference`);
    }
  }
  assert.deepEqual(problems, []);
  assert.ok(checked > 300, `only ${checked} reference members checked`);
});
