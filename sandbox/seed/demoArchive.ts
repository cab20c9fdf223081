/**
 * The demo archive a new sandbox starts with: "Fjordvik kommune", a fonds with its creator, a case
 * series and a series for political meetings, a classification system with nested classes, about
 * 200 case files (byggesak, barnehageplass, skjenkebevilling, ...) with journal entries,
 * correspondence parties, documents and versions with small real files (text and PDF), meeting
 * folders with participants and meeting records, external ids, keywords, remarks, property and plan
 * identifiers, and a BSM group in use. Everything is written through SeedWriter, i.e. the checks and
 * the executor of `POST /transaction` and the store of `POST /upload`, in the order of its dates,
 * so years, sequence numbers and counters are what a real archive would hold. Deterministic.
 */
import type { JsonValue } from '../../core/jsonValue';
import { join } from 'node:path';
import { BsmRegistryStore } from '../registries/bsmRegistryStore';
import { userCacheDir } from '../sandboxOptions';
import type { SandboxModule, SandboxServices } from '../sandboxServices';
import { formatTimestamp } from '../store/fieldValues';
import { buildCase, dateText, pickKind, type CaseSpec, type DocumentSpec, type EntrySpec, type PartySpec } from './demoCases';
import { demoPdf, demoTextFile, letterLines } from './demoFiles';
import { isPristineArchive, loadSnapshot, saveSnapshot, snapshotKey } from './demoSnapshot';
import { administrativeUnits, caseOfficers, classTree, firstNames, lastNames, municipality } from './demoVocabulary';
import { SeededRandom } from './seededRandom';
import { SeedWriter, type SeedAction } from './seedWriter';

export interface DemoArchiveOptions {
  /** Number of case files (200). */
  caseFiles?: number;
  /** Seed of the generator (4699): another seed gives another, equally valid archive. */
  seed?: number;
  /** Folder of the seeded-archive snapshots (the user cache); false seeds through the executor every time. */
  snapshotDir?: string | false;
}

export interface DemoArchiveSummary {
  caseFiles: number;
  meetingFolders: number;
  journalEntries: number;
  files: number;
  /** The BSM group the byggesak case files use, when the BSM registry module is present. */
  bsmGroup?: string;
}

const day = 86_400_000;
/** The demo archive's time span: its cases start in 2023 and the last entries are from mid-August 2024. */
const firstDay = Date.UTC(2023, 0, 3, 8);
const lastDay = Date.UTC(2024, 7, 16, 14);
const foundedAt = Date.UTC(2022, 11, 1, 9);

export const demoBsmGroup = {
  groupId: 'fjordvik-byggesak',
  groupName: 'Byggesak (Fjordvik)',
  groupDescription: 'Opplysninger fra byggesakssystemet om eiendom og tiltak',
  fields: [
    { fieldId: 'fjordvik-gnr', fieldName: 'Gårdsnummer', fieldType: 'long' as const },
    { fieldId: 'fjordvik-bnr', fieldName: 'Bruksnummer', fieldType: 'long' as const },
    { fieldId: 'fjordvik-tiltakstype', fieldName: 'Tiltakstype', fieldType: 'string' as const },
  ],
};

/** True when the archive holds no entity yet (the demo is seeded only into an empty archive). */
export async function isArchiveEmpty(services: SandboxServices): Promise<boolean> {
  const { rows } = await services.db.query('SELECT 1 FROM entity LIMIT 1');
  return rows.length === 0;
}

async function createBsmGroup(services: SandboxServices): Promise<string | undefined> {
  const { rows } = await services.db.query<{ t: string | null }>(`SELECT to_regclass('bsm_group')::text AS t`);
  if (!rows[0]?.t) return undefined;
  // The registry module owns these tables: without that module there is no registry to fill.
  const store = new BsmRegistryStore(services.db);
  await store.putGroup(demoBsmGroup.groupId, { groupName: demoBsmGroup.groupName, groupDescription: demoBsmGroup.groupDescription });
  for (const field of demoBsmGroup.fields) await store.putField(demoBsmGroup.groupId, field.fieldId, { fieldName: field.fieldName, fieldType: field.fieldType });
  return demoBsmGroup.groupId;
}

