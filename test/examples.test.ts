// The shipped examples are part of the contract: the spec's integration flow and the example test
// suite (examples/tests) check clean, and broken.noarkq shows every diagnostic noarkq can report,
// so a newcomer sees each one in place.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkDocument, parseDocument } from '../core/document';
import { allDiagnosticCodes } from '../core/diagnosticCatalog';
import { noarkModel } from '../core/schema';
import { checkUploadFiles } from '../runner/blocks/uploadFiles';

const examples = join(__dirname, '..', 'examples');
const check = (name: string) => checkDocument(parseDocument(readFileSync(join(examples, name), 'utf8')), { model: noarkModel });
/** Every diagnostic `noarkq check` reports for an example, the disk's (a missing UPLOAD file) included. */
const checkAsCli = (name: string) => {
  const doc = parseDocument(readFileSync(join(examples, name), 'utf8'));
  return [...checkDocument(doc, { model: noarkModel }), ...checkUploadFiles(doc, join(examples, name))];
};
const exampleTests = readdirSync(join(examples, 'tests'))
  .filter((name) => name.endsWith('.noarkq'))
  .map((name) => `tests/${name}`);

/** Codes no file can show with the real model, each with the reason (and where it is tested). */
const notShowable: Record<string, string> = {
  'noarkq.internal-error': 'only a bug in noarkq raises it (core/document tests force it with a throwing model)',
  'noarkq.file-too-large': 'the language server gives it to a file past noarkq.maxFileSizeMB, instead of checking it (test/lsp/checkScheduling.test.ts)',
  'noarkq.diagnostics-limit': 'the language server adds it to a file with more than 1,000 problems (server/documentDiagnostics.test.ts)',
  'noarkq.type-not-queryable': 'every type of the real model is queryable (core/query tests use a model that has one that is not)',
  'tx.invalid-json': 'in a document the JSON syntax errors are noarkq.invalid-json, and a body with syntax errors is not given to the transaction checker',
  'tx.not-a-transaction': 'in a document the body shape is noarkq.transaction-body-shape (the wrongShape block)',
  'tx.missing-actions': 'in a document the body shape is noarkq.transaction-body-shape (the wrongShape block)',
  'tx.internal-error': 'only a bug in the transaction checker raises it (core/transaction tests force it with a throwing model)',
  'tx.type-not-transactable': 'the only types of the real model closed to transactions are abstract, which is tx.abstract-type (core/transaction tests use a variant model)',
  'tx.ref-not-linkable': 'every reference of the real model carries the vendor\'s L flag, so it can be linked from its side (a parent side gives tx.link-wrong-direction); core/transaction tests use a variant model',
  'noarkq.upload-file-missing': 'only `noarkq check` reads the disk to see that an uploaded file exists (cli/checkCommand tests and test/conformance show it)',
  'tx.bsm-unknown-group': 'BSM groups are checked only against a live BSM registry, which a file check does not have (core/transaction and core/document tests pass one)',
  'tx.bsm-unknown-field': 'BSM fields are checked only against a live BSM registry, which a file check does not have (core/transaction and core/document tests pass one)',
  'tx.bsm-value-type': 'BSM value types are checked only against a live BSM registry, which a file check does not have (core/transaction tests pass one)',
  'tx.bsm-value-not-allowed': 'BSM predefined values are checked only against a live BSM registry, which a file check does not have (core/transaction tests pass one)',
};

test('examples/integration-flow.noarkq checks clean', () => {
  const diagnostics = checkAsCli('integration-flow.noarkq');
  assert.deepEqual(diagnostics.map((d) => `${d.code}: ${d.message}`), []);
});

test('every example test in examples/tests checks clean and states expectations', () => {
  // The README points to the folder; an empty one would make this test pass on nothing.
  assert.ok(exampleTests.length >= 3, `examples/tests holds ${exampleTests.length} .noarkq files`);
  for (const name of exampleTests) {
    assert.deepEqual(checkAsCli(name).map((d) => `${d.code}: ${d.message}`), [], name);
    const blocks = parseDocument(readFileSync(join(examples, name), 'utf8')).blocks;
    assert.ok(blocks.some((b) => b.parsed.expectations.length > 0), `${name} has no EXPECT line: it tests nothing`);
  }
});

test('examples/broken.noarkq shows every diagnostic code', () => {
  const seen = new Set(check('broken.noarkq').map((d) => d.code));
  const missing = allDiagnosticCodes.map((c) => c.code).filter((code) => !seen.has(code) && !(code in notShowable));
  assert.deepEqual(missing, [], 'add an example of each missing code to examples/broken.noarkq');
  for (const code of Object.keys(notShowable)) {
    assert.ok(allDiagnosticCodes.some((c) => c.code === code), `${code} is no longer in the catalogue: drop it from notShowable`);
    assert.ok(!seen.has(code), `${code} is shown after all: drop it from notShowable`);
  }
});
