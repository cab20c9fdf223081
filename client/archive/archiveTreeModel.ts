/**
 * The archive as a tree, apart from VS Code: which query lists a node's children, how a node is
 * labelled, which query finds an entity's parent (to reveal it), and the `.noarkq` text of
 * "New Query for Children". The tree view (archiveTreeProvider.ts) only turns this into TreeItems.
 *
 * Structure (spec, "Resources"): Arkiv → Arkivdel → folders (nested through refForelderMappe) →
 * registrations → Dokument → Dokumentversjon; Klassifikasjonssystem → Klasse (nested through
 * refForelderKlasse) → the folders whose primary class it is. Children always link to their
 * parent, so every list is a query on the child's side of the link.
 */
import type { JsonValue } from '../../core/jsonValue';
import { defaultCodeLists } from '../../core/schema/codeLists';
import { identifyingFields } from '../../core/schema/identifyingFields';
import type { NoarkModel, ReferenceDef } from '../../core/schema/types';
import type { ArchiveApi, CallOptions, EntityObject, QueryBody } from '../../runner/archive/archiveApi';

/** Children asked for per expansion and per "Load more…". */
export const treePageSize = 100;

export type EntityCategory = 'arkiv' | 'arkivdel' | 'mappe' | 'registrering' | 'dokument' | 'dokumentversjon' | 'klassifikasjonssystem' | 'klasse' | 'other';

/** One query that lists (some of) a node's children. */
export interface ChildSource {
  /** The query type: abstract where the children may be of several concrete types. */
  type: string;
  query: string;
  parameters: Record<string, JsonValue>;
  sortOrder: { field: string; order: 'asc' | 'desc' }[];
}

/** Where a node's children come from, in order. */
export interface ChildSources {
  sources: ChildSource[];
  /** Once one source has given children, the later ones are not asked (a folder holds either
   * records or child folders, never both: spec, Mappe). */
  exclusive: boolean;
}

const byCreation = [
  { field: 'opprettetDato', order: 'asc' },
  { field: 'id', order: 'asc' },
] as const;
const byId = [{ field: 'id', order: 'asc' }] as const;

function source(type: string, query: string, parameters: Record<string, JsonValue>, sortOrder: readonly { field: string; order: 'asc' | 'desc' }[]): ChildSource {
  return { type, query, parameters, sortOrder: sortOrder.map((s) => ({ ...s })) };
}

export function categoryOf(model: NoarkModel, type: string): EntityCategory {
  const def = model.getType(type);
  const family = new Set([type, ...(def?.supertypes ?? [])]);
  if (family.has('AbstraktMappe') || type === 'Mappe') return 'mappe';
  if (family.has('AbstraktRegistrering') || type === 'Registrering') return 'registrering';
  switch (type) {
    case 'Arkiv':
      return 'arkiv';
    case 'Arkivdel':
      return 'arkivdel';
    case 'Dokument':
      return 'dokument';
    case 'Dokumentversjon':
      return 'dokumentversjon';
    case 'Klassifikasjonssystem':
      return 'klassifikasjonssystem';
    case 'Klasse':
      return 'klasse';
    default:
      return 'other';
  }
}

/** The concrete types under `abstractType` that have the reference `ref`. */
function typesWithReference(model: NoarkModel, abstractType: string, ref: string): string[] {
  return (model.getType(abstractType)?.subtypes ?? []).filter((type) => model.getType(type)?.references.some((r) => r.name === ref));
}

/** The lists at the top of the tree: the archives, and the classification systems under a group node. */
export const rootSources: ChildSources = { sources: [source('Arkiv', '', {}, byId)], exclusive: false };
export const classificationSources: ChildSources = { sources: [source('Klassifikasjonssystem', '', {}, byId)], exclusive: false };

