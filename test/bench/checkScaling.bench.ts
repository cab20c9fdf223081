/**
 * Issue 20's "Linear" and "Fast": the full check of a `.noarkq` file as the editor asks for it on
 * opening it, at 0.1, 1, 5 and 10 MB, for a file of unique block names (the integration flow) and
 * a file full of errors (copies of examples/broken.noarkq). The full check is what the server
 * computes for the first diagnostics (parseDocument, the document checker, toLspDiagnostics) and
 * what the editor asks for beside them (semantic tokens, folding ranges, document symbols).
 *
 * - Slope, per kind of file: the CPU time per MB at each size (median of a few runs, after a few
 *   unmeasured checks of the smallest file warm V8 up); the ratio is the worst per-MB time over
 *   the best. Target <= 1.5.
 * - Fast: the 10 MB check (parse and every diagnostic, as sent) of the slower kind against
 *   jsonc-parser's `parseTree` over 10 MB of JSON in the same run. Target <= 10.
 * - Memory: the real server bundle over stdio, `didOpen` of the 10 MB file, the diagnostics
 *   pulled; its peak resident set (VmHWM) then. Target < 300 MB. The peak after the editor's
 *   other requests on opening is in the detail.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseTree } from 'jsonc-parser';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { checkDocument, parseDocument } from '../../core/document';
import { getDocumentSymbols } from '../../core/features/documentSymbols';
import { getFoldingRanges } from '../../core/features/foldingRanges';
import { toLspDiagnostics } from '../../core/features/lspDiagnostics';
import { getSemanticTokens } from '../../core/features/semanticTokens';
import { noarkModel } from '../../core/schema';
import { LspTestClient } from '../lsp/lspTestClient';
import type { BenchResult } from './benchResult';
import { resultsJsonArgument } from './benchInChild';
import { fileShapes, noarkqFileOfShape, type FileShape } from './noarkqFileShapes';
import { generateJson } from './queryParser.bench';

const MB = 1_000_000;
const sizes = [0.1, 1, 5, 10];
/** Small files are quick and noisier: more runs for them. */
const runsAt = (mb: number): number => (mb < 1 ? 9 : mb < 5 ? 5 : 3);
const rssTargetMb = 300;

interface FullCheck {
  /** Parse, every diagnostic, and their conversion for the editor. */
  diagnostics: number;
  /** Semantic tokens, folding ranges and document symbols. */
  editor: number;
  reported: number;
}

