/**
 * The shapes of `.noarkq` file the scaling benchmarks check, sized by bytes (UTF-8, as the file
 * would be on disk):
 *
 * - `uniqueNamesFile`: the integration flow of the edit-latency benchmark (`flowFile`),
 *   every block name unique, every block clean;
 * - `brokenCopiesFile`: copies of `examples/broken.noarkq` one after another, so a file full of
 *   errors: every block name taken again by each copy, unknown fields, broken JSON, bad requests.
 *
 * Both are cut at a block boundary, so the size is reached or passed by less than one block (the
 * flow) or one copy of the example (the broken file).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { flowFile } from './editLatencyShapes';

export type FileShape = 'unique' | 'broken';

export const fileShapes: readonly FileShape[] = ['unique', 'broken'];

/** A file of `shape`, at least `bytes` long. */
export function noarkqFileOfShape(shape: FileShape, bytes: number): string {
  return shape === 'unique' ? uniqueNamesFile(bytes) : brokenCopiesFile(bytes);
}

/** The integration flow with as many blocks as make at least `bytes` bytes. */
export function uniqueNamesFile(bytes: number): string {
  // Blocks grow a little as their numbers get longer: estimate the count from a sample, then
  // correct it once by what the estimate gave, and add blocks until the size is reached.
  const sample = 500;
  let blocks = Math.max(1, Math.ceil((bytes / Buffer.byteLength(flowFile(sample))) * sample));
  let text = flowFile(blocks);
  blocks = Math.max(1, Math.ceil((blocks * bytes) / Buffer.byteLength(text)));
  text = flowFile(blocks);
  while (Buffer.byteLength(text) < bytes) text = flowFile((blocks += Math.max(1, Math.ceil(blocks / 1000))));
  return text;
}

let brokenExample: string | undefined;

/** The example of every mistake the checker reports, as the repository has it. */
export function brokenExampleText(): string {
  return (brokenExample ??= readFileSync(join(__dirname, '..', '..', 'examples', 'broken.noarkq'), 'utf8'));
}

/** Whole copies of `examples/broken.noarkq`, as many as make at least `bytes` bytes. */
export function brokenCopiesFile(bytes: number): string {
  const example = brokenExampleText();
  // Each copy starts on a line of its own, whatever the example ends with.
  const copy = example.endsWith('\n') ? example : `${example}\n`;
  return copy.repeat(Math.max(1, Math.ceil(bytes / Buffer.byteLength(copy))));
}

/** How many copies of the broken example `text` holds (it was made by `brokenCopiesFile`). */
export function brokenCopiesIn(text: string): number {
  const example = brokenExampleText();
  const copy = example.endsWith('\n') ? example : `${example}\n`;
  return text.length / copy.length;
}
