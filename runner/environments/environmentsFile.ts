/**
 * Reading `noarkq.environments.json`: JSON with comments (VS Code edits it as JSONC), checked
 * against `environmentsFileSchema`. Every problem names the file, line and column, the environment
 * (by name, or by index when it has none) and the key, so that it can be fixed without searching;
 * the extension shows the same problems as diagnostics (offset and length).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { findNodeAtLocation, getNodeValue, parseTree, printParseErrorCode, type Node as JsonNode, type ParseError } from 'jsonc-parser';
import type { z } from 'zod';
import { didYouMean } from '../../core/text/didYouMean';
import { duplicateNameMessage, environmentAuthSchema, environmentSchema, environmentsFileName, environmentsFileSchema, secretKey, timeoutSchema, type Environment } from './environmentsSchema';

export interface EnvironmentFileProblem {
  file: string;
  /** `environment "test"`, or `environments[2]` when that one has no usable name. */
  environment?: string;
  /** Where inside the environment (`auth.tokenUrl`), or in the file when outside any. */
  key?: string;
  /** 1-based; absent when the file could not be read at all. */
  line?: number;
  column?: number;
  offset?: number;
  length?: number;
  message: string;
}

export class EnvironmentFileError extends Error {
  override readonly name = 'EnvironmentFileError';
  constructor(
    readonly file: string,
    readonly problems: readonly EnvironmentFileProblem[],
  ) {
    super(
      problems.length === 1
        ? formatProblem(problems[0])
        : `${file} has ${problems.length} problems:\n${problems.map((p) => `  ${formatProblem(p)}`).join('\n')}`,
    );
  }
}

/** The user asked for an environment the file does not have, or did not say which of several. */
export class EnvironmentSelectionError extends Error {
  override readonly name = 'EnvironmentSelectionError';
}

export interface EnvironmentsFile {
  file: string;
  environments: Environment[];
}

export type EnvironmentsParse = { ok: true; value: EnvironmentsFile } | { ok: false; problems: EnvironmentFileProblem[] };

/** `file:line:column: environment "x", key: message` (as compilers write it, so terminals link it). */
export function formatProblem(problem: EnvironmentFileProblem): string {
  const where = problem.line === undefined ? problem.file : `${problem.file}:${problem.line}:${problem.column}`;
  const what = [problem.environment, problem.key].filter((s) => s !== undefined).join(', ');
  return `${where}: ${what ? `${what}: ` : ''}${problem.message}`;
}

