/**
 * The repository stands alone (issue 18): a user's clone has nothing beside it, so no file in
 * it, test or product, code or document, may name a path outside it (`outsidePaths.ts` says
 * what counts). Sources are cited by document name and section instead ("the spec, § Limits",
 * "the vendor notes §1.5").
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, test } from 'node:test';
import { outsidePaths } from './outsidePaths';

const root = join(__dirname, '..');

/** Folders that are not the project's own files: installed packages, build output, caches. */
const generated = new Set(['.git', 'node_modules', 'dist', 'out', '.vscode-test', 'coverage']);

/** Tracked files plus new ones not yet added (so a file is checked before its first commit);
 * without git, the files of the tree outside generated folders. */
function repositoryFiles(): string[] {
  try {
    const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    return [...new Set(listed.split('\0').filter((f) => f !== ''))];
  } catch {
    const out: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (generated.has(entry.name)) continue;
        const full = join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.isFile()) out.push(relative(root, full).split(sep).join('/'));
      }
    };
    walk(root);
    return out;
  }
}

/** The file's text, or undefined for what is not a regular text file (a symlink such as a
 * worktree's node_modules, a deleted file, an image). */
function textOf(file: string): string | undefined {
  const full = join(root, file);
  try {
    if (!lstatSync(full).isFile()) return undefined;
  } catch {
    return undefined;
  }
  const bytes = readFileSync(full);
  if (bytes.includes(0)) return undefined;
  return bytes.toString('utf8');
}

describe('the detector of outside paths', () => {
  // Samples are assembled here so that this file does not name what it describes.
  const up = '..';
  const ws = ['', 'work', ''].join('/');

  test('finds a relative path that climbs above the repository from the file\'s folder', () => {
    const found = outsidePaths('test/http/x.test.ts', `import { spec } from '${up}/${up}/${up}/elsewhere/spec';\n`);
    assert.equal(found.length, 1);
    assert.equal(found[0].line, 1);
    assert.match(found[0].reason, /climbs 3 folders from a file 2 deep/);
    assert.equal(outsidePaths('README.md', `see [the notes](${up}/notes.md)`).length, 1, 'a Markdown link from the root');
  });

  test('finds a segment list that climbs out, and the sibling shared folder however written', () => {
    const segments = outsidePaths('test/runner/x.test.ts', `const a = 1;\nconst dir = join(__dirname, '${up}', '${up}', '${up}', 'data');\n`);
    assert.deepEqual(segments.map((f) => f.line), [2]);
    assert.equal(outsidePaths('test/x.ts', `const p = join(repoRoot, '${up}', 'sha' + 'red')`).length, 0, 'a computed name is not seen');
    assert.equal(outsidePaths('test/x.ts', `const p = join(repoRoot, '${up}', '${'shared'}', 'spec')`).length, 1);
    assert.equal(outsidePaths('core/x.ts', `// as ${'shared'}/reference/notes.md says`).length, 1);
    assert.equal(outsidePaths('a/b/c/x.ts', `// ${up}/${'shared'}`).length, 1, 'named even where it would not climb out');
  });

  test('finds an absolute path into the workspace', () => {
    assert.equal(outsidePaths('sandbox/README.md', `the notes at \`${ws}notes.md\``).length, 1);
  });

  test('leaves paths inside the repository and system paths alone', () => {
    assert.deepEqual(outsidePaths('test/http/x.test.ts', `import { a } from '${up}/${up}/core/x';\nimport { b } from './harness';\n`), []);
    assert.deepEqual(outsidePaths('client/search/x.ts', `const dist = join(__dirname, '${up}', 'dist');`), []);
    assert.deepEqual(outsidePaths('test/vscode/host/run.sh', 'exec /usr/bin/chromium --user-data-dir ~/.cache/x\n'), []);
    assert.deepEqual(outsidePaths('core/x.ts', 'const range = /[0-9]\\.\\.\\//; // 0..* and a.b/c'), []);
  });
});

test('no file of the repository names a path outside it', () => {
  const files = repositoryFiles();
  assert.ok(files.length > 100, `only ${files.length} files found under ${root}`);
  assert.ok(files.includes('test/repositoryStandsAlone.test.ts'), 'the listing includes this file');
  const problems: string[] = [];
  for (const file of files) {
    const text = textOf(file);
    if (text === undefined) continue;
    for (const p of outsidePaths(file, text)) problems.push(`${file}:${p.line}: ${p.reason}: ${p.excerpt}`);
  }
  assert.deepEqual(problems, [], 'cite a source by document name and section instead of its path; keep what a test needs inside the repository');
});
