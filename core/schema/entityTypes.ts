/**
 * The Noark entity types as data: every field and reference of every type, with the creation
 * rules of each. The spec (`archive-api-v1.md`) decides wherever it speaks; where it says "not
 * shown" the vendor reference (`object-types.md`) fills in, marked `source: 'reference'`.
 *
 * Flags: where a spec table or list carries I/S flags on some rows, a row without them has none
 * (the spec wins over the reference); where a spec table carries no flags at all (Arkiv, Klasse,
 * Klassifikasjonssystem, Arkivskaper), sortability and not-null come from the reference. Indexed
 * (I) is known only from the spec.
 */
import type {
  Cardinality,
  CreationRule,
  EntityTypeDef,
  FieldDef,
  FieldType,
  LinkWay,
  ReferenceDef,
  ReferenceDirection,
  Source,
  Writability,
} from './types';

// ---------------------------------------------------------------------------------------------
// Builders. Options are spelled like the reference legend so rows can be checked against it.

interface FieldOptions {
  m?: string;
  /** Indexed. */
  I?: boolean;
  /** Sortable. */
  S?: boolean;
  /** Not queryable. */
  NQ?: boolean;
  /** Not null. */
  NN?: boolean;
  /** Writability; `writable` when absent. */
  w?: Writability;
  cl?: string;
  /** A known default value (implies `hasDefault`). */
  def?: string | number | boolean;
  /** The service fills a default whose value we do not know (or that is computed). */
  DEF?: boolean;
  values?: string[];
  notes?: string;
}

function field(name: string, type: FieldType, o: FieldOptions, source: Source): FieldDef {
  const def: FieldDef = {
    name,
    type,
    indexed: o.I ?? false,
    sortable: o.S ?? false,
    queryable: !(o.NQ ?? false),
    writable: o.w ?? 'writable',
    notNull: o.NN ?? false,
    hasDefault: o.DEF === true || o.def !== undefined,
    source,
  };
  if (o.m !== undefined) def.mNumber = o.m;
  if (o.cl !== undefined) def.codeList = o.cl;
  if (o.def !== undefined) def.defaultValue = o.def;
  if (o.values !== undefined) def.allowedValues = o.values;
  if (o.notes !== undefined) def.notes = o.notes;
  return def;
}

/** A field the spec lists (its flags may still be filled from the reference, see above). */
function sf(name: string, type: FieldType, o: FieldOptions = {}): FieldDef {
  return field(name, type, o, 'spec');
}

/** A field known only from the vendor reference. */
function rf(name: string, type: FieldType, o: FieldOptions = {}): FieldDef {
  return field(name, type, o, 'reference');
}

interface ReferenceOptions {
  card: Cardinality;
  dir: ReferenceDirection;
  /** Letters of the reference legend: L linkable, U unlinkable, V returned. */
  flags: string;
  req?: boolean;
  inv?: string;
  owner?: boolean;
  notes?: string;
  /** The spec names this parent-side reference as one links may be made through (e.g. Arkiv
   * `refArkivdel`: "series can be linked or unlinked through it"). */
  parentSide?: boolean;
}

function reference(name: string, target: string, o: ReferenceOptions, source: Source): ReferenceDef {
  const def: ReferenceDef = {
    name,
    target,
    cardinality: o.card,
    requiredOnCreate: o.req ?? false,
    returned: o.flags.includes('V'),
    // The vendor marks many parent-side references L/U and its own clients link through them
    // (Saksmappe refSakspart, Klassifikasjonssystem refKlasse): the archive accepts them, so they
    // are linkable, and the checker warns toward the child side that rule 3 shows.
    linkable: o.flags.includes('L'),
    unlinkable: o.flags.includes('U'),
    direction: o.dir,
    owner: o.owner ?? false,
    source,
  };
  if (o.inv !== undefined) def.inverse = o.inv;
  if (o.notes !== undefined) def.notes = o.notes;
  if (o.parentSide === true) def.specLinkSide = true;
  return def;
}

function sr(name: string, target: string, o: ReferenceOptions): ReferenceDef {
  return reference(name, target, o, 'spec');
}

function rr(name: string, target: string, o: ReferenceOptions): ReferenceDef {
  return reference(name, target, o, 'reference');
}

function self(ref: string): LinkWay {
  return { from: 'self', ref };
}

function exactlyOne(refs: string[], message: string, source: Source): CreationRule {
  return { kind: 'link', anyOf: refs.map(self), count: 'exactly-one', message, source };
}

// ---------------------------------------------------------------------------------------------
// Shared field groups.

/** The spec's "Common fields" table: on every entity. */
function commonFields(): FieldDef[] {
  return [
    sf('id', 'string', {
      S: true,
      w: 'service',
      NN: true,
      notes: 'Unique id in the installation, numeric for created entities; generated on creation.',
    }),
    sf('version', 'string', {
      w: 'service',
      NN: true,
      notes: 'Version of the entity, used for optimistic locking; sequence version number.',
    }),
    sf('uuid', 'string', {
      m: 'M001',
      I: true,
      S: true,
      w: 'service',
      NN: true,
      DEF: true,
      notes: 'Globally unique UUID; generated on creation.',
    }),
    sf('opprettetDato', 'timestamp', {
      m: 'M600',
      I: true,
      S: true,
      w: 'conditional',
      NN: true,
      DEF: true,
      notes: 'Creation time; default current time.',
    }),
    sf('opprettetAv', 'string', {
      m: 'M601',
      S: true,
      w: 'conditional',
      NN: true,
      DEF: true,
      notes: 'Creating user name; default logged-in user name.',
    }),
    sf('opprettetAvBrukerIdent', 'string', {
      m: 'M601',
      S: true,
      w: 'conditional',
      NN: true,
      DEF: true,
      notes: 'Creating user identifier; default logged-in user identifier.',
    }),
  ];
}

/** avsluttetDato / avsluttetAv / avsluttetAvBrukerIdent of finalizable types. */
function finalizationFields(source: Source, sortable: boolean): FieldDef[] {
  const o = { S: sortable, w: 'conditional' as const };
  return [
    field('avsluttetDato', 'timestamp', { ...o, m: 'M602', notes: 'When the unit was finalized.' }, source),
    field('avsluttetAv', 'string', { ...o, m: 'M603', notes: 'Who finalized the unit (user name).' }, source),
    field(
      'avsluttetAvBrukerIdent',
      'string',
      { ...o, m: 'M603', notes: 'Who finalized the unit (user identifier).' },
      source,
    ),
  ];
}

const dokumentmediumNote = 'Code list dokumentmedium; default E.';
const bsmNote =
  'Business specific metadata: object keyed by BSM group id, each an object keyed by BSM field id. ' +
  'Not queryable; an update replaces the whole object.';
const prefiksNote =
  'Identifier of the originating system; cannot change once set. Advised when the archive holds ' +
  'data from several source systems.';

/** kassasjonsvedtak / kassasjonshjemmel / bevaringstid / skjerming, as most units carry them. */
function disposalFields(source: Source, skjermingIndexed: boolean): FieldDef[] {
  return [
    field('kassasjonsvedtak', 'string', { m: 'M450', cl: 'kassasjonsvedtak', notes: 'Disposal decision; code list kassasjonsvedtak.' }, source),
    field('kassasjonshjemmel', 'string', { m: 'M453', cl: 'kassasjonshjemmel', notes: 'Disposal authority; code list kassasjonshjemmel.' }, source),
    field('bevaringstid', 'number', { m: 'M451', S: true, notes: 'Retention period in years.' }, source),
    field('skjerming', 'string', { m: 'M500', I: skjermingIndexed, cl: 'skjerming', notes: 'Screening; code list skjerming.' }, source),
  ];
}

const publiseringsstatusValues = ['NOT_PUBLISHED', 'PUBLISHED_METADATA', 'PUBLISHED_METADATA_AND_DOCUMENTS'];
const eInnsynStatusValues = [
  'NOT_PUBLISHED',
  'READY_FOR_PUBLISHING_METADATA',
  'READY_FOR_PUBLISHING_METADATA_AND_DOCUMENTS',
  'IN_PROGRESS_PUBLISHING_METADATA',
  'IN_PROGRESS_PUBLISHING_METADATA_AND_DOCUMENTS',
  'PUBLISHED_METADATA',
  'PUBLISHED_METADATA_AND_DOCUMENTS',
  'FAILED_TO_PUBLISH',
  'CONTAINS_SENSITIVE_METADATA',
];

function publishingFields(publisering: string[], eInnsyn: string[]): FieldDef[] {
  return [
    rf('publiseringsstatus', 'string', {
      S: true,
      NN: true,
      DEF: true,
      ...(publisering.length === 1 ? { def: publisering[0] } : {}),
      values: publisering,
      notes: 'Publishing status (not a code list).',
    }),
    rf('eInnsynStatus', 'string', {
      S: true,
      NN: true,
      def: 'NOT_PUBLISHED',
      values: eInnsyn,
      notes: 'Publishing status towards eInnsyn (not a code list); since 3.6.1. Defaults to NOT_PUBLISHED.',
    }),
  ];
}

/** The fields every vendor registration (Basisregistrering, Arkivnotat, Moeteregistrering) has
 * before its own; `extra` goes after `forfallsdato` as in the reference. */