/** The queries that list an entity's children; undefined for a leaf. */
export function childSources(model: NoarkModel, entity: Pick<EntityObject, 'type' | 'id'>): ChildSources | undefined {
  const id = { id: entity.id };
  const idAndNone = { id: entity.id, none: null };
  switch (categoryOf(model, entity.type)) {
    case 'arkiv':
      return { sources: [source('Arkivdel', 'refArkiv.id = @id', id, byId)], exclusive: false };
    case 'arkivdel':
      return {
        sources: [
          source('AbstraktMappe', 'refArkivdel.id = @id', id, byCreation),
          // A record may hang on the series itself instead of a folder (spec, Journalpost).
          source('AbstraktRegistrering', 'refArkivdel.id = @id && refMappe = @none', idAndNone, byCreation),
        ],
        exclusive: false,
      };
    case 'mappe': {
      // Only some folder types nest (the model says which have refForelderMappe), and only those
      // have child folders; asking the others would be a query that can never match.
      const nesting = model.getType(entity.type)?.references.some((r) => r.name === 'refBarnMappe') ? typesWithReference(model, 'AbstraktMappe', 'refForelderMappe') : [];
      return {
        sources: [source('AbstraktRegistrering', 'refMappe.id = @id', id, byCreation), ...nesting.map((type) => source(type, 'refForelderMappe.id = @id', id, byCreation))],
        exclusive: true,
      };
    }
    case 'registrering':
      return { sources: [source('Dokument', 'refRegistrering.id = @id', id, [{ field: 'dokumentnummer', order: 'asc' }, ...byId])], exclusive: false };
    case 'dokument':
      return { sources: [source('Dokumentversjon', 'refDokument.id = @id', id, [{ field: 'versjonsnummer', order: 'asc' }, ...byId])], exclusive: false };
    case 'klassifikasjonssystem':
      return { sources: [source('Klasse', 'refKlassifikasjonssystem.id = @id && refForelderKlasse = @none', idAndNone, byId)], exclusive: false };
    case 'klasse':
      return {
        sources: [source('Klasse', 'refForelderKlasse.id = @id', id, byId), source('AbstraktMappe', 'refPrimaerKlasse.id = @id', id, byCreation)],
        exclusive: false,
      };
    default:
      return undefined;
  }
}

/** Where a paged listing stands: the source being read and the offset in it. */
export interface ListingCursor {
  source: number;
  offset: number;
  /** Some source before this one gave children (for exclusive listings). */
  anyFound: boolean;
}

export const listingStart: ListingCursor = { source: 0, offset: 0, anyFound: false };

export interface ListingPage {
  entities: EntityObject[];
  /** Where "Load more…" goes on; undefined when everything is listed. */
  next: ListingCursor | undefined;
}

/**
 * One page of a node's children from `cursor`: one query while the source in hand fills the
 * page; the next source is asked in the same page only when this one ended with room to spare.
 */
export async function listChildren(api: ArchiveApi, listing: ChildSources, cursor: ListingCursor, options: CallOptions = {}, pageSize = treePageSize): Promise<ListingPage> {
  const entities: EntityObject[] = [];
  let at: ListingCursor = cursor;
  while (at.source < listing.sources.length && entities.length < pageSize) {
    if (listing.exclusive && at.anyFound && at.offset === 0) return { entities, next: undefined };
    const from = listing.sources[at.source]!;
    const limit = pageSize - entities.length;
    const body: QueryBody = { type: from.type, limit, offset: at.offset, sortOrder: from.sortOrder };
    if (from.query !== '') {
      body.query = from.query;
      body.parameters = from.parameters;
    }
    const answer = await api.query(body, options);
    entities.push(...answer.body.results);
    const anyFound = at.anyFound || answer.body.results.length > 0;
    if (answer.body.hasMore) return { entities, next: { source: at.source, offset: at.offset + answer.body.results.length, anyFound } };
    at = { source: at.source + 1, offset: 0, anyFound };
  }
  const more = at.source < listing.sources.length && !(listing.exclusive && at.anyFound);
  return { entities, next: more ? at : undefined };
}

// ---- Labels ----

