/**
 * What each block answers, known before it runs (spec, "Endpoints"): a QUERY its `hasMore` and
 * `results` of its entity type, a TRANSACTION its `saved` map keyed by the ids it saves, an UPLOAD
 * `{id}`, the other endpoints their response tables. Bodiless answers (DOWNLOAD bytes, 202 bulk,
 * 204 deletes) have no shape. Shapes depend only on the block's own text and the model, so they are
 * cached per parsed block: an edit elsewhere never rebuilds them.
 */
import type { Node as JsonNode } from 'jsonc-parser';
import type {
  AccessLogResponse,
  BsmField,
  BsmGroup,
  BsmGroupHead,
  BsmRegistryResponse,
  ChangeLogResponse,
  CodeList,
  CodeListDefaultValue,
  CodeListsResponse,
  CodeListValue,
  DownloadLogResponse,
  FullTextFacet,
  FullTextHit,
  FullTextResponse,
  MyInfo,
  QueryResponse,
  TransactionResponse,
  UploadResponse,
} from '../api';
import { bsmFieldTypes } from '../api/bsmFieldTypes';
import type { NoarkModel } from '../schema/types';
import type { DocumentBlock, HttpRequestSyntax, JsonBody, NoarkqDocument, ParsedBlock, RequestSyntax } from './documentModel';
import { entityShape } from './entityShapes';
import { matchEndpoint, relativeToApiRoot } from './httpEndpoints';
import type { ResponsePropertiesOf, ResponseShape } from './responseShape';

type BlockAnswer = { shape: ResponseShape } | { shape: undefined; reason: string };

const cache = new WeakMap<NoarkModel, WeakMap<ParsedBlock, BlockAnswer>>();

/** The shape of the block's JSON response, or undefined when it answers without one. */
export function responseShapeOfBlock(_doc: NoarkqDocument, block: DocumentBlock, model: NoarkModel): ResponseShape | undefined {
  return blockAnswer(block.parsed, model).shape;
}

/** Why a block has no JSON response (for the message of a reference into it), or undefined when
 * it has one. */
export function noResponseReason(block: DocumentBlock, model: NoarkModel): string | undefined {
  const answer = blockAnswer(block.parsed, model);
  return answer.shape === undefined ? answer.reason : undefined;
}

const fingerprints = new WeakMap<BlockAnswer, string>();

/**
 * A string that differs whenever two blocks' answers differ in anything a reference into them
 * can see (shape, or why there is none), so that an edit inside a block that leaves its answer
 * as it was (a WHERE clause, a field value) does not re-check the blocks that read it.
 */
export function answerFingerprint(parsed: ParsedBlock, model: NoarkModel): string {
  const answer = blockAnswer(parsed, model);
  let print = fingerprints.get(answer);
  if (print === undefined) {
    print = answer.shape === undefined ? `none:${answer.reason}` : shapeFingerprint(answer.shape);
    fingerprints.set(answer, print);
  }
  return print;
}

/** Entities by type only: their members come from the model, which a checker never changes. */
function shapeFingerprint(shape: ResponseShape): string {
  const d = shape.description ?? '';
  switch (shape.kind) {
    case 'value':
      return `v(${shape.type},${shape.idOf ?? ''},${d})`;
    case 'entity':
      return `e(${shape.entityType},${d})`;
    case 'array':
      return `a(${shapeFingerprint(shape.items)},${d})`;
    case 'object':
      return `o(${shape.open ? 1 : 0},${d}${Object.entries(shape.properties).map(([k, v]) => `,${JSON.stringify(k)}:${shapeFingerprint(v)}`).join('')})`;
    case 'keyed':
      return `k(${d}${Object.entries(shape.entries).map(([k, v]) => `,${JSON.stringify(k)}:${shapeFingerprint(v)}`).join('')})`;
  }
}

export function blockAnswer(parsed: ParsedBlock, model: NoarkModel): BlockAnswer {
  let perModel = cache.get(model);
  if (!perModel) {
    perModel = new WeakMap();
    cache.set(model, perModel);
  }
  let answer = perModel.get(parsed);
  if (!answer) {
    try {
      answer = answerOf(parsed.request, model);
    } catch {
      // A failing model is reported where the block itself is checked; a reference into the
      // block then accepts any path rather than adding errors of its own.
      answer = { shape: unknown };
    }
    perModel.set(parsed, answer);
  }
  return answer;
}

/** Anything goes below it: used where the block is already reported (unknown request, unknown
 * endpoint), so that a reference into it does not add a second error. */
const unknown: ResponseShape = { kind: 'value', type: 'unknown', description: 'not known before the block runs' };

function answerOf(request: RequestSyntax | undefined, model: NoarkModel): BlockAnswer {
  if (!request) return { shape: undefined, reason: 'it holds no request' };
  switch (request.kind) {
    case 'query':
      return queryAnswer(request.query.type?.name, model);
    case 'transaction':
      return { shape: transactionResponse(request.body, model) };
    case 'upload':
      return { shape: uploadResponse };
    case 'download':
      return { shape: undefined, reason: "DOWNLOAD answers with the file's bytes" };
    case 'http':
      return httpAnswer(request, model);
    case 'unknown':
      return { shape: unknown };
  }
}