function registrationFields(eInnsyn: string[], publisering: string[], extra: FieldDef[]): FieldDef[] {
  return [
    ...commonFields(),
    ...finalizationFields('reference', false),
    rf('registreringsIdent', 'string', { m: 'M004', S: true, NN: true, DEF: true, w: 'service', notes: 'Default journalaar/journalsekvensnummer.' }),
    rf('tittel', 'string', { m: 'M020', S: true, NN: true }),
    rf('offentligTittel', 'string', { m: 'M025', S: true, notes: 'Title with screened words replaced with ******.' }),
    rf('beskrivelse', 'string', { m: 'M021', S: true }),
    rf('forfatter', 'string', { m: 'M024', S: true }),
    ...publishingFields(publisering, eInnsyn),
    rf('dokumentmedium', 'string', { m: 'M300', NN: true, cl: 'dokumentmedium', def: 'E', notes: dokumentmediumNote }),
    rf('journalansvarlig', 'string', { S: true, notes: 'Name of the person responsible (like M306 saksansvarlig).' }),
    rf('journalansvarligBrukerIdent', 'string', { S: true, notes: 'User id of the person in journalansvarlig.' }),
    rf('registreringsDato', 'date', { m: 'M101', S: true }),
    rf('dokumentetsDato', 'date', { m: 'M103', S: true }),
    rf('forfallsdato', 'date', { m: 'M109', S: true }),
    ...extra,
    ...disposalFields('reference', false),
    rf('virksomhetsspesifikkeMetadata', 'object', { m: 'M711', NQ: true, notes: bsmNote }),
  ];
}

// ---------------------------------------------------------------------------------------------
// Shared reference groups.

/** Cross references of a folder (`side: 'folder'`) or a record (`'record'`). The inverse of a
 * "Til" reference is the matching "Fra" reference on the other entity's kind. */
function crossReferences(side: 'folder' | 'record', source: Source): ReferenceDef[] {
  const mine = side === 'folder' ? 'Mappe' : 'Registrering';
  const o = (inv: string, notes: string): ReferenceOptions => ({ card: '0..*', dir: 'peer', flags: 'LU', inv, notes });
  return [
    reference('refKryssreferanseTilMappe', 'AbstraktMappe', o(`refKryssreferanseFra${mine}`, 'Folders this entity cross references.'), source),
    reference('refKryssreferanseFraMappe', 'AbstraktMappe', o(`refKryssreferanseTil${mine}`, 'Folders that cross reference this entity.'), source),
    reference('refKryssreferanseTilRegistrering', 'AbstraktRegistrering', o(`refKryssreferanseFra${mine}`, 'Records this entity cross references.'), source),
    reference('refKryssreferanseFraRegistrering', 'AbstraktRegistrering', o(`refKryssreferanseTil${mine}`, 'Records that cross reference this entity.'), source),
  ];
}

/** External ids, keywords, notes and national identifiers hung on a folder or record; they are
 * owned by it and link to it through `back` (`refMappe` or `refRegistrering`). */
function attachments(back: string, source: Source, only?: string[]): ReferenceDef[] {
  const all: ReferenceDef[] = [
    reference('refEksternId', 'EksternId', { card: '0..*', dir: 'child', flags: 'L', inv: back }, source),
    reference('refNoekkelord', 'Noekkelord', { card: '0..*', dir: 'child', flags: 'L', inv: back }, source),
    reference('refMerknad', 'Merknad', { card: '0..*', dir: 'child', flags: 'L', inv: back }, source),
    reference('refNasjonalIdentifikator', 'NasjonalIdentifikator', { card: '0..*', dir: 'child', flags: 'L', inv: back }, source),
  ];
  return only === undefined ? all : all.filter((r) => only.includes(r.name));
}

/** References every vendor registration has (Basisregistrering, Arkivnotat, Moeteregistrering). */
function registrationReferences(mappeTarget: string, mappeNote: string): ReferenceDef[] {
  const oneOf = 'Exactly one of refArkivdel and refMappe is set.';
  return [
    rr('refArkivdel', 'Arkivdel', { card: '0..1', dir: 'parent', flags: 'LUV', req: true, inv: 'refRegistrering', notes: oneOf }),
    rr('refMappe', mappeTarget, { card: '0..1', dir: 'parent', flags: 'LUV', req: true, inv: 'refRegistrering', notes: `${mappeNote} ${oneOf}` }),
    rr('refKorrespondansepart', 'Korrespondansepart', { card: '0..*', dir: 'child', flags: 'L', inv: 'refRegistrering' }),
    rr('refDokument', 'Dokument', { card: '0..*', dir: 'child', flags: 'LU', inv: 'refRegistrering' }),
    rr('refPrimaerKlasse', 'Klasse', { card: '0..1', dir: 'parent', flags: 'LUV', inv: 'refRegistreringSomPrimaer', notes: 'A class of the primary classification system of the series.' }),
    rr('refSekundaerKlasse', 'Klasse', { card: '0..*', dir: 'peer', flags: 'LU', inv: 'refRegistreringSomSekundaer', notes: 'A class of any classification system.' }),
    ...attachments('refRegistrering', 'reference'),
    ...crossReferences('record', 'reference'),
  ];
}

/** A national identifier (Adresse, Bygning, Eiendom, Plan) hangs on one folder or record. */
function nationalIdentifierReferences(): ReferenceDef[] {
  const oneOf = 'Exactly one of refMappe and refRegistrering is set.';
  return [
    rr('refMappe', 'AbstraktMappe', { card: '0..1', dir: 'parent', flags: 'LV', req: true, owner: true, inv: 'refNasjonalIdentifikator', notes: oneOf }),
    rr('refRegistrering', 'AbstraktRegistrering', { card: '0..1', dir: 'parent', flags: 'LV', req: true, owner: true, inv: 'refNasjonalIdentifikator', notes: oneOf }),
  ];
}

// ---------------------------------------------------------------------------------------------
// Type builders.

interface TypeOptions {
  title?: string;
  description?: string;
  fields: FieldDef[];
  references: ReferenceDef[];
  fieldsComplete: boolean;
  supertypes?: string[];
  queryable: boolean;
  transactable: boolean;
  bsm?: boolean;
  standalone?: boolean;
  creationRules?: CreationRule[];
  bulk?: boolean;
  changeLog?: boolean;
  source: Source;
}

function concrete(name: string, o: TypeOptions): EntityTypeDef {
  const def: EntityTypeDef = {
    name,
    abstract: false,
    subtypes: [],
    supertypes: o.supertypes ?? [],
    fields: o.fields,
    references: o.references,
    fieldsComplete: o.fieldsComplete,
    queryable: o.queryable,
    transactable: o.transactable,
    bsm: o.bsm ?? false,
    standalone: o.standalone ?? false,
    creationRules: o.creationRules ?? [],
    bulk: o.bulk ?? false,
    changeLog: o.changeLog ?? false,
    source: o.source,
  };
  if (o.title !== undefined) def.title = o.title;
  if (o.description !== undefined) def.description = o.description;
  return def;
}

/** Spec: "Entity kinds managed by transaction and query". */
const managed = { queryable: true, transactable: true } as const;

// ---------------------------------------------------------------------------------------------
// The concrete types.

const arkiv = concrete('Arkiv', {
  title: 'Fonds',
  description: 'Root of the structure. Needs at least one Arkivskaper linked in the creating transaction; needs no other link.',
  ...managed,
  standalone: true,
  bulk: true,
  source: 'spec',
  fieldsComplete: true,
  fields: [
    ...commonFields(),
    ...finalizationFields('spec', false),
    sf('tittel', 'string', { m: 'M020', S: true, NN: true }),
    sf('beskrivelse', 'string', { m: 'M021', S: true }),
    sf('arkivstatus', 'string', { m: 'M050', NN: true, cl: 'arkivstatus', def: 'O', notes: 'Code list arkivstatus; default O.' }),
    sf('dokumentmedium', 'string', { m: 'M300', NN: true, cl: 'dokumentmedium', def: 'E', notes: dokumentmediumNote }),
  ],
  references: [
    sr('refArkivskaper', 'Arkivskaper', { card: '1..*', dir: 'child', flags: 'L', req: true, inv: 'refArkiv', parentSide: true, notes: 'Required on create: at least one fonds creator linked in the same transaction.' }),
    sr('refArkivdel', 'Arkivdel', { card: '0..*', dir: 'child', flags: 'LU', inv: 'refArkiv', parentSide: true, notes: 'Series can be linked or unlinked through it.' }),
  ],
  creationRules: [
    {
      kind: 'link',
      anyOf: [self('refArkivskaper'), { from: 'other', type: 'Arkivskaper', ref: 'refArkiv' }],
      count: 'at-least-one',
      message: 'A new Arkiv needs at least one Arkivskaper linked in the same transaction (Arkiv refArkivskaper, or an Arkivskaper linked with refArkiv).',
      source: 'spec',
    },
  ],
});

const arkivskaper = concrete('Arkivskaper', {
  title: 'Fonds Creator',
  description: 'Owned by one Arkiv; cannot be linked to another.',
  ...managed,
  source: 'spec',
  fieldsComplete: true,
  fields: [
    ...commonFields(),
    sf('arkivskaperIdent', 'string', { m: 'M006', S: true, NN: true }),
    sf('arkivskaperNavn', 'string', { m: 'M023', S: true, NN: true }),
    sf('beskrivelse', 'string', { m: 'M021', S: true }),
  ],
  references: [
    sr('refArkiv', 'Arkiv', { card: '1', dir: 'parent', flags: 'LV', req: true, owner: true, inv: 'refArkivskaper' }),
  ],
  creationRules: [exactlyOne(['refArkiv'], 'A new Arkivskaper must be linked to its Arkiv with refArkiv.', 'spec')],
});

