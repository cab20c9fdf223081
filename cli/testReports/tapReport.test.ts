import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { archiveErrorTest, failedStep, failedTest, file, passedStep, passedTest, refusedFile, run, skippedTest, unreadableFile } from '../../test/fixtures/testRunResults';
import { tapReport } from './tapReport';

type Yaml = { [key: string]: string | number | Yaml | string[] };

interface ParsedTest {
  ok: boolean;
  number: number;
  description: string;
  skip?: string;
  yaml?: Yaml;
}

interface ParsedTap {
  plan: number;
  tests: ParsedTest[];
  comments: string[];
}

/** Reads the report back by TAP 14's grammar, as strictly as a consumer: every line is the
 * version, the plan, a test line, a YAML block under a test line, or a comment. */
function parseTap(text: string): ParsedTap {
  assert.ok(text.endsWith('\n'), 'ends with a line break');
  const lines = text.slice(0, -1).split('\n');
  assert.equal(lines[0], 'TAP version 14');
  const planMatch = /^1\.\.(\d+)(?: # SKIP .+)?$/.exec(lines[1] ?? '');
  assert.ok(planMatch, `plan on the second line: ${lines[1]}`);
  const parsed: ParsedTap = { plan: Number(planMatch[1]), tests: [], comments: [] };
  for (let i = 2; i < lines.length; i++) {
    const line = lines[i]!;
    const testLine = /^(ok|not ok) (\d+) - ((?:[^\\#]|\\[\\#])+?)(?: # SKIP (.+))?$/.exec(line);
    if (testLine) {
      const t: ParsedTest = { ok: testLine[1] === 'ok', number: Number(testLine[2]), description: testLine[3]!.replace(/\\([\\#])/g, '$1') };
      if (testLine[4] !== undefined) t.skip = testLine[4];
      parsed.tests.push(t);
      continue;
    }
    if (line === '  ---') {
      const last = parsed.tests.at(-1);
      assert.ok(last && lines[i - 1] === `${last.ok ? 'ok' : 'not ok'} ${last.number} - ${lines[i - 1]!.split(' - ').slice(1).join(' - ')}`, 'a YAML block follows its test line');
      const end = lines.indexOf('  ...', i);
      assert.ok(end > i, 'the YAML block ends');
      last.yaml = parseYaml(lines.slice(i + 1, end));
      i = end;
      continue;
    }
    assert.match(line, /^# /, `line ${i + 1} is a comment: ${line}`);
    parsed.comments.push(line.slice(2));
  }
  return parsed;
}

/** The YAML the report writes: `key: value`, `key:` with an indented map or list under it, and
 * every string a JSON scalar. */
function parseYaml(lines: string[]): Yaml {
  const out: Yaml = {};
  let open: { key: string; kind?: 'map' | 'list' } | undefined;
  for (const raw of lines) {
    assert.match(raw, /^  /, 'indented by two spaces');
    const line = raw.slice(2);
    const nested = /^  (?:- (.+)|(\w+): (.+))$/.exec(line);
    if (nested && open) {
      if (nested[1] !== undefined) ((out[open.key] ??= []) as string[]).push(JSON.parse(nested[1]) as string);
      else ((out[open.key] ??= {}) as Yaml)[nested[2]!] = JSON.parse(nested[3]!) as string | number;
      continue;
    }
    const pair = /^(\w+):(?: (.+))?$/.exec(line);
    assert.ok(pair, `a YAML pair: ${line}`);
    if (pair[2] === undefined) open = { key: pair[1]! };
    else {
      open = undefined;
      out[pair[1]!] = /^[a-z]+$/.test(pair[2]) ? pair[2] : (JSON.parse(pair[2]) as string | number);
    }
  }
  return out;
}

function consistent(tap: ParsedTap): void {
  assert.equal(tap.tests.length, tap.plan, 'the plan counts the test lines');
  assert.deepEqual(
    tap.tests.map((t) => t.number),
    tap.tests.map((_, i) => i + 1),
    'numbered 1..N in order',
  );
  for (const t of tap.tests) assert.equal(t.yaml !== undefined, !t.ok, `a diagnostic block exactly under each failure (${t.description})`);
}

describe('tapReport', () => {
  test('all passed: the plan over the tests, passing steps not counted', () => {
    const tap = parseTap(tapReport(run([file('cases/find.noarkq', [passedStep('setup', 2), passedTest('findCase', 6), passedTest('count', 12)])])));
    consistent(tap);
    assert.deepEqual(
      tap.tests.map((t) => [t.ok, t.description]),
      [
        [true, 'cases/find.noarkq › findCase'],
        [true, 'cases/find.noarkq › count'],
      ],
    );
    assert.deepEqual(tap.comments, ['2 tests: 2 passed, 0 failed, 0 skipped; 1 step, 0 failed; 0 files not run', 'environment sandbox, 1.234 s']);
  });

  test('a failed expectation: not ok with message, severity, at, expected and actual; the block after it skipped', () => {
    const tap = parseTap(tapReport(run([file('cases/find.noarkq', [failedTest('findCase', 6), skippedTest('readBack', 20, 'findCase')])])));
    consistent(tap);
    const [failed, skipped] = tap.tests;
    assert.equal(failed!.ok, false);
    assert.deepEqual(failed!.yaml, {
      message: '✘ EXPECT results.length = 1 — actual 0',
      severity: 'fail',
      type: 'expectation',
      at: { file: 'cases/find.noarkq', line: 10 },
      subject: 'results.length',
      operator: '=',
      expected: '1',
      actual: '0',
      expectations: ['✔ EXPECT status = 200', '✘ EXPECT results.length = 1 — actual 0 (line 10)'],
      request: 'POST query → 200 in 42 ms',
    });
    assert.deepEqual([skipped!.ok, skipped!.skip], [true, 'skipped: findCase failed']);
  });

  test('an archive error and a failed step: severity error, their type and details, no expected/actual', () => {
    const tap = parseTap(tapReport(run([file('flow.noarkq', [archiveErrorTest('register', 10)]), file('steps.noarkq', [failedStep('setup', 2), skippedTest('findCase', 8, 'setup')])])));
    consistent(tap);
    assert.deepEqual(
      tap.tests.map((t) => t.description),
      ['flow.noarkq › register', 'steps.noarkq › setup', 'steps.noarkq › findCase'],
    );
    const archive = tap.tests[0]!.yaml!;
    assert.deepEqual([archive.severity, archive.type, archive.at, archive.expected], ['error', 'archive', { file: 'flow.noarkq', line: 10 }, undefined]);
    assert.deepEqual(archive.details, ['the archive answered 400 (errorId err-7)', 'saksmappe mangler tittel']);
    assert.deepEqual([tap.tests[1]!.yaml!.type, tap.tests[1]!.yaml!.message], ['connection', 'could not connect to 127.0.0.1:8080 (ECONNREFUSED)']);
  });

  test('refused and unreadable files: one not ok each, naming the file and its problems', () => {
    const tap = parseTap(tapReport(run([refusedFile('cases/broken.noarkq'), unreadableFile('cases/missing.noarkq'), file('ok.noarkq', [passedTest()])])));
    consistent(tap);
    assert.deepEqual(
      tap.tests.map((t) => [t.ok, t.description]),
      [
        [false, 'cases/broken.noarkq'],
        [false, 'cases/missing.noarkq'],
        [true, 'ok.noarkq › findCase'],
      ],
    );
    assert.deepEqual(tap.tests[0]!.yaml, {
      message: 'not run: the file has 2 errors',
      severity: 'error',
      type: 'refused',
      at: { file: 'cases/broken.noarkq', line: 3 },
      problems: ['3:7 unknown-field Saksmappe has no field "titel"; did you mean "tittel"?', '9:1 expect-type saksaar is a number, not a text'],
    });
    assert.deepEqual(tap.tests[1]!.yaml!.message, 'cannot read cases/missing.noarkq: no such file');
  });

  test('no tests at all: an empty plan with its reason', () => {
    const tap = parseTap(tapReport(run([file('setup.noarkq', [passedStep()])])));
    consistent(tap);
    assert.equal(tap.plan, 0);
  });

  test('# and \\ in names are escaped, a line break or control character cannot end or garble a line', () => {
    const block = failedTest('find #1 \\ all\nof them\u0007', 4);
    block.expectations[1]!.actual = '"two\nlines # and \u0007 bell"';
    const text = tapReport(run([file('a#b.noarkq', [block])]));
    const tap = parseTap(text);
    consistent(tap);
    assert.equal(tap.tests[0]!.description, 'a#b.noarkq › find #1 \\ all of them\\u{7}');
    assert.equal(tap.tests[0]!.yaml!.actual, '"two\nlines # and \u0007 bell"');
    assert.doesNotMatch(text, /\u0007/);
  });
});
