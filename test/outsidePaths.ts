/**
 * Finds the places where a repository file names a path outside the repository: the repository
 * must work as a clone with nothing beside it (issue 18), so neither a test nor the product may
 * read, import or cite a sibling folder. Three kinds of naming count:
 *
 * - a relative path whose `..` segments climb above the repository root from the file's folder,
 *   written as one string (`'../…'`, a Markdown link) or as a segment list after the file's
 *   folder (`join(__dirname, '..', …)`, `resolve(...)`);
 * - the project's sibling `shared` folder (its spec, reference and design documents, the
 *   responses recorded from a real archive), however the path is written;
 * - an absolute path into the workspace the project is developed in.
 *
 * System paths (`/usr/bin/…`, `~/.cache`) are not project files and are not reported.
 */

export interface OutsidePath {
  /** 1-based. */
  line: number;
  reason: string;
  excerpt: string;
}

/** A path into the development workspace: that folder, at the start of an absolute path. */
const workspacePath = /(?<![\w.~-])\/work\//g;
/** The sibling shared folder: as a climbing path, as `shared/<its subfolders>` or the folder of
 * recorded responses, or as segments. */
const siblingShared = [
  /\.\.\/shared\b/g,
  /\bshared\/(?:spec|reference|design)\b/g,
  /\breal-wire\//g,
  /['"]\.\.['"]\s*,\s*['"]shared['"]/g,
  /['"]shared['"]\s*,\s*['"](?:spec|reference|design)['"]/g,
];
/** A relative path written as one string: starts with `./` or `../`, not inside a longer path. */
const relativePath = /(?<![\w.\/\\-])\.\.?\/[^\s'"`)\]>,;:*|]*/g;
/** A path built from the file's own folder and a list of segments. */
const segmentCall = /\b(?:join|resolve)\(\s*(?:__dirname|import\.meta\.dirname)\s*((?:,\s*(?:'[^'\n]*'|"[^"\n]*"|`[^`$\n]*`)\s*)+)[,)]/g;

/** How far above the starting folder `segments` reach at their highest point (0: never above). */
function climb(segments: string[]): number {
  let level = 0;
  let highest = 0;
  for (const segment of segments) {
    if (segment === '..') level--;
    else if (segment !== '.' && segment !== '') level++;
    highest = Math.min(highest, level);
  }
  return -highest;
}

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/**
 * The outside paths named in `text`, the content of the repository file at `file` (a path
 * relative to the repository root, with `/` separators).
 */
export function outsidePaths(file: string, text: string): OutsidePath[] {
  const depth = file.split('/').length - 1;
  const lines = text.split('\n');
  const found = new Map<string, OutsidePath>();
  const report = (index: number, reason: string): void => {
    const line = lineAt(text, index);
    const key = `${line}:${reason}`;
    if (!found.has(key)) found.set(key, { line, reason, excerpt: (lines[line - 1] ?? '').trim().slice(0, 160) });
  };
  for (const m of text.matchAll(workspacePath)) report(m.index, 'an absolute path into the development workspace');
  for (const pattern of siblingShared) {
    for (const m of text.matchAll(pattern)) report(m.index, 'the sibling shared folder');
  }
  for (const m of text.matchAll(relativePath)) {
    const up = climb(m[0].split('/'));
    if (up > depth) report(m.index, `"${m[0]}" climbs ${up} folders from a file ${depth} deep`);
  }
  for (const m of text.matchAll(segmentCall)) {
    const segments = [...(m[1] ?? '').matchAll(/['"`]([^'"`]*)['"`]/g)].flatMap((s) => (s[1] ?? '').split('/'));
    const up = climb(segments);
    if (up > depth) report(m.index, `the segments ${segments.map((s) => `'${s}'`).join(', ')} climb ${up} folders from a file ${depth} deep`);
  }
  return [...found.values()].sort((a, b) => a.line - b.line);
}
