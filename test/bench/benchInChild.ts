/**
 * Runs a benchmark module in a process of its own for `npm run bench`: a benchmark that measures
 * its process's CPU time over growing sizes (checkScaling.bench.ts) should not read the heap and
 * JIT state the benchmarks before it left in a shared one (there its slope read 1.62 where the
 * same code alone read 1.2-1.3). The module runs as when started directly, with
 * `--results-json <file>`, and writes its results there.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import type { BenchResult } from './benchResult';

const resultsSchema = z.array(z.object({ name: z.string(), ratio: z.number(), target: z.number(), detail: z.string() }));

export function benchInChild(module: string): Promise<BenchResult[]> {
  const folder = mkdtempSync(join(tmpdir(), 'noarkq-bench-child-'));
  const file = join(folder, 'results.json');
  return new Promise<BenchResult[]>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, module), '--results-json', file], { stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      try {
        if (code !== 0 && code !== 1) throw new Error(`${module} stopped with ${signal ?? `exit code ${code}`} before its results`);
        resolve(resultsSchema.parse(JSON.parse(readFileSync(file, 'utf8'))));
      } catch (error) {
        reject(error instanceof Error ? new Error(`${module}: ${error.message}`) : error);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    });
  });
}

/** The file after `--results-json` in `argv`, where a benchmark run by `benchInChild` writes its results. */
export function resultsJsonArgument(argv: readonly string[]): string | undefined {
  const at = argv.indexOf('--results-json');
  return at === -1 ? undefined : argv[at + 1];
}
