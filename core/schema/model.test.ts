import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createNoarkModel, noarkModel } from './model';
import { entityTypes } from './entityTypes';
import { defaultCodeLists } from './codeLists';
import type { EntityTypeDef, FieldDef, ReferenceDef } from './types';

const model = noarkModel;

function field(type: string, name: string): FieldDef {
  const m = model.lookupMember(type, name);
  assert.ok(m && m.kind === 'field', `${type}.${name} should be a field`);
  return m.field;
}

function ref(type: string, name: string): ReferenceDef {
  const m = model.lookupMember(type, name);
  assert.ok(m && m.kind === 'reference', `${type}.${name} should be a reference`);
  return m.reference;
}

test('getType knows every type the spec names, and nothing else', () => {
  const expected = [
    'Arkiv', 'Arkivskaper', 'Klassifikasjonssystem', 'Klasse', 'Arkivdel', 'Mappe', 'Moetemappe',
    'Moetedeltaker', 'Saksmappe', 'Sakspart', 'Basisregistrering', 'Journalpost', 'Korrespondansepart',
    'Dokumentflyt', 'Avskrivning', 'Moeteregistrering', 'Dokument', 'Dokumentversjon', 'Adresse',
    'Bygning', 'Eiendom', 'Plan', 'EksternId', 'Noekkelord', 'Merknad', 'Arkivnotat', 'Presedens',
    'AbstraktMappe', 'AbstraktRegistrering', 'NasjonalIdentifikator',
  ];
  assert.deepEqual([...model.types.map((t) => t.name)].sort(), [...expected].sort());
  for (const name of expected) assert.equal(model.getType(name)?.name, name);
  assert.equal(model.getType('Registrering'), undefined);
  assert.equal(model.getType('journalpost'), undefined, 'names are case-sensitive');
});

test('concrete lookups: fields and references with their flags', () => {
  const tittel = model.lookupMember('Journalpost', 'tittel');
  assert.deepEqual(tittel && { kind: tittel.kind, presentIn: tittel.presentIn, partial: tittel.partial }, {
    kind: 'field',
    presentIn: ['Journalpost'],
    partial: false,
  });
  assert.equal(field('Journalpost', 'journalaar').type, 'number');
  assert.equal(field('Journalpost', 'journalaar').writable, 'service');
  assert.equal(field('Journalpost', 'journalstatus').defaultValue, 'J');
  assert.equal(field('Journalpost', 'journalstatus').codeList, 'journalstatus');
  assert.equal(field('Journalpost', 'virksomhetsspesifikkeMetadata').queryable, false);
  assert.equal(field('Journalpost', 'registreringsDato').type, 'date');
  assert.equal(field('Journalpost', 'mottattDato').type, 'timestamp');
  assert.equal(field('Klasse', 'bevaringstid').type, 'string', 'the spec types Klasse.bevaringstid as a string');
  assert.equal(field('Moetemappe', 'bevaringstid').type, 'number');
  assert.equal(field('Arkiv', 'id').sortable, true);
  assert.equal(field('Arkiv', 'id').writable, 'service');
  assert.equal(field('Arkiv', 'version').writable, 'service');
  assert.equal(field('Merknad', 'uuid').mNumber, 'M001', 'common fields are on every entity');
  assert.deepEqual(field('Journalpost', 'eInnsynStatus').allowedValues?.includes('FAILED_TO_PUBLISH'), true);
  assert.deepEqual(field('Basisregistrering', 'publiseringsstatus').allowedValues, [
    'NOT_PUBLISHED',
    'PUBLISHED_METADATA',
    'PUBLISHED_METADATA_AND_DOCUMENTS',
  ]);

  const refMappe = ref('Journalpost', 'refMappe');
  assert.equal(refMappe.target, 'AbstraktMappe');
  assert.equal(refMappe.cardinality, '1');
  assert.equal(refMappe.returned, true);
  assert.equal(refMappe.direction, 'parent');
  assert.equal(refMappe.inverse, 'refRegistrering');
  assert.equal(ref('Dokument', 'refRegistrering').target, 'AbstraktRegistrering');
  assert.equal(ref('Dokument', 'refRegistrering').owner, true);
  assert.equal(ref('Klasse', 'refMappeSomSekundaer').direction, 'peer');
  assert.equal(ref('Arkiv', 'refArkivskaper').requiredOnCreate, true);
  assert.equal(ref('Arkiv', 'refArkivdel').unlinkable, true);
});

