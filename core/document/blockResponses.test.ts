/**
 * Response shapes of every block kind, and what `{{references}}` into them resolve to: entity
 * types of ids, did-you-mean on bad segments, variables followed to the block they read.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { noarkModel } from '../schema';
import {
  blockByName,
  describeShape,
  parseDocument,
  resolveReference,
  responseShapeOfBlock,
  scanReferences,
  shapeMembers,
  type NoarkqDocument,
  type ReferenceResolution,
  type ResponseShape,
} from './index';

/** Resolves `{{text}}` as if written in block `from` (the last block when not given). */
function resolve(doc: NoarkqDocument, text: string, from?: string, environment?: Record<string, string>): ReferenceResolution {
  const reference = scanReferences(`{{${text}}}`, 0, text.length + 4, 'json').references[0];
  assert.ok(reference, `{{${text}}} is not a well-formed reference`);
  const block = from ? blockByName(doc, from)! : doc.blocks[doc.blocks.length - 1];
  return resolveReference(doc, block, reference, noarkModel, environment);
}

function shapeOf(text: string, name: string): ResponseShape | undefined {
  const doc = parseDocument(text);
  return responseShapeOfBlock(doc, blockByName(doc, name)!, noarkModel);
}

const names = (shape: ResponseShape | undefined): string[] => (shape ? shapeMembers(shape).map((m) => m.name) : []);

const flow = [
  '@caseId = {{findCase.results[0].id}}',
  '### findCase',
  'QUERY Saksmappe',
  '### register',
  'TRANSACTION',
  '{"actions": [',
  '  {"action": "save", "type": "Journalpost", "id": "jp", "fields": {"tittel": "T"}},',
  '  {"action": "save", "type": "Journalpost", "id": "123", "fields": {"tittel": "U"}},',
  '  {"action": "save", "type": "Dokument", "id": "jp", "fields": {}},',
  '  {"action": "save", "type": "Merknad", "id": "{{findCase.results[0].id}}", "fields": {}},',
  '  {"action": "link", "type": "Journalpost", "id": "kp", "ref": "refMappe", "linkToId": "1"}',
  ']}',
  '### letter',
  'UPLOAD ./a.pdf',
  '### file',
  'DOWNLOAD {{letter.id}}',
  '### use',
  'GET code-lists',
].join('\n');

