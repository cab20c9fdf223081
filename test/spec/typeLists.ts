/**
 * The spec's lists of entity types, and its table of status defaults, as data for
 * `test/specWalk.test.ts`. Names are the spec's own, aliases included (`Registrering`,
 * `DokumentBeskrivelse`): the test maps them to the model's names, so an alias the model stops
 * understanding is noticed.
 */

/** The spec, § What the service does: the kinds one creates and changes by transaction and
 * finds by query. */
export const managedKinds = [
  'Arkiv', 'Arkivskaper', 'Klassifikasjonssystem', 'Klasse', 'Arkivdel', 'Mappe', 'Moetemappe', 'Moetedeltaker', 'Saksmappe',
  'Sakspart', 'Basisregistrering', 'Journalpost', 'Korrespondansepart', 'Dokumentflyt', 'Avskrivning', 'Moeteregistrering',
  'Dokument', 'Dokumentversjon', 'Adresse', 'Bygning', 'Eiendom', 'Plan', 'EksternId', 'Noekkelord', 'Merknad',
];

/** The spec, § What the service does: abstract types a query may name, never a transaction. */
export const abstractQueryTypes = ['AbstraktMappe', 'AbstraktRegistrering', 'NasjonalIdentifikator'];

/** The spec, § Business specific metadata (BSM) on entities: the types that carry
 * `virksomhetsspesifikkeMetadata`. `Registrering` stands for the plain record kinds. */
export const bsmCarriers = ['Klasse', 'Mappe', 'Moetemappe', 'Saksmappe', 'Sakspart', 'Registrering', 'Moeteregistrering', 'Journalpost', 'Korrespondansepart', 'Dokument'];

/** The spec, § Endpoints / POST /bulk/open and POST /bulk/close: the `type` values of the body.
 * `DokumentBeskrivelse` is the vendor's name for Dokument. */
export const bulkTypes = ['Arkiv', 'Arkivdel', 'AbstraktMappe', 'AbstraktRegistrering', 'DokumentBeskrivelse', 'Klassifikasjonssystem', 'Klasse'];

/** The spec, § Endpoints / POST /logs/change-log: the `type` values of the body. */
export const changeLogTypes = [
  'AbstraktMappe', 'Mappe', 'Saksmappe', 'Moetemappe', 'AbstraktRegistrering', 'Arkivnotat', 'Basisregistrering', 'Journalpost', 'Moeteregistrering', 'Dokument',
];

export interface StatusDefault {
  types: string[];
  field: string;
  /** The code a new entity gets. */
  code: string;
}

/** The spec, § States and transitions: the status fields and the code each starts with. */
export const statusDefaults: StatusDefault[] = [
  { types: ['Arkiv'], field: 'arkivstatus', code: 'O' },
  { types: ['Saksmappe'], field: 'saksstatus', code: 'B' },
  { types: ['Journalpost'], field: 'journalstatus', code: 'J' },
  { types: ['Dokument'], field: 'dokumentstatus', code: 'B' },
  { types: ['Arkiv', 'Dokument', 'Journalpost', 'Moetemappe', 'Saksmappe'], field: 'dokumentmedium', code: 'E' },
];