test('unknown types and names resolve to nothing', () => {
  assert.equal(model.lookupMember('Journalpost', 'tittle'), undefined);
  assert.equal(model.lookupMember('Nope', 'tittel'), undefined);
  assert.equal(model.lookupMember('AbstraktMappe', 'nope'), undefined);
  assert.deepEqual(model.concreteTypes('Nope'), []);
  assert.deepEqual(model.memberNames('Nope'), []);
  assert.equal(model.isAssignable('Nope', 'Arkiv'), false);
  assert.equal(model.isAssignable('Arkiv', 'Nope'), false);
});

test('abstract lookups: total members are shared, partial ones report where they exist', () => {
  const tittel = model.lookupMember('AbstraktRegistrering', 'tittel');
  assert.ok(tittel);
  assert.equal(tittel.partial, false);
  assert.deepEqual(tittel.presentIn, ['Basisregistrering', 'Journalpost', 'Arkivnotat', 'Moeteregistrering']);

  const journalaar = model.lookupMember('AbstraktRegistrering', 'journalaar');
  assert.ok(journalaar && journalaar.kind === 'field');
  assert.equal(journalaar.partial, true);
  assert.deepEqual(journalaar.presentIn, ['Journalpost']);
  assert.equal(journalaar.field.type, 'number');

  const saksaar = model.lookupMember('AbstraktMappe', 'saksaar');
  assert.ok(saksaar);
  assert.deepEqual([saksaar.partial, saksaar.presentIn], [true, ['Saksmappe']]);

  // refMappe is on every record kind, to AbstraktMappe or to Moetemappe: merged to the cover.
  const refMappe = model.lookupMember('AbstraktRegistrering', 'refMappe');
  assert.ok(refMappe && refMappe.kind === 'reference');
  assert.equal(refMappe.partial, false);
  assert.equal(refMappe.reference.target, 'AbstraktMappe');

  // Mappe 0..1, Saksmappe 1, Moetemappe 1..*: to-many, and not required on every subtype.
  assert.equal(model.getType('AbstraktMappe')?.references.find((r) => r.name === 'refPrimaerKlasse')?.cardinality, '0..*');
  assert.equal(model.getType('AbstraktMappe')?.references.find((r) => r.name === 'refArkivdel')?.cardinality, '0..1');
  assert.equal(model.getType('AbstraktRegistrering')?.references.find((r) => r.name === 'refKorrespondansepart')?.cardinality, '0..*');

  const refRegistrering = model.lookupMember('AbstraktMappe', 'refRegistrering');
  assert.ok(refRegistrering && refRegistrering.kind === 'reference');
  assert.equal(refRegistrering.reference.target, 'AbstraktRegistrering');

  const refDokumentflyt = model.lookupMember('AbstraktRegistrering', 'refDokumentflyt');
  assert.ok(refDokumentflyt && refDokumentflyt.kind === 'reference');
  assert.deepEqual([refDokumentflyt.partial, refDokumentflyt.presentIn], [true, ['Journalpost']]);

  const gnr = model.lookupMember('NasjonalIdentifikator', 'gnr');
  assert.ok(gnr);
  assert.deepEqual(gnr.presentIn, ['Eiendom']);
  assert.equal(model.lookupMember('NasjonalIdentifikator', 'beskrivelse')?.partial, false);
});

test('abstract types carry exactly the members every subtype shares', () => {
  for (const t of model.types.filter((x) => x.abstract)) {
    assert.ok(t.subtypes.length > 1, t.name);
    const subs = t.subtypes.map((s) => model.getType(s) as EntityTypeDef);
    const shared = (pick: (x: EntityTypeDef) => { name: string }[]) =>
      pick(subs[0] as EntityTypeDef)
        .map((m) => m.name)
        .filter((n) => subs.every((s) => pick(s).some((m) => m.name === n)));
    assert.deepEqual(t.fields.map((f) => f.name), shared((x) => x.fields), `${t.name} fields`);
    assert.deepEqual(t.references.map((r) => r.name), shared((x) => x.references), `${t.name} references`);
    for (const s of subs) assert.ok(s.supertypes.includes(t.name), `${s.name} should list ${t.name} as supertype`);
    assert.equal(t.transactable, false, 'abstract types are query-only');
    assert.equal(t.queryable, true);
  }
  // A flag holds on the abstract type only if it holds on every subtype.
  const tittel = model.getType('AbstraktRegistrering')?.fields.find((f) => f.name === 'tittel');
  assert.equal(tittel?.indexed, false, 'only Journalpost.tittel is indexed');
  assert.equal(model.getType('AbstraktMappe')?.bsm, true);
  assert.equal(model.getType('NasjonalIdentifikator')?.bsm, false);
});

