/**
 * The JSON bodies the archive's endpoints take (spec "Endpoints"), as data: the body checks,
 * completion and hover all read this one table. Where the spec marks something "not shown" the
 * vendor notes fill it (`source: 'reference'`). A key is required only where the spec or the
 * vendor says so, or where the request cannot mean anything without it.
 */
import type { JSONPath } from 'jsonc-parser';
import type {
  AccessLogBody,
  BsmFieldBody,
  BsmGroupBody,
  BulkBody,
  BulkDeleteBody,
  ChangeLogBody,
  CodeListValueBody,
  DownloadLogBody,
  ExpandFolderBody,
  ExpandRecordBody,
  FullTextSearchBody,
  FullTextSetBody,
  QueryBody,
} from '../api';
import { bsmFieldTypes } from '../api/bsmFieldTypes';
import type { KnownKeys } from '../api/knownKeys';
import { sortOrders } from '../api/sortOrders';
import type { Source } from '../schema/types';
import type { HttpMethod, HttpRequestSyntax } from './documentModel';
import { fullTextExpandKeys } from './fullTextSearchTerms';
import { matchEndpoint, relativeToApiRoot } from './httpEndpoints';

/** JSON types as the spec names them; `any` takes every JSON value, `scalar` a string, number or boolean. */
export type BodyValueType = 'string' | 'number' | 'boolean' | 'scalar' | 'object' | 'array' | 'any';

/** What a value (a key's value, an array item, a map entry) must look like. */
export interface BodyValueShape {
  type: BodyValueType;
  /** The only strings accepted, in the spec's order. */
  allowedValues?: readonly string[];
  /** The value names an entity type the model can query (the model decides, not this table). */
  queryableType?: boolean;
  /** The value names an entity type of the model, abstract ones too (the model decides). */
  entityType?: boolean;
  /** The value names an entity type a full-text hit can expand (fullTextSearchTerms.ts). */
  fullTextExpandType?: boolean;
  /** The keys of this map are full-text filter names (`<Type>.<field>`), offered in completion. */
  fullTextFilterKeys?: boolean;
  /** An array that may also be written as its single item (`"I"` for `["I"]`). */
  singleItemAlone?: boolean;
  /** The value is a path on the body's `type`, resolved as the query checker resolves SORT and
   * JOIN paths: a sortable field (`sort`), or a reference path from the type or from another
   * alias of the same `joins` (`join`). */
  modelPath?: 'sort' | 'join' | 'expression';
  /** Smallest number accepted. */
  minimum?: number;
  /** Largest number accepted. */
  maximum?: number;
  /** An object with these known keys (other keys are reported). */
  keys?: readonly BodyKeyShape[];
  /** An object whose keys are free (a map), each value of this shape. */
  entries?: BodyValueShape;
  /** An array whose items have this shape. */
  items?: BodyValueShape;
}

export interface BodyKeyShape extends BodyValueShape {
  name: string;
  required: boolean;
  /** The spec's (or the vendor's) note, for hover and completion. */
  note: string;
  source: Source;
}

export interface RequestBodyShape {
  method: HttpMethod;
  /** As in `apiEndpoints`. */
  endpoint: string;
  keys: readonly BodyKeyShape[];
}

/** A key as the tables below write it: its name is the record key. */
type KeyEntry = Omit<BodyKeyShape, 'name'>;

/** The JSON type of a TypeScript value type, as `BodyValueType` names it. */
type JsonTypeOf<V> = [V] extends [string]
  ? 'string'
  : [V] extends [number]
    ? 'number'
    : [V] extends [boolean]
      ? 'boolean'
      : [V] extends [string | number | boolean]
        ? 'scalar'
        : [V] extends [readonly unknown[]]
          ? 'array'
          : [V] extends [Record<string, unknown>]
            ? 'object'
            : 'any';

