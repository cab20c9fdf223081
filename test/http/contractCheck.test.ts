/**
 * The contract check of the HTTP suites can fail: a sandbox answer that drifted from core/api's
 * response schema is refused, naming the endpoint and the JSON path; the real answer passes.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkAnswerContract, ContractViolation } from './contractCheck';
import { useTestSandbox } from './sandboxHarness';

const env = useTestSandbox({}, { structure: true });

function refused(method: string, path: string, body: unknown): ContractViolation {
  try {
    checkAnswerContract(method, path, 200, body);
  } catch (error) {
    assert.ok(error instanceof ContractViolation, String(error));
    return error;
  }
  assert.fail(`${method} ${path} accepted ${JSON.stringify(body)}`);
}

test('a query answer whose link drifted to an object is refused at its JSON path', async () => {
  const answer = await env.sandbox.query(env.token, { type: 'Journalpost', query: 'id = @id', parameters: { '@id': env.structure.journalpost } });
  assert.equal(answer.status, 200, answer.text);
  const drifted = structuredClone(answer.json);
  assert.ok('refMappe' in drifted.results[0].links, JSON.stringify(drifted.results[0].links));
  drifted.results[0].links.refMappe = { id: drifted.results[0].links.refMappe };
  const violation = refused('POST', '/query', drifted);
  assert.equal(violation.endpoint, 'POST query');
  assert.equal(violation.path, '$.results[0].links.refMappe');
  assert.match(violation.message, /POST query .* at \$\.results\[0\]\.links\.refMappe/);
});

test('an answer missing a key the client reads is refused; one with a key the spec does not list passes', async () => {
  const registry = await env.sandbox.get('/code-lists?field=journalposttype', { token: env.token });
  assert.equal(registry.status, 200, registry.text);
  const { results, ...rest } = registry.json;
  assert.ok(Array.isArray(results));
  assert.equal(refused('GET', '/code-lists?field=journalposttype', rest).path, '$.results');
  // Leniency is the runner's: unknown keys are kept, numeric ids and `+02:00` offsets are read.
  checkAnswerContract('GET', '/code-lists', 200, { ...registry.json, publiseringsstatus: 'x' });
  checkAnswerContract('POST', '/logs/access-log', 200, { results: [{ createdDate: '2024-08-19T09:09:39.315+02:00', version: 3 }], hasMore: false });
  assert.equal(refused('POST', '/logs/access-log', { results: [{ createdDate: '19.08.2024' }], hasMore: false }).path, '$.results[0].createdDate');
});

test('error answers, bodiless answers and unknown paths are not checked', () => {
  checkAnswerContract('POST', '/query', 400, { errorId: 'x', description: 'bad', status: 400 });
  checkAnswerContract('POST', '/bulk/open', 202, undefined);
  checkAnswerContract('GET', '/no-such-endpoint', 200, { anything: true });
});