const klassifikasjonssystem = concrete('Klassifikasjonssystem', {
  title: 'Classification System',
  description: 'Holds classes; tied to series as primary or secondary classification system. Can be created without any link.',
  ...managed,
  standalone: true,
  bulk: true,
  source: 'spec',
  fieldsComplete: true,
  fields: [
    ...commonFields(),
    ...finalizationFields('spec', false),
    sf('klassifikasjonstype', 'string', { m: 'M086', S: true, notes: 'Free text in this archive (no code list).' }),
    sf('tittel', 'string', { m: 'M020', S: true, NN: true }),
    sf('beskrivelse', 'string', { m: 'M021', S: true }),
  ],
  references: [
    sr('refKlasse', 'Klasse', { card: '0..*', dir: 'child', flags: 'LU', inv: 'refKlassifikasjonssystem' }),
    sr('refArkivdelSomPrimaer', 'Arkivdel', { card: '0..*', dir: 'peer', flags: 'LU', inv: 'refPrimaerKlassifikasjonssystem', notes: 'Series using this as primary classification system.' }),
    sr('refArkivdelSomSekundaer', 'Arkivdel', { card: '0..*', dir: 'peer', flags: 'LU', inv: 'refSekundaerKlassifikasjonssystem', notes: 'Series using this as a secondary classification system.' }),
  ],
});

const klasse = concrete('Klasse', {
  title: 'Class',
  description: 'A class of a classification system; labels folders and records. Identified by klasseIdent, but linked and changed by id.',
  ...managed,
  bsm: true,
  bulk: true,
  source: 'spec',
  fieldsComplete: true,
  fields: [
    ...commonFields(),
    ...finalizationFields('spec', false),
    sf('klasseIdent', 'string', { m: 'M002', S: true, NN: true, notes: 'Identifies the class within its classification system.' }),
    sf('tittel', 'string', { m: 'M020', S: true, NN: true }),
    sf('beskrivelse', 'string', { m: 'M021', S: true }),
    sf('kassasjonsvedtak', 'string', { m: 'M450', cl: 'kassasjonsvedtak', notes: 'Disposal decision; code list kassasjonsvedtak.' }),
    sf('kassasjonshjemmel', 'string', { m: 'M453', cl: 'kassasjonshjemmel', notes: 'Disposal authority; code list kassasjonshjemmel.' }),
    // The spec types it as a string here (a number on every other type).
    sf('bevaringstid', 'string', { m: 'M451', S: true, notes: 'Retention period in years (a string on Klasse, per the spec).' }),
    sf('skjerming', 'string', { m: 'M500', cl: 'skjerming', notes: 'Screening; code list skjerming.' }),
    sf('virksomhetsspesifikkeMetadata', 'object', { NQ: true, notes: bsmNote }),
  ],
  references: [
    sr('refKlassifikasjonssystem', 'Klassifikasjonssystem', { card: '1', dir: 'parent', flags: 'LUV', req: true, inv: 'refKlasse', notes: 'Required on create; a class belongs to one system.' }),
    sr('refForelderKlasse', 'Klasse', { card: '0..1', dir: 'parent', flags: 'LUV', inv: 'refBarnKlasse' }),
    sr('refBarnKlasse', 'Klasse', { card: '0..*', dir: 'child', flags: 'LU', inv: 'refForelderKlasse', notes: 'Cannot be set while the class is a primary or secondary class of a folder or record.' }),
    sr('refMappeSomPrimaer', 'AbstraktMappe', { card: '0..*', dir: 'child', flags: 'LU', inv: 'refPrimaerKlasse', notes: 'Folders having this as primary class.' }),
    sr('refMappeSomSekundaer', 'AbstraktMappe', { card: '0..*', dir: 'peer', flags: 'LU', inv: 'refSekundaerKlasse', notes: 'Folders having this as a secondary class.' }),
    sr('refRegistreringSomPrimaer', 'AbstraktRegistrering', { card: '0..*', dir: 'child', flags: 'LU', inv: 'refPrimaerKlasse', notes: 'Records having this as primary class.' }),
    sr('refRegistreringSomSekundaer', 'AbstraktRegistrering', { card: '0..*', dir: 'peer', flags: 'LU', inv: 'refSekundaerKlasse', notes: 'Records having this as a secondary class.' }),
  ],
  creationRules: [exactlyOne(['refKlassifikasjonssystem'], 'A new Klasse must be linked to its Klassifikasjonssystem with refKlassifikasjonssystem.', 'spec')],
});

const arkivdel = concrete('Arkivdel', {
  title: 'Series',
  description: 'A series of a fonds. Closed by setting arkivdelstatus (it has no avsluttet* fields).',
  ...managed,
  bulk: true,
  source: 'reference',
  fieldsComplete: false,
  fields: [
    ...commonFields(),
    rf('tittel', 'string', { m: 'M020', S: true, NN: true }),
    rf('beskrivelse', 'string', { m: 'M021', S: true }),
    rf('arkivdelstatus', 'string', { m: 'M051', NN: true, DEF: true, cl: 'arkivdelstatus', notes: 'Code list arkivdelstatus; P closes the series.' }),
    rf('dokumentmedium', 'string', { m: 'M300', NN: true, cl: 'dokumentmedium', def: 'E', notes: dokumentmediumNote }),
    rf('arkivperiodeStartDato', 'date', { m: 'M107', S: true }),
    rf('arkivperiodeSluttDato', 'date', { m: 'M108', S: true }),
    rf('overlappingsperiodeSluttdato', 'date', { S: true, notes: 'Vendor extension.' }),
    rf('skjerming', 'string', { m: 'M500', cl: 'skjerming', notes: 'Screening; code list skjerming.' }),
  ],
  references: [
    rr('refArkiv', 'Arkiv', { card: '1', dir: 'parent', flags: 'LUV', req: true, inv: 'refArkivdel' }),
    rr('refPrimaerKlassifikasjonssystem', 'Klassifikasjonssystem', { card: '0..1', dir: 'peer', flags: 'LUV', inv: 'refArkivdelSomPrimaer' }),
    rr('refSekundaerKlassifikasjonssystem', 'Klassifikasjonssystem', { card: '0..*', dir: 'peer', flags: 'LU', inv: 'refArkivdelSomSekundaer' }),
    rr('refMappe', 'AbstraktMappe', { card: '0..*', dir: 'child', flags: 'LU', inv: 'refArkivdel' }),
    // The reference says Basisregistrering, but Journalpost (spec) and Arkivnotat also link to a
    // series through refArkivdel, so the series side must reach every record kind.
    rr('refRegistrering', 'AbstraktRegistrering', { card: '0..*', dir: 'child', flags: 'LU', inv: 'refArkivdel', notes: 'Records directly in the series (the vendor doc names Basisregistrering).' }),
    rr('refArkivdelForloeper', 'Arkivdel', { card: '0..1', dir: 'peer', flags: 'LU', inv: 'refArkivdelArvtaker', notes: 'Predecessor series.' }),
    rr('refArkivdelArvtaker', 'Arkivdel', { card: '0..1', dir: 'peer', flags: 'LU', inv: 'refArkivdelForloeper', notes: 'Successor series.' }),
  ],
  creationRules: [exactlyOne(['refArkiv'], 'A new Arkivdel must be linked to its Arkiv with refArkiv.', 'reference')],
});

const folderKinds = ['AbstraktMappe'];

const mappe = concrete('Mappe', {
  title: 'Folder',
  description: 'A basic folder; in a series or under a parent folder, holding records or child folders (not both).',
  ...managed,
  supertypes: folderKinds,
  bsm: true,
  changeLog: true,
  source: 'reference',
  fieldsComplete: false,
  fields: [
    ...commonFields(),
    ...finalizationFields('reference', false),
    rf('mappeIdent', 'string', { m: 'M003', S: true, NN: true, DEF: true, w: 'service', notes: 'Default year/sequence number in the archive.' }),
    rf('mappetype', 'string', { cl: 'mappetype', notes: 'Code list mappetype.' }),
    rf('tittel', 'string', { m: 'M020', S: true, NN: true }),
    rf('offentligTittel', 'string', { m: 'M025', S: true, notes: 'Title with screened words replaced with ******.' }),
    rf('beskrivelse', 'string', { m: 'M021', S: true }),
    rf('dokumentmedium', 'string', { m: 'M300', NN: true, cl: 'dokumentmedium', def: 'E', notes: dokumentmediumNote }),
    rf('mappestatus', 'string', { cl: 'mappestatus', notes: 'Code list mappestatus; since 3.6.1.' }),
    ...disposalFields('reference', false),
    rf('virksomhetsspesifikkeMetadata', 'object', { m: 'M711', NQ: true, notes: bsmNote }),
  ],
  references: [
    rr('refArkivdel', 'Arkivdel', { card: '0..1', dir: 'parent', flags: 'LUV', req: true, inv: 'refMappe', notes: 'Exactly one of refArkivdel and refForelderMappe is set.' }),
    rr('refForelderMappe', 'Mappe', { card: '0..1', dir: 'parent', flags: 'LUV', req: true, inv: 'refBarnMappe', notes: 'Parent folder. Exactly one of refArkivdel and refForelderMappe is set.' }),
    rr('refBarnMappe', 'Mappe', { card: '0..*', dir: 'child', flags: 'LU', inv: 'refForelderMappe', notes: 'Child folders; a folder holds either child folders or records.' }),
    rr('refRegistrering', 'Basisregistrering', { card: '0..*', dir: 'child', flags: 'LU', inv: 'refMappe', notes: 'Records; a folder holds either child folders or records.' }),
    rr('refSakspart', 'Sakspart', { card: '0..*', dir: 'child', flags: 'L', inv: 'refMappe' }),
    rr('refPrimaerKlasse', 'Klasse', { card: '0..1', dir: 'parent', flags: 'LUV', inv: 'refMappeSomPrimaer', notes: 'A class of the primary classification system of the series.' }),
    rr('refSekundaerKlasse', 'Klasse', { card: '0..*', dir: 'peer', flags: 'LU', inv: 'refMappeSomSekundaer', notes: 'A class of any classification system.' }),
    ...attachments('refMappe', 'reference'),
    ...crossReferences('folder', 'reference'),
  ],
  creationRules: [exactlyOne(['refArkivdel', 'refForelderMappe'], 'A new Mappe must be linked to exactly one of a series (refArkivdel) or a parent folder (refForelderMappe).', 'reference')],
});

