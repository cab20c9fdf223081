import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { allDiagnosticCodes, diagnosticCodeInfo } from './diagnosticCatalog';
import { documentDiagnosticCodes } from './document';
import { queryDiagnosticCodes } from './query';
import { transactionDiagnosticCodes } from './transaction';

describe('diagnostic catalogue', () => {
  it('lists every query, document and transaction code exactly once', () => {
    const codes = allDiagnosticCodes.map((c) => c.code);
    assert.equal(new Set(codes).size, codes.length, 'no code is defined twice');
    for (const c of [...queryDiagnosticCodes, ...documentDiagnosticCodes, ...transactionDiagnosticCodes]) assert.ok(codes.includes(c.code), c.code);
  });

  it('looks codes up', () => {
    assert.equal(diagnosticCodeInfo('noarkq.unknown-request')?.severity, 'error');
    assert.equal(diagnosticCodeInfo('tx.unlinked-new-entity')?.severity, 'error');
    assert.equal(diagnosticCodeInfo('noarkq.no-such-code'), undefined);
  });

  it('describes every code in one line with a stable prefix', () => {
    for (const c of allDiagnosticCodes) {
      assert.match(c.code, /^(noarkq|tx)\.[a-z]+(-[a-z]+)*$/);
      assert.ok(c.description.length > 10 && !c.description.includes('\n'), c.code);
    }
  });
});
