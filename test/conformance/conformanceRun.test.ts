/**
 * The conformance corpus run against the sandbox: every file goes through `noarkq run` (the real
 * CLI code, `runRun` with an environments file) against a sandbox holding the conformance archive
 * (conformanceArchive.ts), over real HTTP on 127.0.0.1. A vendor request must get the answer the
 * vendor's own archive gave it: every block succeeds with a 2xx. Where a file states otherwise on
 * a `# Run:` line, that answer is required instead; a control must be refused by the checker and,
 * sent anyway with --force, get the archive's error.
 *
 * The files run in groups, each against a fresh sandbox, in the order the table gives: writes
 * change what later requests see (a closed series refuses everything inside it; a save names the
 * version it read), so each group reads first, then writes in an order that makes sense, and ends
 * with the one finalization that closes series 332. Two groups, because two samples' archives
 * cannot be one (the BSM field ids, conformanceArchive.ts) and because both finalization samples
 * close the same series.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { runRun } from '../../cli/runCommand';
import { capturedRunIo } from '../runner/capturedRunIo';
import { connectForRun } from '../../cli/runConnection';
import { parseDocument } from '../../core/document';
import { noarkModel } from '../../core/schema';
import type { BlockRunResult } from '../../runner/blocks/blockRunResult';
import { runnableBlocks } from '../../runner/blocks/runSession';
import { fullTextIndexer } from '../../sandbox/fulltext/fullTextModule';
import { useTestSandbox, waitFor, type SandboxFixture } from '../http/sandboxHarness';
import { seedConformanceArchive, type ConformanceBsm } from './conformanceArchive';

const dir = __dirname;
const corpus = readdirSync(dir).filter((f) => f.endsWith('.noarkq')).sort();

interface Step {
  file: string;
  /** What the answer's `results` hold (entity ids, BSM group ids): exactly these, or at least one. */
  finds?: readonly string[] | 'some';
  /** What the archive shows after the request, waited for (bulk open/close work after their 202). */
  settles?: (env: SandboxFixture) => Promise<boolean>;
}

const finds = (file: string, found: readonly string[] | 'some'): Step => ({ file, finds: found });

/** The state of case file 4201 as the bulk jobs leave it. */
const caseFile4201Closed = async (env: SandboxFixture, closed: boolean): Promise<boolean> => {
  const r = await env.sandbox.query(env.token, { type: 'Saksmappe', query: 'id = @id', parameters: { '@id': '4201' } });
  return (r.json?.results?.[0]?.fields?.avsluttetDato !== undefined) === closed;
};

/** The keys of an answer's results, for `finds`. */
function resultKeys(body: unknown): string[] | undefined {
  const results = (body as { results?: unknown } | null)?.results;
  if (!Array.isArray(results)) return undefined;
  return results.map((r: { id?: string; groupId?: string }) => r.id ?? r.groupId ?? JSON.stringify(r));
}

