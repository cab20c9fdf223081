// "Explain this query" on every query the repository holds: the conformance files (the vendor's
// and the spec's own queries) and the shipped examples, in both languages. Each explanation is
// made without throwing, has no empty or undefined text, and names every condition's field and
// every parameter the query uses.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseDocument, visibleVariables } from '../core/document';
import { markdownToPlainText } from '../core/features/clientFormats';
import { explainQuery, explanationComments, explanationMarkdown, type ExplanationItem } from '../core/features/queryExplanation';
import { collectParameters, pathText, type Expression } from '../core/query';
import { noarkModel } from '../core/schema';

const root = join(__dirname, '..');

function noarkqFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return noarkqFiles(path);
    return entry.name.endsWith('.noarkq') ? [path] : [];
  });
}

function conditionPaths(expression: Expression | undefined, out: string[] = []): string[] {
  if (!expression) return out;
  if (expression.kind === 'comparison') {
    if (expression.path) out.push(pathText(expression.path));
  } else if (expression.kind === 'group') conditionPaths(expression.expression, out);
  else for (const operand of expression.operands) conditionPaths(operand, out);
  return out;
}

function texts(items: readonly ExplanationItem[]): string[] {
  return items.flatMap((item) => [item.text, ...texts(item.items)]);
}

const files = [...noarkqFiles(join(root, 'test', 'conformance')), ...noarkqFiles(join(root, 'examples'))].sort();

test('every query in test/conformance and examples is explained in both languages, naming its fields and parameters', () => {
  let queries = 0;
  for (const file of files) {
    const name = relative(root, file);
    const doc = parseDocument(readFileSync(file, 'utf8'));
    for (const block of [doc.preamble, ...doc.blocks]) {
      for (const request of block.parsed.requests) {
        if (request.kind !== 'query') continue;
        queries++;
        const where = `${name}, line ${doc.text.slice(0, block.start + request.start).split('\n').length}`;
        const fields = conditionPaths(request.query.where?.expression);
        const parameters = collectParameters(request.query.where?.expression).map((p) => `@${p.name}`);
        for (const language of ['en', 'nb'] as const) {
          const explanation = explainQuery(request.query, noarkModel, language, visibleVariables(doc, block));
          const all = [explanation.summary, ...texts(explanation.items)];
          for (const text of all) {
            assert.ok(text.trim().length > 0, `${where} (${language}): an empty text`);
            for (const bad of ['undefined', '[object', 'NaN']) assert.ok(!text.includes(bad), `${where} (${language}): "${bad}" in ${text}`);
          }
          const markdown = explanationMarkdown(explanation);
          for (const field of fields) assert.ok(markdown.includes(`\`${field}\``), `${where} (${language}): the condition on ${field} is not named in:\n${markdown}`);
          for (const parameter of parameters) assert.ok(markdown.includes(`\`${parameter}\``), `${where} (${language}): ${parameter} is not named in:\n${markdown}`);
          const comments = explanationComments(explanation, markdownToPlainText, '\n');
          assert.ok(comments.split('\n').slice(0, -1).every((line) => line.startsWith('# ')), `${where} (${language}): a comment line without #`);
        }
      }
    }
  }
  // The folders hold well over a hundred queries: a walk that finds none tests nothing.
  assert.ok(queries >= 50, `only ${queries} queries found`);
});