describe('response shapes by block kind', () => {
  it('QUERY: hasMore and results of its entity type, with fields and returned links from the model', () => {
    const shape = shapeOf(flow, 'findCase');
    assert.deepEqual(names(shape), ['hasMore', 'results']);
    const doc = parseDocument(flow);
    const item = resolve(doc, 'findCase.results[0]').shape!;
    assert.equal(item.kind, 'entity');
    assert.deepEqual(names(item), ['type', 'id', 'version', 'fields', 'links']);
    assert.ok(names(resolve(doc, 'findCase.results[0].fields').shape).includes('tittel'));
    const links = names(resolve(doc, 'findCase.results[0].links').shape);
    assert.ok(links.includes('refArkivdel'));
    // Only references the results carry (`returned`), not every reference of the type.
    const notReturned = noarkModel.getType('Saksmappe')!.references.find((r) => !r.returned);
    if (notReturned) assert.ok(!links.includes(notReturned.name), notReturned.name);
  });

  it('QUERY of an abstract type: fields of every subtype, and the list stays open', () => {
    const doc = parseDocument('### f\nQUERY AbstraktRegistrering\n### g\nGET code-lists\n');
    const fields = resolve(doc, 'f.results[0].fields').shape!;
    assert.equal(fields.kind === 'object' && fields.open, true);
    assert.ok(names(fields).includes('journalposttype'), 'a Journalpost-only field is listed');
    assert.equal(resolve(doc, 'f.results[0].fields.noSuchField').problem, undefined);
    assert.equal(resolve(doc, 'f.results[0].id').entityType, 'AbstraktRegistrering');
  });

  it('TRANSACTION: saved keyed by temp ids and numeric ids, the first save deciding the type', () => {
    const saved = resolve(parseDocument(flow), 'register.saved').shape!;
    assert.equal(saved.kind, 'keyed');
    // A `{{reference}}` id is only known at run time; a link does not save anything. (Numeric
    // keys come first, as in every JSON object read by JavaScript.)
    assert.deepEqual(names(saved), ['123', 'jp']);
    const doc = parseDocument(flow);
    assert.equal(resolve(doc, 'register.saved.jp.id').entityType, 'Journalpost');
    assert.deepEqual(names(resolve(doc, 'register.saved.jp').shape), ['type', 'id', 'version', 'fields', 'links']);
  });

  it('UPLOAD answers {id}; DOWNLOAD, DELETE and bulk answer without JSON', () => {
    assert.deepEqual(names(shapeOf(flow, 'letter')), ['id']);
    assert.equal(shapeOf(flow, 'file'), undefined);
    assert.equal(shapeOf('### d\nDELETE code-lists/journalposttype/Z\n', 'd'), undefined);
    assert.equal(shapeOf('### b\nPOST bulk/close\n{"type": "Arkiv", "id": "1"}\n', 'b'), undefined);
    assert.equal(shapeOf('### n\n# nothing to run\n', 'n'), undefined);
  });

  it('other endpoints answer what the spec tables say', () => {
    assert.deepEqual(names(shapeOf('### r\nGET bsm-registry\n', 'r')), ['results']);
    const doc = parseDocument('### r\nGET bsm-registry\n### g\nPUT bsm-registry/group/g1\n{"groupName": "G"}\n### c\nGET code-lists\n### u\nGET code-lists\n');
    assert.deepEqual(names(resolve(doc, 'r.results[0]').shape), ['groupId', 'groupName', 'groupDescription', 'fields']);
    assert.deepEqual(names(resolve(doc, 'r.results[0].fields[0]').shape), ['fieldId', 'fieldName', 'fieldDescription', 'fieldType', 'fieldValues']);
    assert.deepEqual(names(resolve(doc, 'g').shape), ['groupId', 'groupName', 'groupDescription']);
    assert.deepEqual(names(resolve(doc, 'c.results[0].defaultValue').shape), ['code', 'name', 'description']);
    assert.deepEqual(names(shapeOf('### s\nPOST full-text/search\n{"query": "x"}\n', 's')), ['results', 'facets', 'total']);
    assert.deepEqual(names(shapeOf('### l\nPOST logs/access-log\n{}\n', 'l')), ['results', 'hasMore']);
    assert.deepEqual(names(shapeOf('### l\nPOST logs/download-log\n{}\n', 'l')), ['results', 'hasMore']);
    assert.deepEqual(names(shapeOf('### v\nPUT code-lists/journalposttype/Z\n{"name": "Z"}\n', 'v')), ['code', 'name', 'description', 'authority']);
  });

  it('POST query, POST transaction and the change log take their types from the body', () => {
    const doc = parseDocument(
      '### q\nPOST query\n{"type": "Journalpost"}\n### t\nPOST transaction\n{"actions": [{"action": "save", "type": "Dokument", "id": "d", "fields": {}}]}\n' +
        '### log\nPOST logs/change-log\n{"type": "Saksmappe", "id": "1"}\n### use\nGET code-lists\n',
    );
    assert.equal(resolve(doc, 'q.results[0].id').entityType, 'Journalpost');
    assert.equal(resolve(doc, 't.saved.d.id').entityType, 'Dokument');
    assert.equal(resolve(doc, 'log.results[0].id').entityType, 'Saksmappe');
    assert.equal(resolve(doc, 'log.total').shape?.kind, 'value');
  });

  it('an unknown endpoint or request has an unknown shape, so nothing below it is reported', () => {
    const doc = parseDocument('### x\nPOST archive/everything\n{}\n### y\nQEURY Saksmappe\n### use\nGET code-lists\n');
    assert.deepEqual(resolve(doc, 'x.anything[3].goes'), { blockName: 'x', shape: { kind: 'value', type: 'unknown' } });
    assert.equal(resolve(doc, 'y.results').problem, undefined);
  });
});