const groups: { name: string; bsm: ConformanceBsm; steps: (string | Step)[] }[] = [
  {
    name: 'csharp-php-ws-ql-mcp',
    bsm: 'csharp',
    steps: [
      // Reads: they change nothing. The query-language docs' examples find case file 100 (fonds 5,
      // series 10, "Mappe", saksaar 2016) and, where they ask for fonds "Arkiv" or class "Tilbud",
      // the samples' case files too; the MCP sample's find its case file 2024/17 and what is in it.
      finds('ql-example-fonds-title.noarkq', ['100', '4201', '7302556']),
      finds('ql-example-id.noarkq', ['100']),
      finds('ql-example-in-fonds.noarkq', ['100']),
      finds('ql-example-in-series.noarkq', ['100']),
      finds('ql-example-join-fonds-title.noarkq', ['100', '4201', '7302556']),
      finds('ql-example-join-fonds.noarkq', ['100']),
      finds('ql-example-join-series.noarkq', ['100']),
      finds('ql-example-saksaar-end-inclusive.noarkq', ['100']),
      finds('ql-example-saksaar-exclusive.noarkq', ['100']),
      finds('ql-example-saksaar-inclusive.noarkq', ['100']),
      finds('ql-example-saksaar-start-inclusive.noarkq', ['100']),
      finds('ql-example-tittel-contains.noarkq', ['100']),
      finds('ql-example-tittel-ends-with.noarkq', ['100']),
      finds('ql-example-tittel-equals.noarkq', ['100']),
      finds('ql-example-tittel-not-equal.noarkq', ['4201', '7302556']),
      finds('ql-example-tittel-starts-with.noarkq', ['100']),
      finds('ql-joins-and-chains.noarkq', ['100', '4201']),
      finds('ql-joins.noarkq', ['100', '4201']),
      finds('ql-reference-chaining.noarkq', ['100', '4201']),
      finds('ql-single-path.noarkq', ['4001']),
      finds('ql-two-secondary-classes.noarkq', ['4001']),
      finds('mcp-folder-by-case-number.noarkq', ['7302556']),
      finds('mcp-folder-by-id.noarkq', ['7302556']),
      finds('mcp-folders-by-primary-class.noarkq', ['7302556']),
      finds('mcp-folders-by-secondary-class.noarkq', ['7302556']),
      finds('mcp-full-text-search.noarkq', 'some'),
      finds('mcp-records-by-case-number.noarkq', ['7302557']),
      finds('mcp-records-by-primary-class.noarkq', ['7302557']),
      finds('mcp-records-by-registration-ident.noarkq', ['7302557']),
      finds('mcp-versions-by-registration-ident.noarkq', ['7302560']),
      finds('mcp-versions-in-folder.noarkq', ['7302560']),
      // OFFSET 30 of a one-per-page listing: past the one match.
      'cs-case-files-by-external-id.noarkq',
      finds('cs-case-files-by-secondary-class.noarkq', ['4201']),
      finds('cs-class-by-title.noarkq', ['211']),
      'cs-code-list-administrativ-enhet.noarkq',
      'cs-code-list-dokumenttype.noarkq',
      'cs-code-list-skjerming.noarkq',
      'cs-code-lists-all.noarkq',
      finds('cs-entity-by-id.noarkq', ['4201']),
      finds('cs-full-text-search.noarkq', 'some'),
      finds('cs-get-bsm-group.noarkq', ['gr-1']),
      // Two days on a timestamp field: the entries of the first half of 2019.
      finds('cs-registry-entries-created-in-range.noarkq', ['4101', '4102', '4203']),
      // LIMIT 1 of the two secondary systems of 332, newest id first.
      finds('cs-secondary-classification-system.noarkq', ['118']),
      finds('cs-series-by-title.noarkq', ['332']),
      finds('php-documents-query.noarkq', ['4003']),
      finds('php-find-registrations-query.noarkq', ['4002']),
      finds('php-secondary-class-query.noarkq', ['212', '213']),
      'ws-access-log.noarkq',
      'ws-bsm-registry.noarkq',
      'ws-change-log.noarkq',
      'ws-code-lists-by-type.noarkq',
      'ws-download.noarkq',
      'ws-full-text-search.noarkq',
      // Registries: the C# sample's set-up, then the web-services doc's deletes of what it set up.
      'cs-put-administrativ-enhet.noarkq',
      'cs-put-skjerming.noarkq',
      'cs-put-dokumenttype.noarkq',
      'ws-delete-code.noarkq',
      'cs-put-bsm-group.noarkq',
      'cs-put-bsm-string-field.noarkq',
      'cs-put-bsm-long-field.noarkq',
      'cs-put-bsm-double-field.noarkq',
      'ws-delete-bsm-field.noarkq',
      // Uploads, then the structure and the registrations.
      'cs-upload.noarkq',
      'php-upload-json.noarkq',
      'php-upload-pdf.noarkq',
      'cs-create-fonds.noarkq',
      'cs-create-series.noarkq',
      'cs-create-class.noarkq',
      'php-create-class.noarkq',
      // The PHP sample looks for its class and creates it when it is missing: found now.
      finds('php-find-class-query.noarkq', 'some'),
      'cs-submit-case-file.noarkq',
      'cs-sign-off.noarkq',
      'cs-old-meeting-folder.noarkq',
      'cs-old-meeting-registration.noarkq',
      'php-archive-new-article.noarkq',
      'php-update-article.noarkq',
      { file: 'ws-bulk-close.noarkq', settles: (env) => caseFile4201Closed(env, true) },
      { file: 'ws-bulk-open.noarkq', settles: (env) => caseFile4201Closed(env, false) },
      ...corpus.filter((f) => f.startsWith('control-')),
      // Closes series 332 and with it everything above: last.
      'cs-finalize-archive.noarkq',
    ],
  },
  {
    name: 'java',
    bsm: 'java',
    steps: [
      'java-code-list-administrativ-enhet.noarkq',
      'java-code-list-dokumenttype.noarkq',
      'java-code-list-journalstatus.noarkq',
      'java-code-list-mappetype.noarkq',
      finds('java-folder-by-id.noarkq', ['4401']),
      finds('java-get-bsm-group.noarkq', ['appr-03']),
      finds('java-series-by-id.noarkq', ['332']),
      finds('java-documents-in-case-file.noarkq', ['4204']),
      'java-download.noarkq',
      // Saves that name the version they read (1) before anything else saves those entities.
      'java-screen-series.noarkq',
      'java-folder-bsm-update.noarkq',
      'java-series-with-classification.noarkq',
      'java-upload.noarkq',
      'java-create-fonds.noarkq',
      'java-archive-structure.noarkq',
      'java-folder-with-bsm.noarkq',
      'java-secondary-classification-systems.noarkq',
      'java-folder.noarkq',
      'java-child-folder.noarkq',
      // The child folder java-child-folder made.
      finds('java-child-folders-query.noarkq', 'some'),
      'java-case-file-with-party.noarkq',
      'java-registry-entry.noarkq',
      // The entry java-registry-entry made, found by its external id.
      finds('java-registry-entry-by-external-id.noarkq', 'some'),
      'java-basic-record-with-party.noarkq',
      'java-document-for-entry.noarkq',
      'java-move-primary-class.noarkq',
      'java-delete-version.noarkq',
      // Closes series 332: last.
      'cs-finalize-journal.noarkq',
    ],
  },
];