async function addAdministrativeUnits(services: SandboxServices): Promise<void> {
  const { rows } = await services.db.query<{ n: number | string }>(`SELECT count(*) AS n FROM code_value WHERE field = 'administrativEnhet'`);
  if (Number(rows[0]?.n ?? 0) > 0) return;
  await services.db.query(`INSERT INTO code_list (field, default_code) VALUES ('administrativEnhet', NULL) ON CONFLICT (field) DO NOTHING`);
  let position = 0;
  for (const unit of administrativeUnits) {
    await services.db.query('INSERT INTO code_value (field, code, name, description, authority, position) VALUES ($1, $2, $3, NULL, NULL, $4) ON CONFLICT DO NOTHING', ['administrativEnhet', unit.code, unit.name, position++]);
  }
}

interface Structure {
  fonds: string;
  caseSeries: string;
  meetingSeries: string;
  classes: Map<string, string>;
}

async function createStructure(writer: SeedWriter): Promise<Structure> {
  const actions: SeedAction[] = [
    { action: 'save', type: 'Arkiv', id: 'arkiv', fields: { tittel: `${municipality.name} – arkiv`, beskrivelse: `Sak- og møtearkivet til ${municipality.name}` } },
    { action: 'save', type: 'Arkivskaper', id: 'skaper', fields: { arkivskaperIdent: municipality.orgNumber, arkivskaperNavn: municipality.name, beskrivelse: `Kommunenummer ${municipality.number}` } },
    { action: 'link', type: 'Arkivskaper', id: 'skaper', ref: 'refArkiv', linkToId: ['arkiv'] },
    { action: 'save', type: 'Klassifikasjonssystem', id: 'system', fields: { tittel: 'Fjordvik funksjonsbasert arkivnøkkel', klassifikasjonstype: 'FF', beskrivelse: 'Funksjonsbasert klassifikasjon med hovedklasser og underklasser' } },
    { action: 'save', type: 'Arkivdel', id: 'sakarkiv', fields: { tittel: 'Sakarkiv 2023–', beskrivelse: 'Saksmapper fra og med 2023', arkivperiodeStartDato: '2023-01-01' } },
    { action: 'link', type: 'Arkivdel', id: 'sakarkiv', ref: 'refArkiv', linkToId: ['arkiv'] },
    { action: 'link', type: 'Arkivdel', id: 'sakarkiv', ref: 'refPrimaerKlassifikasjonssystem', linkToId: ['system'] },
    { action: 'save', type: 'Arkivdel', id: 'moter', fields: { tittel: 'Politiske møter 2023–', beskrivelse: 'Møtemapper for kommunestyret og formannskapet', arkivperiodeStartDato: '2023-01-01' } },
    { action: 'link', type: 'Arkivdel', id: 'moter', ref: 'refArkiv', linkToId: ['arkiv'] },
    { action: 'link', type: 'Arkivdel', id: 'moter', ref: 'refPrimaerKlassifikasjonssystem', linkToId: ['system'] },
  ];
  for (const top of classTree) {
    actions.push({ action: 'save', type: 'Klasse', id: `k${top.ident}`, fields: { klasseIdent: top.ident, tittel: top.title } });
    actions.push({ action: 'link', type: 'Klasse', id: `k${top.ident}`, ref: 'refKlassifikasjonssystem', linkToId: ['system'] });
    for (const child of top.children) {
      actions.push({ action: 'save', type: 'Klasse', id: `k${child.ident}`, fields: { klasseIdent: child.ident, tittel: child.title } });
      actions.push({ action: 'link', type: 'Klasse', id: `k${child.ident}`, ref: 'refKlassifikasjonssystem', linkToId: ['system'] });
      actions.push({ action: 'link', type: 'Klasse', id: `k${child.ident}`, ref: 'refForelderKlasse', linkToId: [`k${top.ident}`] });
    }
  }
  const saved = await writer.transaction(actions, foundedAt);
  const classes = new Map<string, string>();
  for (const top of classTree) for (const c of [top, ...top.children]) classes.set(c.ident, saved[`k${c.ident}`].id);
  return { fonds: saved.arkiv.id, caseSeries: saved.sakarkiv.id, meetingSeries: saved.moter.id, classes };
}

