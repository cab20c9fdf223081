/**
 * How each client reads an answer, as assertions: what its deserializer requires of the JSON (a
 * Java `id` that is not a JSON string is a NoarkDeserializerException), the timestamp formats its
 * parsers take, the keys it looks up. A reader that fails means that client would fail on the
 * sandbox's answer.
 */
import assert from 'node:assert/strict';
import { noarkModel } from '../../../core/schema';

export interface ReplayAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
  /** The parsed body, when it is JSON. */
  json: unknown;
}

type Json = Record<string, unknown>;

function object(value: unknown, what: string): Json {
  assert.ok(value !== null && typeof value === 'object' && !Array.isArray(value), `${what} is an object: ${JSON.stringify(value)}`);
  return value as Json;
}

function array(value: unknown, what: string): unknown[] {
  assert.ok(Array.isArray(value), `${what} is an array: ${JSON.stringify(value)}`);
  return value;
}

function text(value: unknown, what: string): string {
  assert.equal(typeof value, 'string', `${what} is a JSON string: ${JSON.stringify(value)}`);
  assert.ok((value as string).trim() !== '', `${what} is not blank`);
  return value as string;
}

/** java.text.SimpleDateFormat("yyyy-MM-dd'T'HH:mm:ss.SSSXX"): an offset without a colon, or Z. */
const javaDateFormat = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(Z|[+-]\d{4})$/;
/** DateTimeFormatter.ISO_OFFSET_DATE_TIME: an offset with a colon, or Z. */
const isoOffsetDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}(:\d{2})?)$/;
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