test('concreteTypes and isAssignable', () => {
  assert.deepEqual(model.concreteTypes('AbstraktMappe'), ['Mappe', 'Saksmappe', 'Moetemappe']);
  assert.deepEqual(model.concreteTypes('Journalpost'), ['Journalpost']);
  assert.deepEqual(model.concreteTypes('NasjonalIdentifikator'), ['Adresse', 'Bygning', 'Eiendom', 'Plan']);
  assert.equal(model.isAssignable('Saksmappe', 'AbstraktMappe'), true);
  assert.equal(model.isAssignable('Saksmappe', 'Saksmappe'), true);
  assert.equal(model.isAssignable('AbstraktMappe', 'AbstraktMappe'), true);
  assert.equal(model.isAssignable('Journalpost', 'AbstraktMappe'), false);
  assert.equal(model.isAssignable('AbstraktMappe', 'Saksmappe'), false);
  assert.equal(model.isAssignable('Saksmappe', 'Journalpost'), false);
  // The returned list is a copy: callers cannot corrupt the model.
  model.concreteTypes('AbstraktMappe').push('Arkiv');
  assert.equal(model.isAssignable('Arkiv', 'AbstraktMappe'), false);
});

test('memberNames: union over subtypes, no duplicates, fields and references', () => {
  const names = model.memberNames('AbstraktRegistrering');
  assert.equal(new Set(names).size, names.length);
  for (const n of ['tittel', 'journalaar', 'moetesakstype', 'refMappe', 'refDokumentflyt', 'mottattDato']) {
    assert.ok(names.includes(n), n);
  }
  const arkiv = model.memberNames('Arkiv');
  assert.deepEqual(
    [...arkiv].sort(),
    [
      'id', 'version', 'uuid', 'opprettetDato', 'opprettetAv', 'opprettetAvBrukerIdent', 'avsluttetDato',
      'avsluttetAv', 'avsluttetAvBrukerIdent', 'tittel', 'beskrivelse', 'arkivstatus', 'dokumentmedium',
      'refArkivskaper', 'refArkivdel',
    ].sort(),
  );
  model.memberNames('Arkiv').pop();
  assert.equal(model.memberNames('Arkiv').length, arkiv.length, 'the returned list is a copy');
});

test('every reference target resolves and every inverse points back', () => {
  for (const t of model.types) {
    for (const r of t.references) {
      assert.ok(model.getType(r.target), `${t.name}.${r.name} → unknown ${r.target}`);
      if (r.inverse === undefined) continue;
      const back = model.lookupMember(r.target, r.inverse);
      assert.ok(back && back.kind === 'reference', `${t.name}.${r.name}: inverse ${r.target}.${r.inverse} is not a reference`);
      assert.ok(
        model.isAssignable(t.name, back.reference.target),
        `${t.name}.${r.name}: inverse ${r.target}.${r.inverse} targets ${back.reference.target}, not ${t.name}`,
      );
      if (back.reference.inverse !== undefined) {
        assert.equal(back.reference.inverse, r.name, `${r.target}.${r.inverse} should name ${r.name} as its inverse`);
      }
    }
  }
});

test('the named pairs of the brief are inverses of each other', () => {
  const pairs: [string, string, string, string][] = [
    ['Arkiv', 'refArkivdel', 'Arkivdel', 'refArkiv'],
    ['Saksmappe', 'refRegistrering', 'Journalpost', 'refMappe'],
    ['Klasse', 'refMappeSomPrimaer', 'Saksmappe', 'refPrimaerKlasse'],
    ['Journalpost', 'refKryssreferanseTilRegistrering', 'Journalpost', 'refKryssreferanseFraRegistrering'],
    ['Saksmappe', 'refKryssreferanseTilRegistrering', 'Journalpost', 'refKryssreferanseFraMappe'],
  ];
  for (const [a, ra, b, rb] of pairs) {
    assert.equal(ref(a, ra).inverse, rb, `${a}.${ra}`);
    assert.equal(ref(b, rb).inverse, ra, `${b}.${rb}`);
  }
});

