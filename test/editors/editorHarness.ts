/**
 * What the tests of other editors share: the README's snippet for an editor (the test loads the
 * very text a user copies), a folder on PATH whose `noarkq` runs this repository's CLI (as the
 * installed package's would), and whether the editor is there. In CI (`CI=true`, where
 * `.ci/run` installs Debian's Neovim, Emacs with eglot and Vim with ALE) a missing editor fails
 * the test; elsewhere its test is skipped.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The first fenced block of `language` under the README heading `heading` (any level). */
export function readmeSnippet(heading: string, language: string): string {
  const readme = readFileSync(join(repositoryRoot, 'README.md'), 'utf8');
  const headingAt = readme.search(new RegExp(`^#+ ${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
  if (headingAt === -1) throw new Error(`README.md has no heading "${heading}"`);
  const fence = `\n\`\`\`${language}\n`;
  const headingEnd = readme.indexOf('\n', headingAt);
  const start = readme.indexOf(fence, headingEnd);
  // Only prose may stand between the heading and its block: another heading means it has none.
  if (start === -1 || /^#+ /m.test(readme.slice(headingEnd + 1, start))) throw new Error(`README.md has no \`\`\`${language} block under "${heading}"`);
  const end = readme.indexOf('\n```', start + fence.length - 1);
  return readme.slice(start + fence.length, end + 1);
}

/** A folder holding a `noarkq` command that runs this repository's built CLI. */
export function noarkqOnPath(folder: string): string {
  const bin = join(folder, 'bin');
  mkdirSync(bin, { recursive: true });
  const shim = join(bin, 'noarkq');
  writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${join(repositoryRoot, 'bin', 'noarkq.js')}" "$@"\n`);
  chmodSync(shim, 0o755);
  return bin;
}

/** Why the editor's test cannot run here, or undefined when `binary` is installed. Throws in CI. */
export function missingEditor(binary: string): string | undefined {
  const found = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  if (found.status === 0) return undefined;
  const reason = `${binary} is not installed (Debian: see .ci/run)`;
  if (process.env.CI === 'true') throw new Error(`${reason}: CI installs it, so this is a broken set-up`);
  return reason;
}

/**
 * `examples/broken.noarkq` with the blocks each editor's test works on: one to rename with the
 * block that reads it, a WHERE to complete and one to format, and a transaction with a JSON string
 * begun and an empty one. Written into `folder` as broken.noarkq; returns its path.
 */
export function writeBrokenWithTestBlocks(folder: string): string {
  const file = join(folder, 'broken.noarkq');
  const broken = readFileSync(join(repositoryRoot, 'examples', 'broken.noarkq'), 'utf8');
  writeFileSync(file, broken + testBlocks);
  return file;
}

const testBlocks = `
### first
QUERY Saksmappe
WHERE saksaar=@year&&tittel %= @title
LIMIT 1

### second
@case = {{first.results[0].id}}
QUERY Journalpost
WHERE tit

### fourth
TRANSACTION
{ "actions": [ { "action": "", "type": "Journ", "id": "jp", "fields": { "tittel": "T" } } ] }
`;

export interface EditorRun {
  /** The editor's binary. */
  editor: string;
  /** The README heading and fence language of its snippet, and the file the snippet is written to. */
  snippet: { heading: string; language: string; file: string };
  /** The driver the editor runs, and its file name. */
  driver: { file: string; text: string };
  /** The editor's arguments, run in the work folder. */
  args: (work: string) => string[];
  /** Environment beside PATH and NOARKQ_DRIVER_OUT. */
  env: (work: string) => NodeJS.ProcessEnv;
  /** Run in the work folder, with the editor's environment, before the editor starts. */
  setUp?: (work: string, env: NodeJS.ProcessEnv) => void;
}

/**
 * One editor, headless, in a folder of its own: the README's snippet, the driver, broken.noarkq
 * with the test blocks, `noarkq` on PATH. The driver writes what it saw as JSON to
 * $NOARKQ_DRIVER_OUT, which is returned; the folder goes once it is read.
 */
export function runEditor<Seen>(run: EditorRun): Seen {
  const work = mkdtempSync(join(tmpdir(), `noarkq-${run.editor}-`));
  try {
    const bin = noarkqOnPath(work);
    writeFileSync(join(work, run.snippet.file), readmeSnippet(run.snippet.heading, run.snippet.language));
    writeFileSync(join(work, run.driver.file), run.driver.text);
    writeBrokenWithTestBlocks(work);
    const out = join(work, 'seen.json');
    const env = { ...process.env, ...run.env(work), PATH: `${bin}:${process.env.PATH ?? ''}`, NOARKQ_DRIVER_OUT: out };
    run.setUp?.(work, env);
    const result = spawnSync(run.editor, run.args(work), { cwd: work, encoding: 'utf8', timeout: 120_000, env });
    assert.equal(result.status, 0, `${run.editor} exited ${result.status}: ${(result.stderr + result.stdout).slice(-3000)}`);
    return JSON.parse(readFileSync(out, 'utf8')) as Seen;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
