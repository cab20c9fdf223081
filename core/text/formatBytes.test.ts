import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatBytes } from './formatBytes';

describe('formatBytes', () => {
  it('counts in 1,024s, with one decimal up to MB and two for GB', () => {
    const cases: [number, string][] = [
      [0, '0 B'],
      [1023, '1023 B'],
      [1024, '1.0 KB'],
      [1536, '1.5 KB'],
      [1024 ** 2 - 1, '1024.0 KB'],
      [12_058_624, '11.5 MB'],
      [1024 ** 3, '1.00 GB'],
      [1.5 * 1024 ** 3, '1.50 GB'],
    ];
    for (const [bytes, text] of cases) assert.equal(formatBytes(bytes), text, String(bytes));
  });
});
