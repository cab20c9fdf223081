/** `noarkq run`'s view of the terminal: widths, colour, progress, prompts and Ctrl-C. */
import { createInterface } from 'node:readline';
import type { CliIo } from './checkCommand';
import type { RunIo } from './runCommand';

export function terminalRunIo(io: CliIo): RunIo {
  const stdoutTty = process.stdout.isTTY === true;
  const stderrTty = process.stderr.isTTY === true;
  // Questions need someone at the keyboard: stdin a terminal, and somewhere visible to ask.
  const canAsk = process.stdin.isTTY === true && stderrTty;
  return {
    ...io,
    env: process.env,
    columns: stdoutTty ? process.stdout.columns : undefined,
    colour: stdoutTty && process.env.NO_COLOR === undefined,
    progress: stderrTty,
    prompt: canAsk
      ? (question) =>
          new Promise((resolve) => {
            const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
            let answered = false;
            rl.question(question, (answer) => {
              answered = true;
              rl.close();
              resolve(answer);
            });
            rl.on('close', () => {
              if (!answered) resolve(undefined);
            });
          })
      : undefined,
    onInterrupt(handler) {
      // The first Ctrl-C cancels the run (the request is aborted, the sandbox stopped); a second one
      // ends the process at once.
      let interrupted = false;
      const listener = () => {
        if (interrupted) process.exit(130);
        interrupted = true;
        process.stderr.write('\nCancelling (Ctrl-C again to quit at once)...\n');
        handler();
      };
      process.on('SIGINT', listener);
      return () => process.off('SIGINT', listener);
    },
  };
}
