/**
 * Benchmarks the Responsive goal of issue 20, through the real server bundle over stdio: hover
 * and completion sent while the server runs its first check of a 10 MB file (opened, and its
 * diagnostics pulled at once, as an editor does). Each request is sent when the previous one is
 * answered, at sites spread over the whole file, until the diagnostics arrive. Target: p95 of
 * those round trips <= 50 ms.
 *
 * Measured in the same run, for comparison: the same requests on the same server once it is idle
 * (the file parsed and checked), and the round trip of a request that does no work (the
 * transport floor).
 */
import { loadavg } from 'node:os';
import { LspTestClient } from '../lsp/lspTestClient';
import type { BenchResult } from './benchResult';
import { flowFile } from './editLatencyShapes';

const TARGET_MS = 50;
const BYTES = 10_000_000;
const IDLE_SAMPLES = 200;

/** The integration flow of the edit-latency bench, repeated to about `bytes`. */
function generateBySize(bytes: number): string {
  const sample = flowFile(2_000);
  return flowFile(Math.ceil((bytes / sample.length) * 2_000));
}

interface Site {
  method: 'textDocument/hover' | 'textDocument/completion';
  position: { line: number; character: number };
}

/** Hover on a `{{reference}}`'s block name and on a WHERE field, completion of a WHERE field and
 * of a reference's path, in 25 case groups spread evenly over the file. */
function sitesOf(text: string): Site[] {
  const lines = text.split('\n');
  const finds: number[] = [];
  for (let i = 0; i < lines.length; i++) if (lines[i].startsWith('### findCase')) finds.push(i);
  const sites: Site[] = [];
  for (let k = 0; k < 25; k++) {
    const find = finds[Math.floor(((k + 0.5) / 25) * finds.length)];
    const where = find + 3;
    let reference = find + 1;
    while (!lines[reference].includes('{{findCase')) reference++;
    const at = lines[reference].indexOf('{{findCase');
    sites.push({ method: 'textDocument/hover', position: { line: reference, character: at + 4 } });
    sites.push({ method: 'textDocument/completion', position: { line: where, character: 'WHERE saks'.length } });
    sites.push({ method: 'textDocument/hover', position: { line: where, character: 'WHERE saks'.length } });
    sites.push({ method: 'textDocument/completion', position: { line: reference, character: lines[reference].indexOf('.results') + 1 } });
  }
  return sites;
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function now(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

const ms = (v: number): string => `${v.toFixed(1)} ms`;

function answered(result: unknown): boolean {
  if (result === null || result === undefined) return false;
  if (Array.isArray(result)) return result.length > 0;
  const items = (result as { items?: unknown[] }).items;
  return items === undefined || items.length > 0;
}

export async function benchServerResponsiveness(): Promise<BenchResult> {
  const text = generateBySize(BYTES);
  const sites = sitesOf(text);
  const uri = 'file:///bench/big.noarkq';
  const client = await LspTestClient.start({ pullDiagnostics: true });
  try {
    // Warm the server's code on a small file first: the first request of a fresh process pays
    // for loading and compiling the features, which is not what this measures.
    await client.open('file:///bench/small.noarkq', flowFile(50));
    await client.pullItems('file:///bench/small.noarkq');
    for (const site of sites.slice(0, 4)) await client.request(site.method, { textDocument: { uri: 'file:///bench/small.noarkq' }, position: { line: 10, character: 5 } });

    const opened = now();
    await client.open(uri, text);
    let checkedAt: number | undefined;
    const first = client.pullItems(uri).then((items) => {
      checkedAt = now();
      return items;
    });
    const during: number[] = [];
    let useful = 0;
    for (let i = 0; checkedAt === undefined; i++) {
      const site = sites[i % sites.length];
      const t = now();
      const result = await client.request(site.method, { textDocument: { uri }, position: site.position });
      // A request answered after the diagnostics did not wait behind the check alone.
      if (checkedAt !== undefined && i > 0) break;
      during.push(now() - t);
      if (answered(result)) useful++;
    }
    const items = await first;
    if (items.length !== 0) throw new Error(`the generated file should check clean, got ${items.length} diagnostics`);
    const firstDiagnostics = checkedAt! - opened;

    const idle: number[] = [];
    for (let i = 0; i < IDLE_SAMPLES; i++) {
      const site = sites[i % sites.length];
      const t = now();
      await client.request(site.method, { textDocument: { uri }, position: site.position });
      idle.push(now() - t);
    }
    const floor: number[] = [];
    for (let i = 0; i < 50; i++) {
      const t = now();
      await client.request('textDocument/hover', { textDocument: { uri: 'file:///bench/not-open.noarkq' }, position: { line: 0, character: 0 } });
      floor.push(now() - t);
    }
    await client.shutdown();

    const p95 = percentile(during, 95);
    return {
      name: 'Responsive: hover and completion during the first check of a 10 MB file, p95 / 50 ms',
      ratio: p95 / TARGET_MS,
      target: 1,
      detail:
        `${during.length} requests during the check: p50 ${ms(percentile(during, 50))}, p95 ${ms(p95)}, max ${ms(Math.max(...during))}, ${useful} with an answer; ` +
        `idle server, same requests: p50 ${ms(percentile(idle, 50))}, p95 ${ms(percentile(idle, 95))}; empty request p50 ${ms(percentile(floor, 50))}; ` +
        `first diagnostics ${ms(firstDiagnostics)} after opening (${(text.length / 1e6).toFixed(1)} MB); ` +
        // Round trips are wall-clock: on a machine whose other processes keep its cores busy, a
        // busy server waits for its turn.
        `load average ${loadavg()[0].toFixed(1)}`,
    };
  } finally {
    await client.dispose();
  }
}