const saksmappe = concrete('Saksmappe', {
  title: 'Case File',
  description: 'A case folder: in one series, with one primary class; holds registry entries.',
  ...managed,
  supertypes: folderKinds,
  bsm: true,
  changeLog: true,
  source: 'spec',
  fieldsComplete: false,
  fields: [
    ...commonFields(),
    ...finalizationFields('reference', false),
    rf('prefiks', 'string', { S: true, w: 'conditional', notes: prefiksNote }),
    sf('mappeIdent', 'string', { m: 'M003', S: true, NN: true, DEF: true, w: 'service', notes: 'Year/sequence form, generated.' }),
    rf('mappetype', 'string', { cl: 'mappetype', notes: 'Code list mappetype.' }),
    sf('tittel', 'string', { m: 'M020', S: true, NN: true }),
    rf('offentligTittel', 'string', { m: 'M025', S: true, notes: 'Title with screened words replaced with ******.' }),
    sf('beskrivelse', 'string', { m: 'M021', S: true }),
    sf('dokumentmedium', 'string', { m: 'M300', NN: true, cl: 'dokumentmedium', def: 'E', notes: dokumentmediumNote }),
    sf('saksaar', 'number', { m: 'M011', S: true, NN: true, DEF: true, w: 'service', notes: 'Case year; set by the service.' }),
    sf('sakssekvensnummer', 'number', { m: 'M012', NN: true, DEF: true, w: 'service', notes: 'Sequence number of the case in its year; set by the service.' }),
    sf('saksdato', 'date', { m: 'M100', S: true, NN: true, DEF: true }),
    sf('administrativEnhet', 'string', { m: 'M305', NN: true, cl: 'administrativEnhet', notes: 'Code list administrativEnhet.' }),
    sf('saksansvarlig', 'string', { m: 'M306', S: true, NN: true, DEF: true }),
    sf('saksansvarligBrukerIdent', 'string', { m: 'M306', S: true, NN: true, DEF: true }),
    sf('saksstatus', 'string', { m: 'M052', NN: true, cl: 'saksstatus', def: 'B', notes: 'Code list saksstatus; B on create.' }),
    ...disposalFields('reference', false),
    rf('virksomhetsspesifikkeMetadata', 'object', { m: 'M711', NQ: true, notes: bsmNote }),
  ],
  references: [
    sr('refArkivdel', 'Arkivdel', { card: '1', dir: 'parent', flags: 'LUV', req: true, inv: 'refMappe', notes: 'Exactly one series, linked in the creating transaction.' }),
    rr('refRegistrering', 'AbstraktRegistrering', { card: '0..*', dir: 'child', flags: 'LU', inv: 'refMappe', notes: 'Basisregistrering, Journalpost or Arkivnotat.' }),
    rr('refSakspart', 'Sakspart', { card: '0..*', dir: 'child', flags: 'L', inv: 'refMappe' }),
    sr('refPrimaerKlasse', 'Klasse', { card: '1', dir: 'parent', flags: 'LUV', req: true, inv: 'refMappeSomPrimaer', notes: 'Exactly one primary class, of a classification system linked to the series.' }),
    sr('refSekundaerKlasse', 'Klasse', { card: '0..*', dir: 'peer', flags: 'LU', inv: 'refMappeSomSekundaer', notes: 'Zero or more secondary classes.' }),
    ...attachments('refMappe', 'reference'),
    ...crossReferences('folder', 'reference'),
    rr('refPresedens', 'Presedens', { card: '0..*', dir: 'peer', flags: 'LU', inv: 'refSaksmappe' }),
  ],
  creationRules: [
    exactlyOne(['refArkivdel'], 'A new Saksmappe must be linked to exactly one series with refArkivdel in the same transaction.', 'spec'),
    exactlyOne(['refPrimaerKlasse'], 'A new Saksmappe must be linked to exactly one primary class with refPrimaerKlasse in the same transaction.', 'spec'),
  ],
});

const sakspart = concrete('Sakspart', {
  title: 'Case Party',
  description: 'A party of a case; a folder may have many.',
  ...managed,
  bsm: true,
  source: 'spec',
  fieldsComplete: false,
  fields: [
    ...commonFields(),
    rf('sakspartIdent', 'string', { m: 'M010', S: true }),
    sf('sakspartNavn', 'string', { m: 'M302', S: true, NN: true }),
    sf('sakspartRolle', 'string', { m: 'M303', S: true, NN: true }),
    rf('foedselsnummer', 'string', { S: true }),
    rf('organisasjonsnummer', 'string', { S: true }),
    rf('dnummer', 'string', { S: true }),
    rf('postadresse', 'string', { m: 'M406', S: true }),
    rf('postnummer', 'string', { m: 'M407', S: true }),
    rf('poststed', 'string', { m: 'M408', S: true }),
    rf('land', 'string', { m: 'M409', S: true }),
    sf('epostadresse', 'string', { m: 'M410', S: true }),
    rf('telefonnummer', 'string', { m: 'M411', S: true }),
    rf('kontaktperson', 'string', { m: 'M412', S: true }),
    rf('virksomhetsspesifikkeMetadata', 'object', { m: 'M711', NQ: true, notes: bsmNote }),
  ],
  references: [
    // The spec says "to the Saksmappe", but Moetemappe (spec) and Mappe also hold parties.
    sr('refMappe', 'AbstraktMappe', { card: '1', dir: 'parent', flags: 'LV', req: true, owner: true, inv: 'refSakspart', notes: 'The folder (normally the Saksmappe) the party belongs to.' }),
  ],
  creationRules: [exactlyOne(['refMappe'], 'A new Sakspart must be linked to its folder with refMappe.', 'spec')],
});

const moetemappe = concrete('Moetemappe', {
  title: 'Meeting Folder',
  description: 'Should be associated with a series; may contain Moeteregistrering and Basisregistrering.',
  ...managed,
  supertypes: folderKinds,
  bsm: true,
  changeLog: true,
  source: 'spec',
  fieldsComplete: true,
  fields: [
    ...commonFields(),
    ...finalizationFields('spec', true),
    sf('prefiks', 'string', { S: true, w: 'conditional', notes: prefiksNote }),
    sf('mappeIdent', 'string', { m: 'M003', I: true, S: true, NN: true, DEF: true, w: 'service', notes: 'Default year/sequence number in the archive.' }),
    sf('mappetype', 'string', { I: true, cl: 'mappetype', notes: 'Code list mappetype.' }),
    sf('tittel', 'string', { m: 'M020', I: true, S: true, NN: true }),
    sf('offentligTittel', 'string', { m: 'M025', S: true, notes: 'Title with screened words replaced with ******.' }),
    sf('beskrivelse', 'string', { m: 'M021' }),
    sf('dokumentmedium', 'string', { m: 'M300', I: true, NN: true, cl: 'dokumentmedium', def: 'E', notes: dokumentmediumNote }),
    sf('moetenummer', 'string', { m: 'M008', I: true, S: true, NN: true }),
    sf('utvalg', 'string', { m: 'M370', S: true, NN: true }),
    sf('moetedato', 'date', { m: 'M102', I: true, S: true, NN: true, DEF: true }),
    sf('moetested', 'string', { m: 'M371', S: true }),
    ...disposalFields('spec', true),
    sf('virksomhetsspesifikkeMetadata', 'object', { m: 'M711', NQ: true, notes: bsmNote }),
  ],
  references: [
    sr('refArkivdel', 'Arkivdel', { card: '1', dir: 'parent', flags: 'LUV', req: true, inv: 'refMappe', notes: 'At creation only one of refArkivdel and refForelderMappe is set.' }),
    sr('refForelderMappe', 'Moetemappe', { card: '0..1', dir: 'parent', flags: 'LUV', req: true, inv: 'refBarnMappe', notes: 'Parent folder. At creation only one of refArkivdel and refForelderMappe is set.' }),
    sr('refBarnMappe', 'Moetemappe', { card: '0..*', dir: 'child', flags: 'LU', inv: 'refForelderMappe', notes: 'Child folders; a folder holds either records or child folders, not both.' }),
    sr('refRegistrering', 'AbstraktRegistrering', { card: '0..*', dir: 'child', flags: 'LU', inv: 'refMappe', notes: 'Moeteregistrering or Basisregistrering.' }),
    sr('refSakspart', 'Sakspart', { card: '0..*', dir: 'child', flags: 'L', inv: 'refMappe' }),
    sr('refMoetedeltaker', 'Moetedeltaker', { card: '0..*', dir: 'child', flags: 'L', inv: 'refMappe' }),
    sr('refPrimaerKlasse', 'Klasse', { card: '1..*', dir: 'parent', flags: 'LUV', inv: 'refMappeSomPrimaer', notes: 'A class of the primary classification system of the series; not required on create.' }),
    sr('refSekundaerKlasse', 'Klasse', { card: '0..*', dir: 'peer', flags: 'LU', inv: 'refMappeSomSekundaer' }),
    ...attachments('refMappe', 'spec'),
    ...crossReferences('folder', 'spec'),
  ],
  creationRules: [
    exactlyOne(['refArkivdel', 'refForelderMappe'], 'A new Moetemappe must be linked to exactly one of a series (refArkivdel) or a parent folder (refForelderMappe).', 'spec'),
    // The spec gives refPrimaerKlasse the cardinality 1..* but states only the series (or parent
    // folder) as needed on create, the reference marks it optional, and the vendor's meeting
    // sample creates a Moetemappe with its series alone.
    {
      kind: 'link',
      anyOf: [self('refPrimaerKlasse')],
      count: 'at-least-one',
      message: 'A Moetemappe normally has a primary class (refPrimaerKlasse, cardinality 1..*), though the archive creates one without it.',
      expected: true,
      source: 'spec',
    },
  ],
});

