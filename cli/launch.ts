/**
 * Entry of the `noarkq` command (bundled to dist/cli.js, started by bin/noarkq.js). It loads the
 * commands (dist/cliCommands.js, from cli/main.ts) through V8's code cache (launch/codeCache.ts):
 * a command is short, and compiling a bundle of some 3 MB was a good part of each one — CI runs
 * `noarkq check` and `noarkq test` often. The cache's folder is $NOARKQ_CODE_CACHE, or one in the
 * system's temp folder; `NOARKQ_CODE_CACHE=off` keeps none. The code is saved as the process
 * exits, so it holds the functions the command ran.
 *
 * V8 optimises a function once it has run some 66 KB of its bytecode (`--interrupt-budget`). A
 * command lasts seconds, and the optimising compiler, in threads beside it on cores the archive
 * under test may share, cost more CPU than the code it optimised saved: with four times that
 * budget `noarkq test` of 1,000 requests (benchmark P9) took some 15 % less CPU, and the hot code
 * of a long run is still optimised, a little later. A budget the user set is left alone.
 */
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { CodeCache, codeCacheFolder } from '../launch/codeCache';
import { languageServerCommands, runLanguageServer } from './languageServerCommand';

// The language server is a bundle of its own: an editor starting it needs none of the commands.
const command = process.argv[2];
if (command !== undefined && languageServerCommands.includes(command)) {
  void runLanguageServer(process.argv.slice(3), __dirname, (text) => process.stderr.write(text), (text) => process.stdout.write(text)).then((code) => {
    process.exitCode = code;
  });
} else {
  startCommands();
}

function startCommands(): void {
  const interruptBudget = '--interrupt-budget';
  if (![...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((option) => option.startsWith(interruptBudget))) setFlagsFromString(`${interruptBudget}=${4 * 66 * 1024}`);

  const setting = process.env.NOARKQ_CODE_CACHE;
  const cache = new CodeCache(codeCacheFolder(process.env));
  process.once('exit', () => {
    const failure = cache.save();
    // The cache only speeds the next start: an unwritable temp folder is not worth a line in every
    // command's output, a folder the user chose is.
    if (failure && setting && setting !== 'off') process.stderr.write(`${failure}
`);
  });
  cache.require(join(__dirname, 'cliCommands.js'));
}
