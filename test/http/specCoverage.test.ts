/**
 * The HTTP suite covers the spec: every requirement of the index in `test/spec/requirements.ts`
 * (numbered rules, upload rules, limits, endpoints, integration-flow steps) is named by a tag in
 * the title of at least one test under test/http, and every tag names a requirement the spec
 * still has. Titles are read from the test files' syntax trees, not run.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';
import { specRequirements, tagOf, tagsInTitle, type Requirement } from './specRequirements';

const folder = __dirname;

interface TestTitle {
  file: string;
  title: string;
  /** Marked `{ todo }`: it runs, but a failure does not fail the suite. */
  todo: boolean;
  /** Marked `{ skip }` or `test.skip`: it does not run, so it covers nothing. */
  skipped: boolean;
}

function optionFlag(node: ts.Expression | undefined, name: string): boolean {
  if (!node || !ts.isObjectLiteralExpression(node)) return false;
  return node.properties.some((p) => ts.isPropertyAssignment(p) && p.name.getText() === name && p.initializer.kind !== ts.SyntaxKind.FalseKeyword);
}

/** Titles of `test(...)` / `it(...)` calls (and `.todo` / `.skip` forms) in one file. */
function titlesIn(file: string): TestTitle[] {
  const source = ts.createSourceFile(file, readFileSync(join(folder, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const out: TestTitle[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const base = ts.isPropertyAccessExpression(callee) ? callee.expression : callee;
      const modifier = ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
      const [first, second] = node.arguments;
      if (ts.isIdentifier(base) && (base.text === 'test' || base.text === 'it') && first && ts.isStringLiteralLike(first)) {
        out.push({
          file,
          title: first.text,
          todo: modifier === 'todo' || optionFlag(second, 'todo'),
          skipped: modifier === 'skip' || optionFlag(second, 'skip'),
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

const testFiles = readdirSync(folder).filter((f) => f.endsWith('.test.ts') && f !== 'specCoverage.test.ts');
const titles = testFiles.flatMap(titlesIn);
const requirements = specRequirements;

test('the index holds requirements of every kind, and the HTTP suite has tests to check', () => {
  const kinds = new Set(requirements.map((r) => r.kind));
  assert.deepEqual([...kinds].sort(), ['auth rule', 'endpoint', 'error rule', 'flow step', 'limit', 'query rule', 'transaction rule', 'upload rule']);
  assert.ok(titles.length > 50, `only ${titles.length} test titles found under test/http`);
});

test('every rule, upload rule, limit, endpoint and flow step of the spec is named by an HTTP test', (t) => {
  const coveredBy = new Map<string, TestTitle[]>();
  for (const title of titles) {
    if (title.skipped) continue;
    for (const tag of tagsInTitle(title.title).tags) {
      const key = tagOf(tag);
      coveredBy.set(key, [...(coveredBy.get(key) ?? []), title]);
    }
  }
  const missing = requirements.filter((r) => !coveredBy.has(tagOf(r)));
  assert.deepEqual(
    missing.map((r: Requirement) => `${tagOf(r)} ${r.summary}`),
    [],
    'no HTTP test names these; write one that exercises the rule and put the tag in its title',
  );
  const onlyTodo = requirements.filter((r) => (coveredBy.get(tagOf(r)) ?? []).every((x) => x.todo));
  for (const r of onlyTodo) t.diagnostic(`${tagOf(r)} is covered only by tests marked todo (a known defect)`);
  t.diagnostic(`${requirements.length} requirements, ${titles.filter((x) => tagsInTitle(x.title).tags.length > 0).length} tagged tests`);
});

test('every tag in a test title names a requirement the spec has', () => {
  const known = new Set(requirements.map(tagOf));
  const stale: string[] = [];
  for (const title of titles) {
    const { tags, malformed } = tagsInTitle(title.title);
    for (const bad of malformed) stale.push(`${title.file}: "${title.title}": ${bad} is not a tag (kinds: query rule, transaction rule, auth rule, error rule, upload rule, limit, endpoint, flow step)`);
    for (const tag of tags) if (!known.has(tagOf(tag))) stale.push(`${title.file}: "${title.title}": ${tagOf(tag)} is not in the spec's requirements (one kind per bracket: [auth rule 1] [error rule 4])`);
  }
  assert.deepEqual(stale, []);
});