const moetedeltaker = concrete('Moetedeltaker', {
  title: 'Meeting Participant',
  description: 'Owned by one meeting folder.',
  ...managed,
  source: 'spec',
  fieldsComplete: true,
  fields: [
    ...commonFields(),
    sf('navn', 'string', { m: 'M372', S: true, NN: true }),
    sf('funksjon', 'string', { m: 'M373', S: true }),
  ],
  references: [
    sr('refMappe', 'Moetemappe', { card: '1', dir: 'parent', flags: 'LV', req: true, owner: true, inv: 'refMoetedeltaker', notes: 'The owning Moetemappe.' }),
  ],
  creationRules: [exactlyOne(['refMappe'], 'A new Moetedeltaker must be linked to its Moetemappe with refMappe.', 'spec')],
});

const recordKinds = ['AbstraktRegistrering'];

const basisregistrering = concrete('Basisregistrering', {
  title: 'Basic Record',
  description: 'A basic record; in a folder or directly in a series.',
  ...managed,
  supertypes: recordKinds,
  bsm: true,
  changeLog: true,
  source: 'reference',
  fieldsComplete: false,
  fields: registrationFields(['NOT_PUBLISHED'], publiseringsstatusValues, []),
  references: registrationReferences('AbstraktMappe', 'The folder.'),
  creationRules: [exactlyOne(['refArkivdel', 'refMappe'], 'A new Basisregistrering must be linked to exactly one of a folder (refMappe) or a series (refArkivdel).', 'reference')],
});

const arkivnotat = concrete('Arkivnotat', {
  title: 'Archive Note',
  description: 'A record like Journalpost without journal numbers, type or status (vendor 3.6.1+). Not among the kinds the spec lists, but real archives accept it, so it is queryable and transactable (lenient in what we accept).',
  queryable: true,
  transactable: true,
  supertypes: recordKinds,
  bsm: true,
  changeLog: true,
  source: 'reference',
  fieldsComplete: false,
  fields: registrationFields(['NOT_PUBLISHED'], ['NOT_PUBLISHED'], [
    rf('mottattDato', 'timestamp', { m: 'M104', S: true }),
    rf('sendtDato', 'timestamp', { m: 'M105', S: true }),
    rf('offentlighetsvurdertDato', 'date', { m: 'M110', S: true }),
  ]),
  references: registrationReferences('AbstraktMappe', 'The folder.'),
  creationRules: [exactlyOne(['refArkivdel', 'refMappe'], 'A new Arkivnotat must be linked to exactly one of a folder (refMappe) or a series (refArkivdel).', 'reference')],
});

const moeteregistrering = concrete('Moeteregistrering', {
  title: 'Meeting Record',
  description: 'A record in a meeting folder.',
  ...managed,
  supertypes: recordKinds,
  bsm: true,
  changeLog: true,
  source: 'reference',
  fieldsComplete: false,
  fields: registrationFields(eInnsynStatusValues, publiseringsstatusValues, [
    rf('saksbehandler', 'string', { m: 'M307', S: true, NN: true }),
    rf('saksnummer', 'string', { S: true }),
    rf('administrativEnhet', 'string', { m: 'M305', NN: true, cl: 'administrativEnhet', notes: 'Code list administrativEnhet.' }),
    rf('moeteregistreringstype', 'string', { m: 'M085', NN: true, cl: 'moeteregistreringstype', notes: 'Code list moeteregistreringstype.' }),
    rf('moetesakstype', 'string', { m: 'M088', cl: 'moetesakstype', notes: 'Code list moetesakstype.' }),
    rf('moeteregistreringsstatus', 'string', { m: 'M055', cl: 'moeteregistreringsstatus', notes: 'Code list moeteregistreringsstatus.' }),
  ]),
  references: registrationReferences('Moetemappe', 'The meeting folder (linking to a series is not supported by the vendor).'),
  creationRules: [exactlyOne(['refArkivdel', 'refMappe'], 'A new Moeteregistrering must be linked to exactly one of a meeting folder (refMappe) or a series (refArkivdel).', 'reference')],
});

const journalpost = concrete('Journalpost', {
  title: 'Registry Entry',
  description: 'A registry entry in a folder (or directly in a series); needs at least one Korrespondansepart created in the same transaction.',
  ...managed,
  supertypes: recordKinds,
  bsm: true,
  changeLog: true,
  source: 'spec',
  fieldsComplete: true,
  fields: [
    ...commonFields(),
    ...finalizationFields('spec', true),
    sf('prefiks', 'string', { S: true, w: 'conditional', notes: prefiksNote }),
    sf('registreringsIdent', 'string', { m: 'M004', I: true, S: true, NN: true, DEF: true, w: 'service', notes: 'Default journalaar/journalsekvensnummer.' }),
    sf('tittel', 'string', { m: 'M020', I: true, S: true, NN: true, notes: 'Personal names may be wrapped between {{ and }} to mark them sensitive for a public-records publishing portal.' }),
    sf('offentligTittel', 'string', { m: 'M025', S: true, notes: 'Title with screened words replaced with ******; same {{ }} convention as tittel.' }),
    sf('beskrivelse', 'string', { m: 'M021' }),
    sf('forfatter', 'string', { m: 'M024', S: true }),
    ...publishingFields(publiseringsstatusValues, eInnsynStatusValues),
    sf('dokumentmedium', 'string', { m: 'M300', I: true, NN: true, cl: 'dokumentmedium', def: 'E', notes: dokumentmediumNote }),
    sf('journalaar', 'number', { m: 'M013', I: true, S: true, NN: true, DEF: true, w: 'service', notes: 'Default current year.' }),
    sf('journalsekvensnummer', 'number', { m: 'M014', I: true, S: true, NN: true, DEF: true, w: 'service', notes: 'Default sequence number in the year.' }),
    sf('journalpostnummer', 'number', { m: 'M015', I: true, S: true, NN: true, DEF: true, w: 'service', notes: 'Default sequence number in the case file.' }),
    sf('journalansvarlig', 'string', { S: true, NN: true, DEF: true, notes: 'Free text.' }),
    sf('journalansvarligBrukerIdent', 'string', { S: true, NN: true, DEF: true, notes: 'Free text, user id from the integrating system.' }),
    sf('journalposttype', 'string', { m: 'M082', I: true, S: true, NN: true, cl: 'journalposttype', notes: 'Code list journalposttype.' }),
    sf('journalstatus', 'string', { m: 'M053', I: true, NN: true, cl: 'journalstatus', def: 'J', notes: 'Code list journalstatus; default J.' }),
    sf('registreringsDato', 'date', { m: 'M101', I: true, S: true, NN: true, DEF: true, notes: 'Default current date.' }),
    sf('dokumentetsDato', 'date', { m: 'M103', S: true }),
    sf('forfallsdato', 'date', { m: 'M109', S: true }),
    sf('mottattDato', 'timestamp', { m: 'M104', S: true }),
    sf('sendtDato', 'timestamp', { m: 'M105', S: true }),
    sf('offentlighetsvurdertDato', 'date', { m: 'M110', S: true }),
    sf('kassasjonsvedtak', 'string', { m: 'M450', cl: 'kassasjonsvedtak', notes: 'Disposal decision; code list kassasjonsvedtak.' }),
    sf('kassasjonshjemmel', 'string', { m: 'M453', cl: 'kassasjonshjemmel', notes: 'Disposal authority; code list kassasjonshjemmel.' }),
    sf('bevaringstid', 'number', { m: 'M451', S: true, notes: 'Retention period in years.' }),
    sf('skjermKorrespondanseParterEInnsyn', 'boolean', { S: true, def: false, notes: 'Screening of correspondence parties for publishing, independent of skjerming; default false.' }),
    sf('skjerming', 'string', { m: 'M500', I: true, cl: 'skjerming', notes: 'Screening; code list skjerming.' }),
    sf('virksomhetsspesifikkeMetadata', 'object', { m: 'M711', NQ: true, notes: bsmNote }),
  ],
  references: [
    sr('refMappe', 'AbstraktMappe', { card: '1', dir: 'parent', flags: 'LUV', req: true, inv: 'refRegistrering', notes: 'The folder. Exactly one of refMappe and refArkivdel is linked on create.' }),
    sr('refArkivdel', 'Arkivdel', { card: '0..1', dir: 'parent', flags: 'LUV', req: true, inv: 'refRegistrering', notes: 'The series, instead of a folder. Exactly one of refMappe and refArkivdel is linked on create.' }),
    sr('refKorrespondansepart', 'Korrespondansepart', { card: '1..*', dir: 'child', flags: 'L', req: true, inv: 'refRegistrering', notes: 'At least one, created in the same transaction.' }),
    sr('refDokument', 'Dokument', { card: '0..*', dir: 'child', flags: 'LU', inv: 'refRegistrering' }),
    sr('refPrimaerKlasse', 'Klasse', { card: '0..*', dir: 'parent', flags: 'LUV', inv: 'refRegistreringSomPrimaer' }),
    sr('refSekundaerKlasse', 'Klasse', { card: '0..*', dir: 'peer', flags: 'LU', inv: 'refRegistreringSomSekundaer' }),
    sr('refEksternId', 'EksternId', { card: '0..*', dir: 'child', flags: 'L', inv: 'refRegistrering' }),
    sr('refDokumentflyt', 'Dokumentflyt', { card: '0..*', dir: 'child', flags: 'L', inv: 'refJournalpost' }),
    sr('refNoekkelord', 'Noekkelord', { card: '0..*', dir: 'child', flags: 'L', inv: 'refRegistrering' }),
    sr('refAvskrivning', 'Avskrivning', { card: '0..1', dir: 'child', flags: 'L', inv: 'refJournalpost', notes: 'The sign-off of this entry.' }),
    sr('refTilknyttetAvskrivning', 'Avskrivning', { card: '0..1', dir: 'peer', flags: 'LU', inv: 'refTilknyttetJournalpost', notes: 'A sign-off this entry answers.' }),
    sr('refMerknad', 'Merknad', { card: '0..*', dir: 'child', flags: 'LU', inv: 'refRegistrering' }),
    sr('refNasjonalIdentifikator', 'NasjonalIdentifikator', { card: '0..*', dir: 'child', flags: 'L', inv: 'refRegistrering' }),
    ...crossReferences('record', 'spec'),
    sr('refPresedens', 'Presedens', { card: '0..*', dir: 'peer', flags: 'LU', inv: 'refJournalpost' }),
  ],
  creationRules: [
    exactlyOne(['refMappe', 'refArkivdel'], 'A new Journalpost must be linked to exactly one of a folder (refMappe) or a series (refArkivdel).', 'spec'),
    {
      kind: 'link',
      anyOf: [{ from: 'other', type: 'Korrespondansepart', ref: 'refRegistrering' }],
      count: 'at-least-one',
      otherMustBeNew: true,
      message: 'A new Journalpost needs at least one Korrespondansepart created in the same transaction and linked to it with refRegistrering.',
      source: 'spec',
    },
  ],
});