interface MeetingSpec {
  at: number;
  board: 'Kommunestyret' | 'Formannskapet';
  number: string;
  members: { name: string; role: string }[];
  items: string[];
}

/** A case file's creation, a later journal entry, or a meeting; written in date order. */
type SeedEvent = { at: number; kind: 'case'; spec: CaseSpec; key: number } | { at: number; kind: 'entry'; spec: EntrySpec; key: number; parent: CaseSpec } | { at: number; kind: 'meeting'; spec: MeetingSpec };

function plan(caseFiles: number, rng: SeededRandom): { cases: CaseSpec[]; meetings: MeetingSpec[] } {
  const span = lastDay - 7 * day - firstDay;
  const caseTimes = Array.from({ length: caseFiles }, () => firstDay + Math.floor(rng.next() * span)).sort((a, b) => a - b);
  const meetingTimes: { at: number; board: MeetingSpec['board'] }[] = [];
  for (const [month, board] of [
    [1, 'Kommunestyret'], [2, 'Formannskapet'], [4, 'Kommunestyret'], [5, 'Formannskapet'], [8, 'Formannskapet'], [10, 'Kommunestyret'],
    [13, 'Kommunestyret'], [14, 'Formannskapet'], [16, 'Kommunestyret'], [17, 'Formannskapet'], [19, 'Formannskapet'],
  ] as const) {
    meetingTimes.push({ at: Date.UTC(2023, month, 10 + rng.int(0, 8), 16), board });
  }
  // The README's example finds case 2024/17 and its external id BS-2024-0017: make the 17th folder
  // of 2024 (case files and meeting folders share the sequence) a byggesak case file.
  const creations = [...caseTimes.map((at, i) => ({ at, caseIndex: i })), ...meetingTimes.map((m) => ({ at: m.at, caseIndex: -1 }))].sort((a, b) => a.at - b.at);
  let forced = -1;
  let seq = 0;
  for (const c of creations) {
    if (new Date(c.at).getUTCFullYear() !== 2024) continue;
    seq++;
    if (seq === 17) {
      forced = c.caseIndex;
      if (forced < 0) throw new Error('demo plan: the 17th folder of 2024 is a meeting; move the meeting dates');
    }
  }
  const cases = caseTimes.map((at, i) => buildCase(i === forced ? 'byggesak' : pickKind(rng), at, lastDay, rng));
  // The example flow registers a new letter in that case file, which a closed case file refuses.
  if (forced >= 0) cases[forced].closed = false;
  const meetings = meetingTimes.map((m, i): MeetingSpec => {
    const members = Array.from({ length: m.board === 'Kommunestyret' ? 7 : 5 }, (_, k) => ({ name: `${rng.pick(firstNames)} ${rng.pick(lastNames)}`, role: k === 0 ? 'Ordfører' : k === 1 ? 'Varaordfører' : 'Medlem' }));
    const year = new Date(m.at).getUTCFullYear();
    const items = ['Godkjenning av protokoll', rng.pick(['Økonomiplan 2024–2027 og budsjett 2024', 'Tertialrapport', 'Årsmelding og årsregnskap']), rng.pick(['Detaljregulering for Havnefronten – sluttbehandling', 'Ny brannstasjon – valg av tomt', 'Skjenkepolitiske retningslinjer', 'Rullering av kommuneplanens arealdel'])];
    return { at: m.at, board: m.board, number: `${m.board === 'Kommunestyret' ? 'KST' : 'FSK'} ${String(i + 1).padStart(2, '0')}/${String(year).slice(2)}`, members, items };
  });
  return { cases, meetings };
}