describe('resolveReference', () => {
  it('gives the entity type of an id and of a returned link', () => {
    const doc = parseDocument(flow);
    assert.deepEqual(
      { ...resolve(doc, 'findCase.results[0].id'), shape: undefined },
      { blockName: 'findCase', shape: undefined, entityType: 'Saksmappe' },
    );
    assert.equal(resolve(doc, 'findCase.results[0].links.refArkivdel').entityType, 'Arkivdel');
    assert.equal(resolve(doc, 'findCase.results[0].version').entityType, undefined);
  });

  it('reports the first segment that does not exist, with did-you-mean', () => {
    const doc = parseDocument(flow);
    assert.deepEqual(resolve(doc, 'letter.idd').problem, {
      kind: 'unknown-member',
      segmentIndex: 0,
      message: '`letter` has no `idd`: did you mean `id`? It has `id`.',
      suggestions: ['id'],
    });
    assert.equal(resolve(doc, 'findCase.results.id').problem?.kind, 'array-needs-index');
    assert.equal(resolve(doc, 'findCase.results[0].fields.tittel.x').problem?.segmentIndex, 4);
    const keyed = resolve(doc, 'register.saved.jq').problem;
    assert.deepEqual([keyed?.kind, keyed?.suggestions], ['unknown-member', ['jp']]);
    assert.match(keyed!.message, /saves `123`, `jp`/);
    const indexed = resolve(doc, 'register.saved[0]').problem;
    assert.deepEqual([indexed?.kind, indexed?.segmentIndex, indexed?.suggestions], ['not-indexable', 1, ['123', 'jp']]);
  });

  it('says when the block answers without JSON, and when the name names nothing', () => {
    const doc = parseDocument(flow);
    const none = resolve(doc, 'file.id').problem;
    assert.equal(none?.kind, 'no-response');
    assert.match(none!.message, /DOWNLOAD answers with the file's bytes/);
    const unknown = resolve(doc, 'findCas.results');
    assert.deepEqual([unknown.problem?.kind, unknown.problem?.segmentIndex, unknown.problem?.suggestions], ['unknown-name', -1, ['findCase']]);
  });

  it('reads `{{name}}` as a variable first, following one that holds a reference', () => {
    const doc = parseDocument(flow);
    const viaVariable = resolve(doc, 'caseId');
    assert.deepEqual([viaVariable.variableName, viaVariable.entityType], ['caseId', 'Saksmappe']);
    const fromEnvironment = resolve(doc, 'token', undefined, { token: 'abc' });
    assert.deepEqual(fromEnvironment, { variableName: 'token', shape: { kind: 'value', type: 'string' } });
    // Not a variable: the block's whole response.
    assert.deepEqual(names(resolve(doc, 'letter').shape), ['id']);
  });

  it('stops on variables that refer to each other', () => {
    const doc = parseDocument('@a = {{b}}\n@b = {{a}}\n### x\nGET code-lists\n');
    assert.deepEqual(resolve(doc, 'a'), { variableName: 'a', shape: { kind: 'value', type: 'unknown' }, entityType: undefined });
  });
});

describe('shapeMembers and describeShape', () => {
  it('lists properties, keys, and `[0]` for an array', () => {
    const doc = parseDocument(flow);
    const results = resolve(doc, 'findCase.results').shape!;
    assert.deepEqual(shapeMembers(results).map((m) => [m.name, m.kind, m.shape.kind]), [['[0]', 'index', 'entity']]);
    assert.deepEqual(shapeMembers({ kind: 'value', type: 'string' }), []);
    assert.deepEqual(shapeMembers({ kind: 'entity', entityType: 'Nope' }).map((m) => m.name), ['type', 'id', 'version', 'fields', 'links']);
  });

  it('describes ids by the entity they stand for, in one markdown line', () => {
    const doc = parseDocument(flow);
    assert.equal(describeShape(resolve(doc, 'findCase.results[0].id').shape!, noarkModel), '`string` — id of a Saksmappe (Case File)');
    assert.equal(describeShape(resolve(doc, 'findCase.results').shape!, noarkModel), '`Saksmappe[]` — the Saksmappe results (may be empty)');
    assert.match(describeShape(resolve(doc, 'register.saved.jp').shape!, noarkModel), /^`Journalpost` — the new Journalpost `jp`/);
    assert.equal(describeShape({ kind: 'value', type: 'unknown' }, noarkModel), '`any`');
    for (const line of [describeShape(resolve(doc, 'register').shape!, noarkModel), describeShape(resolve(doc, 'findCase.hasMore').shape!, noarkModel)]) {
      assert.ok(!line.includes('\n'), line);
    }
  });
});