const korrespondansepart = concrete('Korrespondansepart', {
  title: 'Correspondence Party',
  description: 'Owned by one registry entry.',
  ...managed,
  bsm: true,
  source: 'spec',
  fieldsComplete: true,
  fields: [
    ...commonFields(),
    sf('korrespondanseparttype', 'string', { m: 'M087', NN: true, cl: 'korrespondanseparttype', notes: 'Code list korrespondanseparttype.' }),
    sf('korrespondansepartNavn', 'string', { m: 'M400', S: true, NN: true }),
    sf('foedselsnummer', 'string', { S: true }),
    sf('organisasjonsnummer', 'string', { S: true }),
    sf('dnummer', 'string', { S: true }),
    sf('postadresse', 'string', { m: 'M406', S: true }),
    sf('postnummer', 'string', { m: 'M407', S: true }),
    sf('poststed', 'string', { m: 'M408', S: true }),
    sf('land', 'string', { m: 'M409', S: true }),
    sf('epostadresse', 'string', { m: 'M410', S: true }),
    sf('telefonnummer', 'string', { m: 'M411', S: true }),
    sf('kontaktperson', 'string', { m: 'M412', S: true }),
    sf('saksbehandler', 'string', { m: 'M307', S: true }),
    sf('administrativEnhet', 'string', { m: 'M305', cl: 'administrativEnhet', notes: 'Code list administrativEnhet.' }),
    sf('ekspederingskanal', 'string', { cl: 'ekspederingskanal', notes: 'Code list ekspederingskanal.' }),
    sf('skjermEInnsyn', 'boolean', { def: false, notes: 'Party screened or not; default false.' }),
    sf('erPerson', 'boolean', { S: true, def: false, notes: 'Used at publishing so a non-screened party is not searchable after some time; default false.' }),
    sf('virksomhetsspesifikkeMetadata', 'object', { m: 'M711', NQ: true, notes: bsmNote }),
  ],
  references: [
    sr('refRegistrering', 'AbstraktRegistrering', { card: '1', dir: 'parent', flags: 'LV', req: true, owner: true, inv: 'refKorrespondansepart', notes: 'The owning record (a Journalpost).' }),
  ],
  creationRules: [exactlyOne(['refRegistrering'], 'A new Korrespondansepart must be linked to its Journalpost with refRegistrering.', 'spec')],
});

const dokumentflyt = concrete('Dokumentflyt', {
  title: 'Document Flow',
  description: 'Owned by one registry entry.',
  ...managed,
  source: 'spec',
  fieldsComplete: true,
  fields: [
    ...commonFields(),
    sf('flytFra', 'string', { m: 'M665', S: true, NN: true }),
    sf('flytFraBrukerIdent', 'string', { m: 'M665', S: true, NN: true }),
    sf('flytTil', 'string', { m: 'M660', S: true, NN: true }),
    sf('flytTilBrukerIdent', 'string', { m: 'M660', S: true, NN: true }),
    sf('flytMottattDato', 'timestamp', { m: 'M661', S: true, NN: true }),
    sf('flytSendtDato', 'timestamp', { m: 'M662', S: true, NN: true }),
    sf('flytMerknad', 'string', { m: 'M664', S: true }),
    sf('flytStatus', 'string', { m: 'M663', S: true, NN: true, cl: 'flytStatus', notes: 'Code list flytStatus.' }),
  ],
  references: [
    sr('refJournalpost', 'Journalpost', { card: '1', dir: 'parent', flags: 'LV', req: true, owner: true, inv: 'refDokumentflyt', notes: 'The owning Journalpost.' }),
    rr('refArkivnotat', 'Arkivnotat', { card: '0..1', dir: 'parent', flags: 'LV', owner: true, notes: 'Vendor alternative to refJournalpost (exactly one of the two); the spec names only refJournalpost.' }),
  ],
  creationRules: [exactlyOne(['refJournalpost'], 'A new Dokumentflyt must be linked to its Journalpost with refJournalpost.', 'spec')],
});

const avskrivning = concrete('Avskrivning', {
  title: 'Sign-Off',
  description: 'Closure of a Journalpost; may be associated with further registry entries. Use opprettetDato/opprettetAv for when and by whom.',
  ...managed,
  source: 'reference',
  fieldsComplete: false,
  fields: [
    ...commonFields(),
    rf('avskrivningsmaate', 'string', { m: 'M619', NN: true, cl: 'avskrivningsmaate', notes: 'Code list avskrivningsmaate.' }),
  ],
  references: [
    rr('refJournalpost', 'Journalpost', { card: '1', dir: 'parent', flags: 'LV', req: true, inv: 'refAvskrivning', notes: 'The entry being signed off.' }),
    rr('refTilknyttetJournalpost', 'Journalpost', { card: '0..*', dir: 'peer', flags: 'LU', inv: 'refTilknyttetAvskrivning', notes: 'Entries that answer the signed-off entry.' }),
  ],
  creationRules: [exactlyOne(['refJournalpost'], 'A new Avskrivning must be linked to the Journalpost it signs off with refJournalpost.', 'reference')],
});

const dokument = concrete('Dokument', {
  title: 'Document Description',
  description: 'Metadata of an electronic document; owned by one record and not shared. May exist without a Dokumentversjon.',
  ...managed,
  bsm: true,
  bulk: true,
  changeLog: true,
  source: 'spec',
  fieldsComplete: true,
  fields: [
    ...commonFields(),
    ...finalizationFields('spec', true),
    sf('dokumenttype', 'string', { m: 'M083', cl: 'dokumenttype', notes: 'Code list dokumenttype.' }),
    sf('dokumentstatus', 'string', { m: 'M054', NN: true, cl: 'dokumentstatus', def: 'B', notes: 'Code list dokumentstatus; default B.' }),
    sf('tittel', 'string', { m: 'M020', I: true, S: true, NN: true }),
    sf('beskrivelse', 'string', { m: 'M021' }),
    sf('forfatter', 'string', { m: 'M024', S: true }),
    sf('dokumentmedium', 'string', { m: 'M300', I: true, NN: true, cl: 'dokumentmedium', def: 'E', notes: dokumentmediumNote }),
    sf('tilknyttetRegistreringSom', 'string', { m: 'M217', NN: true, cl: 'tilknyttetRegistreringSom', notes: 'Role toward the record (main document, attachment); code list.' }),
    sf('dokumentnummer', 'number', { m: 'M007', I: true, S: true, NN: true, DEF: true, w: 'service', notes: 'Default sequence number within the record.' }),
    sf('kassasjonsvedtak', 'string', { m: 'M450', cl: 'kassasjonsvedtak', notes: 'Disposal decision; code list kassasjonsvedtak.' }),
    sf('kassasjonshjemmel', 'string', { m: 'M453', cl: 'kassasjonshjemmel', notes: 'Disposal authority; code list kassasjonshjemmel.' }),
    sf('bevaringstid', 'number', { m: 'M451', S: true, notes: 'Retention period in years.' }),
    sf('skjerming', 'string', { m: 'M500', I: true, cl: 'skjerming', notes: 'Screening; code list skjerming.' }),
    sf('forventetKassasjonsDato', 'timestamp', { S: true, w: 'service', notes: 'Expected disposal date.' }),
    sf('kassertDato', 'timestamp', { m: 'M630', S: true, w: 'service' }),
    sf('kassertAv', 'string', { m: 'M631', S: true, w: 'service' }),
    sf('kassertAvBrukerIdent', 'string', { S: true, w: 'service' }),
    sf('virksomhetsspesifikkeMetadata', 'object', { m: 'M711', NQ: true, notes: bsmNote }),
  ],
  references: [
    sr('refRegistrering', 'AbstraktRegistrering', { card: '1', dir: 'parent', flags: 'LUV', req: true, owner: true, inv: 'refDokument', notes: 'The owning record.' }),
    sr('refDokumentversjon', 'Dokumentversjon', { card: '0..*', dir: 'child', flags: 'LU', inv: 'refDokument' }),
    sr('refEksternId', 'EksternId', { card: '0..*', dir: 'child', flags: 'L', inv: 'refDokument' }),
    sr('refMerknad', 'Merknad', { card: '0..*', dir: 'child', flags: 'L', inv: 'refDokument' }),
  ],
  creationRules: [exactlyOne(['refRegistrering'], 'A new Dokument must be linked to its record with refRegistrering.', 'spec')],
});