function partyFields(party: PartySpec): Record<string, JsonValue> {
  const fields: Record<string, JsonValue> = { korrespondansepartNavn: party.name, korrespondanseparttype: party.type, erPerson: party.person };
  if (party.address) fields.postadresse = party.address;
  if (party.postnummer) fields.postnummer = party.postnummer;
  if (party.poststed) fields.poststed = party.poststed;
  if (party.email) fields.epostadresse = party.email;
  if (party.orgNumber) fields.organisasjonsnummer = party.orgNumber;
  if (party.unit) {
    fields.administrativEnhet = party.unit;
    fields.saksbehandler = party.name;
  }
  return fields;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/å/g, 'a')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 50);
}

export class DemoArchiveBuilder {
  private readonly writer: SeedWriter;
  private structure!: Structure;
  private readonly caseIds = new Map<CaseSpec, string>();
  private readonly summary: DemoArchiveSummary = { caseFiles: 0, meetingFolders: 0, journalEntries: 0, files: 0 };
  private temp = 0;

  constructor(
    private readonly services: SandboxServices,
    private readonly options: DemoArchiveOptions = {},
  ) {
    this.writer = new SeedWriter(services);
  }

  private id(prefix: string): string {
    return `${prefix}${++this.temp}`;
  }

  async build(): Promise<DemoArchiveSummary> {
    const rng = new SeededRandom(this.options.seed ?? 4699);
    this.summary.bsmGroup = await createBsmGroup(this.services);
    await addAdministrativeUnits(this.services);
    this.writer.refreshCodeLists();
    this.structure = await createStructure(this.writer);
    const { cases, meetings } = plan(this.options.caseFiles ?? 200, rng);
    const events: SeedEvent[] = [];
    cases.forEach((spec, key) => {
      events.push({ at: spec.at, kind: 'case', spec, key });
      spec.entries.slice(1).forEach((entry, i) => events.push({ at: entry.at, kind: 'entry', spec: entry, key: i + 1, parent: spec }));
    });
    for (const m of meetings) events.push({ at: m.at, kind: 'meeting', spec: m });
    events.sort((a, b) => a.at - b.at);
    // Files are stored first (upload is its own request), then a few events share one SQL transaction.
    for (let i = 0; i < events.length; i += 16) {
      const chunk = events.slice(i, i + 16);
      const files = new Map<DocumentSpec, string[]>();
      for (const event of chunk) {
        const entries = event.kind === 'case' ? event.spec.entries.slice(0, 1) : event.kind === 'entry' ? [event.spec] : [];
        for (const entry of entries) for (const d of entry.documents) files.set(d, await this.uploadDocument(d));
        if (event.kind === 'meeting') for (const d of this.meetingDocuments(event.spec)) files.set(d, await this.uploadDocument(d));
      }
      await this.writer.batch(async (run) => {
        for (const event of chunk) {
          if (event.kind === 'case') await this.writeCase(run, event.spec, files);
          else if (event.kind === 'entry') await this.writeEntryEvent(run, event.spec, event.parent, files);
          else await this.writeMeeting(run, event.spec, files);
        }
      });
    }
    await this.closeFinishedCases(cases);
    return this.summary;
  }

  private async uploadDocument(d: DocumentSpec): Promise<string[]> {
    const base = slug(d.title);
    const ids: string[] = [];
    if (d.format === 'txt' || d.draftFirst) ids.push(await this.writer.upload(demoTextFile(d.letter), `${base}${d.draftFirst ? '-utkast' : ''}.txt`));
    if (d.format === 'pdf') ids.push(await this.writer.upload(demoPdf(letterLines(d.letter)), `${base}.pdf`));
    this.summary.files += ids.length;
    return ids;
  }

  private documentActions(d: DocumentSpec, fileIds: readonly string[], registrering: string): SeedAction[] {
    const dok = this.id('dok');
    const actions: SeedAction[] = [
      { action: 'save', type: 'Dokument', id: dok, fields: { tittel: d.title, tilknyttetRegistreringSom: d.attachment ? 'V' : 'H', dokumentstatus: 'F' } },
      { action: 'link', type: 'Dokument', id: dok, ref: 'refRegistrering', linkToId: [registrering] },
    ];
    fileIds.forEach((fileId, i) => {
      const version = this.id('ver');
      const archived = d.format === 'pdf' && i === fileIds.length - 1;
      actions.push({ action: 'save', type: 'Dokumentversjon', id: version, fields: { referanseDokumentfil: fileId, variantformat: archived ? 'A' : 'P' } });
      actions.push({ action: 'link', type: 'Dokumentversjon', id: version, ref: 'refDokument', linkToId: [dok] });
    });
    return actions;
  }

