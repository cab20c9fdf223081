/**
 * Entry of the `noarkq` command (bundled to dist/cli.js, started by bin/noarkq.js). It loads the
 * commands (dist/cliCommands.js, from cli/main.ts) through V8's code cache (launch/codeCache.ts):
 * a command is short, and compiling a bundle of some 3 MB was a good part of each one — CI runs
 * `noarkq check` and `noarkq test` often. The cache's folder is $NOARKQ_CODE_CACHE, or one in the
 * system's temp folder; `NOARKQ_CODE_CACHE=off` keeps none. The code is saved as the process
 * exits, so it holds the functions the command ran.
 */
import { join } from 'node:path';
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
  const setting = process.env.NOARKQ_CODE_CACHE;
  const cache = new CodeCache(codeCacheFolder(process.env));
  process.once('exit', () => {
    const failure = cache.save();
    // The cache only speeds the next start: an unwritable temp folder is not worth a line in every
    // command's output, a folder the user chose is.
    if (failure && setting && setting !== 'off') process.stderr.write(`${failure}\n`);
  });
  cache.require(join(__dirname, 'cliCommands.js'));
}
