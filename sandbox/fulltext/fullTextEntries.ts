/**
 * What the full-text index holds per collection (`doctype`). The spec leaves "entities indexed per
 * collection and fields searched" open; this follows full-text responses recorded from a real
 * archive (their shapes are in test/fixtures/wire): one index entry per
 *   Tekst              Dokumentversjon — the text of its file plus the metadata around it
 *   Korrespondansepart Korrespondansepart
 *   Registrering       registry entry (any AbstraktRegistrering)
 *   Mappe              folder (any AbstraktMappe)
 *   Arkivdel           series
 * Each entry's `ids` name the entity and everything above it, keyed `<Type>.id` with the ABSTRACT
 * names for folders and registry entries (`AbstraktMappe.id`, `AbstraktRegistrering.id`), as the
 * real archive keys them; its texts are keyed `<Type>.<field>` (the highlight keys), the file text
 * under `Tekst`. Fields of screened entities (`skjerming` set) are not indexed, so a search never
 * reveals them.
 */
import type { JsonValue } from '../../core/jsonValue';
import type { SqlSession } from '../store/database';

export const doctypes = ['Tekst', 'Korrespondansepart', 'Registrering', 'Mappe', 'Arkivdel'] as const;
export type Doctype = (typeof doctypes)[number];

export const folderTypes = ['Mappe', 'Saksmappe', 'Moetemappe'];
export const registryTypes = ['Basisregistrering', 'Journalpost', 'Arkivnotat', 'Moeteregistrering'];

/** The collection an entity of `type` is the subject of, if any. */
export function doctypeOf(type: string): Doctype | undefined {
  if (type === 'Dokumentversjon') return 'Tekst';
  if (type === 'Korrespondansepart') return 'Korrespondansepart';
  if (registryTypes.includes(type)) return 'Registrering';
  if (folderTypes.includes(type)) return 'Mappe';
  if (type === 'Arkivdel') return 'Arkivdel';
  return undefined;
}

/** The key an entity's id and fields appear under: abstract names for folders and registry entries. */
export function keyType(type: string): string {
  if (folderTypes.includes(type)) return 'AbstraktMappe';
  if (registryTypes.includes(type)) return 'AbstraktRegistrering';
  return type;
}

/** Searched fields per type key, in the order highlights are listed. */
const searchedFields: Record<string, string[]> = {
  Arkivdel: ['tittel', 'beskrivelse'],
  AbstraktMappe: ['mappeIdent', 'tittel', 'offentligTittel', 'beskrivelse', 'saksansvarlig', 'utvalg', 'moetested'],
  AbstraktRegistrering: ['registreringsIdent', 'tittel', 'offentligTittel', 'beskrivelse', 'forfatter', 'saksbehandler'],
  Korrespondansepart: ['korrespondansepartNavn', 'kontaktperson', 'postadresse', 'poststed', 'epostadresse', 'organisasjonsnummer', 'saksbehandler'],
  Dokument: ['tittel', 'beskrivelse', 'forfatter'],
  Dokumentversjon: ['filnavn'],
};

/** Which related entities' fields an entry of each collection searches (its own first). */
const searchedParts: Record<Doctype, string[]> = {
  Tekst: ['Dokumentversjon', 'Dokument', 'AbstraktRegistrering', 'Korrespondansepart', 'AbstraktMappe'],
  Korrespondansepart: ['Korrespondansepart', 'AbstraktRegistrering', 'AbstraktMappe'],
  Registrering: ['AbstraktRegistrering', 'Korrespondansepart', 'AbstraktMappe'],
  Mappe: ['AbstraktMappe'],
  Arkivdel: ['Arkivdel'],
};