/**
 * One entry per key of core/api's body type `T`, with its JSON type and whether it is required:
 * a key added to, renamed in or removed from a body of the interface (or one whose type or
 * requiredness changes) fails to compile here until the checker's table says the same. The bodies
 * themselves are zod schemas, which the checker does not load (zod would cost the language server
 * its start-up); `core/api/endpointBodies.test.ts` checks that every body has its table.
 */
type BodyKeysOf<T> = { [K in KnownKeys<T>]-?: KeyEntry & { type: JsonTypeOf<NonNullable<T[K]>>; required: undefined extends T[K] ? false : true } };

/** The table's keys in the order written. */
function keysOf<T>(entries: BodyKeysOf<T>): BodyKeyShape[] {
  return Object.entries(entries as Record<string, KeyEntry>).map(([name, entry]) => ({ name, ...entry }));
}

type Entry<Type extends BodyValueType, Extra> = Omit<KeyEntry, 'type' | 'required'> & { type: Type; required: Extra extends { required: true } ? true : false };
const entry =
  <Type extends BodyValueType>(type: Type) =>
  <const Extra extends Partial<KeyEntry> = object>(note: string, extra?: Extra): Entry<Type, Extra> =>
    ({ type, required: false, note, source: 'spec', ...extra }) as Entry<Type, Extra>;
const str = entry('string');
const num = entry('number');
const bool = entry('boolean');

/** Change-log `type`s the vendor keeps since 3.8.0 (its web-services doc); the spec lists the first ten below. */
export const changeLogTypesSince380 = ['Arkiv', 'Arkivskaper', 'Arkivdel', 'Klassifikasjonssystem', 'Klasse', 'Moetedeltaker', 'Presedens', 'Korrespondansepart', 'Sakspart'];
const changeLogTypes = ['AbstraktMappe', 'Mappe', 'Saksmappe', 'Moetemappe', 'AbstraktRegistrering', 'Arkivnotat', 'Basisregistrering', 'Journalpost', 'Moeteregistrering', 'Dokument', ...changeLogTypesSince380];
/** bulk/open and bulk/close `type`s: the spec's list, in its order and spelling. */
export const bulkTypes = ['Arkiv', 'Arkivdel', 'AbstraktMappe', 'AbstraktRegistrering', 'DokumentBeskrivelse', 'Klassifikasjonssystem', 'Klasse'];
const fullTextCollections = ['Tekst', 'Korrespondansepart', 'Registrering', 'Mappe', 'Arkivdel'];

/** Paging keys of the log endpoints. */
const logPaging = {
  offset: num('Offset of the first entry.'),
  limit: num('Number of entries (the vendor takes 1 to 100, default 10).', { minimum: 1, maximum: 100 }),
};

/** bulk/delete `type`s: the vendor's list, in its order and spelling. */
export const bulkDeleteTypes = ['Arkiv', 'Arkivdel', 'AbstraktMappe', 'Mappe', 'Saksmappe', 'Moetemappe', 'AbstraktRegistrering', 'Journalpost', 'Basisregistrering', 'Arkivnotat', 'Moeteregistrering'];

/** bulk/delete: not in the spec; the vendor's since 3.7.0 (vendor notes §1.5 "bulk"). */
const bulkDeleteKeys = keysOf<BulkDeleteBody>({
  type: str(`Type of the entity to delete with everything inside it: ${bulkDeleteTypes.join(', ')}.`, { required: true, allowedValues: bulkDeleteTypes, source: 'reference' }),
  id: str('Id of the entity.', { required: true, source: 'reference' }),
  version: { type: 'scalar', required: false, note: 'The version you read; when the entity is newer the answer is 409 Conflict and nothing is deleted.', source: 'reference' },
  deleteObjectsLinkedToPrecedents: bool('Default false: an entity linked to a Presedens is left (with what holds it); true deletes it too.', { source: 'reference' }),
});

const bulkKeys = keysOf<BulkBody>({
  type: str(`Type of the entity to open or close with all its descendants: ${bulkTypes.join(', ')}.`, { required: true, allowedValues: bulkTypes }),
  id: str('Id of the entity.', { required: true }),
});

