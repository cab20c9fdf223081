import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { redactValues } from './secretRedaction';

describe('redactValues', () => {
  it('redacts every string and key of nested objects and arrays, and keeps everything else', () => {
    const secret = 'tok&en"1234';
    const when = new Date(0);
    const value = { a: `Bearer ${secret}`, list: [1, true, null, { [secret]: `x${secret}x` }], n: 3, when, missing: undefined };
    const redacted = redactValues(value, [secret, 'ab']);
    assert.deepEqual(redacted, { a: 'Bearer ***', list: [1, true, null, { '***': 'x***x' }], n: 3, when, missing: undefined });
    assert.equal(redacted.when, when, 'not a plain object: kept');
    assert.equal(value.a, `Bearer ${secret}`, 'the value given is left alone');
  });

  it('gives the value back when no secret is long enough to redact', () => {
    const value = { a: 'abc' };
    assert.equal(redactValues(value, ['ab', '']), value);
  });
});
