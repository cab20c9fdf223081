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
      // The first Ctrl-C (or SIGTERM) cancels the run (the request is aborted, the sandbox
      // stopped); a second one ends the process at once.
      let interrupted = false;
      const listener = (signal: NodeJS.Signals) => {
        if (interrupted) process.exit(signal === 'SIGTERM' ? 143 : 130);
        interrupted = true;
        process.stderr.write(signal === 'SIGTERM' ? '\nCancelling (SIGTERM)...\n' : '\nCancelling (Ctrl-C again to quit at once)...\n');
        handler();
      };
      process.on('SIGINT', listener);
      process.on('SIGTERM', listener);
      return () => {
        process.off('SIGINT', listener);
        process.off('SIGTERM', listener);
      };
    },
  };
}