export const requestBodyShapes: readonly RequestBodyShape[] = [
  {
    method: 'POST',
    endpoint: 'query',
    keys: keysOf<QueryBody>({
      type: str('Entity type (Arkiv, Arkivdel, Saksmappe, Journalpost, ...) or abstract type AbstraktMappe, AbstraktRegistrering, NasjonalIdentifikator.', { required: true, queryableType: true }),
      limit: num('Number of results; maximum 500; high values may be slow.', { maximum: 500 }),
      offset: num('Offset of the first result; the next page uses offset = previous offset + previous limit.'),
      query: str('Query-language expression using parameters (`tittel %= @title`); optional but rarely useful without.', { modelPath: 'expression' }),
      joins: {
        type: 'object',
        entries: { type: 'string', modelPath: 'join' },
        required: false,
        note: 'Alias (prefixed `#`) → reference field name; aliases may be used inside other aliases if all are defined in the same query.',
        source: 'spec',
      },
      parameters: {
        type: 'object',
        entries: { type: 'any' },
        required: false,
        note: '`@name` → value; the name is `@` plus letters and digits; the value is a date, string, number, boolean or null. Always provide when the query uses parameters.',
        source: 'spec',
      },
      sortOrder: {
        type: 'array',
        items: {
          type: 'object',
          keys: keysOf<NonNullable<QueryBody['sortOrder']>[number]>({
            field: str('Field to sort on; reference (`ref`) fields cannot be sorted on.', { required: true, modelPath: 'sort' }),
            order: str('`asc` or `desc`.', { required: true, allowedValues: sortOrders }),
          }),
        },
        required: false,
        note: 'Items `{field, order}`, both required; order is `asc` or `desc`; reference fields cannot be sorted on.',
        source: 'spec',
      },
      publicUse: bool('Default true: screened entities are not returned; send false to see screened fields.'),
    }),
  },
  {
    method: 'PUT',
    endpoint: 'bsm-registry/group/{groupId}',
    keys: keysOf<BsmGroupBody>({ groupName: str('Name of the group.'), groupDescription: str('Description of the group.') }),
  },
  {
    method: 'PUT',
    endpoint: 'bsm-registry/group/{groupId}/field/{fieldId}',
    keys: keysOf<BsmFieldBody>({
      fieldName: str('Name of the field.'),
      fieldDescription: str('Description of the field.'),
      fieldType: str(`${bsmFieldTypes.join(', ')}; cannot change once set.`, { allowedValues: bsmFieldTypes }),
      fieldValues: { type: 'array', items: { type: 'string' }, required: false, note: 'The allowed values, when the field accepts only a predefined list.', source: 'spec' },
    }),
  },
  {
    method: 'PUT',
    endpoint: 'code-lists/{field}/{code}',
    keys: keysOf<CodeListValueBody>({
      name: str('Name of the value, unique in the list.'),
      description: str('Description of the value.'),
      authority: str('Legal authority; only values of the skjerming code list have one.', { source: 'reference' }),
    }),
  },
  {
    method: 'POST',
    endpoint: 'logs/change-log',
    keys: keysOf<ChangeLogBody>({
      type: str(`Type of the entity: ${changeLogTypes.join(', ')}.`, { allowedValues: changeLogTypes }),
      id: str('Id (or uuid) of the entity whose changes are listed.', { required: true, source: 'reference' }),
      includeChildChanges: bool('Default true: changes of the descendants are included.', { source: 'reference' }),
      nestChildChanges: bool('Default true: the descendants’ changes are nested under their entity.', { source: 'reference' }),
      ...logPaging,
    }),
  },
  {
    method: 'POST',
    endpoint: 'logs/access-log',
    keys: keysOf<AccessLogBody>({
      createdDateFrom: str('Earliest access date.'),
      createdDateTo: str('Latest access date.'),
      userName: str('User who read the entities.'),
      objectType: str('Entity type read.'),
      objectUUIDs: { type: 'array', items: { type: 'string' }, required: false, note: 'Uuids of the entities read.', source: 'spec' },
      ...logPaging,
    }),
  },
  {
    method: 'POST',
    endpoint: 'logs/download-log',
    keys: keysOf<DownloadLogBody>({
      createdDateFrom: str('Earliest download date.'),
      createdDateTo: str('Latest download date.'),
      userName: str('User who downloaded the files.'),
      dokumentversjonUUIDs: { type: 'array', items: { type: 'string' }, required: false, note: 'Uuids of the Dokumentversjon entities whose files were downloaded.', source: 'spec' },
      ...logPaging,
    }),
  },
  { method: 'POST', endpoint: 'bulk/open', keys: bulkKeys },
  { method: 'POST', endpoint: 'bulk/close', keys: bulkKeys },
  { method: 'POST', endpoint: 'bulk/delete', keys: bulkDeleteKeys },
  {
    method: 'POST',
    endpoint: 'full-text/search',
    keys: keysOf<FullTextSearchBody>({
      doctype: str(`Index collection: ${fullTextCollections.join(', ')}; Tekst is the default for most uses.`, { allowedValues: fullTextCollections }),
      query: str('Free text to search for.'),
      filters: {
        type: 'object',
        fullTextFilterKeys: true,
        entries: { type: 'array', items: { type: 'scalar' }, singleItemAlone: true },
        required: false,
        note:
          'Field (`<Type>.<field>`, e.g. `Journalpost.journalposttype`) → list of values, or one value; the values of one field are ORed, and a hit matches every field. Each filtered field comes back in `facets` with the number of hits per value. Since 3.5.1.',
        source: 'reference',
      },
      publicUse: bool('Default true: screened entities are neither matched by a filter nor expanded. Since 3.5.1.', { source: 'reference' }),
      expand: {
        type: 'array',
        items: { type: 'string', fullTextExpandType: true },
        required: false,
        note: `Entity types whose objects each hit returns in \`expand\`, as the query endpoint returns them: ${fullTextExpandKeys.join(', ')}, or a concrete type of one (\`Journalpost\`). Since 3.5.1.`,
        source: 'reference',
      },
      limit: num('Number of hits, default 10.'),
      offset: num('Offset of the first hit, default 0.'),
    }),
  },
  {
    method: 'POST',
    endpoint: 'full-text/set',
    keys: keysOf<FullTextSetBody>({
      dokumentversjonId: str('Id of the Dokumentversjon whose file text is set.', { required: true, source: 'reference' }),
      tekst: str('The text indexed for the file in the Tekst collection, in place of the text read from it; left out (or null), the text is set to null.', { source: 'reference' }),
    }),
  },
  // In the vendor's Java client, not in its documentation (vendor notes §1.5): UtvidTilSaksmappe,
  // UtvidTilJournalpost. The Java mapper leaves out null fields, so no nested key is required.
  {
    method: 'POST',
    endpoint: 'expand/folder',
    keys: keysOf<ExpandFolderBody>({
      id: str('Id of the Mappe that becomes a Saksmappe; it keeps its id, fields and links.', { required: true, source: 'reference' }),
      saksmappe: {
        type: 'object',
        required: false,
        note: 'The Saksmappe fields to set.',
        source: 'reference',
        keys: keysOf<NonNullable<ExpandFolderBody['saksmappe']>>({
          mappeIdent: str('M003, year/sequence.', { source: 'reference' }),
          saksaar: num('M011, the case year.', { source: 'reference' }),
          sakssekvensnummer: num('M012, the sequence number in the year.', { source: 'reference' }),
          saksansvarlig: str('M306, the case officer.', { source: 'reference' }),
          saksansvarligBrukerIdent: str("M306, the case officer's user id.", { source: 'reference' }),
          saksdato: str('M100, the case date (yyyy-MM-dd).', { source: 'reference' }),
          administrativEnhet: str('M305, code list administrativEnhet.', { source: 'reference' }),
          saksstatus: str('M052, code list saksstatus.', { source: 'reference' }),
        }),
      },
    }),
  },
  {
    method: 'POST',
    endpoint: 'expand/record',
    keys: keysOf<ExpandRecordBody>({
      id: str('Id of the Basisregistrering that becomes a Journalpost; it keeps its id, fields and links.', { required: true, source: 'reference' }),
      journalpost: {
        type: 'object',
        required: false,
        note: 'The Journalpost fields to set.',
        source: 'reference',
        keys: keysOf<NonNullable<ExpandRecordBody['journalpost']>>({
          journalaar: num('M013, the registry year.', { source: 'reference' }),
          journalsekvensnummer: num('M014, the sequence number in the year.', { source: 'reference' }),
          journalpostnummer: num('M015, the number in the case file.', { source: 'reference' }),
          journalansvarlig: str('The registry officer.', { source: 'reference' }),
          journalansvarligBrukerIdent: str("The registry officer's user id.", { source: 'reference' }),
          journalposttype: str('M082, code list journalposttype.', { source: 'reference' }),
          journalstatus: str('M053, code list journalstatus.', { source: 'reference' }),
        }),
      },
      korrespondansepart: {
        type: 'array',
        required: false,
        note: 'The correspondence parties created with the entry (a Journalpost needs one).',
        source: 'reference',
        items: {
          type: 'object',
          keys: keysOf<NonNullable<ExpandRecordBody['korrespondansepart']>[number]>({
            korrespondansepartNavn: str("M400, the party's name.", { source: 'reference' }),
            korrespondanseparttype: str('M087, code list korrespondanseparttype.', { source: 'reference' }),
          }),
        },
      },
    }),
  },
];

