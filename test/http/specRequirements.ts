/**
 * The requirements of the archive API spec that the HTTP suite must cover, read from the spec's
 * markdown itself (so a rule added to the spec is a requirement at once): the numbered rules of
 * the query language, transactions, authentication and errors, the upload rules, the Limits
 * table, every endpoint and the steps of the typical integration flow. A test names what it
 * covers with a tag in its title, e.g. `[query rule 6, 7]`, `[endpoint POST /upload]`,
 * `[limit maximum limit]`; `specCoverage.test.ts` checks that every requirement is named.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The spec sits in `../shared` beside the repository, as in every clone the project is built from. */
export const specPath = process.env.NOARKQ_SPEC ?? join(__dirname, '..', '..', '..', 'shared', 'spec', 'archive-api-v1.md');

export const requirementKinds = ['query rule', 'transaction rule', 'auth rule', 'error rule', 'upload rule', 'limit', 'endpoint', 'flow step'] as const;
export type RequirementKind = (typeof requirementKinds)[number];

export interface Requirement {
  kind: RequirementKind;
  key: string;
  /** The spec text the requirement comes from, for the failure message. */
  text: string;
}

export interface SpecEndpoint {
  method: string;
  /** Path under the API root, with `{name}` segments as the spec writes them. */
  path: string;
  /** The text of the endpoint's section. */
  section: string;
}

export function readSpec(): string {
  return readFileSync(specPath, 'utf8');
}

/** The body of the first heading of `level` whose text matches `title`, up to the next heading
 * of that level or higher. Throws when the spec has no such heading, so a renamed section is
 * noticed instead of yielding no requirements. */