function now(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/** The process's CPU time in ms. The checks run on one thread without waiting, so on an idle
 * machine this is their wall time; on a shared one it leaves out the time other processes had
 * the cores, which would otherwise decide the slope (a busy minute during the 10 MB runs reads
 * as a super-linear check). */
function cpu(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function fullCheck(text: string): FullCheck {
  const t0 = cpu();
  const document = TextDocument.create('file:///bench/big.noarkq', 'noarkq', 1, text);
  const parsed = parseDocument(text);
  const reported = toLspDiagnostics(document, checkDocument(parsed, { model: noarkModel })).length;
  const t1 = cpu();
  getSemanticTokens(document, parsed, { model: noarkModel });
  getFoldingRanges(document, parsed);
  getDocumentSymbols(document, parsed);
  return { diagnostics: t1 - t0, editor: cpu() - t1, reported };
}

interface SizeFigures {
  mb: number;
  diagnostics: number;
  editor: number;
  total: number;
  reported: number;
}

/** Full checks whose times are thrown away before a kind of file is measured: the first ones
 * run in V8's interpreter and pay for its compilers (whose threads count in the CPU time), which
 * would land on the smallest size, measured first, and read as a cost of small files. Thirty:
 * with five, a 0.1 MB check read 1.3-1.5 times a 10 MB one per MB, where warmed up further the two
 * are the same (176 and 182 ms per MB). */
const warmUpRuns = 30;

function measureShape(shape: FileShape): SizeFigures[] {
  const figures: SizeFigures[] = [];
  const warmUp = noarkqFileOfShape(shape, sizes[0] * MB);
  for (let i = 0; i < warmUpRuns; i++) fullCheck(warmUp);
  for (const size of sizes) {
    const text = noarkqFileOfShape(shape, size * MB);
    const mb = Buffer.byteLength(text) / MB;
    const runs = Array.from({ length: runsAt(size) }, () => fullCheck(text));
    const total = median(runs.map((r) => r.diagnostics + r.editor));
    figures.push({ mb, diagnostics: median(runs.map((r) => r.diagnostics)), editor: median(runs.map((r) => r.editor)), total, reported: runs[0].reported });
  }
  return figures;
}

function peakRssMb(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmHWM in /proc/${pid}/status`);
  return Number(match[1]) / 1024;
}

interface ServerMemory {
  afterDiagnostics: number;
  afterEditor: number;
  items: number;
  ms: number;
}

/** A fresh server, the file opened and its diagnostics pulled, then the editor's other requests. */
export async function serverMemory(text: string): Promise<ServerMemory> {
  const client = await LspTestClient.start({ pullDiagnostics: true });
  try {
    const uri = 'file:///bench/big.noarkq';
    const pid = client.pid;
    if (pid === undefined) throw new Error('the server has no process id');
    const t = now();
    await client.open(uri, text);
    const items = (await client.pullItems(uri)).length;
    const ms = now() - t;
    const afterDiagnostics = peakRssMb(pid);
    const textDocument = { uri };
    await client.request('textDocument/semanticTokens/full', { textDocument });
    await client.request('textDocument/foldingRange', { textDocument });
    await client.request('textDocument/documentSymbol', { textDocument });
    const afterEditor = peakRssMb(pid);
    await client.shutdown();
    return { afterDiagnostics, afterEditor, items, ms };
  } finally {
    await client.dispose();
  }
}

const perMb = (f: SizeFigures): number => f.total / f.mb;

export function slopeTable(results: ReadonlyMap<FileShape, SizeFigures[]>): string {
  const rows = ['file      size  full check  per MB   (diagnostics / tokens, folding, symbols per MB)  reported'];
  for (const [shape, figures] of results) {
    for (const f of figures) {
      rows.push(
        `${shape.padEnd(8)} ${`${f.mb.toFixed(1)} MB`.padStart(7)} ${`${f.total.toFixed(0)} ms`.padStart(10)} ${`${perMb(f).toFixed(0)} ms`.padStart(8)}   (${(f.diagnostics / f.mb).toFixed(0)} / ${(f.editor / f.mb).toFixed(0)} ms)${String(f.reported).padStart(38)}`,
      );
    }
  }
  return rows.join('\n');
}

export async function benchCheckScaling(options: { print?: boolean } = {}): Promise<BenchResult[]> {
  // Warm-up: both kinds, until the engine runs optimised code for the checks. The optimising
  // compiler's threads count in the CPU time, and would otherwise all land on the smallest size.
  for (const shape of fileShapes) {
    const small = noarkqFileOfShape(shape, 0.1 * MB);
    for (let i = 0; i < warmUpRuns; i++) fullCheck(small);
    fullCheck(noarkqFileOfShape(shape, MB));
  }

  const results = new Map<FileShape, SizeFigures[]>();
  for (const shape of fileShapes) results.set(shape, measureShape(shape));

  const json = generateJson(10 * MB);
  for (let i = 0; i < 2; i++) parseTree(json);
  const jsonMs = median(
    Array.from({ length: 3 }, () => {
      const t = cpu();
      parseTree(json);
      return cpu() - t;
    }),
  );

  const memory = new Map<FileShape, ServerMemory>();
  for (const shape of fileShapes) memory.set(shape, await serverMemory(noarkqFileOfShape(shape, 10 * MB)));

  if (options.print) console.log(slopeTable(results));

  const out: BenchResult[] = [];
  for (const [shape, figures] of results) {
    const per = figures.map(perMb);
    const worst = Math.max(...per);
    const best = Math.min(...per);
    out.push({
      name: `full check time per MB, 0.1 to 10 MB (${shape === 'unique' ? 'unique block names' : 'copies of broken.noarkq'})`,
      ratio: worst / best,
      target: 1.5,
      detail: `worst ${worst.toFixed(0)} ms/MB, best ${best.toFixed(0)} ms/MB; ` + figures.map((f) => `${f.mb.toFixed(1)} MB ${perMb(f).toFixed(0)}`).join(', ') + ' ms/MB (CPU time of parse, diagnostics, semantic tokens, folding, symbols; median)',
    });
  }
  const tenMb = [...results].map(([shape, figures]) => ({ shape, f: figures[figures.length - 1] }));
  const slowest = tenMb.reduce((a, b) => (b.f.diagnostics > a.f.diagnostics ? b : a));
  out.push({
    name: '10 MB full check vs jsonc-parser parseTree of 10 MB JSON',
    ratio: slowest.f.diagnostics / jsonMs,
    target: 10,
    detail:
      tenMb.map(({ shape, f }) => `${shape} ${f.mb.toFixed(1)} MB: parse and diagnostics ${f.diagnostics.toFixed(0)} ms (${f.reported} sent), with tokens, folding, symbols ${f.total.toFixed(0)} ms`).join('; ') +
      `; parseTree ${(json.length / MB).toFixed(1)} MB JSON ${jsonMs.toFixed(0)} ms (CPU time, median of 3)`,
  });
  const heaviest = [...memory].reduce((a, b) => (b[1].afterDiagnostics > a[1].afterDiagnostics ? b : a));
  out.push({
    name: 'server peak RSS with the 10 MB file open (over stdio)',
    ratio: heaviest[1].afterDiagnostics / rssTargetMb,
    target: 1,
    detail:
      [...memory].map(([shape, m]) => `${shape}: ${m.afterDiagnostics.toFixed(0)} MB after ${m.items} diagnostics in ${m.ms.toFixed(0)} ms, ${m.afterEditor.toFixed(0)} MB after tokens, folding, symbols`).join('; ') +
      ` (target < ${rssTargetMb} MB, VmHWM)`,
  });
  return out;
}

// Run directly: `node --import tsx test/bench/checkScaling.bench.ts` (prints the slope table too);
// `npm run bench` runs it so in a process of its own (benchInChild.ts), with `--results-json`.
if (process.argv[1]?.endsWith('checkScaling.bench.ts')) {
  const resultsJson = resultsJsonArgument(process.argv);
  void benchCheckScaling({ print: true }).then((results) => {
    if (resultsJson) return writeFileSync(resultsJson, JSON.stringify(results));
    for (const r of results) {
      console.log(`${r.ratio <= r.target ? 'ok    ' : 'MISSED'} ${r.name}: ratio ${r.ratio.toFixed(2)} (target <= ${r.target})  ${r.detail}`);
      if (r.ratio > r.target) process.exitCode = 1;
    }
  });
}
