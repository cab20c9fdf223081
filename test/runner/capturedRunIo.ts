/**
 * The terminal a CLI test gives `noarkq run` and `noarkq test`: no colour, no progress line, no
 * one to ask, every piece written kept as written.
 */
import type { RunIo } from '../../cli/runCommand';

export interface CapturedRunIo {
  io: RunIo;
  /** Each piece written to stdout, in order. */
  pieces: string[];
  out(): string;
  err(): string;
}

export function capturedRunIo(cwd: string, env: RunIo['env'] = {}, overrides: Partial<RunIo> = {}): CapturedRunIo {
  const pieces: string[] = [];
  let err = '';
  const io: RunIo = {
    cwd,
    out: (t) => void pieces.push(t),
    err: (t) => void (err += t),
    env,
    columns: undefined,
    colour: false,
    progress: false,
    onInterrupt: () => () => undefined,
    ...overrides,
  };
  return { io, pieces, out: () => pieces.join(''), err: () => err };
}
