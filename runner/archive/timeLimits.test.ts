import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatDuration, parseDuration, timeLimitExceeded, timeLimitsOf } from './timeLimits';

test('a time is seconds, or a number with ms, s or m', () => {
  assert.deepEqual(parseDuration(30), { ok: true, ms: 30_000 });
  assert.deepEqual(parseDuration(0.2), { ok: true, ms: 200 });
  assert.deepEqual(parseDuration('45'), { ok: true, ms: 45_000 });
  assert.deepEqual(parseDuration('500ms'), { ok: true, ms: 500 });
  assert.deepEqual(parseDuration('1.5s'), { ok: true, ms: 1500 });
  assert.deepEqual(parseDuration(' 2 m '), { ok: true, ms: 120_000 });
});

test('a time that is none, zero, negative or longer than a day is refused, saying how to write one', () => {
  for (const bad of ['soon', '10h', '-1', '', '1e3']) {
    const parsed = parseDuration(bad);
    assert.ok(!parsed.ok && /is not a time: write seconds \(30, 0\.5\) or a number with a unit \(500ms, 30s, 2m\)/.test(parsed.problem), bad);
  }
  for (const bad of [0, '0ms', -5, Number.NaN]) {
    const parsed = parseDuration(bad);
    assert.ok(!parsed.ok && /not a time above 0/.test(parsed.problem), String(bad));
  }
  const long = parseDuration('1441m');
  assert.ok(!long.ok && /longer than a day/.test(long.problem));
});

test('durations are shown as a person writes them', () => {
  assert.equal(formatDuration(200), '200 ms');
  assert.equal(formatDuration(10_000), '10 s');
  assert.equal(formatDuration(1500), '1.5 s');
  assert.equal(formatDuration(120_000), '2 min');
});

test('the limits an environment writes become the client\'s, the rest keep their defaults', () => {
  assert.deepEqual(timeLimitsOf(undefined), {});
  assert.deepEqual(timeLimitsOf({ answer: 500 }), { headersMs: 500 });
  assert.deepEqual(timeLimitsOf({ connect: 1, answer: 2, idle: 3 }), { connectMs: 1, headersMs: 2, bodyMs: 3 });
});

test('a limit hit names itself, its value and where to change it', () => {
  assert.equal(
    timeLimitExceeded('answer', 60_000, 'arkiv.example.no:443'),
    'no answer from arkiv.example.no:443 within 1 min of sending the request (the answer time limit; change it with "timeout": { "answer": … } in the environment, or noarkq run --timeout)',
  );
  assert.match(timeLimitExceeded('connect', 10_000, 'h:1'), /^no connection to h:1 within 10 s \(the connect time limit; .*--connect-timeout\)$/);
  assert.match(timeLimitExceeded('idle', 200, 'h:1'), /^the answer from h:1 stopped: nothing more came for 200 ms \(the idle time limit; .*"idle".*--timeout\)$/);
});
