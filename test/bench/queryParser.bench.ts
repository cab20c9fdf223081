/**
 * Benchmark: the query-expression parser against `JSON.parse` on the same amount of text, in the
 * same run, so the ratio does not depend on the machine. Target: at most 2x JSON.parse.
 */
import { parseQueryExpression } from '../../core/query/index';
import type { BenchResult } from './benchResult';


const TARGET_BYTES = 1_000_000;

/** Deterministic pseudo-random numbers, so every run parses the same text. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 0x100000000;
  };
}

const fields = ['tittel', 'offentligTittel', 'saksaar', 'sakssekvensnummer', 'saksdato', 'saksstatus', 'administrativEnhet', 'registreringsDato', 'opprettetDato', 'id', 'journalposttype'];
const chains = ['refPrimaerKlasse.klasseIdent', 'refArkivdel.refArkiv.tittel', 'refEksternId.eksterntSystem', 'refSekundaerKlasse.id', 'refMappe.refPrimaerKlasse.refKlassifikasjonssystem.id', 'refDokument.refDokumentversjon.id'];
const aliases = ['#k1.klasseIdent', '#k2.klasseIdent', '#e1.eksternID', '#fonds.tittel'];

/** ~1 MB of varied, realistic expressions (chains, ranges, parentheses, aliases). */
export function generateExpressions(bytes = TARGET_BYTES): string[] {
  const next = random(42);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  // Parameter names as users (and the literal quick fix) write them: after the field.
  const param = (path: string, suffix = '') => `@${path.slice(path.lastIndexOf('.') + 1)}${suffix}`;
  const comparison = (): string => {
    const r = next();
    const path = r < 0.55 ? pick(fields) : r < 0.85 ? pick(chains) : pick(aliases);
    const kind = next();
    if (kind < 0.2) return `${path} = ${pick(['[', '{'])}${param(path, 'From')}:${param(path, 'To')}${pick([']', '}'])}`;
    if (kind < 0.3) return `${path}%=${param(path)}`;
    if (kind < 0.4) return `${path} %= ${param(path)}`;
    if (kind < 0.55) return `${path} != ${param(path)}`;
    return `${path} = ${param(path)}`;
  };
  const expression = (depth: number): string => {
    const n = 1 + Math.floor(next() * 4);
    const parts: string[] = [];
    for (let i = 0; i < n; i++) parts.push(depth < 2 && next() < 0.25 ? `(${expression(depth + 1)})` : comparison());
    return parts.join(next() < 0.7 ? ' && ' : ' || ');
  };
  const out: string[] = [];
  let size = 0;
  while (size < bytes) {
    const e = expression(0);
    out.push(e);
    size += e.length;
  }
  return out;
}

/** ~1 MB of JSON shaped like query results. */
export function generateJson(bytes = TARGET_BYTES): string {
  const next = random(7);
  const results: unknown[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const item = {
      type: 'Saksmappe',
      id: String(7300000 + i),
      version: String(Math.floor(next() * 20)),
      fields: {
        tittel: `Byggesak ${i} gnr ${Math.floor(next() * 300)} bnr ${Math.floor(next() * 90)}`,
        saksaar: 2000 + Math.floor(next() * 25),
        sakssekvensnummer: Math.floor(next() * 5000),
        saksdato: '2024-08-19',
        saksstatus: 'B',
        opprettetDato: '2024-08-19T09:09:39.315+0200',
        skjermet: next() < 0.1,
      },
      links: { refArkivdel: 7302556, refPrimaerKlasse: 7302557 + i },
    };
    const text = JSON.stringify(item);
    size += text.length + 1;
    results.push(item);
  }
  return JSON.stringify({ hasMore: true, results });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function time(fn: () => void): number {
  const start = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

export async function benchQueryParser(): Promise<BenchResult> {
  const expressions = generateExpressions();
  const json = generateJson();
  const exprBytes = expressions.reduce((n, e) => n + e.length, 0);
  let errors = 0;
  const parseAll = () => {
    for (const e of expressions) if (parseQueryExpression(e).diagnostics.length > 0) errors++;
  };
  const parseJson = () => {
    JSON.parse(json);
  };
  // Warm-up: the engine needs a few rounds before both sides run optimised code.
  for (let i = 0; i < 8; i++) {
    parseAll();
    parseJson();
  }
  if (errors > 0) throw new Error(`benchmark expressions should parse cleanly, got ${errors} with diagnostics`);
  const parserTimes: number[] = [];
  const jsonTimes: number[] = [];
  for (let round = 0; round < 15; round++) {
    parserTimes.push(time(parseAll));
    jsonTimes.push(time(parseJson));
  }
  const parserMs = median(parserTimes);
  const jsonMs = median(jsonTimes);
  const ratio = parserMs / jsonMs;
  return {
    name: 'query parser vs JSON.parse',
    ratio,
    target: 2,
    detail: `${expressions.length} expressions, ${(exprBytes / 1e6).toFixed(2)} MB in ${parserMs.toFixed(1)} ms; JSON ${(json.length / 1e6).toFixed(2)} MB in ${jsonMs.toFixed(1)} ms (median of 15)`,
  };
}

// Run directly: `node --import tsx test/bench/queryParser.bench.ts` (the package is CommonJS, so
// no top-level await and no import.meta).
if (process.argv[1]?.endsWith('queryParser.bench.ts')) {
  void benchQueryParser().then((result) => {
    console.log(`${result.name}: ratio ${result.ratio.toFixed(2)} (target <= ${result.target}) — ${result.detail}`);
    if (result.ratio > result.target) process.exitCode = 1;
  });
}
