/**
 * The conformance fixture archive: every entity, uploaded file, BSM group and code-list value the
 * corpus requests name, at exactly the ids they name and of the types they imply, so that the
 * vendor's requests get the answer the vendor's own archive gave them.
 *
 * The corpus keeps the vendor's requests as sent, ids included, so the archive is built around
 * them: a fonds and series for the query-language docs' examples (5, 10, 100), the C#/Java/PHP
 * samples' fonds 301 and series 332 with its classification systems (109 primary, 117 and 118
 * secondary), classes (210-216), case files, records, documents and versions (4001-4501), and the
 * MCP sample's case file 7302556. Everything is written through the sandbox's seed machinery
 * (SeedWriter: the checks and executor of `POST /transaction`, the store of `POST /upload`), so it
 * obeys every rule a client's data obeys. Entity ids and file ids come from one sequence; each
 * placement sets that sequence to its first id, and the creates of its transaction take the ids
 * from there in the order they are saved (the helpers that come with an entity, like the
 * correspondence party a Journalpost needs, are saved before or after it so that they take ids no
 * request names). Deterministic: fixed ids, fixed dates, fixed bytes.
 *
 * One thing is not the same in every archive: the BSM registry. The C# sample registers group gr-1
 * with fields f-string, f-long and f-double; the Java sample uses group appr-03 with fields of the
 * same ids. Field ids are unique in an installation, so no one archive holds both: `bsm` chooses.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JsonValue } from '../../core/jsonValue';
import { defaultSandboxAccounts } from '../../core/api/sandboxContract';
import { makeAccount } from '../../sandbox/auth/accounts';
import { BsmRegistryStore } from '../../sandbox/registries/bsmRegistryStore';
import { putCodeValue } from '../../sandbox/registries/codeListValues';
import type { SandboxServices } from '../../sandbox/sandboxServices';
import { SeedWriter, type SeedAction } from '../../sandbox/seed/seedWriter';

export type ConformanceBsm = 'csharp' | 'java';

export interface ConformanceArchiveOptions {
  /** Whose BSM registry the archive holds (see above). */
  bsm: ConformanceBsm;
  /** The login that uploads the files the corpus links (only the uploader may link a file); the sandbox's full client by default. */
  uploader?: string;
}

const filesDir = join(__dirname, 'files');
const corpusFile = (name: string) => readFileSync(join(filesDir, name));
const at = (iso: string) => Date.parse(iso);

/** Code-list values the corpus's requests use; the lists ship empty (vendor notes §3). */
const codeValues: { field: string; code: string; name: string; description?: string; authority?: string; usedBy: string }[] = [
  { field: 'administrativEnhet', code: 'TK', name: 'Test Kommune', usedBy: 'cs-old-meeting-registration, java-case-file-with-party, cs-put-administrativ-enhet' },
  { field: 'administrativEnhet', code: 'PGSK', name: 'Parkgata skole', usedBy: 'cs-submit-case-file' },
  { field: 'dokumenttype', code: 'RAPPORT', name: 'Rapport', usedBy: 'cs-submit-case-file' },
  { field: 'dokumenttype', code: 'PUBLIKASJON', name: 'Publikasjon', usedBy: 'php-archive-new-article, php-update-article' },
  // Seeded so that ws-delete-code finds it whichever runs first; cs-put-dokumenttype renames it.
  { field: 'dokumenttype', code: 'Tilbud', name: 'Tilbud', usedBy: 'cs-put-dokumenttype, ws-delete-code' },
  { field: 'skjerming', code: 'UOFF', name: 'Unntatt offentlighet', authority: 'Offl. § 13', usedBy: 'cs-submit-case-file' },
  { field: 'skjerming', code: 'N1', name: 'Skjermet', authority: 'Offl. § 13', usedBy: 'java-screen-series, cs-put-skjerming' },
];

interface BsmSpec {
  groupId: string;
  groupName: string;
  fields: { fieldId: string; fieldName: string; fieldType: 'string' | 'long' | 'double'; fieldValues?: string[] }[];
}

/** The PHP sample's own group (its fields are strings); in every archive. Used by php-archive-new-article, php-update-article. */
const dipGroup: BsmSpec = {
  groupId: 'dip',
  groupName: 'Digital publisering',
  fields: ['versjon', 'infotype', 'malgruppe', 'sprak', 'intro', 'kortintro', 'korttittel'].map((fieldId) => ({ fieldId, fieldName: fieldId, fieldType: 'string' as const })),
};