test('every codeList names a known list, and code-list defaults are codes of the list', () => {
  for (const t of model.types) {
    for (const f of t.fields) {
      if (f.codeList === undefined) continue;
      const list = model.codeLists.get(f.codeList);
      assert.ok(list, `${t.name}.${f.name}: unknown code list ${f.codeList}`);
      if (f.defaultValue !== undefined && !list.emptyByDefault) {
        assert.ok(list.values.some((v) => v.code === f.defaultValue), `${t.name}.${f.name} default ${String(f.defaultValue)}`);
      }
    }
  }
  for (const list of model.codeLists.values()) {
    assert.equal(list.emptyByDefault, list.values.length === 0, list.name);
    if (list.defaultCode !== undefined) assert.ok(list.values.some((v) => v.code === list.defaultCode), list.name);
    assert.equal(new Set(list.values.map((v) => v.code)).size, list.values.length, `${list.name}: duplicate code`);
  }
  assert.equal(model.codeLists.get('journalstatus')?.defaultCode, 'J');
  assert.equal(model.codeLists.get('kassasjonsvedtak')?.values.map((v) => v.code).join(), 'B,K,V');
  assert.equal(model.codeLists.get('dokumenttype')?.emptyByDefault, true);
  assert.equal(model.codeLists.get('merknadstype')?.values.map((v) => v.code).join(), 'MER,IMER');
});

test('allowed values and defaults agree', () => {
  for (const t of model.types) {
    for (const f of t.fields) {
      if (f.defaultValue !== undefined) assert.equal(f.hasDefault, true, `${t.name}.${f.name}`);
      if (f.allowedValues !== undefined && f.defaultValue !== undefined) {
        assert.ok(f.allowedValues.includes(String(f.defaultValue)), `${t.name}.${f.name}`);
      }
      if (f.defaultValue !== undefined && f.type !== 'string') {
        assert.equal(typeof f.defaultValue, f.type, `${t.name}.${f.name}: default of the wrong type`);
      }
    }
  }
});

test('creation rules name existing references, types and fields', () => {
  for (const t of model.types) {
    for (const rule of t.creationRules) {
      if (rule.kind === 'field') {
        assert.equal(model.lookupMember(t.name, rule.field)?.kind, 'field', `${t.name}: ${rule.field}`);
        continue;
      }
      assert.ok(rule.anyOf.length > 0, t.name);
      assert.ok(rule.message.length > 10);
      for (const way of rule.anyOf) {
        if (way.from === 'self') {
          assert.equal(model.lookupMember(t.name, way.ref)?.kind, 'reference', `${t.name}: ${way.ref}`);
        } else {
          const other = model.lookupMember(way.type, way.ref);
          assert.ok(other && other.kind === 'reference', `${t.name}: ${way.type}.${way.ref}`);
          assert.ok(model.isAssignable(t.name, other.reference.target), `${way.type}.${way.ref} must reach ${t.name}`);
        }
      }
    }
    // Every reference required on create is met by some rule, and every transactable
    // non-standalone type has a rule tying it to the structure.
    for (const r of t.references.filter((x) => x.requiredOnCreate && !t.abstract)) {
      // Met from this side, or by the other side linking through the inverse reference.
      const covered = t.creationRules.some(
        (rule) =>
          rule.kind === 'link' &&
          rule.anyOf.some((w) =>
            w.from === 'self' ? w.ref === r.name : w.type === r.target && r.inverse === w.ref,
          ),
      );
      assert.ok(covered, `${t.name}.${r.name} is required on create but no creation rule names it`);
    }
    if (t.transactable && !t.standalone) {
      assert.ok(t.creationRules.some((r) => r.kind === 'link'), `${t.name} needs a link rule`);
    }
  }
  assert.deepEqual(model.types.filter((t) => t.standalone).map((t) => t.name), ['Arkiv', 'Klassifikasjonssystem']);
});

test('the creation rules the spec states', () => {
  const rules = (name: string) => model.getType(name)?.creationRules ?? [];
  const arkiv = rules('Arkiv');
  assert.deepEqual(arkiv.map((r) => r.kind === 'link' && [r.count, r.anyOf]), [
    ['at-least-one', [{ from: 'self', ref: 'refArkivskaper' }, { from: 'other', type: 'Arkivskaper', ref: 'refArkiv' }]],
  ]);
  const jp = rules('Journalpost');
  assert.ok(jp.some((r) => r.kind === 'link' && r.count === 'exactly-one' && r.anyOf.map((w) => w.from === 'self' && w.ref).join() === 'refMappe,refArkivdel'));
  assert.ok(jp.some((r) => r.kind === 'link' && r.count === 'at-least-one' && r.otherMustBeNew === true && r.anyOf.some((w) => w.from === 'other' && w.type === 'Korrespondansepart' && w.ref === 'refRegistrering')));
  const sm = rules('Saksmappe');
  for (const name of ['refArkivdel', 'refPrimaerKlasse']) {
    assert.ok(sm.some((r) => r.kind === 'link' && r.count === 'exactly-one' && r.anyOf.length === 1 && r.anyOf[0]?.from === 'self' && r.anyOf[0].ref === name), name);
  }
  assert.ok(rules('Dokumentversjon').some((r) => r.kind === 'field' && r.field === 'referanseDokumentfil'));
  assert.ok(rules('EksternId').some((r) => r.kind === 'link' && r.anyOf.length === 4 && r.count === 'exactly-one'));
});

