/**
 * What the spec states about each resource's fields and references, as data: the spec,
 * § Resources and their fields, one subsection per entity type (its field table or field
 * sentences, its "References" sentences, the "Returned links" and "linked through" remarks).
 * `test/specWalk.test.ts` checks the Noark model (`core/schema`) against every fact here.
 *
 * Keyed by entity type; `*` holds the common fields of every entity (§ Common fields). Sakspart
 * is described inside the Saksmappe subsection. A fact the spec leaves open is simply absent
 * (no `json`: the spec names the field without a type).
 */
import type { Cardinality, FieldType } from '../../core/schema';

export type FieldFlag = 'I' | 'S' | 'NQ';

export interface FieldFact {
  name: string;
  /** JSON type as the spec writes it. */
  json?: FieldType;
  /** Noark 5 metadata number. */
  m?: string;
  /** I indexed, S sortable, NQ not queryable. */
  flags?: FieldFlag[];
  /** The table or list the field sits in states flags on some rows, so a flag it lacks means
   * "not" (otherwise only the flags present are facts). */
  flagsExact?: true;
  /** `true`: takes values from a code list the spec does not name; a string: the named list. */
  codeList?: string | true;
  defaultValue?: string | boolean;
  /** The spec states a default or initial value (perhaps without giving it). */
  hasDefault?: true;
  /** Set by the service (generated, or taken from the upload), not by the client. */
  serviceSet?: true;
}

export interface ReferenceFact {
  name: string;
  target?: string;
  /** The spec names an entity the reference points to ("to the Saksmappe"): the target must
   * accept that type. */
  accepts?: string;
  cardinality?: Cardinality;
  requiredOnCreate?: true;
  /** Among the `links` of query and transaction results. */
  returned?: true;
}

export interface ResourceFacts {
  /** The subsection of § Resources and their fields the facts come from. */
  section: string;
  /** How the spec states them there, in short. */
  note: string;
  fields: FieldFact[];
  references: ReferenceFact[];
}