const bsmGroups: Record<ConformanceBsm, BsmSpec> = {
  // Registered by the C# sample (cs-put-bsm-*), read by cs-get-bsm-group, used by cs-submit-case-file
  // (f-string "value 1"), f-double deleted by ws-delete-bsm-field. Seeded so that the reads and the
  // delete do not depend on the PUTs having run.
  csharp: {
    groupId: 'gr-1',
    groupName: 'BSM Group Name',
    fields: [
      { fieldId: 'f-string', fieldName: 'BSM Field String', fieldType: 'string', fieldValues: ['value 1', 'value 2', 'value 3'] },
      { fieldId: 'f-long', fieldName: 'BSM Field Long', fieldType: 'long', fieldValues: ['1', '2'] },
      { fieldId: 'f-double', fieldName: 'BSM Field Double', fieldType: 'double' },
    ],
  },
  // The Java sample's group: java-get-bsm-group, java-folder-with-bsm, java-folder-bsm-update.
  java: {
    groupId: 'appr-03',
    groupName: 'Approval',
    fields: [
      { fieldId: 'f-string', fieldName: 'String field', fieldType: 'string' },
      { fieldId: 'f-double', fieldName: 'Double field', fieldType: 'double' },
      { fieldId: 'f-long', fieldName: 'Long field', fieldType: 'long' },
    ],
  },
};

/**
 * Files uploaded for the corpus to link or download: unlinked, uploaded by the client the runs use.
 * (Files the fixture links itself are uploaded with the entities that link them.)
 */
const corpusUploads: { id: number; file: string; usedBy: string }[] = [
  { id: 4711, file: 'json_testfil.json', usedBy: 'php-archive-new-article (referanseDokumentfil 4711)' },
  { id: 4712, file: 'Pdf_testfil.pdf', usedBy: 'php-archive-new-article (referanseDokumentfil 4712)' },
  { id: 4713, file: 'json_testfil.json', usedBy: 'php-update-article (referanseDokumentfil 4713)' },
  { id: 5101, file: 'Pdf_testfil.pdf', usedBy: 'cs-submit-case-file (@mainFile)' },
  { id: 5102, file: 'godkjenning.pdf', usedBy: 'cs-submit-case-file (@attachmentFile)' },
  { id: 5201, file: 'godkjenning.pdf', usedBy: 'java-document-for-entry (@dokumentfil), java-download, ws-download' },
];

/**
 * One transaction of the fixture: its creates take ids `first`, `first + 1`, ... in the order they
 * are saved, `ids` states which temporary id must get which id (checked), `at` is its clock.
 */
interface Placement {
  first: number;
  at: number;
  ids: Record<string, number>;
  /** A file stored (by the seed account) just before, at this id, for a Dokumentversjon of the placement. */
  file?: { id: number; name: string; bytes: Buffer };
  actions: SeedAction[];
}

const save = (type: string, id: string, fields: Record<string, JsonValue>): SeedAction => ({ action: 'save', type, id, fields });
const link = (type: string, id: string, ref: string, ...to: string[]): SeedAction => ({ action: 'link', type, id, ref, linkToId: to });
const party = (id: string, name: string, type = 'EA') => save('Korrespondansepart', id, { korrespondansepartNavn: name, korrespondanseparttype: type });

