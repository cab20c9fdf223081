/**
 * The tree-sitter grammar of `.noarkq` (editors/tree-sitter-noarkq) built as a Node addon with
 * node-gyp, as grammar repositories test theirs, and loaded into the `tree-sitter` package: what
 * the grammar's tests parse and query with. Built once per process into the grammar's `build/`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import Parser from 'tree-sitter';
import { repositoryRoot } from './editorHarness';

export const grammarFolder = join(repositoryRoot, 'editors', 'tree-sitter-noarkq');

const require = createRequire(import.meta.url);
let built: Parser.Language | undefined;

/** Node's headers: beside the running node (Debian's /usr, official tarballs), so that node-gyp
 * never downloads them. */
function nodeHeaders(): string[] {
  const prefix = dirname(dirname(process.execPath));
  return existsSync(join(prefix, 'include', 'node', 'node_api.h')) ? [`--nodedir=${prefix}`] : [];
}

export function noarkqLanguage(): Parser.Language {
  if (built) return built;
  const gyp = require.resolve('node-gyp/bin/node-gyp.js');
  const result = spawnSync(process.execPath, [gyp, 'rebuild', ...nodeHeaders()], { cwd: grammarFolder, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`building the tree-sitter grammar failed:\n${result.stdout}\n${result.stderr}`);
  built = require(join(grammarFolder, 'build', 'Release', 'tree_sitter_noarkq_binding.node')) as Parser.Language;
  return built;
}

export function parserFor(): Parser {
  const parser = new Parser();
  parser.setLanguage(noarkqLanguage());
  return parser;
}