export function section(markdown: string, level: number, title: RegExp): string {
  const lines = markdown.split('\n');
  const marks = '#'.repeat(level);
  const start = lines.findIndex((l) => l.startsWith(`${marks} `) && title.test(l.slice(level + 1)));
  if (start < 0) throw new Error(`the spec has no heading "${marks} ${title.source}"`);
  const end = lines.findIndex((l, i) => i > start && /^#+ /.test(l) && (/^(#+) /.exec(l)?.[1].length ?? 99) <= level);
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

/** The numbered list that follows the line matching `after` (or the first one in `text`). */
function numberedList(text: string, after?: RegExp): { n: string; text: string }[] {
  const lines = text.split('\n');
  let i = after ? lines.findIndex((l) => after.test(l)) + 1 : 0;
  if (after && i === 0) throw new Error(`the spec section has no line "${after.source}"`);
  while (i < lines.length && !/^\d+\.\s/.test(lines[i])) i++;
  const items: { n: string; text: string }[] = [];
  for (; i < lines.length; i++) {
    const m = /^(\d+)\.\s+(.*)$/.exec(lines[i]);
    if (!m) break;
    items.push({ n: m[1], text: m[2] });
  }
  if (items.length === 0) throw new Error(`no numbered list found${after ? ` after "${after.source}"` : ''}`);
  return items;
}

/** "Token acquisition ...: not shown." states a gap in the spec, not a rule to test. */
const statesAGap = (text: string) => /: not shown\.?$/.test(text.trim());

/** Headings of the Endpoints section that name no path, and the path the sandbox serves them at
 * (the vendor notes: `logs/download-log`). */
const pathlessEndpoints: Record<string, { method: string; path: string }> = {
  'Download log': { method: 'POST', path: '/logs/download-log' },
};

export function specEndpoints(markdown: string): SpecEndpoint[] {
  const endpoints = section(markdown, 2, /^Endpoints$/);
  const parts = endpoints.split(/^### /m).slice(1);
  const out: SpecEndpoint[] = [];
  for (const part of parts) {
    const heading = part.slice(0, part.indexOf('\n')).trim();
    const body = part.slice(part.indexOf('\n') + 1);
    const named = [...heading.matchAll(/\b(GET|POST|PUT|DELETE|PATCH) (\/\S*)/g)];
    if (named.length > 0) {
      for (const m of named) out.push({ method: m[1], path: m[2], section: body });
      continue;
    }
    const known = pathlessEndpoints[heading];
    if (!known) throw new Error(`the endpoint heading "${heading}" names no path: add it to pathlessEndpoints in specRequirements.ts`);
    out.push({ ...known, section: body });
  }
  return out;
}

const normalize = (text: string) => text.replace(/`/g, '').replace(/\s+/g, ' ').trim();

/** The upload rules: the Content-Disposition forms and the required name (upload table), each
 * clause of the upload "Rules:" sentence, and the download response headers. A clause no
 * pattern here recognises is an error, so a new upload rule in the spec is not missed. */
function uploadRules(endpoints: SpecEndpoint[]): Requirement[] {
  const upload = endpoints.find((e) => e.method === 'POST' && e.path === '/upload');
  const download = endpoints.find((e) => e.method === 'GET' && e.path === '/download');
  if (!upload || !download) throw new Error('the spec has no POST /upload or GET /download section');
  const out: Requirement[] = [];
  const dispositionRow = upload.section.split('\n').find((l) => l.startsWith('| Content-Disposition'));
  if (!dispositionRow) throw new Error('the upload table has no Content-Disposition row');
  for (const m of dispositionRow.matchAll(/`attachment; (filename\*?)=[^`]*`/g)) out.push({ kind: 'upload rule', key: m[1], text: m[0] });
  const required = /the name is required/.exec(dispositionRow);
  if (required) out.push({ kind: 'upload rule', key: 'name required', text: required[0] });
  const rules = /Rules: (.*)$/m.exec(upload.section);
  if (!rules) throw new Error('the upload section has no "Rules:" sentence');
  const clauses: [RegExp, string][] = [
    [/not linked .* within \d+ seconds is deleted/, 'expiry'],
    [/another account/, 'another account'],
  ];
  for (const clause of rules[1].split(/;\s*/)) {
    const match = clauses.find(([pattern]) => pattern.test(clause));
    if (!match) throw new Error(`an upload rule this file does not know: "${clause}"; give it a key in uploadRules (specRequirements.ts)`);
    out.push({ kind: 'upload rule', key: match[1], text: clause });
  }
  const headers = /Response headers of download[^.]*\./.exec(download.section);
  if (headers) out.push({ kind: 'upload rule', key: 'download headers', text: headers[0] });
  return out;
}

/** Rows of the Limits table (one per endpoint where a row applies to several) and the paging
 * rule under it. */
function limits(markdown: string): Requirement[] {
  const text = section(markdown, 2, /^Limits$/);
  const out: Requirement[] = [];
  for (const line of text.split('\n')) {
    const cells = line.split('|').slice(1, -1).map((c) => c.trim());
    if (cells.length !== 3 || cells[0] === 'Limit' || /^-+$/.test(cells[0])) continue;
    const [name, appliesTo] = [normalize(cells[0]), normalize(cells[1])];
    const targets = appliesTo.split(/,\s*/);
    if (targets.length === 1) out.push({ kind: 'limit', key: name, text: line });
    else for (const target of targets) out.push({ kind: 'limit', key: `${name} ${target}`, text: line });
  }
  const paging = /^Paging of query: .*$/m.exec(text);
  if (paging) out.push({ kind: 'limit', key: 'query paging', text: paging[0] });
  if (out.length === 0) throw new Error('the Limits table has no rows');
  return out;
}

export function specRequirements(markdown: string): Requirement[] {
  const endpoints = specEndpoints(markdown);
  const query = endpoints.find((e) => e.method === 'POST' && e.path === '/query');
  const transaction = endpoints.find((e) => e.method === 'POST' && e.path === '/transaction');
  if (!query || !transaction) throw new Error('the spec has no POST /query or POST /transaction section');
  const numbered = (kind: RequirementKind, items: { n: string; text: string }[]): Requirement[] =>
    items.filter((item) => !statesAGap(item.text)).map((item) => ({ kind, key: item.n, text: item.text }));
  return [
    ...numbered('query rule', numberedList(query.section, /^Query language:/)),
    ...numbered('transaction rule', numberedList(transaction.section, /^Rules:/)),
    ...numbered('auth rule', numberedList(section(markdown, 2, /^Authentication$/))),
    ...numbered('error rule', numberedList(section(markdown, 2, /^Errors$/))),
    ...uploadRules(endpoints),
    ...limits(markdown),
    ...endpoints.map((e): Requirement => ({ kind: 'endpoint', key: `${e.method} ${e.path}`, text: `${e.method} ${e.path}` })),
    ...numbered('flow step', numberedList(section(markdown, 3, /^Typical integration flow/))),
  ];
}

export const tagOf = (r: Pick<Requirement, 'kind' | 'key'>) => `[${r.kind} ${r.key}]`;

/** The requirements a title names: `[kind key]` or `[kind key, key]`. Bracketed text that starts
 * like a tag but names no kind (`[query rules 6]`) is returned as malformed. */
export function tagsInTitle(title: string): { tags: { kind: RequirementKind; key: string }[]; malformed: string[] } {
  const tags: { kind: RequirementKind; key: string }[] = [];
  const malformed: string[] = [];
  for (const m of title.matchAll(/\[([^\]]+)\]/g)) {
    const inner = m[1];
    const kind = requirementKinds.find((k) => inner.startsWith(`${k} `));
    if (!kind) {
      if (/^(query|transaction|auth|error|upload|limit|endpoint|flow)\b/.test(inner)) malformed.push(m[0]);
      continue;
    }
    const rest = inner.slice(kind.length + 1);
    // Endpoint keys hold no commas; other kinds list several keys with commas.
    const keys = kind === 'endpoint' ? [rest] : rest.split(/,\s*/);
    for (const key of keys) tags.push({ kind, key: key.trim() });
  }
  return { tags, malformed };
}
