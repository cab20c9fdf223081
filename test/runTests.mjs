// Runs every `*.test.ts` in the project with node:test (TypeScript through tsx).
// Node 20's --test takes no globs, so the files are listed here. Arguments narrow the set:
// `node test/runTests.mjs core/query` runs only the tests under core/query.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const roots = ['core', 'launch', 'server', 'client', 'cli', 'runner', 'mcp', 'sandbox', 'test'];
const skip = new Set(['node_modules', 'dist', '.git', 'vscode']);

function collect(dir, out) {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of entries) {
    if (skip.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) collect(path, out);
    else if (name.endsWith('.test.ts')) out.push(path);
  }
}

const files = [];
for (const r of roots) collect(join(root, r), files);
const filters = process.argv.slice(2);
const selected = files
  .map((f) => relative(root, f))
  .filter((f) => filters.length === 0 || filters.some((p) => f.startsWith(p)))
  .sort();
if (selected.length === 0) {
  console.error(`no test files match ${filters.join(' ') || 'the project'}`);
  process.exit(1);
}
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', ...selected], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
