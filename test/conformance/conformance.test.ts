// The conformance corpus: one request per file, taken from the vendor's public code and docs
// (each file names repository, commit, path and line), plus controls that must stay errors.
// `noarkq check` must report exactly what each file's `# Expect:` line states: a vendor request
// never an error (the archive accepts it), a control at least one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCheck } from '../../cli/checkCommand';
import { noarkModel } from '../../core/schema';

const dir = __dirname;
const files = readdirSync(dir).filter((f) => f.endsWith('.noarkq')).sort();

interface Row {
  file: string;
  code: string;
  severity: string;
}

function checkAll(): Row[] {
  let out = '';
  runCheck(['--format', 'json', ...files], { cwd: dir, out: (t) => (out += t), err: () => {} }, noarkModel, 'conformance');
  return JSON.parse(out) as Row[];
}

/** `# Expect: clean` or `# Expect: code code×2 ...`, as a sorted list of codes. */
function expected(text: string, file: string): string[] {
  const line = /^# Expect: (.+)$/m.exec(text)?.[1]?.trim();
  assert.ok(line, `${file} states what noarkq check must report on a "# Expect:" line`);
  if (line === 'clean') return [];
  return line
    .split(/\s+/)
    .flatMap((token) => {
      const m = /^([a-z]+\.[a-z-]+)(?:×(\d+))?$/.exec(token);
      assert.ok(m, `${file}: "${token}" is not a code or code×count`);
      return Array.from({ length: m[2] ? Number(m[2]) : 1 }, () => m[1]);
    })
    .sort();
}

const rows = checkAll();

test('the corpus holds several dozen vendor requests and the controls', () => {
  const vendor = files.filter((f) => !f.startsWith('control-'));
  assert.ok(vendor.length >= 48, `${vendor.length} vendor requests`);
  assert.ok(files.filter((f) => f.startsWith('control-')).length >= 4);
});

for (const file of files) {
  const text = readFileSync(join(dir, file), 'utf8');
  const control = file.startsWith('control-');
  test(`${file}: noarkq check reports what the file states`, () => {
    const got = rows.filter((r) => r.file === file);
    assert.deepEqual(got.map((r) => r.code).sort(), expected(text, file));
    if (control) {
      assert.match(text, /^# Control: \S/m, `${file} says why it must stay an error`);
      assert.ok(got.some((r) => r.severity === 'error'), `${file} is a control: it must stay an error`);
    } else {
      assert.match(text, /^# Source: [\w.-]+\/[\w.-]+ @ [0-9a-f]{40}\n#   \S.*, line \d+/m, `${file} names repository, commit, path and line`);
      assert.deepEqual(got.filter((r) => r.severity === 'error'), [], `${file} is sent by the vendor's own code: no error`);
    }
  });
}
