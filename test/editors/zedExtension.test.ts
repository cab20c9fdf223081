/**
 * The Zed extension in editors/zed (Zed is not in Debian, so no test runs it; its files follow Zed's
 * "Language Extensions" documentation and its extension manifest's source): the grammar it names is
 * this repository's at a commit that holds today's generated parser, its language takes `.noarkq`
 * files with that grammar, the language server it declares serves that language, and the Rust code
 * starts `noarkq lsp`.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { repositoryRoot } from './editorHarness';
import { grammarFolder } from './treeSitterBuild';

const zed = join(repositoryRoot, 'editors', 'zed');

/** The `key = value` lines of a TOML table (`''` for the top level), values as written. */
function tomlTable(text: string, table: string): Map<string, string> {
  const entries = new Map<string, string>();
  let current = '';
  for (const line of text.split('\n')) {
    const header = /^\[([^\]]+)\]\s*$/.exec(line);
    if (header) current = header[1];
    else if (current === table) {
      const entry = /^([A-Za-z_]+)\s*=\s*(.+?)\s*$/.exec(line);
      if (entry) entries.set(entry[1], entry[2]);
    }
  }
  return entries;
}

const manifest = readFileSync(join(zed, 'extension.toml'), 'utf8');
const grammar = tomlTable(manifest, 'grammars.noarkq');

// A clone made with --depth has no history to read the grammar at `rev` from.
const shallow = spawnSync('git', ['rev-parse', '--is-shallow-repository'], { cwd: repositoryRoot, encoding: 'utf8' }).stdout.trim() === 'true';

test("Zed's extension builds the grammar from this repository, at a commit holding today's parser", { skip: shallow && 'a shallow clone: git fetch --unshallow to check the commit' }, () => {
  const packageJson = JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')) as { repository: { url: string } };
  assert.equal(grammar.get('repository'), JSON.stringify(packageJson.repository.url.replace(/\.git$/, '')));
  assert.equal(grammar.get('path'), '"editors/tree-sitter-noarkq"');
  const rev = JSON.parse(grammar.get('rev') ?? '""') as string;
  assert.match(rev, /^[0-9a-f]{40}$/);
  // Zed clones the repository at `rev` and compiles src/parser.c and src/scanner.c under `path`.
  for (const file of ['parser.c', 'scanner.c', 'tree_sitter/parser.h', 'tree_sitter/array.h', 'tree_sitter/alloc.h']) {
    const shown = spawnSync('git', ['show', `${rev}:editors/tree-sitter-noarkq/src/${file}`], { cwd: repositoryRoot, encoding: 'utf8', maxBuffer: 64 << 20 });
    assert.equal(shown.status, 0, `commit ${rev} is not in this clone: ${shown.stderr}`);
    assert.equal(shown.stdout, readFileSync(join(grammarFolder, 'src', file), 'utf8'), `src/${file} changed after ${rev.slice(0, 12)}: commit it, then set rev in editors/zed/extension.toml to that commit`);
  }
});

test("Zed's language takes .noarkq files with the grammar, and the server serves that language", () => {
  const config = tomlTable(readFileSync(join(zed, 'languages', 'noarkq', 'config.toml'), 'utf8'), '');
  assert.equal(config.get('name'), '"noarkq"');
  assert.equal(config.get('grammar'), '"noarkq"');
  assert.deepEqual(JSON.parse(config.get('path_suffixes') ?? '[]'), ['noarkq']);
  assert.deepEqual(JSON.parse(tomlTable(manifest, 'language_servers.noarkq').get('languages') ?? '[]'), ['noarkq']);
  const rust = readFileSync(join(zed, 'src', 'lib.rs'), 'utf8');
  assert.match(rust, /worktree\.which\("noarkq"\)/);
  assert.match(rust, /args: vec!\["lsp"\.to_string\(\)\]/);
  assert.match(readFileSync(join(zed, 'Cargo.toml'), 'utf8'), /crate-type = \["cdylib"\]/);
});
