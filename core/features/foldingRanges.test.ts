import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { getFoldingRanges } from './foldingRanges';
import { outlineSample } from '../../test/fixtures/outlineSample';
import { documentOf } from '../../test/fixtures/markedText';

describe('folding ranges', () => {
  it('blocks, a multi-line WHERE, comment runs and JSON bodies', () => {
    const { document, parsed } = documentOf(outlineSample);
    const ranges = getFoldingRanges(document, parsed).map((r) => [r.startLine, r.endLine, r.kind ?? '']);
    assert.deepEqual(ranges, [
      [2, 6, ''], //    block findCase
      [4, 5, ''], //    WHERE over two lines
      [8, 19, ''], //   block register
      [9, 10, 'comment'],
      [13, 18, ''], //  the body object
      [14, 17, ''], //  "actions": [ ... ]
      [21, 22, ''], //  the unnamed block
    ]);
  });
});