export function parseEnvironmentsFile(text: string, file: string): EnvironmentsParse {
  const lines = lineStarts(text);
  const at = (offset: number, length: number, fields: Omit<EnvironmentFileProblem, 'file' | 'line' | 'column' | 'offset' | 'length'>): EnvironmentFileProblem => {
    const { line, column } = position(lines, offset);
    return { file, line, column, offset, length, ...fields };
  };

  const syntaxErrors: ParseError[] = [];
  const tree = parseTree(text, syntaxErrors, { allowTrailingComma: true, disallowComments: false });
  if (syntaxErrors.length > 0) {
    return { ok: false, problems: syntaxErrors.map((e) => at(e.offset, e.length, { message: `not valid JSON: ${syntaxMessage(e)}` })) };
  }
  if (tree === undefined) {
    return { ok: false, problems: [at(0, 0, { message: `the file is empty: it needs { "environments": [ … ] }` })] };
  }

  const raw: unknown = getNodeValue(tree);
  const problems: EnvironmentFileProblem[] = duplicateKeys(tree).map(({ key, first }) => {
    const { line, column } = position(lines, first.offset);
    return at(key.offset, key.length, { ...labels(raw, pathOf(key)), message: `is written twice (first at ${line}:${column}); only one may stay` });
  });
  // Secrets and duplicate names are looked for in the raw value too: zod skips an object's
  // refinements while other keys of it are wrong, and these must never go unreported.
  const described = [...secretsWritten(raw), ...duplicateNames(raw)];
  const parsed = environmentsFileSchema.safeParse(raw);
  if (!parsed.success) for (const issue of parsed.error.issues) described.push(...describeIssue(issue, raw));
  const seen = new Set<string>();
  for (const { path, message, onKey } of described) {
    const node = nodeAt(tree, path, onKey);
    const key = `${node.offset}:${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(at(node.offset, node.length, { ...labels(raw, path), message }));
  }
  if (problems.length > 0) return { ok: false, problems: problems.sort((a, b) => (a.offset ?? 0) - (b.offset ?? 0)) };
  if (!parsed.success) throw new Error('unreachable: a failed parse without problems');
  return { ok: true, value: { file, environments: parsed.data.environments } };
}

/** Reads and checks one file; throws `EnvironmentFileError`. */
export async function readEnvironmentsFile(path: string): Promise<EnvironmentsFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a folder, not a file' : error instanceof Error ? error.message : String(error);
    throw new EnvironmentFileError(path, [{ file: path, message: `cannot be read: ${why}` }]);
  }
  const parsed = parseEnvironmentsFile(text.replace(/^\uFEFF/, ''), path);
  if (!parsed.ok) throw new EnvironmentFileError(path, parsed.problems);
  return parsed.value;
}

export interface EnvironmentsLocation {
  /** An explicit file (`--environments FILE`): it must exist. */
  file?: string;
  /** Otherwise `noarkq.environments.json` in this folder, if there is one. */
  workspaceRoot?: string;
}

/** The environments file the user pointed at, or the workspace's; undefined when neither is
 * given and the workspace has none. Throws `EnvironmentFileError`. */
export async function loadEnvironments(location: EnvironmentsLocation): Promise<EnvironmentsFile | undefined> {
  if (location.file !== undefined) return readEnvironmentsFile(location.file);
  if (location.workspaceRoot === undefined) return undefined;
  const path = join(location.workspaceRoot, environmentsFileName);
  try {
    return await readEnvironmentsFile(path);
  } catch (error) {
    if (error instanceof EnvironmentFileError && error.problems.length === 1 && error.problems[0].message === 'cannot be read: no such file') return undefined;
    throw error;
  }
}

/** The environment called `name`; without a name, the only one there is. */
export function selectEnvironment(environments: EnvironmentsFile, name: string | undefined): Environment {
  const names = environments.environments.map((e) => e.name);
  const list = names.map((n) => `"${n}"`).join(', ');
  if (name === undefined) {
    if (environments.environments.length === 1) return environments.environments[0];
    throw new EnvironmentSelectionError(
      environments.environments.length === 0 ? `${environments.file} defines no environment.` : `${environments.file} defines ${names.length} environments (${list}): name the one to use.`,
    );
  }
  const found = environments.environments.find((e) => e.name === name);
  if (found) return found;
  const suggestion = didYouMean(name, names);
  throw new EnvironmentSelectionError(`${environments.file} has no environment "${name}"${suggestion ? `: did you mean "${suggestion}"?` : names.length > 0 ? `; it has ${list}.` : ' (it defines none).'}`);
}

// ---- Issues to sentences ----

type Path = (string | number)[];

interface Described {
  path: Path;
  message: string;
  /** Point at the key rather than its value (an unknown or badly named key). */
  onKey: boolean;
}

function describeIssue(issue: z.core.$ZodIssue, raw: unknown): Described[] {
  const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
  const actual = valueAt(raw, path);
  switch (issue.code) {
    case 'unrecognized_keys':
      // Secret keys are reported by `secretsWritten`.
      return issue.keys.filter((key) => secretKey(key) === undefined).map((key) => ({ path: [...path, key], onKey: true, message: unknownKeyMessage(key, allowedKeys(raw, path)) }));
    case 'invalid_type':
      if (actual === undefined) return [{ path, onKey: false, message: `is missing${missingHint(path)}` }];
      if (path.length === 0) return [{ path, onKey: false, message: `the file must be an object, { "environments": [ … ] }, not ${describeValue(actual)}` }];
      return [{ path, onKey: false, message: `must be ${typeWords(issue.expected)}, not ${describeValue(actual)}` }];
    case 'invalid_union': {
      // A discriminated union without a matching `kind` (zod reports it on the `kind` key).
      if (!('options' in issue) || issue.options === undefined) return [{ path, onKey: false, message: issue.message }];
      const options = issue.options;
      const expected = options.map((o) => `"${String(o)}"`).join(', ');
      if (actual === undefined) return [{ path, onKey: false, message: `is missing: one of ${expected}` }];
      const suggestion = typeof actual === 'string' ? didYouMean(actual, options.map(String)) : undefined;
      return [{ path, onKey: false, message: `${describeValue(actual)} is not one of ${expected}${suggestion ? `: did you mean "${suggestion}"?` : ''}` }];
    }
    case 'invalid_value': {
      const expected = issue.values.map((v) => JSON.stringify(v)).join(', ');
      const suggestion = typeof actual === 'string' ? didYouMean(actual, issue.values.filter((v): v is string => typeof v === 'string')) : undefined;
      return [{ path, onKey: false, message: `${describeValue(actual)} is not one of ${expected}${suggestion ? `: did you mean "${suggestion}"?` : ''}` }];
    }
    case 'invalid_key': {
      const inner = issue.issues[0]?.message ?? issue.message;
      return [{ path, onKey: true, message: `"${String(path[path.length - 1])}" is not a valid name: ${inner}` }];
    }
    default:
      return [{ path, onKey: false, message: issue.message }];
  }
}

/** Every key that holds a secret, anywhere but inside a variable's value (which is data). */
function secretsWritten(raw: unknown): Described[] {
  const found: Described[] = [];
  const visit = (value: unknown, path: Path) => {
    if (typeof value !== 'object' || value === null) return;
    if (Array.isArray(value)) {
      value.forEach((item, index) => visit(item, [...path, index]));
      return;
    }
    const inVariables = path.length === 3 && path[0] === 'environments' && path[2] === 'variables';
    for (const [key, item] of Object.entries(value)) {
      const secret = secretKey(key);
      if (secret) {
        found.push({ path: [...path, key], onKey: true, message: inVariables ? `looks like a secret, and secrets are not kept in this file: ${secret}` : `is a secret, and secrets are not kept in this file: ${secret}` });
      } else if (!inVariables) {
        visit(item, [...path, key]);
      }
    }
  };
  visit(raw, []);
  return found;
}

function duplicateNames(raw: unknown): Described[] {
  const environments = valueAt(raw, ['environments']);
  if (!Array.isArray(environments)) return [];
  const first = new Map<string, number>();
  const found: Described[] = [];
  environments.forEach((environment: unknown, index) => {
    const name = valueAt(environment, ['name']);
    if (typeof name !== 'string') return;
    const earlier = first.get(name);
    if (earlier === undefined) first.set(name, index);
    else found.push({ path: ['environments', index, 'name'], onKey: false, message: duplicateNameMessage(name, earlier) });
  });
  return found;
}

function unknownKeyMessage(key: string, allowed: readonly string[]): string {
  const suggestion = didYouMean(key, allowed);
  return `unknown key${suggestion ? `: did you mean "${suggestion}"?` : ''} Allowed here: ${allowed.map((k) => `"${k}"`).join(', ')}`;
}

/** The keys an object at `path` may have: what "did you mean" chooses from. */
function allowedKeys(raw: unknown, path: Path): string[] {
  if (path.length === 0) return Object.keys(environmentsFileSchema.shape);
  if (path.length === 2) return Object.keys(environmentSchema.shape);
  if (path.length === 3 && path[2] === 'timeout') return Object.keys(timeoutSchema.shape);
  if (path.length === 3 && path[2] === 'auth') {
    const kind = valueAt(raw, [...path, 'kind']);
    const variant = environmentAuthSchema.options.find((o) => o.shape.kind.value === kind);
    if (variant) return Object.keys(variant.shape);
    return [...new Set(environmentAuthSchema.options.flatMap((o) => Object.keys(o.shape)))];
  }
  return [];
}

function missingHint(path: Path): string {
  if (path.length === 0) return '';
  const key = path[path.length - 1];
  if (key === 'environments') return ': write "environments": [ { "name": …, "baseUrl": …, "auth": { "kind": … } } ]';
  if (key === 'auth') return ': add "auth": { "kind": "none" | "token" | "client_credentials" | "password", … }';
  return '';
}

function typeWords(expected: string): string {
  switch (expected) {
    case 'object':
    case 'record':
      return 'an object';
    case 'array':
      return 'a list ([ … ])';
    case 'string':
      return 'a string';
    case 'boolean':
      return 'true or false';
    case 'number':
      return 'a number';
    default:
      return expected;
  }
}

/** A value as the message shows it: the type, with short scalars themselves. Long strings are
 * cut, so a pasted token never shows in full. */
function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return value.length <= 40 ? `the string ${JSON.stringify(value)}` : 'a long string';
  return `${typeof value === 'number' ? 'the number' : 'the value'} ${String(value)}`;
}

// ---- Where things are ----

function labels(raw: unknown, path: Path): Pick<EnvironmentFileProblem, 'environment' | 'key'> {
  if (path[0] === 'environments' && typeof path[1] === 'number') {
    const name = valueAt(raw, ['environments', path[1], 'name']);
    const all = valueAt(raw, ['environments']);
    const shared = Array.isArray(all) && all.filter((e: unknown) => valueAt(e, ['name']) === name).length > 1;
    const environment =
      typeof name !== 'string' || name.trim() === '' ? `environments[${path[1]}]` : shared ? `environments[${path[1]}] ("${name}")` : `environment "${name}"`;
    const rest = path.slice(2);
    return rest.length === 0 ? { environment } : { environment, key: keyPath(rest) };
  }
  return path.length === 0 ? {} : { key: keyPath(path) };
}

function keyPath(path: Path): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

function valueAt(raw: unknown, path: Path): unknown {
  let value = raw;
  for (const p of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string | number, unknown>)[p];
  }
  return value;
}

/** The node to point at: the value at `path` (or its key), else the nearest enclosing one that exists. */
function nodeAt(tree: JsonNode, path: Path, onKey: boolean): JsonNode {
  for (let n = path.length; n >= 0; n--) {
    const node = findNodeAtLocation(tree, path.slice(0, n));
    if (!node) continue;
    if (n === path.length && onKey && node.parent?.type === 'property' && node.parent.children?.[0]) return node.parent.children[0];
    // A missing key is reported at the object that lacks it; its key shows where that object is.
    if (n < path.length && node.parent?.type === 'property' && node.parent.children?.[0]) return node.parent.children[0];
    return node;
  }
  return tree;
}

function pathOf(node: JsonNode): Path {
  const path: Path = [];
  let child = node.parent?.type === 'property' ? node.parent : node;
  while (child.parent) {
    const parent = child.parent;
    if (parent.type === 'property') {
      child = parent;
      continue;
    }
    if (parent.type === 'object' && child.type === 'property') path.unshift(String(child.children?.[0]?.value));
    else if (parent.type === 'array') path.unshift(parent.children?.indexOf(child) ?? 0);
    child = parent;
  }
  return path;
}

function duplicateKeys(tree: JsonNode): { key: JsonNode; first: JsonNode }[] {
  const found: { key: JsonNode; first: JsonNode }[] = [];
  const visit = (node: JsonNode) => {
    if (node.type === 'object') {
      const seen = new Map<string, JsonNode>();
      for (const property of node.children ?? []) {
        const key = property.children?.[0];
        if (!key) continue;
        const first = seen.get(String(key.value));
        if (first) found.push({ key, first });
        else seen.set(String(key.value), key);
      }
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(tree);
  return found;
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) starts.push(i + 1);
    else if (c === 13 && text.charCodeAt(i + 1) !== 10) starts.push(i + 1);
  }
  return starts;
}

function position(starts: readonly number[], offset: number): { line: number; column: number } {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - starts[lo] + 1 };
}

const syntaxWords: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'malformed number',
  PropertyNameExpected: 'expected a key in double quotes',
  ValueExpected: 'expected a value',
  ColonExpected: 'expected ":"',
  CommaExpected: 'expected ","',
  CloseBraceExpected: 'expected "}"',
  CloseBracketExpected: 'expected "]"',
  EndOfFileExpected: 'expected the end of the file after the top-level value',
  InvalidCommentToken: 'malformed comment',
  UnexpectedEndOfComment: 'unterminated comment',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'unterminated number',
  InvalidUnicode: 'malformed \\u escape',
  InvalidEscapeCharacter: 'unknown escape in a string',
  InvalidCharacter: 'a control character inside a string',
};

function syntaxMessage(error: ParseError): string {
  const code = printParseErrorCode(error.error);
  return syntaxWords[code] ?? code;
}