  private entryActions(entry: EntrySpec, spec: CaseSpec, folder: string, files: Map<DocumentSpec, string[]>): SeedAction[] {
    const jp = this.id('jp');
    const fields: Record<string, JsonValue> = {
      tittel: entry.title,
      journalposttype: entry.type,
      journalstatus: entry.type === 'U' ? 'E' : 'J',
      dokumentetsDato: dateText(entry.at - (entry.type === 'I' ? 2 * day : 0)),
      journalansvarlig: spec.officer.name,
      journalansvarligBrukerIdent: spec.officer.ident,
    };
    if (entry.publicTitle) fields.offentligTittel = entry.publicTitle;
    if (entry.type === 'I') fields.mottattDato = formatTimestamp(entry.at);
    if (entry.type === 'U') fields.sendtDato = formatTimestamp(entry.at);
    const actions: SeedAction[] = [
      { action: 'save', type: 'Journalpost', id: jp, fields },
      { action: 'link', type: 'Journalpost', id: jp, ref: 'refMappe', linkToId: [folder] },
    ];
    for (const party of entry.parties) {
      const kp = this.id('kp');
      actions.push({ action: 'save', type: 'Korrespondansepart', id: kp, fields: partyFields(party) });
      actions.push({ action: 'link', type: 'Korrespondansepart', id: kp, ref: 'refRegistrering', linkToId: [jp] });
    }
    for (const d of entry.documents) actions.push(...this.documentActions(d, files.get(d) ?? [], jp));
    if (entry.remark) {
      const m = this.id('merknad');
      actions.push({ action: 'save', type: 'Merknad', id: m, fields: { tekst: entry.remark, merknadstype: 'MER' } });
      actions.push({ action: 'link', type: 'Merknad', id: m, ref: 'refRegistrering', linkToId: [jp] });
    }
    this.summary.journalEntries++;
    return actions;
  }

  private async writeCase(run: Run, spec: CaseSpec, files: Map<DocumentSpec, string[]>): Promise<void> {
    const fields: Record<string, JsonValue> = {
      tittel: spec.title,
      administrativEnhet: spec.unit,
      saksansvarlig: spec.officer.name,
      saksansvarligBrukerIdent: spec.officer.ident,
      saksdato: dateText(spec.at),
    };
    if (spec.publicTitle) fields.offentligTittel = spec.publicTitle;
    if (spec.property && this.summary.bsmGroup && spec.kind === 'byggesak') {
      fields.virksomhetsspesifikkeMetadata = {
        [demoBsmGroup.groupId]: {
          'fjordvik-gnr': { values: [Number(spec.property.gnr)] },
          'fjordvik-bnr': { values: [Number(spec.property.bnr)] },
          'fjordvik-tiltakstype': { values: [spec.measure ?? 'annet'] },
        },
      };
    }
    const actions: SeedAction[] = [
      { action: 'save', type: 'Saksmappe', id: 'sak', fields },
      { action: 'link', type: 'Saksmappe', id: 'sak', ref: 'refArkivdel', linkToId: [this.structure.caseSeries] },
      { action: 'link', type: 'Saksmappe', id: 'sak', ref: 'refPrimaerKlasse', linkToId: [this.structure.classes.get(spec.classIdent) as string] },
    ];
    for (const word of spec.keywords) {
      const k = this.id('ord');
      actions.push({ action: 'save', type: 'Noekkelord', id: k, fields: { verdi: word } }, { action: 'link', type: 'Noekkelord', id: k, ref: 'refMappe', linkToId: ['sak'] });
    }
    if (spec.property) {
      actions.push(
        { action: 'save', type: 'Eiendom', id: 'eiendom', fields: { knr: municipality.number, gnr: spec.property.gnr, bnr: spec.property.bnr, beskrivelse: spec.property.address } },
        { action: 'link', type: 'Eiendom', id: 'eiendom', ref: 'refMappe', linkToId: ['sak'] },
      );
    }
    if (spec.plan) {
      actions.push(
        { action: 'save', type: 'Plan', id: 'plan', fields: { planident: spec.plan.ident, plannavn: spec.plan.name, planKommunenummer: municipality.number } },
        { action: 'link', type: 'Plan', id: 'plan', ref: 'refMappe', linkToId: ['sak'] },
      );
    }
    if (spec.entries[0]) actions.push(...this.entryActions(spec.entries[0], spec, 'sak', files));
    const saved = await run(actions, spec.at);
    const folder = saved.sak;
    this.caseIds.set(spec, folder.id);
    this.summary.caseFiles++;
    if (spec.external) {
      const ident = `${spec.external.prefix}-${String(folder.fields.saksaar)}-${String(folder.fields.sakssekvensnummer).padStart(4, '0')}`;
      await run(
        [
          { action: 'save', type: 'EksternId', id: 'ekstern', fields: { eksterntSystem: spec.external.system, eksternID: ident } },
          { action: 'link', type: 'EksternId', id: 'ekstern', ref: 'refMappe', linkToId: [folder.id] },
        ],
        spec.at,
      );
    }
  }

