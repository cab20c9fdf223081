/**
 * `noarkq check` end to end: the CLI is bundled with esbuild (as `npm run build` does, but into a
 * temp folder so that the shared dist/ is left alone) and run as a child process on temp files.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { allDiagnosticCodes } from '../core/diagnosticCatalog';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version as string;
let work: string;
let bundle: string;

const good = '@year = 2024\n### findCase\nQUERY Saksmappe\nWHERE saksaar = @year\n';
// Line 3: unknown request (error); line 5: unknown endpoint (warning).
const bad = '### a\n# typo below\nQEURY Saksmappe\n### b\nGET code-list\n';
const warnOnly = '### b\nGET code-list\n';

function run(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [bundle, ...args], { cwd: work, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

before(async () => {
  work = mkdtempSync(join(tmpdir(), 'noarkq-cli-'));
  bundle = join(work, 'cli.js');
  const built = spawnSync(process.execPath, [join(root, 'esbuild.mjs'), '--only', 'cli', '--outdir', work], { encoding: 'utf8' });
  assert.equal(built.status, 0, built.stderr);
  mkdirSync(join(work, 'project/sub/deeper'), { recursive: true });
  mkdirSync(join(work, 'project/node_modules/pkg'), { recursive: true });
  writeFileSync(join(work, 'good.noarkq'), good);
  writeFileSync(join(work, 'bad.noarkq'), bad);
  writeFileSync(join(work, 'warn.noarkq'), warnOnly);
  writeFileSync(join(work, 'crlf.noarkq'), bad.replace(/\n/g, '\r\n'));
  writeFileSync(join(work, 'project/top.noarkq'), good);
  writeFileSync(join(work, 'project/sub/bad file.noarkq'), bad);
  writeFileSync(join(work, 'project/sub/deeper/x.noarkq'), good);
  writeFileSync(join(work, 'project/sub/notes.txt'), 'not a noarkq file');
  writeFileSync(join(work, 'project/node_modules/pkg/skip.noarkq'), bad);
});

after(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('noarkq check: exit codes and text output', () => {
  it('exits 0 on a clean file, printing only the summary', () => {
    const r = run(['check', 'good.noarkq']);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, '');
    assert.equal(r.stderr, '0 errors, 0 warnings in 1 file\n');
  });

  it('exits 1 on errors and prints file:line:col severity code message', () => {
    const r = run(['check', 'bad.noarkq', 'good.noarkq']);
    assert.equal(r.status, 1);
    const lines = r.stdout.trimEnd().split('\n');
    assert.equal(lines.length, 2, r.stdout);
    assert.match(lines[0], /^bad\.noarkq:3:1 error noarkq\.unknown-request `QEURY` is not a request: did you mean `QUERY`\?$/);
    assert.match(lines[1], /^bad\.noarkq:5:5 warning noarkq\.unknown-endpoint /);
    assert.equal(r.stderr, '1 error, 1 warning in 2 files\n');
  });

  it('reports EXPECT and RETRY problems on their lines like any other', () => {
    // In a folder of its own: the glob cases below count the files at the top.
    mkdirSync(join(work, 'tests'), { recursive: true });
    writeFileSync(
      join(work, 'tests/expect.noarkq'),
      '### find\nQUERY Journalpost\nRETRY 2 EVERY 1h\nEXPECT results[0].fields.titel = "x"\nEXPECT results[0].fields.journalposttype = "Q"\n',
    );
    const r = run(['check', 'tests/expect.noarkq']);
    assert.equal(r.status, 1);
    assert.deepEqual(
      r.stdout.trimEnd().split('\n').map((l) => /^tests\/expect\.noarkq:(\d+:\d+) error (\S+) /.exec(l)?.slice(1).join(' ')),
      ['3:15 noarkq.malformed-retry', '4:26 noarkq.expectation-unknown-path', '5:44 noarkq.expectation-code-value'],
    );
  });

  it('counts lines and columns the same with CRLF line endings', () => {
    const r = run(['check', 'crlf.noarkq']);
    assert.match(r.stdout, /^crlf\.noarkq:3:1 error noarkq\.unknown-request /m);
    assert.match(r.stdout, /^crlf\.noarkq:5:5 warning /m);
  });

  it('exits 0 with warnings only, and 1 when they exceed --max-warnings', () => {
    assert.equal(run(['check', 'warn.noarkq']).status, 0);
    assert.equal(run(['check', 'warn.noarkq', '--max-warnings', '1']).status, 0);
    const r = run(['check', 'warn.noarkq', '--max-warnings=0']);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /exceed --max-warnings 0/);
  });
});

describe('noarkq check: formats', () => {
  it('--format json prints an array of findings with 1-based ranges', () => {
    const r = run(['check', '--format', 'json', 'bad.noarkq']);
    assert.equal(r.status, 1);
    const rows = JSON.parse(r.stdout) as Record<string, unknown>[];
    assert.deepEqual(rows[0], {
      file: 'bad.noarkq',
      line: 3,
      column: 1,
      endLine: 3,
      endColumn: 6,
      severity: 'error',
      code: 'noarkq.unknown-request',
      message: '`QEURY` is not a request: did you mean `QUERY`?',
    });
    assert.equal(rows.length, 2);
  });

  it('--format sarif prints SARIF 2.1.0 with rules and located results', () => {
    const r = run(['check', '--format=sarif', 'project']);
    assert.equal(r.status, 1);
    const log = JSON.parse(r.stdout);
    assert.equal(log.version, '2.1.0');
    assert.match(log.$schema, /sarif-2\.1\.0/);
    assert.equal(log.runs.length, 1);
    const driver = log.runs[0].tool.driver;
    assert.equal(driver.name, 'noarkq');
    assert.equal(driver.version, version);
    const ruleIds = driver.rules.map((rule: { id: string }) => rule.id);
    assert.deepEqual(ruleIds, allDiagnosticCodes.map((c) => c.code));
    for (const rule of driver.rules) {
      assert.ok(rule.shortDescription.text.length > 0);
      assert.ok(['error', 'warning', 'note'].includes(rule.defaultConfiguration.level));
    }
    const results = log.runs[0].results;
    assert.equal(results.length, 2);
    for (const res of results) {
      assert.ok(ruleIds.includes(res.ruleId));
      assert.equal(driver.rules[res.ruleIndex].id, res.ruleId);
      assert.ok(['error', 'warning', 'note'].includes(res.level));
      assert.ok(res.message.text.length > 0);
      const loc = res.locations[0].physicalLocation;
      assert.equal(loc.artifactLocation.uri, 'project/sub/bad%20file.noarkq');
      for (const k of ['startLine', 'startColumn', 'endLine', 'endColumn']) assert.ok(Number.isInteger(loc.region[k]) && loc.region[k] >= 1);
    }
    assert.deepEqual(results[0].locations[0].physicalLocation.region, { startLine: 3, startColumn: 1, endLine: 3, endColumn: 6 });
  });
});

describe('noarkq check: inputs', () => {
  it('reports a missing file (exit 2) and still checks the others', () => {
    const r = run(['check', 'missing.noarkq', 'bad.noarkq']);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /missing\.noarkq: no such file or directory/);
    assert.match(r.stdout, /^bad\.noarkq:3:1 error/m);
    assert.match(r.stderr, /in 1 file\n$/);
  });

  it('expands ** globs, skipping node_modules and other extensions', () => {
    const r = run(['check', '--format', 'json', 'project/**/*.noarkq']);
    assert.equal(r.status, 1);
    const files = new Set((JSON.parse(r.stdout) as { file: string }[]).map((f) => f.file));
    assert.deepEqual([...files], ['project/sub/bad file.noarkq']);
    assert.match(r.stderr, /in 3 files\n$/);
  });

  it('matches * and ? within one folder only', () => {
    const r = run(['check', '*.noark?']);
    assert.match(r.stderr, /in 4 files\n$/);
  });

  it('takes a directory as every .noarkq under it', () => {
    const r = run(['check', 'project/sub']);
    assert.equal(r.status, 1);
    assert.match(r.stdout, /^project\/sub\/bad file\.noarkq:3:1 /m);
    assert.match(r.stderr, /in 2 files\n$/);
  });

  it('reports a glob that matches nothing (exit 2)', () => {
    const r = run(['check', 'nothing/**/*.noarkq', 'good.noarkq']);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /no files match "nothing\/\*\*\/\*\.noarkq"/);
  });
});

describe('noarkq: usage', () => {
  it('rejects unknown options and missing inputs with exit 2 and the usage', () => {
    for (const args of [['check', '--frmat', 'json', 'good.noarkq'], ['check'], ['check', '--format', 'xml', 'good.noarkq'], ['lint', 'good.noarkq'], []]) {
      const r = run(args);
      assert.equal(r.status, 2, args.join(' '));
      assert.match(r.stderr, /Usage: noarkq/);
    }
  });

  it('prints the version and the help', () => {
    assert.equal(run(['--version']).stdout, `${version}\n`);
    const help = run(['--help']);
    assert.equal(help.status, 0);
    assert.match(help.stdout, /check <files\|globs\|directories>/);
    assert.equal(run(['check', '--help']).status, 0);
  });
});
