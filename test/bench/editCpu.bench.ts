/**
 * The CPU time of each edit's diagnostics in this process, without the transport: the server's
 * own path (`ParseCache` + `DocumentDiagnostics`, the capped LSP conversion included) on the
 * shapes and edits of the edit-latency benchmark (test/bench/editLatencyShapes.ts). Where
 * editLatency.bench.ts measures what the editor waits (a wall-clock round trip, which a loaded
 * machine inflates), this says what the server spends on each kind of edit, so that a change to
 * it can be judged on a shared machine: `process.cpuUsage()` around each version's change to the
 * server's text document (server/chunkedTextDocument.ts) and its diagnostics. With
 * `--library-document`, the library's `TextDocument` instead (what the server used before, whose
 * change flattens the whole text). Not part of `npm run bench`.
 *
 * Run alone: `node --import tsx test/bench/editCpu.bench.ts [shape ...] [--samples N] [--blocks N] [--library-document]`.
 */
import { TextDocument, type TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import { noarkModel } from '../../core/schema';
import { DocumentDiagnostics } from '../../server/documentDiagnostics';
import { FeatureContextStore } from '../../server/featureContextStore';
import { ParseCache } from '../../server/parseCache';
import { chunkedTextDocuments } from '../../server/chunkedTextDocument';
import { editKindLabels, editKinds, makeShape, shapeNames, type ShapeName } from './editLatencyShapes';

/** User and system CPU time of this process, in ms. */
function cpu(): number {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const ms = (v: number): string => `${v.toFixed(1)} ms`;

/** Each kind of edit and its undo in turn, `samples` times (fewer in a file variable, which
 * every block reads); the p50 and p95 of each version's diagnostics. */
function measureShape(name: ShapeName, blocks: number, samples: number, library: boolean): string[] {
  const shape = makeShape(name, blocks);
  const diagnostics = new DocumentDiagnostics(new ParseCache(), new FeatureContextStore(noarkModel));
  const documents: { create(uri: string, languageId: string, version: number, text: string): TextDocument; update(document: never, changes: TextDocumentContentChangeEvent[], version: number): TextDocument } = library ? TextDocument : chunkedTextDocuments;
  let document = documents.create(`file:///bench/${name}.noarkq`, 'noarkq', 1, shape.text);
  let started = cpu();
  const reported = diagnostics.diagnose(document).lsp.length;
  const lines = [`${name}: ${blocks} blocks, first check ${ms(cpu() - started)} CPU, ${reported} diagnostics reported`];
  for (const kind of editKinds) {
    const pairs = shape.edits[kind];
    if (pairs === undefined) continue;
    const times: number[] = [];
    const count = kind === 'fileVariable' ? Math.min(samples, 6) : samples;
    for (let i = 0; i < count; i++) {
      const pair = pairs[Math.floor(i / 2) % pairs.length];
      const edit = i % 2 === 0 ? pair.edit : pair.undo;
      const change = { range: { start: document.positionAt(edit.start), end: document.positionAt(edit.end) }, text: edit.text };
      started = cpu();
      document = documents.update(document as never, [change], document.version + 1);
      diagnostics.diagnose(document);
      times.push(cpu() - started);
    }
    lines.push(`  ${editKindLabels[kind]}: p95 ${ms(percentile(times, 95))}, p50 ${ms(percentile(times, 50))} of ${times.length}`);
  }
  if (document.getText() !== shape.text) throw new Error(`${name}: the edits did not undo themselves`);
  return lines;
}

function main(args: readonly string[]): void {
  const shapes: ShapeName[] = [];
  let samples = 20;
  let blocks = 20_000;
  let library = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--samples' || arg === '--blocks') {
      const value = Number(args[++i]);
      if (!Number.isInteger(value) || value <= 0) throw new Error(`${arg} needs a positive whole number, got ${args[i]}`);
      if (arg === '--samples') samples = value;
      else blocks = value;
    } else if (arg === '--library-document') {
      library = true;
    } else if ((shapeNames as readonly string[]).includes(arg)) {
      shapes.push(arg as ShapeName);
    } else {
      throw new Error(`unknown argument ${arg}: give shapes (${shapeNames.join(', ')}), --samples N, --blocks N or --library-document`);
    }
  }
  for (const name of shapes.length > 0 ? shapes : shapeNames) for (const line of measureShape(name, blocks, samples, library)) console.log(line);
}

if (process.argv[1]?.endsWith('editCpu.bench.ts')) main(process.argv.slice(2));
