import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { CodeCache } from './codeCache';

let work: string;
let cacheDir: string;
let bundle: string;

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'noarkq-code-cache-test-'));
  cacheDir = join(work, 'cache');
  bundle = join(work, 'bundle.js');
  writeFileSync(bundle, "const path = require('node:path');\nexports.answer = () => 41 + 1;\nexports.dir = __dirname;\nexports.base = path.basename(__filename);\n");
});

afterEach(() => {
  rmSync(work, { recursive: true, force: true });
});

/** Starts as a server does, in a process of its own: within one process V8 compiles a source it
 * has seen from memory and never looks at the cached data. */
function startInChild(): { answer: number; failure: string | undefined } {
  const script = `
    const { CodeCache } = require(${JSON.stringify(join(__dirname, 'codeCache.ts'))});
    const cache = new CodeCache(${JSON.stringify(cacheDir)});
    const loaded = cache.require(${JSON.stringify(bundle)});
    const failure = cache.save();
    process.stdout.write(JSON.stringify({ answer: loaded.answer(), failure }));`;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { encoding: 'utf8' });
  assert.equal(child.status, 0, child.stderr);
  return JSON.parse(child.stdout) as { answer: number; failure: string | undefined };
}

function cacheFiles(): string[] {
  try {
    return readdirSync(cacheDir);
  } catch {
    return [];
  }
}

describe('code cache', () => {
  it('runs a bundle as require does: exports, require, __dirname and __filename', () => {
    const loaded = new CodeCache(cacheDir).require(bundle) as { answer(): number; dir: string; base: string };
    assert.equal(loaded.answer(), 42);
    assert.equal(loaded.dir, work);
    assert.equal(loaded.base, 'bundle.js');
  });

  it('writes the code once and reads it back on the next start without writing it again', () => {
    const first = new CodeCache(cacheDir);
    first.require(bundle);
    assert.deepEqual(cacheFiles(), [], 'nothing is written before save');
    assert.equal(first.save(), undefined);
    const [file] = cacheFiles();
    assert.match(file ?? '', /^bundle-[0-9a-f]{8}\.v8cache$/);
    const written = readFileSync(join(cacheDir, file!));
    assert.ok(written.toString('utf8').startsWith(`${bundle}|`), 'the file starts with its key');

    // A rewrite would write the same bytes: the file's time tells whether it was written.
    utimesSync(join(cacheDir, file!), new Date(2000, 0, 1), new Date(2000, 0, 1));
    assert.deepEqual(startInChild(), { answer: 42 });
    assert.equal(statSync(join(cacheDir, file!)).mtimeMs, new Date(2000, 0, 1).getTime(), 'accepted, so not written again');
  });

  it('runs a changed bundle, not the cached code of the old one, even at the same size', () => {
    const first = new CodeCache(cacheDir);
    first.require(bundle);
    first.save();
    writeFileSync(bundle, readFileSync(bundle, 'utf8').replace('41 + 1', '40 + 3'));
    utimesSync(bundle, new Date(), new Date(Date.now() + 5000));
    const loaded = new CodeCache(cacheDir).require(bundle) as { answer(): number };
    assert.equal(loaded.answer(), 43);
  });

  it('compiles as usual when the cached data is damaged, and writes it again', () => {
    const first = new CodeCache(cacheDir);
    first.require(bundle);
    first.save();
    const file = join(cacheDir, cacheFiles()[0]!);
    const key = readFileSync(file, 'utf8').split('\n')[0]!;
    const damaged = Buffer.concat([Buffer.from(`${key}\n`), Buffer.alloc(64, 7)]);
    writeFileSync(file, damaged);

    assert.deepEqual(startInChild(), { answer: 42 });
    assert.equal(readFileSync(file).equals(damaged), false, 'made again');
    assert.equal(cacheFiles().length, 1, 'no temporary file left behind');
  });

  it('keeps nothing without a folder', () => {
    const cache = new CodeCache(undefined);
    assert.equal((cache.require(bundle) as { answer(): number }).answer(), 42);
    cache.save();
    assert.deepEqual(readdirSync(work), ['bundle.js']);
  });

  it('names the file it could not write, and the bundle still runs', () => {
    // A folder inside a file: no one can make it, root included.
    const cache = new CodeCache(join(bundle, 'cache'));
    assert.equal((cache.require(bundle) as { answer(): number }).answer(), 42);
    assert.match(cache.save() ?? '', /could not write the code cache .*bundle-[0-9a-f]{8}\.v8cache/);
    assert.equal(cache.save(), undefined, 'said once');
  });
});
