/**
 * `RETRY` in time (expectationRetry.ts): the request goes once, then at most n more times a
 * pause apart, and stops at the first try whose expectations all hold.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { describeTries, maxTries, nextTry, retrySchedule, type RetryDecision } from './expectationRetry';

const pass = [{ passed: true }, { passed: true }];
const fail = [{ passed: true }, { passed: false }];

/** The decisions a runner would take, trying with `results(try)` until done. */
function run(retry: { count: number | undefined; intervalMs: number } | undefined, passesOn: number | undefined): RetryDecision[] {
  const decisions: RetryDecision[] = [];
  for (let tries = 1; ; tries++) {
    const decision = nextTry(retry, tries, tries === passesOn ? pass : fail);
    decisions.push(decision);
    if (decision.kind === 'done') return decisions;
  }
}

describe('RETRY timing', () => {
  it('schedules the first try at once and each retry a pause later', () => {
    assert.deepEqual(retrySchedule(2, 500), [0, 500, 500]);
    assert.deepEqual(retrySchedule(3), [0, 1000, 1000, 1000], 'EVERY defaults to 1s');
    assert.deepEqual(retrySchedule(0, 500), [0]);
    assert.deepEqual(retrySchedule(undefined, 500), [0], 'an unreadable count retries nothing');
    assert.deepEqual(retrySchedule(-2, 500), [0]);
    assert.deepEqual(retrySchedule(1, -5), [0, 0], 'never a negative pause');
  });

  it('stops at the first try whose expectations all hold', () => {
    const decisions = run({ count: 20, intervalMs: 1000 }, 3);
    assert.deepEqual(decisions, [
      { kind: 'again', afterMs: 1000, tries: 1 },
      { kind: 'again', afterMs: 1000, tries: 2 },
      { kind: 'done', passed: true, tries: 3 },
    ]);
    assert.equal(describeTries({ count: 20, intervalMs: 1000 }, decisions[2] as Extract<RetryDecision, { kind: 'done' }>), 'passed on try 3 of 21');
  });

  it('stops failing once the tries have run out: RETRY n sends n + 1 times', () => {
    const decisions = run({ count: 2, intervalMs: 250 }, undefined);
    assert.equal(decisions.length, 3);
    const last = decisions[2] as Extract<RetryDecision, { kind: 'done' }>;
    assert.deepEqual(last, { kind: 'done', passed: false, tries: 3 });
    assert.equal(describeTries({ count: 2, intervalMs: 250 }, last), 'still failing after 3 tries');
  });

  it('tries once without RETRY', () => {
    assert.deepEqual(run(undefined, undefined), [{ kind: 'done', passed: false, tries: 1 }]);
    assert.equal(describeTries(undefined, { kind: 'done', passed: false, tries: 1 }), 'still failing after 1 try');
    assert.equal(maxTries(undefined), 1);
  });

  it('never tries more often than the schedule says, whatever the count', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -3, max: 30 }), fc.double({ min: -3, max: 30 }), fc.constantFrom(undefined, Number.NaN, Infinity)), fc.option(fc.integer({ min: 1, max: 40 }), { nil: undefined }), (count, passesOn) => {
        const retry = { count, intervalMs: 10 };
        const decisions = run(retry, passesOn);
        const schedule = retrySchedule(count, 10);
        assert.ok(decisions.length <= schedule.length);
        const last = decisions[decisions.length - 1];
        assert.equal(last.kind === 'done' && last.passed, passesOn !== undefined && passesOn <= schedule.length);
      }),
    );
  });
});
