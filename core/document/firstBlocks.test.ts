import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { FirstBlocks } from './documentChecker';

type Op = { kind: 'set'; name: string; index: number } | { kind: 'delete'; name: string } | { kind: 'shift'; from: number; delta: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), name: fc.constantFrom('a', 'B', 'c', 'D', 'e'), index: fc.nat(200) }),
  fc.record({ kind: fc.constant('delete' as const), name: fc.constantFrom('a', 'B', 'c', 'D', 'e') }),
  fc.record({ kind: fc.constant('shift' as const), from: fc.nat(200), delta: fc.integer({ min: -3, max: 100 }) }),
);

describe('FirstBlocks', () => {
  it('reads as a map whose indexes are all moved at each shift, across the passes that apply the kept shifts', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 200, maxLength: 400 }), (ops) => {
        const names = new FirstBlocks();
        const model = new Map<string, number>();
        for (const op of ops) {
          if (op.kind === 'set') {
            names.set(op.name, op.index);
            model.set(op.name, op.index);
          } else if (op.kind === 'delete') {
            names.delete(op.name);
            model.delete(op.name);
          } else {
            names.shift(op.from, op.delta);
            for (const [name, index] of model) if (index >= op.from) model.set(name, index + op.delta);
          }
          for (const name of ['a', 'B', 'c', 'D', 'e']) assert.equal(names.get(name), model.get(name), name);
        }
        assert.deepEqual(new Map(names), model);
        assert.equal(names.size, model.size);
        // Did-you-mean's walk: the same entries, each with its name in lower case.
        const walked = new Map<string, number>();
        names.walk((name, index, lower) => {
          assert.equal(lower, name.toLowerCase());
          walked.set(name, index);
        });
        assert.deepEqual(walked, model);
      }),
      { numRuns: 300 },
    );
  });
});
