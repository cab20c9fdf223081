/**
 * The checks and editor features on files made of many copies (the shapes of the scaling
 * benchmark): the indexes that keep them linear find what a walk over every block found. A copy
 * sees the same blocks before it as the next copy does (every name first taken in the first
 * copy), so the two get the same diagnostics, tokens, folding and symbols, moved by the length of
 * a copy; what points before a copy (a duplicate name's first block) stays where it is.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Span } from '../core/diagnostics';
import { checkDocument, DocumentCodes, parseDocument } from '../core/document';
import { getDocumentSymbols } from '../core/features/documentSymbols';
import { getFoldingRanges } from '../core/features/foldingRanges';
import { collectSemanticTokens } from '../core/features/semanticTokens';
import { noarkModel } from '../core/schema';
import { brokenExampleText, uniqueNamesFile } from './bench/noarkqFileShapes';

const copy = brokenExampleText().endsWith('\n') ? brokenExampleText() : `${brokenExampleText()}\n`;
const copies = 5;
const text = copy.repeat(copies);
const parsed = parseDocument(text);
const diagnostics = checkDocument(parsed, { model: noarkModel });

/** What lies in copy `k` (0-based), moved to where copy `to` is: spans in the copy move, spans
 * before it stay. */
function inCopy<T extends Span>(items: readonly T[], k: number, to: number, move: (item: T, by: (s: Span) => Span) => unknown = (item, by) => ({ ...item, ...by(item) })): unknown[] {
  const from = k * copy.length;
  const delta = (to - k) * copy.length;
  const by = (s: Span): Span => (s.start >= copy.length ? { start: s.start + delta, end: s.end + delta } : { start: s.start, end: s.end });
  return items.filter((d) => d.start >= from && d.start < from + copy.length).map((d) => move(d, by));
}

describe('a file of copies of examples/broken.noarkq', () => {
  it('gets the same diagnostics in every copy after the first, fixes and related places included', () => {
    const moveDiagnostic = (d: (typeof diagnostics)[number], by: (s: Span) => Span): unknown => ({
      ...d,
      ...by(d),
      fixes: d.fixes?.map((f) => ({ ...f, edits: f.edits.map((e) => ({ ...e, ...by(e) })) })),
      related: d.related?.map((r) => ({ ...r, ...by(r) })),
    });
    const second = inCopy(diagnostics, 1, 1, moveDiagnostic);
    assert.ok(second.length > 50, `the copy has ${second.length} diagnostics`);
    for (let k = 2; k < copies - 1; k++) assert.deepEqual(inCopy(diagnostics, k, 1, moveDiagnostic), second, `copy ${k + 1}`);
  });

  it('reports each block name of a later copy as taken, pointing at the block of the first copy', () => {
    const firstOf = new Map<string, number>();
    for (const b of parsed.blocks) if (b.parsed.name && !firstOf.has(b.parsed.name.text)) firstOf.set(b.parsed.name.text, b.start + b.parsed.name.start);
    const duplicates = diagnostics.filter((d) => d.code === DocumentCodes.duplicateBlockName);
    const named = parsed.blocks.filter((b) => b.parsed.name);
    assert.equal(duplicates.length, named.length - firstOf.size);
    for (const b of named) {
      const at = b.start + b.parsed.name!.start;
      const d = duplicates.find((x) => x.start === at);
      if (firstOf.get(b.parsed.name!.text) === at) assert.equal(d, undefined, `the first ${b.parsed.name!.text} is not a duplicate`);
      else assert.equal(d?.related?.[0].start, firstOf.get(b.parsed.name!.text), `${b.parsed.name!.text} at ${at} points at the first`);
    }
  });

  it('suggests block names from the blocks before a reference only: a later copy sees the first copy\'s', () => {
    const alone = checkDocument(parseDocument(copy), { model: noarkModel });
    const suggestions = (ds: typeof diagnostics, k: number): string[] =>
      ds
        .filter((d) => d.start >= k * copy.length && d.start < (k + 1) * copy.length)
        .filter((d) => d.code === DocumentCodes.referenceUnknownBlock || d.code === DocumentCodes.referenceUnknownName)
        .map((d) => `${d.start - k * copy.length} ${d.message}`);
    const inAlone = suggestions(alone, 0);
    assert.ok(inAlone.some((m) => m.includes('No block is named `findCas`: did you mean `findCase`?')), inAlone.join('\n'));
    assert.ok(inAlone.some((m) => m.includes('`nobody` is neither a variable nor a block: declare it')), inAlone.join('\n'));
    assert.deepEqual(suggestions(diagnostics, 0), inAlone, 'the first copy, as the file alone');
    // `noBody` is a block further down: a case-only difference, taken once a copy of it is earlier.
    const later = inAlone.map((m) => m.replace('`nobody` is neither a variable nor a block: declare it with `@nobody = value`, or make sure the environment defines it.', '`nobody` is neither a variable nor a block: did you mean `noBody`?'));
    for (let k = 1; k < copies; k++) assert.deepEqual(suggestions(diagnostics, k), later, `copy ${k + 1}`);
  });

  it('gets the same semantic tokens, folding ranges and symbols in every copy after the first', () => {
    const tokens = collectSemanticTokens(parsed, { model: noarkModel });
    const second = inCopy(tokens, 1, 1);
    assert.ok(second.length > 100);
    for (let k = 2; k < copies - 1; k++) assert.deepEqual(inCopy(tokens, k, 1), second, `tokens of copy ${k + 1}`);

    const document = TextDocument.create('file:///copies.noarkq', 'noarkq', 1, text);
    const linesPerCopy = copy.split('\n').length - 1;
    const folds = getFoldingRanges(document, parsed);
    const foldsOf = (k: number): string[] =>
      folds.filter((f) => f.startLine >= k * linesPerCopy && f.startLine < (k + 1) * linesPerCopy).map((f) => `${f.startLine - k * linesPerCopy}-${f.endLine - k * linesPerCopy} ${f.kind ?? ''}`);
    for (let k = 2; k < copies - 1; k++) assert.deepEqual(foldsOf(k), foldsOf(1), `folding of copy ${k + 1}`);

    // A block without a valid name is labelled by its number, which differs from copy to copy.
    const symbols = getDocumentSymbols(document, parsed);
    const symbolsOf = (k: number): string[] =>
      symbols.filter((s) => s.range.start.line >= k * linesPerCopy && s.range.start.line < (k + 1) * linesPerCopy).map((s) => `${s.range.start.line - k * linesPerCopy} ${s.name.replace(/^#\d+ /, '#n ')} ${s.detail ?? ''} ${s.children?.length ?? 0}`);
    assert.ok(symbolsOf(1).length > 50);
    for (let k = 2; k < copies - 1; k++) assert.deepEqual(symbolsOf(k), symbolsOf(1), `symbols of copy ${k + 1}`);
  });
});

describe('a big file of unique block names', () => {
  it('checks clean, every reference found', () => {
    const big = uniqueNamesFile(300_000);
    const doc = parseDocument(big);
    assert.ok(doc.blocks.length > 900, `${doc.blocks.length} blocks`);
    assert.deepEqual(checkDocument(doc, { model: noarkModel }), []);
    // A reference to a name a few letters off, near the end: the did-you-mean looks through every
    // earlier name and finds the one meant.
    const misspelt = `${big}\n### extra\nGET code-lists?type={{registr12.saved.jp.id}}\n`;
    const found = checkDocument(parseDocument(misspelt), { model: noarkModel });
    assert.deepEqual(
      found.map((d) => d.message),
      ['No block is named `registr12`: did you mean `register12`?'],
    );
  });
});