  private async writeEntryEvent(run: Run, entry: EntrySpec, spec: CaseSpec, files: Map<DocumentSpec, string[]>): Promise<void> {
    const folder = this.caseIds.get(spec);
    if (!folder) throw new Error(`demo seed: journal entry "${entry.title}" before its case file`);
    await run(this.entryActions(entry, spec, folder, files), entry.at);
  }

  private meetingDocs = new Map<MeetingSpec, DocumentSpec[]>();

  private meetingDocuments(m: MeetingSpec): DocumentSpec[] {
    let docs = this.meetingDocs.get(m);
    if (docs) return docs;
    const date = dateText(m.at);
    const secretary = caseOfficers[0];
    const summons: DocumentSpec = {
      title: `Møteinnkalling – ${m.board} ${date}`,
      format: 'pdf',
      attachment: false,
      draftFirst: false,
      letter: { from: `${municipality.name}, Politisk sekretariat`, to: `Medlemmene av ${m.board.toLowerCase()}`, date, heading: `Møteinnkalling – ${m.board}`, paragraphs: [`${m.board} innkalles til møte ${date} kl. 18.00 i kommunestyresalen.`, `Saksliste: ${m.items.map((item, i) => `PS ${i + 1}/${m.number.slice(-2)} ${item}`).join('; ')}.`], signature: m.members[0].name },
    };
    const minutes: DocumentSpec = {
      title: `Møteprotokoll – ${m.board} ${date}`,
      format: 'pdf',
      attachment: false,
      draftFirst: false,
      letter: { from: `${municipality.name}, Politisk sekretariat`, to: m.board, date, heading: `Møteprotokoll – ${m.board}`, paragraphs: [`Til stede: ${m.members.map((p) => p.name).join(', ')}.`, ...m.items.map((item, i) => `PS ${i + 1}/${m.number.slice(-2)} ${item}: Innstillingen ble vedtatt.`)], signature: secretary.name },
    };
    docs = [summons, minutes];
    this.meetingDocs.set(m, docs);
    return docs;
  }