function placements(bsm: ConformanceBsm): Placement[] {
  return [
    // --- classification ------------------------------------------------------------------
    // 109: primary system of the series (java-move-primary-class, php-create-class, php-find-class-query).
    {
      first: 109,
      at: at('2015-01-05T09:00:00Z'),
      ids: { ks109: 109 },
      actions: [save('Klassifikasjonssystem', 'ks109', { tittel: 'Funksjonsbasert arkivnøkkel', klassifikasjonstype: 'FF' })],
    },
    // 117: secondary system of series 332 holding persons (cs-secondary-classification-system,
    // cs-class-by-title, cs-create-class); 118: a second secondary system with topic classes.
    {
      first: 117,
      at: at('2015-01-05T09:00:00Z'),
      ids: { ks117: 117, ks118: 118 },
      actions: [save('Klassifikasjonssystem', 'ks117', { tittel: 'Personer' }), save('Klassifikasjonssystem', 'ks118', { tittel: 'Emner' })],
    },
    // 210 "Tilbud": the primary class (cs-submit-case-file, java-case-file-with-party,
    // php-archive-new-article, java-move-primary-class, ql-joins*, ql-reference-chaining).
    // 211 "John Smith" 45-67771344-7: a secondary class (cs-case-files-by-secondary-class, cs-class-by-title, cs-submit-case-file, java-case-file-with-party).
    // 212 "07 Report", 213 "08 Budsjett", 214 "09 Nyhet": secondary classes (php-archive-new-article,
    // php-update-article, ql-single-path, ql-two-secondary-classes). 215 "Byggesak", 216 "Kari Nordmann": mcp-*.
    {
      first: 210,
      at: at('2015-01-05T09:00:00Z'),
      ids: { k210: 210, k211: 211, k212: 212, k213: 213, k214: 214, k215: 215, k216: 216 },
      actions: [
        save('Klasse', 'k210', { klasseIdent: '01', tittel: 'Tilbud' }),
        link('Klasse', 'k210', 'refKlassifikasjonssystem', '109'),
        save('Klasse', 'k211', { klasseIdent: '45-67771344-7', tittel: 'John Smith' }),
        link('Klasse', 'k211', 'refKlassifikasjonssystem', '117'),
        save('Klasse', 'k212', { klasseIdent: '07', tittel: 'Report' }),
        link('Klasse', 'k212', 'refKlassifikasjonssystem', '118'),
        save('Klasse', 'k213', { klasseIdent: '08', tittel: 'Budsjett' }),
        link('Klasse', 'k213', 'refKlassifikasjonssystem', '118'),
        save('Klasse', 'k214', { klasseIdent: '09', tittel: 'Nyhet' }),
        link('Klasse', 'k214', 'refKlassifikasjonssystem', '118'),
        save('Klasse', 'k215', { klasseIdent: '03', tittel: 'Byggesak' }),
        link('Klasse', 'k215', 'refKlassifikasjonssystem', '109'),
        save('Klasse', 'k216', { klasseIdent: '12-34567890-1', tittel: 'Kari Nordmann' }),
        link('Klasse', 'k216', 'refKlassifikasjonssystem', '117'),
      ],
    },

    // --- the query-language docs' fonds 5, series 10 and case file 100 --------------------
    // ql-example-in-fonds, ql-example-join-fonds (5); ql-example-fonds-title, ql-example-join-fonds-title ("Arkiv").
    {
      first: 5,
      at: at('2015-01-05T09:00:00Z'),
      ids: { arkiv5: 5, skaper6: 6 },
      actions: [
        save('Arkiv', 'arkiv5', { tittel: 'Arkiv' }),
        save('Arkivskaper', 'skaper6', { arkivskaperIdent: 'QL-1', arkivskaperNavn: 'Eksempelkommunen' }),
        link('Arkivskaper', 'skaper6', 'refArkiv', 'arkiv5'),
      ],
    },
    // ql-example-in-series, ql-example-join-series (10).
    {
      first: 10,
      at: at('2015-01-05T09:00:00Z'),
      ids: { del10: 10 },
      actions: [save('Arkivdel', 'del10', { tittel: 'Sakarkiv 2015–2017' }), link('Arkivdel', 'del10', 'refArkiv', '5'), link('Arkivdel', 'del10', 'refPrimaerKlassifikasjonssystem', '109')],
    },
    // ql-example-id (100); ql-example-tittel-* ("Mappe"); ql-example-saksaar-* (saksaar 2016, inside
    // every one of the docs' ranges 2015-2017, exclusive or not).
    {
      first: 100,
      at: at('2016-03-01T09:00:00Z'),
      ids: { sak100: 100 },
      actions: [save('Saksmappe', 'sak100', { tittel: 'Mappe' }), link('Saksmappe', 'sak100', 'refArkivdel', '10'), link('Saksmappe', 'sak100', 'refPrimaerKlasse', '210')],
    },

    // --- the samples' fonds 301 and series 332 ---------------------------------------------
    // 301: cs-create-series, java-series-with-classification (saved at version 1).
    {
      first: 301,
      at: at('2018-01-02T09:00:00Z'),
      ids: { arkiv301: 301, skaper302: 302 },
      actions: [
        save('Arkiv', 'arkiv301', { tittel: 'Arkiv' }),
        save('Arkivskaper', 'skaper302', { arkivskaperIdent: 'B7-23-W5', arkivskaperNavn: 'John Smith' }),
        link('Arkivskaper', 'skaper302', 'refArkiv', 'arkiv301'),
      ],
    },
    // 332 "Skole": nearly every sample's series (cs-series-by-title finds it by title; java-screen-series saves it at version 1).
    {
      first: 332,
      at: at('2018-01-02T09:00:00Z'),
      ids: { del332: 332 },
      actions: [
        save('Arkivdel', 'del332', { tittel: 'Skole' }),
        link('Arkivdel', 'del332', 'refArkiv', '301'),
        link('Arkivdel', 'del332', 'refPrimaerKlassifikasjonssystem', '109'),
        link('Arkivdel', 'del332', 'refSekundaerKlassifikasjonssystem', '117', '118'),
      ],
    },
    // The PHP sample's article: folder 4001 (external id Enonic5bb4a6f1c2d3e, secondary classes
    // 212 and 213), record 4002 with its dip BSM, document 4003 with a JSON version.
    // php-update-article, php-secondary-class-query, php-documents-query, php-find-registrations-query.
    {
      first: 4000,
      at: at('2018-10-03T10:00:00Z'),
      ids: { e4000: 4000, m4001: 4001, r4002: 4002, d4003: 4003, v4004: 4004 },
      file: { id: 4005, name: 'artikkel.json', bytes: corpusFile('json_testfil.json') },
      actions: [
        save('EksternId', 'e4000', { eksterntSystem: 'Enonic', eksternID: 'Enonic5bb4a6f1c2d3e' }),
        save('Mappe', 'm4001', { tittel: 'Artikkelens tittel', beskrivelse: 'Intro eller kortintro tekst' }),
        link('Mappe', 'm4001', 'refArkivdel', '332'),
        link('Mappe', 'm4001', 'refPrimaerKlasse', '210'),
        link('Mappe', 'm4001', 'refSekundaerKlasse', '212', '213'),
        link('EksternId', 'e4000', 'refMappe', 'm4001'),
        save('Basisregistrering', 'r4002', {
          tittel: 'Denne versjon av artikkelen sin tittel 1.0',
          forfatter: 'Karl Karlsen',
          virksomhetsspesifikkeMetadata: { dip: { versjon: { values: ['1.0'] } } },
        }),
        link('Basisregistrering', 'r4002', 'refMappe', 'm4001'),
        save('Dokument', 'd4003', { tittel: 'Denne versjon av artikkelen sin tittel', dokumenttype: 'PUBLIKASJON', tilknyttetRegistreringSom: 'H' }),
        link('Dokument', 'd4003', 'refRegistrering', 'r4002'),
        save('Dokumentversjon', 'v4004', { variantformat: 'P', referanseDokumentfil: '4005' }),
        link('Dokumentversjon', 'v4004', 'refDokument', 'd4003'),
      ],
    },
    // Case file 4201 "Tilbud (Smith, John)" with its external id (cs-case-files-by-external-id) and
    // secondary class 211: cs-entity-by-id, cs-finalize-journal, java-registry-entry,
    // java-move-primary-class (its primary class is 210), ws-bulk-close, ws-bulk-open,
    // java-documents-in-case-file (by its title); the controls name it too.
    {
      first: 4200,
      at: at('2019-02-04T09:00:00Z'),
      ids: { e4200: 4200, sak4201: 4201 },
      actions: [
        save('EksternId', 'e4200', { eksterntSystem: 'External System', eksternID: '4551-54555' }),
        save('Saksmappe', 'sak4201', { tittel: 'Tilbud (Smith, John)', administrativEnhet: 'TK' }),
        link('Saksmappe', 'sak4201', 'refArkivdel', '332'),
        link('Saksmappe', 'sak4201', 'refPrimaerKlasse', '210'),
        link('Saksmappe', 'sak4201', 'refSekundaerKlasse', '211'),
        link('EksternId', 'e4200', 'refMappe', 'sak4201'),
      ],
    },
    // The letter 4101 (I) and its answer 4102 (U) that cs-sign-off signs off, each with its party.
    // Created in 2019: cs-registry-entries-created-in-range finds them (and 4203).
    {
      first: 4100,
      at: at('2019-02-20T09:00:00Z'),
      ids: { kp4100: 4100, jp4101: 4101, jp4102: 4102, kp4103: 4103 },
      actions: [
        party('kp4100', 'John Smith'),
        save('Journalpost', 'jp4101', { tittel: 'Søknad om skoleplass', journalposttype: 'I' }),
        save('Journalpost', 'jp4102', { tittel: 'Svar på søknad om skoleplass', journalposttype: 'U' }),
        party('kp4103', 'John Smith', 'EM'),
        link('Journalpost', 'jp4101', 'refMappe', '4201'),
        link('Journalpost', 'jp4102', 'refMappe', '4201'),
        link('Korrespondansepart', 'kp4100', 'refRegistrering', 'jp4101'),
        link('Korrespondansepart', 'kp4103', 'refRegistrering', 'jp4102'),
      ],
    },
    // Registry entry 4203 with document 4204 and version 4205: cs-finalize-journal (4203, 4204),
    // java-document-for-entry (4203), ws-change-log (4203), java-delete-version (4205 at version 1).
    {
      first: 4202,
      at: at('2019-03-11T09:00:00Z'),
      ids: { kp4202: 4202, jp4203: 4203, d4204: 4204, v4205: 4205 },
      file: { id: 4206, name: 'tilbud.pdf', bytes: corpusFile('Pdf_testfil.pdf') },
      actions: [
        party('kp4202', 'John Smith'),
        save('Journalpost', 'jp4203', { tittel: 'Tilbud (Smith, John, Godkjent)', journalposttype: 'I' }),
        link('Journalpost', 'jp4203', 'refMappe', '4201'),
        link('Korrespondansepart', 'kp4202', 'refRegistrering', 'jp4203'),
        save('Dokument', 'd4204', { tittel: 'Tilbud', tilknyttetRegistreringSom: 'H' }),
        link('Dokument', 'd4204', 'refRegistrering', 'jp4203'),
        save('Dokumentversjon', 'v4205', { variantformat: 'A', referanseDokumentfil: '4206' }),
        link('Dokumentversjon', 'v4205', 'refDokument', 'd4204'),
      ],
    },
    // Folder 4302 with record 4303 and document 4304: cs-finalize-archive (4302-4304),
    // java-child-folder and java-child-folders-query (4302). 4303's title answers cs-full-text-search ("Test").
    {
      first: 4302,
      at: at('2019-04-01T09:00:00Z'),
      ids: { m4302: 4302, r4303: 4303, d4304: 4304 },
      actions: [
        save('Mappe', 'm4302', { tittel: 'Barnehage Tilbud' }),
        link('Mappe', 'm4302', 'refArkivdel', '332'),
        save('Basisregistrering', 'r4303', { tittel: 'Test av arkivering' }),
        link('Basisregistrering', 'r4303', 'refMappe', 'm4302'),
        save('Dokument', 'd4304', { tittel: 'Vedtak', tilknyttetRegistreringSom: 'H' }),
        link('Dokument', 'd4304', 'refRegistrering', 'r4303'),
      ],
    },
    // Folder 4401: java-folder-by-id, java-basic-record-with-party (for the sample's child folder), java-folder-bsm-update (at version 1, its BSM in group appr-03
    // where the archive has that group, as the Java sample created it).
    {
      first: 4401,
      at: at('2019-04-02T09:00:00Z'),
      ids: { m4401: 4401 },
      actions: [
        save('Mappe', 'm4401', {
          tittel: 'Mappe with VirksomhetsspesifikkeMetadata',
          ...(bsm === 'java'
            ? { virksomhetsspesifikkeMetadata: { 'appr-03': { 'f-string': { values: ['value 1', 'string value 2'] }, 'f-double': { values: [5.63, 6.7] }, 'f-long': { values: [167907000] } } } }
            : {}),
        }),
        link('Mappe', 'm4401', 'refArkivdel', '332'),
      ],
    },
    // Meeting folder 4501: cs-old-meeting-registration.
    {
      first: 4501,
      at: at('2019-04-03T09:00:00Z'),
      ids: { mm4501: 4501 },
      actions: [save('Moetemappe', 'mm4501', { tittel: 'Kommunestyret', moetenummer: 'KST 01/19', utvalg: 'Kommunestyret' }), link('Moetemappe', 'mm4501', 'refArkivdel', '332')],
    },
    // The MCP sample's case file 7302556, case number 2024/17, primary class "Byggesak", secondary
    // class "Kari Nordmann", with record 2024/123 and a version whose text says "byggesøknad":
    // every mcp-* file (the counters are set before, see seedConformanceArchive).
    {
      first: 7302556,
      at: at('2024-05-06T09:00:00Z'),
      ids: { sak: 7302556, jp: 7302557, kp: 7302558, d: 7302559, v: 7302560 },
      file: { id: 7302561, name: 'byggesoknad.txt', bytes: Buffer.from('Byggesøknad for enebolig i Fjordvegen 12.\nSøker: Kari Nordmann.\n', 'utf8') },
      actions: [
        save('Saksmappe', 'sak', { tittel: 'Byggesak – enebolig Fjordvegen 12' }),
        link('Saksmappe', 'sak', 'refArkivdel', '332'),
        link('Saksmappe', 'sak', 'refPrimaerKlasse', '215'),
        link('Saksmappe', 'sak', 'refSekundaerKlasse', '216'),
        save('Journalpost', 'jp', { tittel: 'Byggesøknad – enebolig Fjordvegen 12', journalposttype: 'I' }),
        link('Journalpost', 'jp', 'refMappe', 'sak'),
        party('kp', 'Kari Nordmann'),
        link('Korrespondansepart', 'kp', 'refRegistrering', 'jp'),
        save('Dokument', 'd', { tittel: 'Byggesøknad', tilknyttetRegistreringSom: 'H' }),
        link('Dokument', 'd', 'refRegistrering', 'jp'),
        save('Dokumentversjon', 'v', { variantformat: 'P', referanseDokumentfil: '7302561' }),
        link('Dokumentversjon', 'v', 'refDokument', 'd'),
      ],
    },
  ];
}