export const resourceFacts: Record<string, ResourceFacts> = {
  '*': {
    section: 'Common fields',
    note: 'a table; the ids and uuid are generated, the creation stamps default to now and the caller',
    fields: [
      { name: 'id', json: 'string', flags: ['S'], flagsExact: true, serviceSet: true },
      { name: 'version', json: 'string', flagsExact: true },
      { name: 'uuid', json: 'string', m: 'M001', flags: ['I', 'S'], flagsExact: true, serviceSet: true },
      { name: 'opprettetDato', json: 'timestamp', m: 'M600', flags: ['I', 'S'], flagsExact: true, hasDefault: true },
      { name: 'opprettetAv', json: 'string', m: 'M601', flags: ['S'], flagsExact: true, hasDefault: true },
      { name: 'opprettetAvBrukerIdent', json: 'string', m: 'M601', flags: ['S'], flagsExact: true, hasDefault: true },
    ],
    references: [],
  },
  Arkiv: {
    section: 'Arkiv',
    note: 'a table without flags; its creator is linked in the same transaction',
    fields: [
      { name: 'avsluttetDato', json: 'timestamp', m: 'M602' },
      { name: 'avsluttetAv', json: 'string', m: 'M603' },
      { name: 'avsluttetAvBrukerIdent', json: 'string', m: 'M603' },
      { name: 'tittel', json: 'string', m: 'M020' },
      { name: 'beskrivelse', json: 'string', m: 'M021' },
      { name: 'arkivstatus', json: 'string', m: 'M050', codeList: 'arkivstatus', defaultValue: 'O', hasDefault: true },
      { name: 'dokumentmedium', json: 'string', m: 'M300', codeList: 'dokumentmedium', defaultValue: 'E', hasDefault: true },
    ],
    references: [
      { name: 'refArkivskaper', target: 'Arkivskaper', cardinality: '1..*', requiredOnCreate: true },
      { name: 'refArkivdel', target: 'Arkivdel', cardinality: '0..*' },
    ],
  },
  Arkivskaper: {
    section: 'Arkivskaper',
    note: 'a field sentence; owned by one Arkiv',
    fields: [
      { name: 'arkivskaperIdent', json: 'string', m: 'M006' },
      { name: 'arkivskaperNavn', json: 'string', m: 'M023' },
      { name: 'beskrivelse', json: 'string', m: 'M021' },
    ],
    references: [
      { name: 'refArkiv', target: 'Arkiv', cardinality: '1' },
    ],
  },
  Klassifikasjonssystem: {
    section: 'Klassifikasjonssystem',
    note: 'a field sentence; may stand without links',
    fields: [
      { name: 'avsluttetDato', json: 'timestamp' },
      { name: 'avsluttetAv', json: 'string' },
      { name: 'avsluttetAvBrukerIdent', json: 'string' },
      { name: 'klassifikasjonstype', json: 'string', m: 'M086' },
      { name: 'tittel', json: 'string', m: 'M020' },
      { name: 'beskrivelse', json: 'string', m: 'M021' },
    ],
    references: [
      { name: 'refKlasse', target: 'Klasse', cardinality: '0..*' },
      { name: 'refArkivdelSomPrimaer', target: 'Arkivdel', cardinality: '0..*' },
      { name: 'refArkivdelSomSekundaer', target: 'Arkivdel', cardinality: '0..*' },
    ],
  },
  Klasse: {
    section: 'Klasse',
    note: 'a table without flags; several rows name three fields at once',
    fields: [
      { name: 'avsluttetDato', json: 'timestamp', m: 'M602' },
      { name: 'avsluttetAv', json: 'string', m: 'M603' },
      { name: 'avsluttetAvBrukerIdent', json: 'string', m: 'M603' },
      { name: 'klasseIdent', json: 'string', m: 'M002' },
      { name: 'tittel', json: 'string', m: 'M020' },
      { name: 'beskrivelse', json: 'string', m: 'M021' },
      { name: 'kassasjonsvedtak', json: 'string', m: 'M450', codeList: true },
      { name: 'kassasjonshjemmel', json: 'string', m: 'M453', codeList: true },
      { name: 'bevaringstid', json: 'string', m: 'M451' },
      { name: 'skjerming', json: 'string', m: 'M500', codeList: true },
      { name: 'virksomhetsspesifikkeMetadata', json: 'object' },
    ],
    references: [
      { name: 'refKlassifikasjonssystem', cardinality: '1', requiredOnCreate: true },
      { name: 'refForelderKlasse', target: 'Klasse', cardinality: '0..1' },
      { name: 'refBarnKlasse', target: 'Klasse', cardinality: '0..*' },
      { name: 'refMappeSomPrimaer', target: 'AbstraktMappe', cardinality: '0..*' },
      { name: 'refMappeSomSekundaer', target: 'AbstraktMappe', cardinality: '0..*' },
      { name: 'refRegistreringSomPrimaer', target: 'AbstraktRegistrering', cardinality: '0..*' },
      { name: 'refRegistreringSomSekundaer', target: 'AbstraktRegistrering', cardinality: '0..*' },
    ],
  },
  Saksmappe: {
    section: 'Saksmappe and Sakspart',
    note: 'the fields seen in results (the spec says the list is incomplete), plus the creation links',
    fields: [
      { name: 'mappeIdent', json: 'string', serviceSet: true },
      { name: 'tittel' },
      { name: 'beskrivelse' },
      { name: 'dokumentmedium', defaultValue: 'E', hasDefault: true },
      { name: 'saksaar', json: 'number' },
      { name: 'sakssekvensnummer', json: 'number' },
      { name: 'saksdato', json: 'date' },
      { name: 'administrativEnhet' },
      { name: 'saksansvarlig' },
      { name: 'saksansvarligBrukerIdent' },
      { name: 'saksstatus', defaultValue: 'B', hasDefault: true },
    ],
    references: [
      { name: 'refArkivdel', returned: true },
      { name: 'refPrimaerKlasse', returned: true },
      { name: 'refSekundaerKlasse' },
    ],
  },
  Sakspart: {
    section: 'Saksmappe and Sakspart',
    note: 'a field sentence inside the Saksmappe subsection',
    fields: [
      { name: 'sakspartNavn', json: 'string' },
      { name: 'sakspartRolle', json: 'string' },
      { name: 'epostadresse', json: 'string' },
    ],
    references: [
      { name: 'refMappe', accepts: 'Saksmappe' },
    ],
  },
  Moetemappe: {
    section: 'Moetemappe',
    note: 'a table with flags per row; references listed as name, target, cardinality',
    fields: [
      { name: 'avsluttetDato', json: 'timestamp', m: 'M602', flags: ['S'], flagsExact: true },
      { name: 'avsluttetAv', json: 'string', m: 'M603', flags: ['S'], flagsExact: true },
      { name: 'avsluttetAvBrukerIdent', json: 'string', m: 'M603', flags: ['S'], flagsExact: true },
      { name: 'prefiks', json: 'string', flags: ['S'], flagsExact: true },
      { name: 'mappeIdent', json: 'string', m: 'M003', flags: ['I', 'S'], flagsExact: true, hasDefault: true },
      { name: 'mappetype', json: 'string', flags: ['I'], flagsExact: true, codeList: 'mappetype' },
      { name: 'tittel', json: 'string', m: 'M020', flags: ['I', 'S'], flagsExact: true },
      { name: 'offentligTittel', json: 'string', m: 'M025', flags: ['S'], flagsExact: true },
      { name: 'beskrivelse', json: 'string', m: 'M021', flagsExact: true },
      { name: 'dokumentmedium', json: 'string', m: 'M300', flags: ['I'], flagsExact: true, defaultValue: 'E', hasDefault: true },
      { name: 'moetenummer', json: 'string', m: 'M008', flags: ['I', 'S'], flagsExact: true },
      { name: 'utvalg', json: 'string', m: 'M370', flags: ['S'], flagsExact: true },
      { name: 'moetedato', json: 'date', m: 'M102', flags: ['I', 'S'], flagsExact: true },
      { name: 'moetested', json: 'string', m: 'M371', flags: ['S'], flagsExact: true },
      { name: 'kassasjonsvedtak', json: 'string', m: 'M450', flagsExact: true, codeList: true },
      { name: 'kassasjonshjemmel', json: 'string', m: 'M453', flagsExact: true, codeList: true },
      { name: 'bevaringstid', json: 'number', m: 'M451', flags: ['S'], flagsExact: true },
      { name: 'skjerming', json: 'string', m: 'M500', flags: ['I'], flagsExact: true },
      { name: 'virksomhetsspesifikkeMetadata', json: 'object', m: 'M711', flags: ['NQ'], flagsExact: true },
    ],
    references: [
      { name: 'refArkivdel', target: 'Arkivdel', cardinality: '1' },
      { name: 'refRegistrering', target: 'AbstraktRegistrering', cardinality: '0..*' },
      { name: 'refSakspart', target: 'Sakspart', cardinality: '0..*' },
      { name: 'refMoetedeltaker', target: 'Moetedeltaker', cardinality: '0..*' },
      { name: 'refPrimaerKlasse', target: 'Klasse', cardinality: '1..*' },
      { name: 'refSekundaerKlasse', target: 'Klasse', cardinality: '0..*' },
      { name: 'refEksternId', cardinality: '0..*' },
      { name: 'refNoekkelord', cardinality: '0..*' },
      { name: 'refMerknad', cardinality: '0..*' },
      { name: 'refNasjonalIdentifikator', cardinality: '0..*' },
      { name: 'refKryssreferanseTilMappe', target: 'AbstraktMappe', cardinality: '0..*' },
      { name: 'refKryssreferanseFraMappe', target: 'AbstraktMappe', cardinality: '0..*' },
      { name: 'refKryssreferanseTilRegistrering', target: 'AbstraktRegistrering', cardinality: '0..*' },
      { name: 'refKryssreferanseFraRegistrering', target: 'AbstraktRegistrering', cardinality: '0..*' },
      { name: 'refForelderMappe' },
      { name: 'refBarnMappe' },
    ],
  },
  Moetedeltaker: {
    section: 'Moetedeltaker',
    note: 'a field sentence with flags; owned by one Moetemappe',
    fields: [
      { name: 'navn', json: 'string', m: 'M372', flags: ['S'], flagsExact: true },
      { name: 'funksjon', json: 'string', m: 'M373', flags: ['S'], flagsExact: true },
    ],
    references: [
      { name: 'refMappe', accepts: 'Moetemappe', cardinality: '1' },
    ],
  },
  Journalpost: {
    section: 'Journalpost',
    note: 'a table with flags per row; the creation links and returned refMappe',
    fields: [
      { name: 'avsluttetDato', json: 'timestamp', m: 'M602', flags: ['S'], flagsExact: true },
      { name: 'avsluttetAv', json: 'string', m: 'M603', flags: ['S'], flagsExact: true },
      { name: 'avsluttetAvBrukerIdent', json: 'string', m: 'M603', flags: ['S'], flagsExact: true },
      { name: 'prefiks', json: 'string', flags: ['S'], flagsExact: true },
      { name: 'registreringsIdent', json: 'string', m: 'M004', flags: ['I', 'S'], flagsExact: true, hasDefault: true },
      { name: 'tittel', json: 'string', m: 'M020', flags: ['I', 'S'], flagsExact: true },
      { name: 'offentligTittel', json: 'string', m: 'M025', flags: ['S'], flagsExact: true },
      { name: 'beskrivelse', json: 'string', m: 'M021', flagsExact: true },
      { name: 'forfatter', json: 'string', m: 'M024', flags: ['S'], flagsExact: true },
      { name: 'dokumentmedium', json: 'string', m: 'M300', flags: ['I'], flagsExact: true, defaultValue: 'E', hasDefault: true },
      { name: 'journalaar', json: 'number', m: 'M013', flags: ['I', 'S'], flagsExact: true, hasDefault: true },
      { name: 'journalsekvensnummer', json: 'number', m: 'M014', flags: ['I', 'S'], flagsExact: true, hasDefault: true },
      { name: 'journalpostnummer', json: 'number', m: 'M015', flags: ['I', 'S'], flagsExact: true, hasDefault: true },
      { name: 'journalansvarlig', json: 'string', flags: ['S'], flagsExact: true },
      { name: 'journalansvarligBrukerIdent', json: 'string', flags: ['S'], flagsExact: true },
      { name: 'journalposttype', json: 'string', m: 'M082', flags: ['I', 'S'], flagsExact: true, codeList: true },
      { name: 'journalstatus', json: 'string', m: 'M053', flags: ['I'], flagsExact: true, codeList: true, defaultValue: 'J', hasDefault: true },
      { name: 'registreringsDato', json: 'date', m: 'M101', flags: ['I', 'S'], flagsExact: true, hasDefault: true },
      { name: 'dokumentetsDato', json: 'date', m: 'M103', flags: ['S'], flagsExact: true },
      { name: 'forfallsdato', json: 'date', m: 'M109', flags: ['S'], flagsExact: true },
      { name: 'mottattDato', json: 'timestamp', m: 'M104', flags: ['S'], flagsExact: true },
      { name: 'sendtDato', json: 'timestamp', m: 'M105', flags: ['S'], flagsExact: true },
      { name: 'offentlighetsvurdertDato', json: 'date', m: 'M110', flags: ['S'], flagsExact: true },
      { name: 'kassasjonsvedtak', json: 'string', m: 'M450', flagsExact: true, codeList: true },
      { name: 'kassasjonshjemmel', json: 'string', m: 'M453', flagsExact: true, codeList: true },
      { name: 'bevaringstid', json: 'number', m: 'M451', flags: ['S'], flagsExact: true },
      { name: 'skjermKorrespondanseParterEInnsyn', json: 'boolean', flags: ['S'], flagsExact: true, defaultValue: false, hasDefault: true },
      { name: 'skjerming', json: 'string', m: 'M500', flags: ['I'], flagsExact: true, codeList: true },
      { name: 'virksomhetsspesifikkeMetadata', json: 'object', m: 'M711', flags: ['NQ'], flagsExact: true },
    ],
    references: [
      { name: 'refMappe', target: 'AbstraktMappe', cardinality: '1', returned: true },
      { name: 'refArkivdel', target: 'Arkivdel', cardinality: '0..1' },
      { name: 'refKorrespondansepart', cardinality: '1..*' },
      { name: 'refDokument', cardinality: '0..*' },
      { name: 'refPrimaerKlasse', target: 'Klasse', cardinality: '0..*' },
      { name: 'refSekundaerKlasse', target: 'Klasse', cardinality: '0..*' },
      { name: 'refEksternId', cardinality: '0..*' },
      { name: 'refDokumentflyt', cardinality: '0..*' },
      { name: 'refNoekkelord', cardinality: '0..*' },
      { name: 'refAvskrivning', cardinality: '0..1' },
      { name: 'refTilknyttetAvskrivning', cardinality: '0..1' },
      { name: 'refMerknad', cardinality: '0..*' },
      { name: 'refNasjonalIdentifikator', cardinality: '0..*' },
      { name: 'refKryssreferanseTilMappe', target: 'AbstraktMappe', cardinality: '0..*' },
      { name: 'refKryssreferanseFraMappe', target: 'AbstraktMappe', cardinality: '0..*' },
      { name: 'refKryssreferanseTilRegistrering', target: 'AbstraktRegistrering', cardinality: '0..*' },
      { name: 'refKryssreferanseFraRegistrering', target: 'AbstraktRegistrering', cardinality: '0..*' },
      { name: 'refPresedens', target: 'Presedens', cardinality: '0..*' },
    ],
  },
  Korrespondansepart: {
    section: 'Korrespondansepart',
    note: 'string fields sortable unless noted (so only the flags present are facts), then booleans',
    fields: [
      { name: 'korrespondanseparttype', json: 'string', m: 'M087', codeList: true },
      { name: 'korrespondansepartNavn', json: 'string', m: 'M400' },
      { name: 'foedselsnummer', json: 'string' },
      { name: 'organisasjonsnummer', json: 'string' },
      { name: 'dnummer', json: 'string' },
      { name: 'postadresse', json: 'string', m: 'M406' },
      { name: 'postnummer', json: 'string', m: 'M407' },
      { name: 'poststed', json: 'string', m: 'M408' },
      { name: 'land', json: 'string', m: 'M409' },
      { name: 'epostadresse', json: 'string', m: 'M410' },
      { name: 'telefonnummer', json: 'string', m: 'M411' },
      { name: 'kontaktperson', json: 'string', m: 'M412' },
      { name: 'saksbehandler', json: 'string', m: 'M307' },
      { name: 'administrativEnhet', json: 'string', m: 'M305', codeList: true },
      { name: 'ekspederingskanal', json: 'string', codeList: true },
      { name: 'skjermEInnsyn', json: 'boolean', defaultValue: false, hasDefault: true },
      { name: 'erPerson', json: 'boolean', defaultValue: false, hasDefault: true },
      { name: 'virksomhetsspesifikkeMetadata', json: 'object', m: 'M711', flags: ['NQ'], flagsExact: true },
    ],
    references: [
      { name: 'refRegistrering', cardinality: '1' },
    ],
  },
  Dokumentflyt: {
    section: 'Dokumentflyt',
    note: 'every field sortable; owned by one Journalpost',
    fields: [
      { name: 'flytFra', json: 'string', m: 'M665', flags: ['S'], flagsExact: true },
      { name: 'flytFraBrukerIdent', json: 'string', m: 'M665', flags: ['S'], flagsExact: true },
      { name: 'flytTil', json: 'string', m: 'M660', flags: ['S'], flagsExact: true },
      { name: 'flytTilBrukerIdent', json: 'string', m: 'M660', flags: ['S'], flagsExact: true },
      { name: 'flytMottattDato', json: 'timestamp', m: 'M661', flags: ['S'], flagsExact: true },
      { name: 'flytSendtDato', json: 'timestamp', m: 'M662', flags: ['S'], flagsExact: true },
      { name: 'flytMerknad', json: 'string', m: 'M664', flags: ['S'], flagsExact: true },
      { name: 'flytStatus', json: 'string', m: 'M663', flags: ['S'], flagsExact: true, codeList: 'flytStatus' },
    ],
    references: [
      { name: 'refJournalpost', cardinality: '1' },
    ],
  },
  Dokument: {
    section: 'Dokument',
    note: 'a table with flags per row; owned by one record',
    fields: [
      { name: 'avsluttetDato', json: 'timestamp', m: 'M602', flags: ['S'], flagsExact: true },
      { name: 'avsluttetAv', json: 'string', m: 'M603', flags: ['S'], flagsExact: true },
      { name: 'avsluttetAvBrukerIdent', json: 'string', m: 'M603', flags: ['S'], flagsExact: true },
      { name: 'dokumenttype', json: 'string', m: 'M083', flagsExact: true, codeList: true },
      { name: 'dokumentstatus', json: 'string', m: 'M054', flagsExact: true, codeList: true, defaultValue: 'B', hasDefault: true },
      { name: 'tittel', json: 'string', m: 'M020', flags: ['I', 'S'], flagsExact: true },
      { name: 'beskrivelse', json: 'string', m: 'M021', flagsExact: true },
      { name: 'forfatter', json: 'string', m: 'M024', flags: ['S'], flagsExact: true },
      { name: 'dokumentmedium', json: 'string', m: 'M300', flags: ['I'], flagsExact: true, defaultValue: 'E', hasDefault: true },
      { name: 'tilknyttetRegistreringSom', json: 'string', m: 'M217', flagsExact: true, codeList: true },
      { name: 'dokumentnummer', json: 'number', m: 'M007', flags: ['I', 'S'], flagsExact: true, hasDefault: true },
      { name: 'kassasjonsvedtak', json: 'string', m: 'M450', flagsExact: true, codeList: true },
      { name: 'kassasjonshjemmel', json: 'string', m: 'M453', flagsExact: true, codeList: true },
      { name: 'bevaringstid', json: 'number', m: 'M451', flags: ['S'], flagsExact: true },
      { name: 'skjerming', json: 'string', m: 'M500', flags: ['I'], flagsExact: true },
      { name: 'forventetKassasjonsDato', json: 'timestamp', flags: ['S'], flagsExact: true },
      { name: 'kassertDato', json: 'timestamp', m: 'M630', flags: ['S'], flagsExact: true },
      { name: 'kassertAv', json: 'string', m: 'M631', flags: ['S'], flagsExact: true },
      { name: 'kassertAvBrukerIdent', json: 'string', flags: ['S'], flagsExact: true },
      { name: 'virksomhetsspesifikkeMetadata', json: 'object', m: 'M711', flags: ['NQ'], flagsExact: true },
    ],
    references: [
      { name: 'refRegistrering', target: 'AbstraktRegistrering', cardinality: '1', returned: true },
      { name: 'refDokumentversjon', cardinality: '0..*' },
      { name: 'refEksternId', cardinality: '0..*' },
      { name: 'refMerknad', cardinality: '0..*' },
    ],
  },
  Dokumentversjon: {
    section: 'Dokumentversjon',
    note: 'a table with flags per row; the file facts are set by the service',
    fields: [
      { name: 'versjonsnummer', json: 'number', m: 'M005', flags: ['I', 'S'], flagsExact: true, serviceSet: true },
      { name: 'variantformat', json: 'string', m: 'M700', flagsExact: true, codeList: true },
      { name: 'format', json: 'string', m: 'M701', flags: ['S'], flagsExact: true },
      { name: 'formatDetaljer', json: 'string', m: 'M702', flags: ['S'], flagsExact: true },
      { name: 'sjekksum', json: 'string', m: 'M705', flagsExact: true, serviceSet: true },
      { name: 'sjekksumAlgoritme', json: 'string', m: 'M706', flagsExact: true, serviceSet: true },
      { name: 'filstoerrelse', json: 'number', m: 'M707', flagsExact: true, serviceSet: true },
      { name: 'kryptertDokument', json: 'boolean', flagsExact: true },
      { name: 'filnavn', json: 'string', flags: ['S'], flagsExact: true, serviceSet: true },
      { name: 'innholdstype', json: 'string', flagsExact: true },
      { name: 'referanseDokumentfil', json: 'string', m: 'M218', flags: ['S'], flagsExact: true },
    ],
    references: [
      { name: 'refDokument', target: 'Dokument', cardinality: '1' },
      { name: 'refEksternId', cardinality: '0..*' },
    ],
  },
  EksternId: {
    section: 'EksternId',
    note: 'two indexed, sortable strings; exactly one owner reference set',
    fields: [
      { name: 'eksterntSystem', json: 'string', flags: ['I', 'S'], flagsExact: true },
      { name: 'eksternID', json: 'string', flags: ['I', 'S'], flagsExact: true },
    ],
    references: [
      { name: 'refMappe', target: 'AbstraktMappe', cardinality: '0..1' },
      { name: 'refRegistrering', target: 'AbstraktRegistrering', cardinality: '0..1' },
      { name: 'refDokument', cardinality: '0..1' },
      { name: 'refDokumentversjon', cardinality: '0..1' },
    ],
  },
  Noekkelord: {
    section: 'Noekkelord',
    note: 'one value; one owner reference set',
    fields: [
      { name: 'verdi', json: 'string', m: 'M022', flags: ['S'], flagsExact: true },
    ],
    references: [
      { name: 'refMappe', target: 'AbstraktMappe', cardinality: '0..1' },
      { name: 'refRegistrering', target: 'AbstraktRegistrering', cardinality: '0..1' },
    ],
  },
  Merknad: {
    section: 'Merknad',
    note: 'text and type; one owner reference set',
    fields: [
      { name: 'tekst', json: 'string', m: 'M310', flags: ['S'], flagsExact: true },
      { name: 'merknadstype', json: 'string', m: 'M084', flagsExact: true, codeList: 'merknadstype' },
    ],
    references: [
      { name: 'refMappe', cardinality: '0..1' },
      { name: 'refRegistrering', cardinality: '0..1' },
      { name: 'refDokument', cardinality: '0..1' },
    ],
  },
};