const queryAnswers = new WeakMap<NoarkModel, Map<string | undefined, BlockAnswer>>();

/** One answer for all queries of a type: a query's answer depends on its type only, and a big
 * file's queries each kept their own (with its fingerprint) for as long as it was open. */
function queryAnswer(typeName: string | undefined, model: NoarkModel): BlockAnswer {
  let perModel = queryAnswers.get(model);
  if (!perModel) queryAnswers.set(model, (perModel = new Map()));
  let answer = perModel.get(typeName);
  if (!answer) perModel.set(typeName, (answer = { shape: queryResponse(typeName, model) }));
  return answer;
}

function value(type: 'string' | 'number' | 'boolean', description?: string): ResponseShape {
  return { kind: 'value', type, description };
}

function object(properties: Record<string, ResponseShape>, description?: string): ResponseShape {
  return { kind: 'object', properties, description };
}

/** An object with the properties of core/api's response type `T`, each described. */
function objectOf<T>(properties: ResponsePropertiesOf<T>, description?: string): ResponseShape {
  return object(properties, description);
}

function arrayOf(items: ResponseShape, description?: string): ResponseShape {
  return { kind: 'array', items, description };
}

export function queryResponse(typeName: string | undefined, model: NoarkModel): ResponseShape {
  const known = typeName !== undefined && model.getType(typeName) !== undefined;
  const items = typeName ? entityShape(model, typeName, known ? `a ${typeName}` : undefined) : unknown;
  return objectOf<QueryResponse>(
    {
      hasMore: value('boolean', 'more results exist: the next call uses offset = previous offset + previous limit'),
      results: arrayOf(items, typeName ? `the ${typeName} results (may be empty)` : 'the results (may be empty)'),
    },
    typeName ? `the response of a query for ${typeName}` : 'the response of a query',
  );
}

const uploadResponse: ResponseShape = objectOf<UploadResponse>(
  { id: value('string', 'the id of the uploaded file (not a Dokument id): use it as `referanseDokumentfil` of a Dokumentversjon') },
  'the response of an upload',
);

/** `saved`, keyed by the id each save names: the temporary id of a new entity, the numeric id of
 * an updated one. An id that is a `{{reference}}` is only known when the file runs. */