function text(value: JsonValue | undefined): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A code-list or closed-set field (a status, a kind): shown in the tooltip, not in the label. */
function isCodeField(model: NoarkModel, type: string, name: string): boolean {
  const field = model.getType(type)?.fields.find((f) => f.name === name);
  return field?.codeList !== undefined || field?.allowedValues !== undefined;
}

/** The identifying fields that name the entity, joined (`2023/1 Søknad om startlån`), else the type and id. */
export function entityLabel(model: NoarkModel, entity: EntityObject): string {
  const parts = identifyingFields(model, entity.type)
    .filter((name) => !isCodeField(model, entity.type, name))
    .slice(0, 2)
    .map((name) => text(entity.fields[name]))
    .filter((v): v is string => v !== undefined && v !== '');
  if (entity.type === 'Dokumentversjon') {
    const version = text(entity.fields.versjonsnummer);
    const format = text(entity.fields.format) ?? text(entity.fields.filnavn);
    const shown = [version === undefined ? undefined : `v${version}`, format].filter((v): v is string => v !== undefined);
    if (shown.length > 0) return shown.join(' ');
  }
  return parts.length > 0 ? parts.join(' ') : `${entity.type} ${entity.id}`;
}

const statusLists = ['arkivstatus', 'arkivdelstatus', 'saksstatus'];
/** Per status field, the codes whose Noark 5 name says closed (`Avsluttet`, `Avsluttet periode`, …). */
const closedCodes = new Map(statusLists.map((name) => [name, new Set((defaultCodeLists.find((l) => l.name === name)?.values ?? []).filter((v) => /^avsluttet/i.test(v.name)).map((v) => v.code))]));

/** Closed: finalized (avsluttetDato), or a status whose code means closed (an archive, a series period, a case file). */
export function isClosed(entity: EntityObject): boolean {
  if (text(entity.fields.avsluttetDato) !== undefined) return true;
  return statusLists.some((name) => {
    const code = text(entity.fields[name]);
    return code !== undefined && closedCodes.get(name)!.has(code);
  });
}

/** The status fields a tooltip lists after the identifying ones. */
const statusFields = ['saksstatus', 'journalstatus', 'arkivstatus', 'arkivdelstatus', 'dokumentstatus', 'avsluttetDato', 'avsluttetAv', 'opprettetDato', 'opprettetAv'];

/** Name → value lines for a tooltip: id, the identifying fields, then status and creation. */
export function tooltipLines(model: NoarkModel, entity: EntityObject): [string, string][] {
  const lines: [string, string][] = [
    ['type', entity.type],
    ['id', entity.id],
  ];
  for (const name of [...identifyingFields(model, entity.type), ...statusFields, 'filnavn', 'filstoerrelse']) {
    const value = text(entity.fields[name]);
    if (value !== undefined && !lines.some(([n]) => n === name)) lines.push([name, value]);
  }
  return lines;
}

// ---- Parents (to reveal an entity found elsewhere) ----

/** The query type that finds an entity of `type` by id, concrete or not (search hits name `Mappe`, `Registrering`). */
export function lookupType(model: NoarkModel, type: string): string {
  const category = categoryOf(model, type);
  if (category === 'mappe') return 'AbstraktMappe';
  if (category === 'registrering') return 'AbstraktRegistrering';
  return type;
}

/** The query that finds the parent an entity is shown under in the tree; undefined at the top. */
export function parentQuery(model: NoarkModel, entity: Pick<EntityObject, 'type' | 'id'>): ChildSource[] | undefined {
  const id = { id: entity.id };
  switch (categoryOf(model, entity.type)) {
    case 'arkivdel':
      return [source('Arkiv', 'refArkivdel.id = @id', id, byId)];
    case 'mappe':
      return [...typesWithReference(model, 'AbstraktMappe', 'refBarnMappe').map((type) => source(type, 'refBarnMappe.id = @id', id, byId)), source('Arkivdel', 'refMappe.id = @id', id, byId)];
    case 'registrering':
      return [source('AbstraktMappe', 'refRegistrering.id = @id', id, byId), source('Arkivdel', 'refRegistrering.id = @id', id, byId)];
    case 'dokument':
      return [source('AbstraktRegistrering', 'refDokument.id = @id', id, byId)];
    case 'dokumentversjon':
      return [source('Dokument', 'refDokumentversjon.id = @id', id, byId)];
    case 'klasse':
      return [source('Klasse', 'refBarnKlasse.id = @id', id, byId), source('Klassifikasjonssystem', 'refKlasse.id = @id', id, byId)];
    default:
      return undefined;
  }
}