const dokumentversjon = concrete('Dokumentversjon', {
  title: 'Document Version',
  description: 'One version of a Dokument, owned by it. Created only after the file was uploaded, by the same account.',
  ...managed,
  source: 'spec',
  fieldsComplete: true,
  fields: [
    ...commonFields(),
    sf('versjonsnummer', 'number', { m: 'M005', I: true, S: true, NN: true, DEF: true, w: 'service', notes: 'Set by the service (1 for the first version).' }),
    sf('variantformat', 'string', { m: 'M700', NN: true, cl: 'variantformat', notes: 'Code list variantformat.' }),
    sf('format', 'string', { m: 'M701', S: true, NN: true, notes: 'Mime/format name.' }),
    sf('formatDetaljer', 'string', { m: 'M702', S: true }),
    sf('sjekksum', 'string', { m: 'M705', NN: true, DEF: true, w: 'service', notes: 'Checksum of the file; set by the service.' }),
    sf('sjekksumAlgoritme', 'string', { m: 'M706', NN: true, DEF: true, w: 'service', notes: 'Set by the service.' }),
    sf('filstoerrelse', 'number', { m: 'M707', NN: true, DEF: true, w: 'service', notes: 'File size in bytes; set by the service.' }),
    sf('kryptertDokument', 'boolean', { NN: true, DEF: true, notes: 'Encrypted flag.' }),
    sf('filnavn', 'string', { S: true, NN: true, DEF: true, w: 'service', notes: 'Set from the upload name.' }),
    sf('innholdstype', 'string', { NN: true, DEF: true, w: 'service', notes: 'Content type identified by the system.' }),
    sf('referanseDokumentfil', 'string', { m: 'M218', S: true, NN: true, notes: 'The id returned by upload.' }),
  ],
  references: [
    sr('refDokument', 'Dokument', { card: '1', dir: 'parent', flags: 'LUV', req: true, owner: true, inv: 'refDokumentversjon', notes: 'The owning Dokument.' }),
    sr('refEksternId', 'EksternId', { card: '0..*', dir: 'child', flags: 'L', inv: 'refDokumentversjon' }),
  ],
  creationRules: [
    exactlyOne(['refDokument'], 'A new Dokumentversjon must be linked to its Dokument with refDokument.', 'spec'),
    { kind: 'field', field: 'referanseDokumentfil', message: 'A new Dokumentversjon needs referanseDokumentfil: the id returned by upload.', source: 'spec' },
  ],
});

const nationalKinds = ['NasjonalIdentifikator'];

function nationalIdentifier(name: string, title: string, own: FieldDef[]): EntityTypeDef {
  return concrete(name, {
    title,
    description: 'A national identifier on one folder or record.',
    ...managed,
    supertypes: nationalKinds,
    source: 'reference',
    fieldsComplete: false,
    fields: [...commonFields(), rf('beskrivelse', 'string', { m: 'M021', S: true }), ...own],
    references: nationalIdentifierReferences(),
    creationRules: [exactlyOne(['refMappe', 'refRegistrering'], `A new ${name} must be linked to exactly one of a folder (refMappe) or a record (refRegistrering).`, 'reference')],
  });
}

const adresse = nationalIdentifier('Adresse', 'Address', [
  rf('adresseKnr', 'string', { S: true, NN: true }),
  rf('postnr', 'string', { S: true }),
  rf('poststed', 'string', { S: true }),
  rf('adressenavn', 'string', { S: true, NN: true }),
  rf('nummer', 'string', { S: true }),
  rf('adressekode', 'string', { S: true }),
  rf('alternativAdresse', 'string', { S: true }),
]);

const bygning = nationalIdentifier('Bygning', 'Building', [
  rf('bygningsnummer', 'string', { S: true, NN: true }),
  rf('endringsloepenummer', 'string', { S: true, NN: true }),
  rf('bygningsStatus', 'string', { S: true }),
  rf('bygningsType', 'string', { S: true }),
  rf('bygningsendringsType', 'string', { S: true }),
  rf('koordinatsystem', 'string', { S: true }),
  rf('koordX', 'string', { S: true }),
  rf('koordY', 'string', { S: true }),
  rf('koordZ', 'string', { S: true }),
  rf('etasjeNummer', 'string', { S: true }),
  rf('etasjeplan', 'string', { S: true }),
  rf('bygningsnavn', 'string', { S: true }),
  rf('bruksenhetLoepenr', 'string', { S: true }),
]);

const eiendom = nationalIdentifier('Eiendom', 'Property', [
  rf('knr', 'string', { S: true, NN: true, notes: 'Municipality number.' }),
  rf('gnr', 'string', { S: true, NN: true, notes: 'Farm number (gårdsnummer).' }),
  rf('bnr', 'string', { S: true, NN: true, notes: 'Holding number (bruksnummer).' }),
  rf('fnr', 'string', { S: true, notes: 'Leasehold number (festenummer).' }),
  rf('snr', 'string', { S: true, notes: 'Section number (seksjonsnummer).' }),
  rf('bruksnavn', 'string', { S: true }),
]);

const planOneOf = 'Exactly one of planKommunenummer, planLandskode and planFylkesnummer is given.';
const plan = nationalIdentifier('Plan', 'Plan', [
  rf('planident', 'string', { S: true, NN: true }),
  rf('planKommunenummer', 'string', { S: true, notes: planOneOf }),
  rf('planLandskode', 'string', { S: true, notes: planOneOf }),
  rf('planFylkesnummer', 'string', { S: true, notes: planOneOf }),
  rf('plannavn', 'string', { S: true }),
  rf('plantype', 'string', { cl: 'plantype', notes: 'Code list plantype.' }),
  rf('planstatus', 'string', { cl: 'planstatus', notes: 'Code list planstatus.' }),
  rf('lovreferanse', 'string', { cl: 'lovreferanse', notes: 'Code list lovreferanse.' }),
]);

const presedens = concrete('Presedens', {
  title: 'Precedent',
  description: 'A precedent set by a case or registry entry. Not among the kinds the spec lists, but a real vendor type (refPresedens points at it), so it is queryable and transactable.',
  queryable: true,
  transactable: true,
  source: 'reference',
  fieldsComplete: false,
  fields: [
    ...commonFields(),
    rf('title', 'string', { m: 'M020', S: true, NN: true, DEF: true, notes: 'Spelled "title" in the vendor doc; the vendor Java client sends "tittel".' }),
    rf('tittel', 'string', { m: 'M020', S: true, notes: 'As the vendor Java client names it; the vendor doc says "title".' }),
    rf('beskrivelse', 'string', { m: 'M021', S: true }),
    rf('presedensDato', 'date', { m: 'M111', S: true, NN: true, DEF: true }),
    rf('presedensGodkjentDato', 'timestamp', { m: 'M628', S: true, NN: true, DEF: true }),
    rf('presedensGodkjentAv', 'string', { m: 'M629', S: true, NN: true, DEF: true, w: 'conditional' }),
    rf('presedensGodkjentAvBrukerIdent', 'string', { S: true, NN: true, DEF: true, w: 'conditional' }),
    rf('presedensStatus', 'string', { m: 'M056', NN: true, DEF: true, cl: 'presedensStatus', notes: 'Code list presedensStatus.' }),
    rf('presedensHjemmel', 'string', { m: 'M311', cl: 'presedensHjemmel', notes: 'Code list presedensHjemmel.' }),
    rf('rettskildefaktor', 'string', { m: 'M312', NN: true, cl: 'rettskildefaktor', notes: 'Code list rettskildefaktor.' }),
  ],
  references: [
    rr('refSaksmappe', 'Saksmappe', { card: '0..*', dir: 'peer', flags: 'LU', inv: 'refPresedens' }),
    rr('refJournalpost', 'Journalpost', { card: '0..*', dir: 'peer', flags: 'LU', inv: 'refPresedens' }),
  ],
  creationRules: [
    {
      kind: 'link',
      anyOf: [self('refSaksmappe'), self('refJournalpost'), { from: 'other', type: 'Saksmappe', ref: 'refPresedens' }, { from: 'other', type: 'Journalpost', ref: 'refPresedens' }],
      count: 'at-least-one',
      message: 'A new Presedens must be linked to the case file (refSaksmappe) or registry entry (refJournalpost) it is a precedent of.',
      source: 'reference',
    },
  ],
});

