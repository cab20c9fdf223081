import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { capRows, capText } from './resultCaps';

describe('result caps', () => {
  const rows = Array.from({ length: 10 }, (_, i) => ({ id: String(i), tittel: 'x'.repeat(90) }));

  it('keeps at most maxRows rows, and says how many were cut', () => {
    const capped = capRows(rows, { maxRows: 3, maxBytes: 1_000_000 });
    assert.deepEqual(capped.rows.map((r) => r.id), ['0', '1', '2']);
    assert.equal(capped.cut, 7);
  });

  it('keeps the rows whose JSON fits maxBytes, as an array would be written', () => {
    const capped = capRows(rows, { maxRows: 50, maxBytes: 400 });
    assert.ok(Buffer.byteLength(JSON.stringify(capped.rows)) <= 400);
    assert.equal(capped.bytes, Buffer.byteLength(JSON.stringify(capped.rows)));
    // One more row would not have fitted.
    assert.ok(Buffer.byteLength(JSON.stringify(rows.slice(0, capped.rows.length + 1))) > 400);
    assert.equal(capped.cut, rows.length - capped.rows.length);
  });

  it('cuts long text on a character, not inside one', () => {
    const capped = capText('"' + 'æ'.repeat(100) + '"', 51);
    assert.equal(capped.cut, true);
    assert.doesNotMatch(capped.text, /\uFFFD/);
    assert.ok(Buffer.byteLength(capped.text) <= 51);
  });
});