  private async writeMeeting(run: Run, m: MeetingSpec, files: Map<DocumentSpec, string[]>): Promise<void> {
    const [summons, minutes] = this.meetingDocuments(m);
    const date = dateText(m.at);
    const actions: SeedAction[] = [
      { action: 'save', type: 'Moetemappe', id: 'mote', fields: { tittel: `${m.board} – møte ${date}`, moetenummer: m.number, utvalg: m.board, moetedato: date, moetested: 'Kommunestyresalen, Fjordvik rådhus' } },
      { action: 'link', type: 'Moetemappe', id: 'mote', ref: 'refArkivdel', linkToId: [this.structure.meetingSeries] },
      { action: 'link', type: 'Moetemappe', id: 'mote', ref: 'refPrimaerKlasse', linkToId: [this.structure.classes.get(m.board === 'Kommunestyret' ? '71' : '72') as string] },
    ];
    for (const member of m.members) {
      const d = this.id('deltaker');
      actions.push({ action: 'save', type: 'Moetedeltaker', id: d, fields: { navn: member.name, funksjon: member.role } }, { action: 'link', type: 'Moetedeltaker', id: d, ref: 'refMappe', linkToId: ['mote'] });
    }
    const records: { title: string; type: string; doc?: DocumentSpec; sakstype?: string }[] = [
      { title: summons.title, type: 'MI', doc: summons },
      ...m.items.map((item, i) => ({ title: `PS ${i + 1}/${m.number.slice(-2)} ${item}`, type: 'SF', sakstype: 'PS' })),
      { title: minutes.title, type: 'MP', doc: minutes },
    ];
    for (const r of records) {
      const reg = this.id('mreg');
      const fields: Record<string, JsonValue> = { tittel: r.title, saksbehandler: caseOfficers[0].name, administrativEnhet: 'POL', moeteregistreringstype: r.type };
      if (r.sakstype) fields.moetesakstype = r.sakstype;
      actions.push({ action: 'save', type: 'Moeteregistrering', id: reg, fields }, { action: 'link', type: 'Moeteregistrering', id: reg, ref: 'refMappe', linkToId: ['mote'] });
      if (r.doc) actions.push(...this.documentActions(r.doc, files.get(r.doc) ?? [], reg));
    }
    await run(actions, m.at);
    this.summary.meetingFolders++;
  }

  /** Finished cases get their final status and are closed, as the archive would hold them. */
  private async closeFinishedCases(cases: readonly CaseSpec[]): Promise<void> {
    const actions: SeedAction[] = [];
    for (const spec of cases) {
      const id = this.caseIds.get(spec);
      if (!id || !spec.closed) continue;
      const last = spec.entries[spec.entries.length - 1].at;
      actions.push({ action: 'save', type: 'Saksmappe', id, fields: { saksstatus: 'A', avsluttetDato: formatTimestamp(last + 30 * day), avsluttetAv: spec.officer.name, avsluttetAvBrukerIdent: spec.officer.ident } });
    }
    if (actions.length > 0) await this.writer.transaction(actions, lastDay);
  }
}

type Run = (actions: SeedAction[], at: number) => Promise<Record<string, import('../store/entityRows').EntityResult>>;

/**
 * Seeds the demo archive into an EMPTY archive; returns undefined (and writes nothing) otherwise.
 * Into a pristine archive it loads the snapshot of an earlier seed when there is one (see
 * demoSnapshot.ts), and leaves one after seeding.
 */
export async function seedDemoArchive(services: SandboxServices, options: DemoArchiveOptions = {}): Promise<DemoArchiveSummary | undefined> {
  if (!(await isArchiveEmpty(services))) return undefined;
  // Snapshots hold the files' content as files; an archive on a server keeps it in the database.
  const onServer = services.options?.databaseUrl !== undefined;
  const snapshotDir = options.snapshotDir === undefined && !onServer ? join(userCacheDir(), 'demo-archive') : (options.snapshotDir ?? false);
  const pristine = snapshotDir !== false && (await isPristineArchive(services));
  const folder = snapshotDir === false ? undefined : join(snapshotDir, snapshotKey([String(options.caseFiles ?? 200), String(options.seed ?? 4699)]));
  if (pristine && folder) {
    const loaded = await loadSnapshot<DemoArchiveSummary>(services, folder);
    if (loaded) return loaded;
  }
  const summary = await new DemoArchiveBuilder(services, options).build();
  if (pristine && folder) {
    try {
      await saveSnapshot(services, folder, summary);
    } catch {
      // The snapshot only saves time on the next new archive.
    }
  }
  return summary;
}

/** The demo archive as a module, for sandboxes started from code (`modules: [demoSeedModule]`). */
export const demoSeedModule: SandboxModule = {
  name: 'demo-archive',
  seed: async (services) => {
    await seedDemoArchive(services);
  },
};