/** Common entity on folders, records, documents and versions. */
function ownedBy(refs: [string, string][], backName: string): ReferenceDef[] {
  return refs.map(([name, target]) =>
    sr(name, target, { card: '0..1', dir: 'parent', flags: 'LV', req: true, owner: true, inv: backName }),
  );
}

const eksternId = concrete('EksternId', {
  title: 'External ID',
  description: 'An external system identifier on an archive entity, owned by it. Query with both system name and id.',
  ...managed,
  source: 'spec',
  fieldsComplete: true,
  fields: [
    ...commonFields(),
    sf('eksterntSystem', 'string', { I: true, S: true, NN: true, notes: 'External system name.' }),
    sf('eksternID', 'string', { I: true, S: true, NN: true, notes: 'Id in the external system.' }),
  ],
  references: ownedBy(
    [
      ['refMappe', 'AbstraktMappe'],
      ['refRegistrering', 'AbstraktRegistrering'],
      ['refDokument', 'Dokument'],
      ['refDokumentversjon', 'Dokumentversjon'],
    ],
    'refEksternId',
  ),
  creationRules: [exactlyOne(['refMappe', 'refRegistrering', 'refDokument', 'refDokumentversjon'], 'A new EksternId must be linked to exactly one of refMappe, refRegistrering, refDokument or refDokumentversjon.', 'spec')],
});

const noekkelord = concrete('Noekkelord', {
  title: 'Keyword',
  description: 'A keyword on a folder or record.',
  ...managed,
  source: 'spec',
  fieldsComplete: true,
  fields: [...commonFields(), sf('verdi', 'string', { m: 'M022', S: true, NN: true })],
  references: ownedBy(
    [
      ['refMappe', 'AbstraktMappe'],
      ['refRegistrering', 'AbstraktRegistrering'],
    ],
    'refNoekkelord',
  ),
  creationRules: [exactlyOne(['refMappe', 'refRegistrering'], 'A new Noekkelord must be linked to exactly one of refMappe or refRegistrering.', 'spec')],
});

const merknad = concrete('Merknad', {
  title: 'Note',
  description: 'A note on a folder, record or document.',
  ...managed,
  source: 'spec',
  fieldsComplete: true,
  fields: [
    ...commonFields(),
    sf('tekst', 'string', { m: 'M310', S: true, NN: true }),
    sf('merknadstype', 'string', { m: 'M084', NN: true, cl: 'merknadstype', notes: 'Code list merknadstype.' }),
  ],
  references: ownedBy(
    [
      ['refMappe', 'AbstraktMappe'],
      ['refRegistrering', 'AbstraktRegistrering'],
      ['refDokument', 'Dokument'],
    ],
    'refMerknad',
  ),
  creationRules: [exactlyOne(['refMappe', 'refRegistrering', 'refDokument'], 'A new Merknad must be linked to exactly one of refMappe, refRegistrering or refDokument.', 'spec')],
});

const concreteTypes: EntityTypeDef[] = [
  arkiv,
  arkivskaper,
  klassifikasjonssystem,
  klasse,
  arkivdel,
  mappe,
  saksmappe,
  sakspart,
  moetemappe,
  moetedeltaker,
  basisregistrering,
  journalpost,
  arkivnotat,
  moeteregistrering,
  korrespondansepart,
  dokumentflyt,
  avskrivning,
  dokument,
  dokumentversjon,
  adresse,
  bygning,
  eiendom,
  plan,
  presedens,
  eksternId,
  noekkelord,
  merknad,
];

// ---------------------------------------------------------------------------------------------
// Abstract types: their members are what every subtype shares, merged.

/** One field standing for the same-named fields of several types: a flag holds only if it
 * holds on every one; allowed values are the union. */
export function mergeFieldDefs(defs: readonly FieldDef[]): FieldDef {
  const first = defs[0];
  if (first === undefined) throw new Error('mergeFieldDefs needs at least one field');
  const merged: FieldDef = {
    ...first,
    indexed: defs.every((d) => d.indexed),
    sortable: defs.every((d) => d.sortable),
    queryable: defs.every((d) => d.queryable),
    notNull: defs.every((d) => d.notNull),
    hasDefault: defs.every((d) => d.hasDefault),
    source: defs.some((d) => d.source === 'spec') ? 'spec' : 'reference',
  };
  if (!defs.every((d) => d.defaultValue === first.defaultValue)) delete merged.defaultValue;
  if (!defs.every((d) => d.codeList === first.codeList)) delete merged.codeList;
  const values = defs.flatMap((d) => d.allowedValues ?? []);
  if (values.length > 0 && defs.every((d) => d.allowedValues !== undefined)) {
    merged.allowedValues = [...new Set(values)];
  } else {
    delete merged.allowedValues;
  }
  return merged;
}

/** One reference standing for the same-named references of several types. Differing targets are
 * replaced by `cover(targets)` (the narrowest type covering them all); the cardinality is to-many
 * if any is, and required only if all are; flags hold only if they hold on every one. */
export function mergeReferenceDefs(
  defs: readonly ReferenceDef[],
  cover: (targets: string[]) => string,
): ReferenceDef {
  const first = defs[0];
  if (first === undefined) throw new Error('mergeReferenceDefs needs at least one reference');
  const targets = [...new Set(defs.map((d) => d.target))];
  const many = defs.some((d) => d.cardinality.endsWith('*'));
  const required = defs.every((d) => d.cardinality.startsWith('1'));
  const cardinality: Cardinality = required ? (many ? '1..*' : '1') : many ? '0..*' : '0..1';
  const merged: ReferenceDef = {
    ...first,
    target: targets.length === 1 ? first.target : cover(targets),
    cardinality,
    requiredOnCreate: defs.every((d) => d.requiredOnCreate),
    returned: defs.every((d) => d.returned),
    linkable: defs.every((d) => d.linkable),
    unlinkable: defs.every((d) => d.unlinkable),
    owner: defs.every((d) => d.owner),
    direction: defs.every((d) => d.direction === first.direction) ? first.direction : 'peer',
    source: defs.some((d) => d.source === 'spec') ? 'spec' : 'reference',
  };
  if (!defs.every((d) => d.inverse === first.inverse)) delete merged.inverse;
  return merged;
}

const abstractSubtypes: Record<string, string[]> = {
  AbstraktMappe: ['Mappe', 'Saksmappe', 'Moetemappe'],
  AbstraktRegistrering: ['Basisregistrering', 'Journalpost', 'Arkivnotat', 'Moeteregistrering'],
  NasjonalIdentifikator: ['Adresse', 'Bygning', 'Eiendom', 'Plan'],
};

const concreteByName = new Map(concreteTypes.map((t) => [t.name, t]));

function concretesOf(name: string): string[] {
  return abstractSubtypes[name] ?? (concreteByName.has(name) ? [name] : []);
}

/** The narrowest abstract type that covers every target (or the first target if none does). */
function coverTargets(targets: string[]): string {
  const wanted = new Set(targets.flatMap(concretesOf));
  let best: string | undefined;
  for (const [name, subs] of Object.entries(abstractSubtypes)) {
    if ([...wanted].every((t) => subs.includes(t)) && (best === undefined || subs.length < concretesOf(best).length)) best = name;
  }
  return best ?? targets[0] ?? '';
}

function sharedMembers<T extends { name: string }>(lists: T[][], merge: (defs: T[]) => T): T[] {
  const [first, ...rest] = lists;
  if (first === undefined) return [];
  return first
    .filter((m) => rest.every((l) => l.some((o) => o.name === m.name)))
    .map((m) => merge(lists.map((l) => l.find((o) => o.name === m.name) as T)));
}

function abstractType(name: string, title: string, description: string, flags: { bulk: boolean; changeLog: boolean }): EntityTypeDef {
  const subs = (abstractSubtypes[name] ?? []).map((s) => concreteByName.get(s) as EntityTypeDef);
  return {
    name,
    title,
    description,
    abstract: true,
    subtypes: subs.map((s) => s.name),
    supertypes: [],
    fields: sharedMembers(subs.map((s) => s.fields), mergeFieldDefs),
    references: sharedMembers(subs.map((s) => s.references), (defs) => mergeReferenceDefs(defs, coverTargets)),
    fieldsComplete: subs.every((s) => s.fieldsComplete),
    queryable: true,
    transactable: false,
    bsm: subs.every((s) => s.bsm),
    standalone: false,
    creationRules: [],
    bulk: flags.bulk,
    changeLog: flags.changeLog,
    source: 'spec',
  };
}

const abstractTypes: EntityTypeDef[] = [
  abstractType('AbstraktMappe', 'Folder (any kind)', 'Mappe, Saksmappe or Moetemappe; usable in queries, bulk open/close and the change log.', { bulk: true, changeLog: true }),
  abstractType('AbstraktRegistrering', 'Record (any kind)', 'Basisregistrering, Journalpost, Arkivnotat or Moeteregistrering; usable in queries, bulk open/close and the change log.', { bulk: true, changeLog: true }),
  abstractType('NasjonalIdentifikator', 'National identifier (any kind)', 'Adresse, Bygning, Eiendom or Plan; usable in queries.', { bulk: false, changeLog: false }),
];

/** Every entity type, concrete first (in structure order), then the abstract ones. */
export const entityTypes: readonly EntityTypeDef[] = [...concreteTypes, ...abstractTypes];