/** The entity with this id (its concrete type and fields), or undefined when the archive has none. */
export async function fetchEntity(api: ArchiveApi, model: NoarkModel, type: string, id: string, options: CallOptions = {}): Promise<EntityObject | undefined> {
  const answer = await api.query({ type: lookupType(model, type), query: 'id = @id', parameters: { id }, limit: 1 }, options);
  return answer.body.results[0];
}

/**
 * The entity the tree shows for `entity`: itself, or for a type the tree does not list (a
 * Korrespondansepart, a Merknad, an EksternId), the entity that owns it, through the owner link
 * its answer returns.
 */
export async function shownEntity(api: ArchiveApi, model: NoarkModel, entity: EntityObject, options: CallOptions = {}): Promise<EntityObject | undefined> {
  let current: EntityObject | undefined = entity;
  for (let depth = 0; current && categoryOf(model, current.type) === 'other' && depth < 8; depth++) {
    const owners: ReferenceDef[] = model.getType(current.type)?.references.filter((r) => r.owner) ?? [];
    const link = owners.map((r) => ({ r, id: current!.links[r.name] })).find((o) => o.id !== undefined);
    if (!link) return undefined;
    const id = Array.isArray(link.id) ? link.id[0] : link.id;
    current = id === undefined ? undefined : await fetchEntity(api, model, link.r.target, id, options);
  }
  return current;
}

/**
 * The chain from the top of the tree down to the entity (the entity last), following the parent
 * queries. Stops where an entity has no parent the tree shows (an Arkiv, a Klassifikasjonssystem).
 */
export async function ancestry(api: ArchiveApi, model: NoarkModel, entity: EntityObject, options: CallOptions = {}): Promise<EntityObject[]> {
  const chain = [entity];
  for (let depth = 0; depth < 64; depth++) {
    const queries = parentQuery(model, chain[0]!);
    if (!queries) return chain;
    let parent: EntityObject | undefined;
    for (const q of queries) {
      const answer = await api.query({ type: q.type, query: q.query, parameters: q.parameters, limit: 1 }, options);
      parent = answer.body.results[0];
      if (parent) break;
    }
    if (!parent) return chain;
    chain.unshift(parent);
  }
  return chain;
}

// ---- New Query for Children ----

function literal(value: JsonValue): string {
  return JSON.stringify(value);
}

/** A `.noarkq` file with one QUERY block per child source of the entity, ready to edit and run. */
export function childrenQueryText(model: NoarkModel, entity: EntityObject, label: string): string | undefined {
  const listing = childSources(model, entity);
  if (!listing) return undefined;
  const lines = [`# The children of ${entity.type} ${entity.id} (${label.replace(/[\r\n]+/g, ' ')}), as the archive tree lists them.`];
  listing.sources.forEach((s, i) => {
    lines.push('', `### children${listing.sources.length > 1 ? i + 1 : ''} ${s.type} under ${entity.type} ${entity.id}`);
    for (const [name, value] of Object.entries(s.parameters)) lines.push(`@${name} = ${literal(value)}`);
    lines.push(`QUERY ${s.type}`);
    if (s.query !== '') lines.push(`WHERE ${s.query}`);
    lines.push(`SORT ${s.sortOrder.map((o) => `${o.field} ${o.order.toUpperCase()}`).join(', ')}`, `LIMIT ${treePageSize}`);
  });
  return `${lines.join('\n')}\n`;
}