async function restartIdsAt(services: SandboxServices, id: number): Promise<void> {
  await services.db.query(`SELECT setval('entity_id_seq', $1, false)`, [id]);
}

/** Fills an empty sandbox with the conformance archive. */
export async function seedConformanceArchive(services: SandboxServices, options: ConformanceArchiveOptions): Promise<void> {
  // The registry first: the transaction checks load (and cache) it on the first transaction.
  const registry = new BsmRegistryStore(services.db);
  for (const group of [dipGroup, bsmGroups[options.bsm]]) {
    await registry.putGroup(group.groupId, { groupName: group.groupName });
    for (const f of group.fields) await registry.putField(group.groupId, f.fieldId, { fieldName: f.fieldName, fieldType: f.fieldType, fieldValues: f.fieldValues });
  }
  for (const v of codeValues) await putCodeValue(services.codeLists, v.field, v.code, { name: v.name, description: v.description, authority: v.authority });

  // The MCP sample's case number 2024/17 and record number 2024/123: the archive has counted 16
  // folders and 122 records in 2024 before them (as a real archive would have), which the
  // counters say without the fixture making 138 entities nobody asks for.
  await services.db.query(`INSERT INTO counter (name, value) VALUES ('mappe:2024', 16), ('journal:2024', 122)`);

  const writer = new SeedWriter(services);
  for (const p of placements(options.bsm)) {
    if (p.file) {
      await restartIdsAt(services, p.file.id);
      const id = await writer.upload(p.file.bytes, p.file.name);
      if (id !== String(p.file.id)) throw new Error(`conformance archive: the file meant for ${p.file.id} got ${id}`);
    }
    await restartIdsAt(services, p.first);
    const saved = await writer.transaction(p.actions, p.at);
    for (const [key, id] of Object.entries(p.ids)) {
      if (saved[key]?.id !== String(id)) throw new Error(`conformance archive: ${key} should be ${id}, is ${saved[key]?.id}`);
    }
  }

  const uploader = new SeedWriter(services, makeAccount(options.uploader ?? defaultSandboxAccounts.fullClient.id, 'client', true));
  for (const u of corpusUploads) {
    await restartIdsAt(services, u.id);
    const id = await uploader.upload(corpusFile(u.file), u.file);
    if (id !== String(u.id)) throw new Error(`conformance archive: the upload meant for ${u.id} got ${id}`);
  }

  // What clients create from now on takes ids above every fixed one.
  await services.db.query(`SELECT setval('entity_id_seq', (SELECT max(id) FROM (SELECT id FROM entity UNION ALL SELECT id FROM uploaded_file) AS ids))`);
}