/** Which related entities' ids an entry of each collection names. */
const idParts: Record<Doctype, string[]> = {
  Tekst: ['AbstraktRegistrering', 'Arkivdel', 'Dokumentversjon', 'Klasse', 'Korrespondansepart', 'Dokument', 'AbstraktMappe'],
  Korrespondansepart: ['Korrespondansepart', 'AbstraktRegistrering', 'AbstraktMappe', 'Arkivdel', 'Klasse'],
  Registrering: ['AbstraktRegistrering', 'Korrespondansepart', 'AbstraktMappe', 'Arkivdel', 'Klasse'],
  Mappe: ['AbstraktMappe', 'Arkivdel', 'Klasse'],
  Arkivdel: ['Arkivdel'],
};

/** Highlight keys of a collection in listing order (file text first, as the real archive lists it). */
export function textKeyOrder(doctype: Doctype): string[] {
  const keys = doctype === 'Tekst' ? ['Tekst'] : [];
  for (const part of searchedParts[doctype]) for (const field of searchedFields[part] ?? []) keys.push(`${part}.${field}`);
  return keys;
}

/** The collections whose entries of OTHER subjects show the texts of an entity of `type`, so a
 * change of its fields reaches them (its own entry aside). `chain` names a subject alone under its
 * own key, except correspondence parties, whose entries also list their registry entry's other
 * parties; so a series or a document version shows its texts in its own entry only, and renaming
 * one rebuilds one entry, not the archive below it. */
export function textDependents(type: string): Doctype[] {
  const key = keyType(type);
  const own = doctypeOf(type);
  return doctypes.filter((d) => searchedParts[d].includes(key) && (d !== own || d === 'Korrespondansepart'));
}

/** The stored link refs `chain` follows upwards (child → parent); no other link changes an entry. */
export const structuralRefs = ['refDokument', 'refRegistrering', 'refMappe', 'refArkivdel', 'refForelderMappe', 'refPrimaerKlasse'];

interface Node {
  id: number;
  type: string;
  fields: Record<string, JsonValue>;
}

/** The structure around a set of subjects, loaded with a few set-based queries. */
export class Neighbourhood {
  readonly nodes = new Map<number, Node>();
  /** child id → (ref → parent id) for the upward links. */
  private readonly up = new Map<number, Map<string, number>>();
  /** registry entry id → its correspondence parties. */
  private readonly parties = new Map<number, number[]>();

  /** Its reads are planned for their ids (`planEachRun`): a batch's are few, and a plan kept from a
   * small archive scanned the link table whole for each. */
  static async load(session: SqlSession, subjectIds: readonly number[]): Promise<Neighbourhood> {
    const n = new Neighbourhood();
    let frontier = [...new Set(subjectIds)];
    const seen = new Set(frontier);
    for (let depth = 0; frontier.length > 0 && depth < 12; depth++) {
      const { rows } = await session.query<{ from_id: string | number; ref: string; to_id: string | number }>(
        'SELECT from_id, ref, to_id FROM link WHERE from_id = ANY($1) AND ref = ANY($2)',
        [frontier, structuralRefs],
        { planEachRun: true },
      );
      const next: number[] = [];
      for (const r of rows) {
        const from = Number(r.from_id);
        const to = Number(r.to_id);
        let refs = n.up.get(from);
        if (!refs) n.up.set(from, (refs = new Map()));
        // A folder may have several primary classes (Moetemappe 1..*): the first one is named.
        if (!refs.has(r.ref)) refs.set(r.ref, to);
        if (!seen.has(to)) {
          seen.add(to);
          next.push(to);
        }
      }
      frontier = next;
    }
    const all = [...seen];
    const { rows: partyRows } = await session.query<{ from_id: string | number; to_id: string | number }>(
      `SELECT from_id, to_id FROM link WHERE to_id = ANY($1) AND ref = 'refRegistrering' AND from_type = 'Korrespondansepart' ORDER BY from_id`,
      [all],
      { planEachRun: true },
    );
    for (const r of partyRows) {
      const reg = Number(r.to_id);
      const kp = Number(r.from_id);
      const list = n.parties.get(reg);
      if (list) list.push(kp);
      else n.parties.set(reg, [kp]);
      all.push(kp);
    }
    const { rows } = await session.query<{ id: string | number; type: string; fields: Record<string, JsonValue> }>('SELECT id, type, fields FROM entity WHERE id = ANY($1)', [[...new Set(all)]], {
      planEachRun: true,
    });
    for (const r of rows) n.nodes.set(Number(r.id), { id: Number(r.id), type: r.type, fields: r.fields });
    return n;
  }