/** The body shape of `method endpoint` (an `apiEndpoints` path), if the endpoint takes a JSON body
 * with known keys (`POST transaction` has its own checker). */
export function requestBodyShape(method: HttpMethod, endpoint: string): RequestBodyShape | undefined {
  return requestBodyShapes.find((s) => s.method === method && s.endpoint === endpoint);
}

/**
 * What the value at `path` inside a body must look like, with the key that names it when the
 * last step is a known key. Undefined when the path leaves the known shape.
 */
export function bodyShapeAt(shape: RequestBodyShape, path: JSONPath): { value: BodyValueShape; key: BodyKeyShape | undefined } | undefined {
  let value: BodyValueShape = { type: 'object', keys: shape.keys };
  let key: BodyKeyShape | undefined;
  for (const step of path) {
    if (typeof step === 'number') {
      if (!value.items) return undefined;
      value = value.items;
      key = undefined;
    } else if (value.keys) {
      key = value.keys.find((k) => k.name === step);
      if (!key) return undefined;
      value = key;
    } else if (value.entries) {
      value = value.entries;
      key = undefined;
    } else return undefined;
  }
  return { value, key };
}

/** `string`, `array of string`, `object of string → any`: how a value's type reads in messages. */
export function describeBodyType(shape: BodyValueShape): string {
  if (shape.type === 'array' && shape.items) return shape.items.keys ? 'array of objects' : `array of ${describeBodyType(shape.items)}`;
  if (shape.type === 'object' && shape.entries) return `object of ${describeBodyType(shape.entries)}`;
  if (shape.type === 'scalar') return 'string, number or boolean';
  return shape.type;
}

/** The body shape an HTTP request is checked against: its path resolved to an endpoint that
 * takes its method and a body with known keys. */
export function bodyShapeOfRequest(request: HttpRequestSyntax): RequestBodyShape | undefined {
  if (!request.path) return undefined;
  const relative = relativeToApiRoot(request.path.text);
  const endpoint = relative !== undefined ? matchEndpoint(relative) : undefined;
  return endpoint ? requestBodyShape(request.method, endpoint.path) : undefined;
}
