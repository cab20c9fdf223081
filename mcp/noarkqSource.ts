/** The `.noarkq` text a tool works on: given inline, or read from a path relative to the working folder. */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface NoarkqSource {
  text: string;
  /** The file the text is, or stands for: UPLOAD and DOWNLOAD TO paths are relative to its folder. */
  filePath: string;
  /** How messages name it. */
  display: string;
}

export function readNoarkqSource(input: { text?: string; path?: string }, cwd: string): NoarkqSource | { error: string } {
  if ((input.text === undefined) === (input.path === undefined)) {
    return { error: 'Give either `text` (the .noarkq text itself) or `path` (a .noarkq file, relative to the server\'s working folder), not both and not neither.' };
  }
  if (input.text !== undefined) return { text: stripBom(input.text), filePath: join(cwd, 'untitled.noarkq'), display: '(text)' };
  const filePath = resolve(cwd, input.path!);
  try {
    return { text: stripBom(readFileSync(filePath, 'utf8')), filePath, display: input.path! };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { error: `Cannot read ${input.path} (${filePath}): ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (error as Error).message}.` };
  }
}

/** A byte-order mark is not part of the first line (it would hide a `###` there). */
function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
