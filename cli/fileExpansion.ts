/**
 * Turns `noarkq check` inputs into files: a file as given, a directory as every `*.noarkq` under
 * it, a glob (`*`, `**`, `?`) as the files it matches. Done here rather than by a dependency; the
 * shell may have expanded globs already, which is fine too.
 */
import { readdirSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';

export interface InputFile {
  /** As shown in reports: the argument as given, or the matched path relative to the cwd. */
  display: string;
  absolute: string;
}

export interface ExpansionResult {
  files: InputFile[];
  /** One message per input that yielded nothing (missing file, glob without matches). */
  problems: string[];
}

/** Folders never searched by a directory or glob walk. */
const skippedFolders = new Set(['node_modules', '.git']);

export function hasGlob(input: string): boolean {
  return /[*?]/.test(input);
}

export function expandInputs(inputs: readonly string[], cwd: string): ExpansionResult {
  const files: InputFile[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  const add = (display: string): void => {
    const absolute = resolve(cwd, display);
    if (seen.has(absolute)) return;
    seen.add(absolute);
    files.push({ display, absolute });
  };
  for (const input of inputs) {
    if (hasGlob(input)) {
      const matches = expandGlob(input, cwd);
      if (matches.length === 0) problems.push(`no files match "${input}"`);
      matches.forEach(add);
      continue;
    }
    let isDirectory: boolean;
    try {
      isDirectory = statSync(resolve(cwd, input)).isDirectory();
    } catch {
      problems.push(`${input}: no such file or directory`);
      continue;
    }
    if (!isDirectory) {
      add(input);
      continue;
    }
    const found = walk(resolve(cwd, input)).filter((rel) => rel.endsWith('.noarkq'));
    if (found.length === 0) problems.push(`${input}: no .noarkq files in this directory`);
    for (const rel of found) add(join(input, rel));
  }
  return { files, problems };
}

/** Every file under `dir` (at most `depth` names deep), as relative paths with `/`, sorted;
 * skips dot folders and node_modules. */
function walk(dir: string, prefix = '', depth = Infinity): string[] {
  if (depth <= 0) return [];
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const rel = prefix + e.name;
    if (e.isDirectory()) {
      if (skippedFolders.has(e.name) || e.name.startsWith('.')) continue;
      out.push(...walk(join(dir, e.name), rel + '/', depth - 1));
    } else if (e.isFile()) {
      out.push(rel);
    }
  }
  return out;
}

/** Display paths of the files a glob matches. */
export function expandGlob(pattern: string, cwd: string): string[] {
  const normalized = pattern.replace(/\\/g, '/');
  const segments = normalized.split('/');
  const firstGlob = segments.findIndex(hasGlob);
  const baseSegments = segments.slice(0, firstGlob);
  const base = baseSegments.join('/');
  const rest = segments.slice(firstGlob).join('/');
  const matcher = globToRegExp(rest);
  const root = base === '' ? cwd : isAbsolute(base) || /^[A-Za-z]:$/.test(base) ? resolve(base + '/') : resolve(cwd, base);
  // Without `**` a match is exactly as deep as the pattern: no need to walk further.
  const depth = rest.includes('**') ? Infinity : rest.split('/').length;
  return walk(root, '', depth)
    .filter((rel) => matcher.test(rel))
    .map((rel) => (base === '' ? rel : `${base}/${rel}`));
}

/** `**` spans folders (also none), `*` and `?` stay within one name. */
export function globToRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i];
    if (ch === '*' && glob[i + 1] === '*') {
      const slashAfter = glob[i + 2] === '/';
      re += slashAfter ? '(?:.*/)?' : '.*';
      i += slashAfter ? 2 : 1;
    } else if (ch === '*') {
      re += '[^/]*';
    } else if (ch === '?') {
      re += '[^/]';
    } else {
      re += ch.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    }
  }
  return new RegExp(`^${re}$`);
}