/** What a file's run must give: plain success unless its `# Run:` line says otherwise. */
type Expected =
  | { kind: 'success' }
  | { kind: 'error'; status: number; pattern: RegExp }
  /** A control: refused by the checker; sent with --force, the archive's error (or, when there is nothing to send, not sent). */
  | { kind: 'control'; forced: { status: number; pattern: RegExp } | { notSent: RegExp } };

/**
 * `# Run: 400 /pattern/ why` — the archive answers this status with a body matching the pattern.
 * `# Run: refused; --force 400 /pattern/ why` — a control (or `--force not sent /pattern/`).
 */
function expectedRun(text: string, file: string): Expected {
  const line = /^# Run: (.+)$/m.exec(text)?.[1];
  const control = file.startsWith('control-');
  if (line === undefined) {
    assert.ok(!control, `${file} is a control: its "# Run:" line states the archive's error when it is sent with --force`);
    return { kind: 'success' };
  }
  const m = /^(refused; --force )?(?:(\d{3})|not sent) \/(.+?)\/ \S/.exec(line);
  assert.ok(m, `${file}: "# Run: ${line}" is not "[refused; --force ]<status>|not sent /pattern/ reason"`);
  assert.equal(Boolean(m[1]), control, `${file}: only a control is refused by the checker`);
  const pattern = new RegExp(m[3]);
  if (control) return { kind: 'control', forced: m[2] ? { status: Number(m[2]), pattern } : { notSent: pattern } };
  assert.ok(m[2], `${file}: a vendor request is sent`);
  return { kind: 'error', status: Number(m[2]), pattern };
}

interface RunReport {
  code: number;
  out: string;
  err: string;
  results?: BlockRunResult[];
  refused?: unknown[];
}

function describeResults(r: RunReport): string {
  return `exit ${r.code}\n${r.err}\n${JSON.stringify(r.results ?? r.refused, null, 1)?.slice(0, 3000)}`;
}

/** Everything the archive said about a failed block, for the pattern. */
function errorText(result: BlockRunResult): string {
  return `${result.error?.message ?? ''} ${typeof result.body === 'string' ? result.body : JSON.stringify(result.body ?? '')}`;
}

