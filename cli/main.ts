/** Entry of the `noarkq` command (bundled to dist/cli.js, started by bin/noarkq.js). */
import { noarkModel } from '../core/schema';
import { usage } from './cliArguments';
import { ExitCode, runCheck, type CliIo } from './checkCommand';
import { runBundledRuntime } from './bundledRuntime';
import { runCopyAs } from './copyAsCommand';
import { runRun, type RunIo } from './runCommand';
import { runTest } from './testCommand';
import { connectForRun } from './runConnection';
import { terminalRunIo } from './terminalRunIo';

/** Set by esbuild from package.json; absent when the sources run directly (tests, tsx). */
declare const NOARKQ_VERSION: string;

function version(): string {
  return typeof NOARKQ_VERSION === 'string' ? NOARKQ_VERSION : '0.0.0-dev';
}

export function main(argv: readonly string[], io: CliIo, runIo: () => RunIo = () => terminalRunIo(io)): number | Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'check':
      return runCheck(rest, io, noarkModel, version());
    case 'run':
      return runRun(rest, runIo(), noarkModel, connectForRun);
    case 'test':
      return runTest(rest, runIo(), noarkModel, connectForRun);
    case 'copy-as':
      return runCopyAs(rest, runIo(), noarkModel, connectForRun);
    case 'sandbox':
      return runBundledRuntime('sandbox', rest, io);
    case 'mcp':
      return runBundledRuntime('mcp', rest, io);
    case '-h':
    case '--help':
    case 'help':
      io.out(usage);
      return ExitCode.ok;
    case '-v':
    case '--version':
      io.out(`${version()}\n`);
      return ExitCode.ok;
    case undefined:
      io.err(usage);
      return ExitCode.usage;
    default:
      io.err(`noarkq: unknown ${command.startsWith('-') ? 'option' : 'command'} "${command}"\n\n${usage}`);
      return ExitCode.usage;
  }
}

const io: CliIo = {
  cwd: process.cwd(),
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};
// The checks never throw on user input; an exception is a bug, reported as such rather than as a
// stack dump.
const internalError = (error: unknown): number => {
  process.stderr.write(`noarkq: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  return ExitCode.usage;
};
try {
  void Promise.resolve(main(process.argv.slice(2), io))
    .catch(internalError)
    .then((code) => {
      process.exitCode = code;
    });
} catch (error) {
  process.exitCode = internalError(error);
}
