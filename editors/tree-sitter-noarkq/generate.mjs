// Regenerates src/ from grammar.js with the tree-sitter CLI (0.22 or later; `TREE_SITTER` names it
// when it is not `tree-sitter` on the PATH), at ABI 14, which Zed, Helix and Neovim all load, and
// records grammar.js's SHA-256 beside it, so that a test notices a grammar.js newer than src/.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const folder = dirname(fileURLToPath(import.meta.url));
const cli = (process.env.TREE_SITTER ?? 'tree-sitter').split(' ');
const run = spawnSync(cli[0], [...cli.slice(1), 'generate', '--abi', '14', '--no-bindings'], { cwd: folder, stdio: 'inherit' });
if (run.error || run.status !== 0) {
  console.error(`tree-sitter generate failed${run.error ? `: ${run.error.message}` : ''} (set TREE_SITTER to the CLI's command)`);
  process.exit(1);
}
const hash = createHash('sha256').update(readFileSync(join(folder, 'grammar.js'))).digest('hex');
writeFileSync(join(folder, 'src', 'grammar.js.sha256'), `${hash}\n`);
console.log(`src/ generated from grammar.js ${hash.slice(0, 12)}`);
