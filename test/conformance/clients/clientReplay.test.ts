/**
 * The client replay corpus (java.json, csharp.json, php.json, mcp-ts.json) sent to a sandbox
 * holding the conformance archive over raw HTTP (node:http, so headers and bytes are exactly as
 * listed: header case and order, Content-Length or chunked), in order, each file against a fresh
 * sandbox, values an earlier answer gave passed on to later requests. Every request must get the
 * status a real tenant gives and an answer that client reads without failing (clientReaders.ts).
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fullTextIndexer } from '../../../sandbox/fulltext/fullTextModule';
import { useTestSandbox, waitFor } from '../../http/sandboxHarness';
import { seedConformanceArchive } from '../conformanceArchive';
import { readAnswer, resultIds, type ReplayAnswer } from './clientReaders';
import { bodyBytes, fillTemplate, filesDir, readReplayFile, valueAt, type ReplayRequest } from './replayCorpus';

function send(base: URL, r: ReplayRequest, vars: ReadonlyMap<string, string>): Promise<ReplayAnswer> {
  const body = bodyBytes(r, vars);
  // Every HTTP/1.1 client sends Host; node:http adds it only for headers given as an object.
  const headers: string[] = ['Host', base.host, ...r.headers.flatMap(([name, value]) => [name, fillTemplate(value, vars, r.name)])];
  if (body !== undefined) headers.push(...(r.transfer === 'chunked' ? ['Transfer-Encoding', 'chunked'] : ['Content-Length', String(body.length)]));
  return new Promise((resolve, reject) => {
    const req = request({ host: base.hostname, port: base.port, method: r.method, path: fillTemplate(r.target, vars, r.name), headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        let json: unknown;
        try {
          json = JSON.parse(bytes.toString('utf8'));
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes, json });
      });
    });
    req.on('error', reject);
    if (body !== undefined && r.transfer === 'chunked') {
      // As a streamed InputStream goes out: several chunks.
      for (let i = 0; i < body.length; i += 4096) req.write(body.subarray(i, i + 4096));
    } else if (body !== undefined) req.write(body);
    req.end();
  });
}

const corpus = ['java.json', 'csharp.json', 'php.json', 'mcp-ts.json'].map(readReplayFile);

for (const file of corpus) {
  describe(`${file.client} client, replayed as it sends [issue 13]`, () => {
    const env = useTestSandbox({ fullTextIndexIntervalSeconds: 0, seed: (services) => seedConformanceArchive(services, { bsm: file.client === 'java' ? 'java' : 'csharp' }) });
    const vars = new Map<string, string>();
    env.before(async () => {
      await fullTextIndexer(env.sandbox.sandbox.services)?.runOnce();
      // The Java and C# clients take a token their IDP client got (not mirrored); the others ask for it in the corpus.
      vars.set('token', env.token);
    });

    for (const r of file.requests) {
      it(`${r.method} ${r.target.split('?')[0]}: ${r.name} (${r.source.repo} ${r.source.path}:${r.source.line})`, async () => {
        const base = new URL(env.sandbox.sandbox.apiUrl);
        const answer = await send(base, r, vars);
        assert.equal(answer.status, r.status, `${r.name}: ${answer.bytes.toString('utf8').slice(0, 600)}`);
        readAnswer(r.read, answer, { readKey: r.readKey, highlighted: r.highlighted });
        if (r.finds) assert.deepEqual(resultIds(answer.json as Record<string, unknown>).sort(), [...r.finds].sort());
        for (const [name, path] of Object.entries(r.keep ?? {})) {
          const value = valueAt(answer.json, path);
          assert.ok(typeof value === 'string' || typeof value === 'number', `${r.name}: ${path} is kept as ${name}, found ${JSON.stringify(value)}`);
          vars.set(name, String(value));
        }
        if (r.storedName !== undefined) {
          const id = Number(valueAt(answer.json, 'id'));
          const stored = await env.sandbox.sandbox.services.files.find(env.sandbox.sandbox.services.db, id);
          assert.equal(stored?.fileName, r.storedName);
        }
        if (r.sameBytesAs !== undefined) assert.ok(answer.bytes.equals(readFileSync(join(filesDir, r.sameBytesAs))), 'the download is the uploaded file, byte for byte');
        if (r.gone) {
          const [type, idText] = r.gone;
          const id = fillTemplate(idText, vars, r.name);
          await waitFor(async () => (await env.sandbox.query(env.token, { type, query: 'id = @id', parameters: { '@id': id }, publicUse: false })).json.results.length === 0);
        }
      });
    }
  });
}

it('every client of issue 13 is in the corpus, each request naming the file and line it was read from', () => {
  assert.deepEqual(corpus.map((f) => f.client).sort(), ['csharp', 'java', 'mcp-ts', 'php']);
  for (const f of corpus) assert.equal(new Set(f.requests.map((r) => r.name)).size, f.requests.length, `${f.client}: request names are unique`);
});
