/**
 * The client side of benchmark P6 alone in a process: one upload of the file named in argv with
 * the archive client, then its time and the process's peak RSS on stdout as JSON, so the figure
 * is the client's memory and nothing else's. The API root comes in argv, the token in
 * NOARKQ_BENCH_TOKEN (never on a command line, where `ps` shows it).
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { ArchiveClient } from '../../runner/archive/archiveClient';
import { StaticTokenProvider } from '../../runner/auth/tokenProvider';

/**
 * This process's peak resident set size in bytes. On Linux, from /proc/self/status (VmHWM):
 * `resourceUsage().maxRSS` there also counts the parent's resident set at the fork that started
 * this process, so under `npm run bench`, whose process holds the earlier benchmarks' data, it
 * reported the parent's 190 MB instead of this process's 66 MB.
 */
function peakRssBytes(): number {
  try {
    const kilobytes = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    if (kilobytes) return Number(kilobytes) * 1024;
  } catch {
    // Not Linux: maxRSS (in kilobytes) is this process's own there.
  }
  return process.resourceUsage().maxRSS * 1024;
}

async function main(): Promise<void> {
  const [apiUrl, path] = process.argv.slice(2);
  const token = process.env.NOARKQ_BENCH_TOKEN;
  if (!apiUrl || !path || !token) throw new Error('usage: NOARKQ_BENCH_TOKEN=… uploadChild.ts <api url> <file>');
  const client = new ArchiveClient({ apiUrl, auth: new StaticTokenProvider(token), timeouts: { headersMs: 600_000 } });
  try {
    // What the process holds before sending a byte: node, undici (its HTTP parser is WebAssembly), zod, the client.
    const maxRssBeforeBytes = peakRssBytes();
    const started = performance.now();
    const response = await client.upload({ path, fileName: 'benchmark-1GiB.bin' });
    const ms = performance.now() - started;
    process.stdout.write(`${JSON.stringify({ ms, id: response.body.id, maxRssBytes: peakRssBytes(), maxRssBeforeBytes })}\n`);
  } finally {
    await client.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