  private parent(id: number, ref: string): Node | undefined {
    const to = this.up.get(id)?.get(ref);
    return to === undefined ? undefined : this.nodes.get(to);
  }

  /** The entity and everything above it, by type key; correspondence parties of the registry entry. */
  chain(subject: Node): Map<string, Node[]> {
    const out = new Map<string, Node[]>();
    const add = (node: Node | undefined) => {
      if (!node) return;
      const key = keyType(node.type);
      const list = out.get(key);
      if (!list) out.set(key, [node]);
      else if (!list.some((x) => x.id === node.id)) list.push(node);
    };
    add(subject);
    let registry: Node | undefined;
    if (subject.type === 'Dokumentversjon') {
      const dokument = this.parent(subject.id, 'refDokument');
      add(dokument);
      registry = dokument && this.parent(dokument.id, 'refRegistrering');
    } else if (subject.type === 'Korrespondansepart') registry = this.parent(subject.id, 'refRegistrering');
    else if (registryTypes.includes(subject.type)) registry = subject;
    let folder: Node | undefined = folderTypes.includes(subject.type) ? subject : undefined;
    let klasse: Node | undefined;
    let series: Node | undefined = subject.type === 'Arkivdel' ? subject : undefined;
    if (registry) {
      add(registry);
      for (const kp of this.parties.get(registry.id) ?? []) add(this.nodes.get(kp));
      folder = this.parent(registry.id, 'refMappe');
      klasse = this.parent(registry.id, 'refPrimaerKlasse');
      series = this.parent(registry.id, 'refArkivdel');
    }
    // Up through parent folders to the series; the nearest folder is the one named.
    for (let f = folder, depth = 0; f && depth < 10; f = this.parent(f.id, 'refForelderMappe'), depth++) {
      if (depth === 0) add(f);
      klasse ??= this.parent(f.id, 'refPrimaerKlasse');
      series ??= this.parent(f.id, 'refArkivdel');
    }
    add(klasse);
    add(series);
    return out;
  }
}

export interface IndexEntry {
  doctype: Doctype;
  subjectId: number;
  ids: Record<string, string[]>;
  texts: Record<string, string[]>;
  related: number[];
  fileId: number | null;
}

function isScreened(node: Node): boolean {
  const s = node.fields.skjerming;
  return typeof s === 'string' && s !== '';
}

/** The index entry of `subject`; `fileText` is the text of its file (Tekst only). */
export function buildEntry(doctype: Doctype, subject: Node, chain: Map<string, Node[]>, fileText: string | undefined): IndexEntry {
  const ids: Record<string, string[]> = {};
  const related = new Set<number>();
  for (const key of idParts[doctype]) {
    const nodes = chain.get(key);
    if (!nodes || nodes.length === 0) continue;
    ids[`${key}.id`] = nodes.map((n) => String(n.id));
    for (const n of nodes) related.add(n.id);
  }
  const texts: Record<string, string[]> = {};
  if (doctype === 'Tekst' && fileText && fileText.trim() && !isScreened(subject)) texts.Tekst = [fileText];
  for (const key of searchedParts[doctype]) {
    for (const node of chain.get(key) ?? []) {
      if (isScreened(node)) continue;
      for (const field of searchedFields[key] ?? []) {
        const value = node.fields[field];
        if (typeof value !== 'string' || value.trim() === '') continue;
        const name = `${key}.${field}`;
        (texts[name] ??= []).push(value);
      }
    }
  }
  const file = subject.fields.referanseDokumentfil;
  return { doctype, subjectId: subject.id, ids, texts, related: [...related], fileId: typeof file === 'string' && /^\d+$/.test(file) ? Number(file) : null };
}
