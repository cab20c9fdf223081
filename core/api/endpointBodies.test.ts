/**
 * The contract covers the interface: every endpoint and method has its bodies here, the checker
 * describes every JSON answer (so `{{block.path}}` is typed by the same bodies) and knows the keys
 * of every request body but the transaction's (which has its own checker).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { blockByName, parseDocument, responseShapeOfBlock, shapeMembers } from '../document';
import { requestBodyShape } from '../document/requestBodyShapes';
import { noarkModel } from '../schema';
import { apiEndpoints } from './apiEndpoints';
import { endpointBodies } from './endpointBodies';
import { checkShape } from './shapeCheck';

const endpointNames = apiEndpoints.flatMap((e) => e.methods.map((m) => `${m} ${e.path}`));

/** The keys the checker offers after `{{b.` for a block that sends `name` with `body`. */
function checkerKeys(name: string, body = '{}'): string[] | undefined {
  const [method, path] = name.split(' ');
  const concrete = path.replace(/\{(\w+)\}/g, 'x');
  const doc = parseDocument(`### b\n${method} ${concrete}\n${method === 'GET' || method === 'DELETE' ? '' : `${body}\n`}`);
  const shape = responseShapeOfBlock(doc, blockByName(doc, 'b')!, noarkModel);
  return shape && shapeMembers(shape).map((m) => m.name);
}

describe('core/api covers the interface', () => {
  it('names only endpoints the interface has', () => {
    for (const name of Object.keys(endpointBodies)) assert.ok(endpointNames.includes(name), `${name} is not an endpoint of apiEndpoints`);
  });

  it('gives every endpoint that takes or answers JSON its schemas', () => {
    const bodiless = ['GET download', 'DELETE bsm-registry/group/{groupId}', 'DELETE bsm-registry/group/{groupId}/field/{fieldId}', 'DELETE code-lists/{field}/{code}'];
    for (const name of endpointNames) {
      if (bodiless.includes(name)) continue;
      assert.ok(endpointBodies[name], `${name} has no entry in endpointBodies`);
    }
  });

  it('lets the checker describe every JSON answer with the keys of its schema', () => {
    for (const [name, bodies] of Object.entries(endpointBodies)) {
      if (!bodies.response) continue;
      const keys = checkerKeys(name, name === 'POST query' ? '{"type": "Saksmappe"}' : name === 'POST logs/change-log' ? '{"id": "1"}' : '{}');
      assert.ok(keys, `the checker gives ${name} no response shape`);
      const declared = Object.keys((bodies.response as unknown as { shape: Record<string, unknown> }).shape);
      assert.deepEqual([...keys].sort(), [...declared].sort(), name);
    }
  });

  it('lets the checker know the keys of every request body but the transaction', () => {
    for (const [name, bodies] of Object.entries(endpointBodies)) {
      if (!bodies.request || name === 'POST transaction') continue;
      const [method, path] = name.split(' ');
      const shape = requestBodyShape(method as 'POST', path);
      assert.ok(shape, `the checker has no body shape for ${name}`);
      const declared = Object.keys((bodies.request as unknown as { shape: Record<string, unknown> }).shape);
      assert.deepEqual(shape.keys.map((k) => k.name).sort(), [...declared].sort(), name);
    }
  });

  it('refuses a request body with a key the interface does not have, naming it', () => {
    const checked = checkShape(endpointBodies['POST query'].request!, { type: 'Saksmappe', limt: 10 });
    assert.equal(checked.ok, false);
    assert.match(checked.ok ? '' : checked.problem, /limt/);
  });
});