test('no duplicate member names per type; service-set fields are not writable', () => {
  for (const t of model.types) {
    const names = [...t.fields.map((f) => f.name), ...t.references.map((r) => r.name)];
    assert.equal(new Set(names).size, names.length, `${t.name} has duplicate member names`);
    // Reference names are `ref` + a capital; referanseDokumentfil is a plain field.
    for (const r of t.references) assert.match(r.name, /^ref[A-Z]/, `${t.name}.${r.name}`);
    for (const f of t.fields) assert.doesNotMatch(f.name, /^ref[A-Z]/, `${t.name}.${f.name}`);
    for (const common of ['id', 'version', 'uuid', 'opprettetDato', 'opprettetAv', 'opprettetAvBrukerIdent']) {
      assert.ok(t.fields.some((f) => f.name === common), `${t.name} lacks ${common}`);
    }
  }
  const serviceSet = [
    'id', 'version', 'uuid', 'mappeIdent', 'saksaar', 'sakssekvensnummer', 'journalaar', 'journalsekvensnummer',
    'journalpostnummer', 'registreringsIdent', 'dokumentnummer', 'versjonsnummer', 'sjekksum',
    'sjekksumAlgoritme', 'filstoerrelse', 'filnavn', 'innholdstype',
  ];
  let seen = 0;
  for (const t of model.types) {
    for (const f of t.fields.filter((x) => serviceSet.includes(x.name))) {
      seen++;
      assert.equal(f.writable, 'service', `${t.name}.${f.name}`);
    }
  }
  assert.ok(seen > 100);
});

test('BSM, bulk and change-log flags', () => {
  const names = (pick: (t: EntityTypeDef) => boolean) => model.types.filter(pick).map((t) => t.name).sort();
  for (const t of model.types) {
    const hasBsmField = t.fields.some((f) => f.name === 'virksomhetsspesifikkeMetadata');
    assert.equal(t.bsm, hasBsmField, `${t.name}: bsm flag vs the virksomhetsspesifikkeMetadata field`);
  }
  assert.deepEqual(names((t) => t.bulk), ['AbstraktMappe', 'AbstraktRegistrering', 'Arkiv', 'Arkivdel', 'Dokument', 'Klasse', 'Klassifikasjonssystem']);
  assert.deepEqual(
    names((t) => t.changeLog),
    ['AbstraktMappe', 'AbstraktRegistrering', 'Arkivnotat', 'Basisregistrering', 'Dokument', 'Journalpost', 'Mappe', 'Moetemappe', 'Moeteregistrering', 'Saksmappe'],
  );
});

test('createNoarkModel takes its own types and code lists', () => {
  const tiny = createNoarkModel(
    [
      { ...(entityTypes.find((t) => t.name === 'Arkivskaper') as EntityTypeDef) },
      {
        name: 'Alle',
        abstract: true,
        subtypes: ['Arkivskaper', 'Missing'],
        supertypes: [],
        fields: [],
        references: [],
        fieldsComplete: false,
        queryable: true,
        transactable: false,
        bsm: false,
        standalone: false,
        creationRules: [],
        bulk: false,
        changeLog: false,
        source: 'spec',
      },
    ],
    [],
  );
  assert.deepEqual(tiny.types.map((t) => t.name), ['Arkivskaper', 'Alle']);
  assert.deepEqual(tiny.concreteTypes('Alle'), ['Arkivskaper'], 'unknown subtypes are dropped');
  assert.equal(tiny.getType('Arkiv'), undefined);
  assert.equal(tiny.codeLists.size, 0);
  const navn = tiny.lookupMember('Alle', 'arkivskaperNavn');
  assert.deepEqual(navn && [navn.kind, navn.partial, navn.presentIn], ['field', false, ['Arkivskaper']]);
  assert.equal(createNoarkModel().codeLists.size, defaultCodeLists.length);
});