const started = Date.now();
after(() => {
  process.stderr.write(`conformance run: ${corpus.length} files in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
});

it('every corpus file runs in exactly one group', () => {
  const listed = groups.flatMap((g) => g.steps.map((s) => (typeof s === 'string' ? s : s.file)));
  assert.deepEqual([...listed].sort(), corpus, 'each .noarkq file once');
});

for (const group of groups) {
  describe(`group ${group.name}: the corpus against the conformance archive`, () => {
    const env = useTestSandbox({ fullTextIndexIntervalSeconds: 0, seed: (services) => seedConformanceArchive(services, { bsm: group.bsm }) });
    let work: string;
    env.before(async () => {
      work = mkdtempSync(join(tmpdir(), 'noarkq-conformance-'));
      const sandbox = env.sandbox.sandbox;
      // The full-text searches find what the fixture holds.
      await fullTextIndexer(sandbox.services)?.runOnce();
      const environment = {
        name: group.name,
        baseUrl: sandbox.apiUrl,
        auth: { kind: 'client_credentials', tokenUrl: sandbox.tokenUrl, clientId: 'noarkq-demo' },
        variables: {},
        protected: false,
      };
      writeFileSync(join(work, 'noarkq.environments.json'), JSON.stringify({ environments: [environment] }));
    });
    after(() => rmSync(work, { recursive: true, force: true }));

    async function run(file: string, force: boolean): Promise<RunReport> {
      const terminal = capturedRunIo(work, { NOARKQ_CLIENT_SECRET: 'noarkq-demo-secret' });
      const args = [join(dir, file), '--env', group.name, '--format', 'json', ...(force ? ['--force'] : [])];
      const code = await runRun(args, terminal.io, noarkModel, connectForRun);
      const out = terminal.out();
      const report: RunReport = { code, out, err: terminal.err() };
      try {
        const parsed = JSON.parse(out) as { results?: BlockRunResult[]; refused?: unknown[] };
        report.results = parsed.results;
        report.refused = parsed.refused;
      } catch {
        // Left undefined: the assertion that follows shows what was printed.
      }
      return report;
    }

    for (const step of group.steps) {
      const { file, finds: found, settles } = typeof step === 'string' ? ({ file: step } as Step) : step;
      const text = readFileSync(join(dir, file), 'utf8');
      const blocks = runnableBlocks(parseDocument(text)).length;
      const stated = /^# Run: (\S+)/m.exec(text)?.[1];
      const title =
        stated === undefined
          ? `${file}: every block succeeds`
          : file.startsWith('control-')
            ? `${file}: refused by the checker; with --force, the archive's error`
            : `${file}: the archive answers ${stated}`;
      it(title, async () => {
        const expected = expectedRun(text, file);
        if (expected.kind === 'control') {
          const refused = await run(file, false);
          assert.equal(refused.code, 1, describeResults(refused));
          // Refused before anything is sent; an upload of a missing file is stopped by the runner
          // itself (the checker's disk check is the CLI's), which sends nothing either.
          const stoppedUnsent = refused.results?.length === 1 && refused.results[0].error?.kind === 'not-sent';
          assert.ok((refused.refused && refused.refused.length > 0 && /nothing was sent/.test(refused.err)) || stoppedUnsent, describeResults(refused));
          const forced = await run(file, true);
          const last = forced.results?.at(-1);
          assert.equal(forced.code, 1, describeResults(forced));
          assert.ok(last && !last.ok, describeResults(forced));
          if ('notSent' in expected.forced) {
            assert.equal(last.error?.kind, 'not-sent', describeResults(forced));
            assert.match(errorText(last), expected.forced.notSent);
          } else {
            assert.equal(last.status, expected.forced.status, describeResults(forced));
            assert.match(errorText(last), expected.forced.pattern, describeResults(forced));
          }
          return;
        }
        const r = await run(file, false);
        assert.ok(r.results, describeResults(r));
        if (expected.kind === 'success') {
          assert.equal(r.code, 0, describeResults(r));
          assert.equal(r.results.length, blocks, describeResults(r));
          for (const result of r.results) {
            assert.ok(result.ok && result.status !== undefined && result.status >= 200 && result.status < 300, describeResults(r));
          }
          if (found !== undefined) {
            const keys = resultKeys(r.results.at(-1)?.body);
            assert.ok(keys, describeResults(r));
            if (found === 'some') assert.ok(keys.length > 0, `${file} finds something: ${describeResults(r)}`);
            else assert.deepEqual([...keys].sort(), [...found].sort(), `${file} finds what the archive holds for it`);
          }
        } else {
          const last = r.results.at(-1);
          assert.equal(r.code, 1, describeResults(r));
          assert.ok(last && !last.ok, describeResults(r));
          assert.equal(last.status, expected.status, describeResults(r));
          assert.match(errorText(last), expected.pattern, describeResults(r));
        }
        if (settles) await waitFor(() => settles(env));
      });
    }
  });
}
