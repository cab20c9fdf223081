/**
 * Benchmark: what a client in UTF-8 costs beyond one in UTF-16 (server/positionEncoding.ts), in
 * CPU time, each figure against a baseline taken in the same run:
 *
 * - semantic tokens of a 1 MB file re-counted in UTF-8, against computing them;
 * - a request's position converted in a 10 MB file, against the same in a 10 KB file (the
 *   conversion reads the position's line, not the document);
 * - a typed character (`didChange`) in a 10 MB file read in UTF-8, against UTF-16; after each,
 *   the changed line is read in both, as the server's parse reads the text after every change.
 *
 * Text has æøå and an emoji on most lines, before the positions.
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import { parseDocument } from '../../core/document';
import { getSemanticTokens } from '../../core/features/semanticTokens';
import { noarkModel } from '../../core/schema';
import { encodedDocuments, positionsFromClient, semanticTokensToClient } from '../../server/positionEncoding';
import type { BenchResult } from './benchResult';
import { uniqueNamesFile } from './noarkqFileShapes';

const uri = 'file:///bench.noarkq';

const files = new Map<number, string>();

function norwegianFile(bytes: number): string {
  const known = files.get(bytes);
  if (known !== undefined) return known;
  const text = uniqueNamesFile(bytes).replace(/"Application/g, '"Søknad 😀 Application').replace(/= @year/g, '= @year && tittel = "æøå 😀"');
  files.set(bytes, text);
  return text;
}

/** Median CPU milliseconds of one call of `run`, over `rounds` rounds of `calls` calls. */
function cpuMs(run: () => unknown, calls: number, rounds = 9): number {
  run();
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const start = process.cpuUsage();
    for (let i = 0; i < calls; i++) run();
    const used = process.cpuUsage(start);
    times.push((used.user + used.system) / 1000 / calls);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
}

function semanticTokens(): BenchResult {
  const text = norwegianFile(1_000_000);
  const document = TextDocument.create(uri, 'noarkq', 1, text);
  const parsed = parseDocument(text);
  const context = { model: noarkModel };
  const tokens = getSemanticTokens(document, parsed, context);
  const lookup = { get: () => document };
  const computing = cpuMs(() => getSemanticTokens(document, parsed, context), 1, 7);
  const converting = cpuMs(() => semanticTokensToClient('utf-8', lookup, uri, tokens), 1, 15);
  return {
    name: 'position encoding: semantic tokens in UTF-8 vs computing them',
    ratio: converting / computing,
    target: 0.3,
    detail: `${tokens.data.length / 5} tokens, ${document.lineCount} lines (${(text.length / 1e6).toFixed(2)} MB): re-counted in ${converting.toFixed(1)} ms, computed in ${computing.toFixed(1)} ms (CPU, medians)`,
  };
}

function onePosition(): BenchResult {
  const at = (bytes: number): number => {
    const document = TextDocument.create(uri, 'noarkq', 1, norwegianFile(bytes));
    const line = Math.floor(document.lineCount / 2);
    const params = { textDocument: { uri }, position: { line, character: 40 } };
    const lookup = { get: () => document };
    return cpuMs(() => positionsFromClient('utf-8', lookup, uri, params), 20_000);
  };
  const small = at(10_000);
  const big = at(10_000_000);
  return {
    name: "position encoding: a position's conversion in a 10 MB file vs a 10 KB one",
    ratio: big / small,
    target: 2,
    detail: `${(big * 1000).toFixed(2)} µs against ${(small * 1000).toFixed(2)} µs (CPU, medians)`,
  };
}

function typing(): BenchResult {
  const text = norwegianFile(10_000_000);
  const line = Math.floor(text.split('\n').length / 2);
  const type = (encoding: 'utf-8' | 'utf-16'): number => {
    const configuration = encodedDocuments(TextDocument, () => encoding);
    let document = configuration.create(uri, 'noarkq', 1, text);
    const column = encoding === 'utf-8' ? Buffer.byteLength(document.getText({ start: { line, character: 0 }, end: { line, character: 40 } })) : 40;
    let version = 1;
    return cpuMs(() => {
      document = configuration.update(document, [{ range: { start: { line, character: column }, end: { line, character: column } }, text: 'x' }], ++version);
      return document.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } });
    }, 5, 7);
  };
  const utf16 = type('utf-16');
  const utf8 = type('utf-8');
  return {
    name: 'position encoding: a typed character in a 10 MB file, UTF-8 vs UTF-16',
    ratio: utf8 / utf16,
    target: 1.5,
    detail: `${utf8.toFixed(3)} ms against ${utf16.toFixed(3)} ms per change (CPU, medians)`,
  };
}

export async function benchPositionEncoding(): Promise<BenchResult[]> {
  return [semanticTokens(), onePosition(), typing()];
}

// Run directly: `node --import tsx test/bench/positionEncoding.bench.ts`.
if (process.argv[1]?.endsWith('positionEncoding.bench.ts')) {
  void benchPositionEncoding().then((results) => {
    for (const result of results) {
      console.log(`${result.name}: ratio ${result.ratio.toFixed(2)} (target <= ${result.target}) — ${result.detail}`);
      if (result.ratio > result.target) process.exitCode = 1;
    }
  });
}
