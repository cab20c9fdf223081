// The shipped examples are part of the contract: the spec's integration flow checks clean, and
// broken.noarkq shows every diagnostic noarkq can report, so a newcomer sees each one in place.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkDocument, parseDocument } from '../core/document';
import { allDiagnosticCodes } from '../core/diagnosticCatalog';
import { noarkModel } from '../core/schema';

const examples = join(__dirname, '..', 'examples');
const check = (name: string) => checkDocument(parseDocument(readFileSync(join(examples, name), 'utf8')), { model: noarkModel });

/** Codes no file can show with the real model, each with the reason (and where it is tested). */
const notShowable: Record<string, string> = {
  'noarkq.internal-error': 'only a bug in noarkq raises it (core/document tests force it with a throwing model)',
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
  const diagnostics = check('integration-flow.noarkq');
  assert.deepEqual(diagnostics.map((d) => `${d.code}: ${d.message}`), []);
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