export function transactionResponse(body: JsonBody | undefined, model: NoarkModel): ResponseShape {
  const entries: Record<string, ResponseShape> = {};
  for (const action of actionsOf(body?.tree)) {
    const verb = stringProperty(action, 'action');
    const type = stringProperty(action, 'type');
    const idNode = propertyValue(action, 'id');
    if (verb !== 'save' || type === undefined || !idNode) continue;
    const id = idNode.type === 'number' ? String(idNode.value) : idNode.type === 'string' ? (idNode.value as string) : undefined;
    if (id === undefined || id.length === 0 || id.includes('{{') || id in entries) continue;
    const isNew = !/^\d+$/.test(id);
    entries[id] = entityShape(model, type, `the ${isNew ? 'new' : 'updated'} ${type} \`${id}\``);
  }
  const keys = Object.keys(entries);
  return objectOf<TransactionResponse>(
    {
      saved: {
        kind: 'keyed',
        entries,
        description:
          keys.length > 0
            ? `the saved entities, keyed by the id each save names: ${keys.map((k) => `\`${k}\``).join(', ')}`
            : 'the saved entities: empty, since this transaction saves none',
      },
    },
    'the response of a transaction',
  );
}

function actionsOf(root: JsonNode | undefined): JsonNode[] {
  if (!root) return [];
  const list = root.type === 'array' ? root : root.type === 'object' ? propertyValue(root, 'actions') : undefined;
  if (!list || list.type !== 'array') return [];
  return (list.children ?? []).filter((a) => a.type === 'object');
}

function propertyValue(node: JsonNode, key: string): JsonNode | undefined {
  if (node.type !== 'object') return undefined;
  let found: JsonNode | undefined;
  // The last one counts, as in JSON.parse.
  for (const p of node.children ?? []) if (p.children?.[0]?.value === key) found = p.children[1];
  return found;
}

function stringProperty(node: JsonNode, key: string): string | undefined {
  const v = propertyValue(node, key);
  return v?.type === 'string' && typeof v.value === 'string' ? v.value : undefined;
}

const bsmField = objectOf<BsmField>({
  fieldId: value('string'),
  fieldName: value('string'),
  fieldDescription: value('string'),
  fieldType: value('string', bsmFieldTypes.join(', ')),
  fieldValues: arrayOf(value('string'), 'present when the field accepts only these values'),
});
const bsmGroupProperties: ResponsePropertiesOf<BsmGroupHead> = { groupId: value('string'), groupName: value('string'), groupDescription: value('string') };
const bsmGroup = object(bsmGroupProperties);
const defaultCodeValue = objectOf<CodeListDefaultValue>({ code: value('string'), name: value('string'), description: value('string') });
const codeValue = objectOf<CodeListValue>({ code: value('string'), name: value('string'), description: value('string'), authority: value('string', 'only values of the skjerming code list have one') });
const anything: ResponseShape = { kind: 'value', type: 'unknown' };
const logValue: ResponseShape = { kind: 'object', properties: {}, open: true, description: 'field name → value' };

function changeLogResponse(typeName: string | undefined, model: NoarkModel): ResponseShape {
  const idOf = typeName !== undefined && model.getType(typeName) ? typeName : undefined;
  const entry = objectOf<ChangeLogResponse['results'][number]>({
    id: { kind: 'value', type: 'string', idOf, description: idOf ? `id of the ${idOf}` : 'id of the entity' },
    type: value('string'),
    revisionId: value('number'),
    revisionType: value('string', 'CREATE, UPDATE, DELETE, LINK, UNLINK or MOVE'),
    modifiedDate: value('string', 'timestamp'),
    modifiedBy: value('string'),
    modifiedField: value('string', 'only for UPDATE, LINK, UNLINK'),
    modifiedFieldType: value('string', 'only for UPDATE'),
    newValue: logValue,
    oldValue: anything,
    removedValue: anything,
    previousParent: anything,
    currentParent: anything,
  });
  return objectOf<ChangeLogResponse>({ results: arrayOf(entry), total: value('number') }, 'the change log of one entity');
}

const fixedResponses: Record<string, ResponseShape> = {
  'GET bsm-registry': objectOf<BsmRegistryResponse>({ results: arrayOf(objectOf<BsmGroup>({ ...bsmGroupProperties, fields: arrayOf(bsmField) })) }, 'the BSM groups and their fields'),
  'PUT bsm-registry/group/{groupId}': bsmGroup,
  'PUT bsm-registry/group/{groupId}/field/{fieldId}': bsmField,
  'GET code-lists': objectOf<CodeListsResponse>(
    {
      results: arrayOf(
        objectOf<CodeList>({
          type: value('string'),
          field: value('string', 'the field name, which identifies the code list'),
          defaultValue: defaultCodeValue,
          values: arrayOf(codeValue),
        }),
      ),
    },
    'the code lists',
  ),
  'PUT code-lists/{field}/{code}': codeValue,
  'POST logs/access-log': objectOf<AccessLogResponse>(
    { results: arrayOf(objectOf<AccessLogResponse['results'][number]>({ createdDate: value('string'), userName: value('string'), objectType: value('string'), objectUUID: value('string'), version: value('string') })), hasMore: value('boolean') },
    'the access log',
  ),
  'POST logs/download-log': objectOf<DownloadLogResponse>(
    { results: arrayOf(objectOf<DownloadLogResponse['results'][number]>({ createdDate: value('string'), userName: value('string'), dokumentversjonUUID: value('string') })), hasMore: value('boolean') },
    'the download log',
  ),
  'POST full-text/search': objectOf<FullTextResponse>(
    {
      results: arrayOf(
        objectOf<FullTextHit>({
          ids: { kind: 'object', properties: {}, open: true, description: '`<EntityType>.id` → array of ids' },
          highlights: { kind: 'object', properties: {}, open: true, description: '`<EntityType>.<field>` → array of highlighted texts' },
          expand: { kind: 'object', properties: {}, open: true, description: 'requested type → its entities in the hit, as `query` returns them (only with `expand`)' },
        }),
      ),
      facets: arrayOf(objectOf<FullTextFacet>({ field: value('string', 'a filtered field'), values: { kind: 'object', properties: {}, open: true, description: 'value → number of hits' } })),
      total: value('number', 'the number of matched index entries'),
    },
    'the full-text search hits',
  ),
  'POST upload': uploadResponse,
  'GET info/me': objectOf<MyInfo>({ userId: value('string', 'the id of the user the token belongs to') }, 'who the token belongs to'),
};

function httpAnswer(request: HttpRequestSyntax, model: NoarkModel): BlockAnswer {
  const path = request.path?.text;
  if (path === undefined) return { shape: unknown };
  const relative = relativeToApiRoot(path);
  const endpoint = relative === undefined ? undefined : matchEndpoint(relative);
  // A wrong endpoint or method is reported on the request itself.
  if (!endpoint || !endpoint.methods.includes(request.method)) return { shape: unknown };
  const key = `${request.method} ${endpoint.path}`;
  if (request.method === 'DELETE') return { shape: undefined, reason: `DELETE ${endpoint.path} answers 204 without a body` };
  if (endpoint.path.startsWith('bulk/')) return { shape: undefined, reason: `${endpoint.path} answers 202 Accepted without a body` };
  if (endpoint.path === 'download') return { shape: undefined, reason: "download answers with the file's bytes" };
  if (key === 'POST query') return { shape: queryResponse(bodyString(request.body, 'type'), model) };
  if (key === 'POST transaction') return { shape: transactionResponse(request.body, model) };
  if (key === 'POST logs/change-log') return { shape: changeLogResponse(bodyString(request.body, 'type'), model) };
  return { shape: fixedResponses[key] ?? unknown };
}

function bodyString(body: JsonBody | undefined, key: string): string | undefined {
  return body?.tree ? stringProperty(body.tree, key) : undefined;
}
