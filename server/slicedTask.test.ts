import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runInSlices } from './slicedTask';

/** Steps that each take about `ms` of the clock, and what they did. */
function* busy(steps: number, ms: number, log: string[]): Generator<void, number, void> {
  try {
    for (let i = 0; i < steps; i++) {
      const until = performance.now() + ms;
      while (performance.now() < until);
      log.push(`step ${i}`);
      yield;
    }
    return steps;
  } finally {
    log.push('closed');
  }
}

describe('work in slices', () => {
  it('gives the event loop a turn between slices and returns the generator result', async () => {
    const log: string[] = [];
    const task = runInSlices(busy(6, 1, log), 2);
    // Queued after the first slice: it runs before the work is done.
    setImmediate(() => log.push('other work'));
    assert.equal(await task.result, 6);
    assert.ok(task.ended);
    const other = log.indexOf('other work');
    assert.ok(other > 0 && other < log.indexOf('step 5'), log.join(', '));
    assert.equal(log.at(-1), 'closed');
  });

  it('stops between two slices, closing the generator, and answers undefined', async () => {
    const log: string[] = [];
    const task = runInSlices(busy(1000, 1, log), 2);
    await new Promise((resolve) => setImmediate(resolve));
    task.stop();
    assert.equal(await task.result, undefined);
    assert.equal(log.at(-1), 'closed');
    assert.ok(log.length < 1000);
  });

  it('rejects with what the generator threw', async () => {
    function* failing(): Generator<void, number, void> {
      yield;
      throw new Error('the check failed');
    }
    await assert.rejects(runInSlices(failing()).result, /the check failed/);
  });
});