function instant(value: string): number {
  const ms = Date.parse(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  assert.ok(!Number.isNaN(ms), `${value} is a real instant`);
  return ms;
}

/** serialization/NoarkObjectDeserializer.java: type, id and version are non-blank JSON strings
 * (`textValue()`), fields and links are there; the typed entity then reads Date fields with the
 * mapper's format and links as numbers. */
function javaEntity(value: unknown, what: string): Json {
  const e = object(value, what);
  const type = text(e.type, `${what}.type`);
  text(e.id, `${what}.id`);
  text(e.version, `${what}.version`);
  const fields = object(e.fields, `${what}.fields`);
  for (const [ref, id] of Object.entries(object(e.links, `${what}.links`))) assert.equal(typeof id, 'number', `${what}.links.${ref} is a number`);
  for (const f of noarkModel.getType(type)?.fields ?? []) {
    const v = fields[f.name];
    if (typeof v !== 'string') continue;
    if (f.type === 'timestamp') {
      assert.match(v, javaDateFormat, `${what}.fields.${f.name}`);
      instant(v);
    }
    if (f.type === 'date') assert.match(v, isoDate, `${what}.fields.${f.name}`);
  }
  return e;
}

function ids(body: Json): string[] {
  return array(body.results, 'results').map((r, i) => text(object(r, `results[${i}]`).id, `results[${i}].id`));
}

function emptyBody(a: ReplayAnswer): void {
  assert.equal(a.bytes.length, 0, `no body: ${a.bytes.toString('utf8')}`);
}

export interface ReadContext {
  /** The temporary id whose saved entity the client reads. */
  readKey?: string;
  highlighted?: boolean;
}

const readers: Record<string, (a: ReplayAnswer, ctx: ReadContext) => void> = {
  'java.myInfo': (a) => void text(object(a.json, 'body').userId, 'userId'),
  'java.codeLists': (a) => {
    for (const [i, l] of array(object(a.json, 'body').results, 'results').entries()) {
      const list = object(l, `results[${i}]`);
      text(list.type, `results[${i}].type`);
      text(list.field, `results[${i}].field`);
      for (const [j, v] of array(list.values, `results[${i}].values`).entries()) {
        text(object(v, `values[${j}]`).code, `results[${i}].values[${j}].code`);
        text(object(v, `values[${j}]`).name, `results[${i}].values[${j}].name`);
      }
    }
  },
  'java.entities': (a) => {
    const body = object(a.json, 'body');
    assert.equal(typeof body.hasMore, 'boolean');
    array(body.results, 'results').forEach((r, i) => javaEntity(r, `results[${i}]`));
  },
  'java.saved': (a) => {
    for (const [key, e] of Object.entries(object(object(a.json, 'body').saved, 'saved'))) javaEntity(e, `saved.${key}`);
  },
  'java.upload': (a) => void text(object(a.json, 'body').id, 'id'),
  'java.download': () => undefined,
  /** client/changelog/ChangeLogResult.java: modifiedDate through ZonedDateTimeDeserializer, ISO_OFFSET_DATE_TIME. */
  'java.changeLog': (a) => {
    const body = object(a.json, 'body');
    assert.ok(Number.isInteger(body.total), 'total is an Integer');
    const results = array(body.results, 'results');
    assert.ok(results.length > 0, 'the entry has a change log');
    for (const [i, r] of results.entries()) {
      const e = object(r, `results[${i}]`);
      text(e.id, `results[${i}].id`);
      text(e.systemId, `results[${i}].systemId`);
      text(e.revisionId, `results[${i}].revisionId`);
      text(e.modifiedByUserId, `results[${i}].modifiedByUserId`);
      assert.match(text(e.modifiedDate, `results[${i}].modifiedDate`), isoOffsetDateTime);
    }
  },
  /** client/accesslog/AccessLogResult.java: version an Integer, createdDate a Date in the mapper's format. */
  'java.accessLog': (a) => {
    const body = object(a.json, 'body');
    assert.equal(typeof body.hasMore, 'boolean');
    for (const [i, r] of array(body.results, 'results').entries()) {
      const e = object(r, `results[${i}]`);
      assert.ok(Number.isInteger(e.version), `results[${i}].version is an Integer: ${JSON.stringify(e.version)}`);
      assert.match(text(e.createdDate, `results[${i}].createdDate`), javaDateFormat);
      text(e.userId, `results[${i}].userId`);
    }
  },
  /** client/fulltextsearch: total a Long, ids a Map<String, List<String>>. */
  'java.fullText': (a) => {
    const body = object(a.json, 'body');
    assert.ok(Number.isInteger(body.total), 'total is a Long');
    for (const [i, r] of array(body.results, 'results').entries()) {
      for (const [k, v] of Object.entries(object(object(r, `results[${i}]`).ids, `results[${i}].ids`))) array(v, `ids.${k}`).forEach((id) => text(id, `ids.${k}[]`));
    }
  },
  'java.codeValue': (a) => {
    const v = object(a.json, 'body');
    text(v.name, 'name');
    text(v.authority, 'authority');
  },
  'java.bsmGroup': (a) => {
    const g = object(a.json, 'body');
    text(g.groupId, 'groupId');
    text(g.groupName, 'groupName');
  },
  /** client/bsm/BsmField.java: fieldType one of its FieldType names. */
  'java.bsmField': (a) => {
    const f = object(a.json, 'body');
    text(f.fieldId, 'fieldId');
    assert.ok(['string', 'long', 'double', 'timestamp', 'encrypted', 'uri', 'boolean'].includes(text(f.fieldType, 'fieldType')));
  },
  'java.void': emptyBody,

  'php.token': (a) => void text(object(a.json, 'body').access_token, 'access_token'),
  'php.query': (a) => void ids(object(a.json, 'body')),
  /** The id is spliced into the next transaction's JSON unquoted: only digits keep that JSON valid. */
  'php.upload': (a) => assert.match(text(object(a.json, 'body').id, 'id'), /^\d+$/),
  'php.transaction': (a, ctx) => {
    assert.ok(ctx.readKey, 'php.transaction reads $transaction_result->saved->$mappe_id');
    assert.match(text(object(object(object(a.json, 'body').saved, 'saved')[ctx.readKey], `saved.${ctx.readKey}`).id, 'id'), /^\d+$/);
  },

  'mcp.token': (a) => {
    const body = object(a.json, 'body');
    text(body.access_token, 'access_token');
    assert.equal(typeof body.expires_in, 'number');
  },
  'mcp.query': (a) => {
    const body = object(a.json, 'body');
    assert.equal(typeof body.hasMore, 'boolean');
    array(body.results, 'results');
  },
  /** documaster.controller.ts searchDocuments: ids['AbstraktRegistrering.id'|'AbstraktMappe.id'|'Dokument.id'][0], highlights with |=hlstart=| and |=hlstop=|. */
  'mcp.fullText': (a, ctx) => {
    const body = object(a.json, 'body');
    assert.equal(typeof body.total, 'number');
    const results = array(body.results, 'results');
    let marked = 0;
    for (const [i, r] of results.entries()) {
      const hit = object(r, `results[${i}]`);
      const idMap = object(hit.ids, `results[${i}].ids`);
      for (const [k, v] of Object.entries(idMap)) {
        assert.match(k, /^[A-Z][A-Za-z]*\.id$/, `an ids key is <EntityType>.id: ${k}`);
        array(v, `ids.${k}`).forEach((id) => text(id, `ids.${k}[]`));
      }
      assert.ok(['AbstraktRegistrering.id', 'AbstraktMappe.id', 'Dokument.id'].some((k) => k in idMap), `results[${i}] names a record, folder or document: ${Object.keys(idMap).join(', ')}`);
      for (const [k, list] of Object.entries(object(hit.highlights ?? {}, `results[${i}].highlights`))) {
        for (const h of array(list, `highlights.${k}`)) {
          assert.ok(!text(h, 'a highlight').includes('|=hlend=|'), 'the end marker is |=hlstop=|, as real tenants write it');
          if (/\|=hlstart=\|[^|]+\|=hlstop=\|/.test(h as string)) marked++;
        }
      }
    }
    if (ctx.highlighted) assert.ok(marked > 0, `a hit carries |=hlstart=|…|=hlstop=|: ${JSON.stringify(results).slice(0, 400)}`);
  },
  /** The MCP server takes the file name from the first filename= of Content-Disposition. */
  'mcp.download': (a) => {
    assert.ok(a.headers['content-type'], 'a content type');
    const disposition = String(a.headers['content-disposition'] ?? '');
    const name = /filename="?([^"]+)"?/.exec(disposition)?.[1];
    assert.ok(name && name.trim() !== '', `a file name in ${disposition}`);
    assert.equal(Number(a.headers['content-length']), a.bytes.length);
  },

  'csharp.entities': (a) => readers['java.entities'](a, {}),
  'csharp.saved': (a) => readers['java.saved'](a, {}),
  'csharp.codeLists': (a) => readers['java.codeLists'](a, {}),
  'csharp.bsmGroup': (a) => readers['java.bsmGroup'](a, {}),
  'csharp.upload': (a) => readers['java.upload'](a, {}),
  'csharp.fullText': (a) => readers['java.fullText'](a, {}),
};

export function readAnswer(read: string, answer: ReplayAnswer, ctx: ReadContext): void {
  const reader = readers[read];
  assert.ok(reader, `no reader "${read}"; readers: ${Object.keys(readers).join(', ')}`);
  reader(answer, ctx);
}

export { ids as resultIds };
