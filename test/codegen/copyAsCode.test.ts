/**
 * Copy as code against the real sandbox on 127.0.0.1: the blocks of one file are run with the
 * runner, then copied as code in every language, and the code (its secret in
 * NOARKQ_CLIENT_SECRET, as the comment at its top says) is checked and run with the real tool
 * chains. It must get the same answer as the block: the same status and body for reads, the same
 * status and shape for writes, and a journal entry whose title, full of characters that need
 * quoting, reads back exactly as the block wrote it. Placeholders are filled in and run too.
 *
 * The code of every block is checked first (sh -n, tsc, py_compile, php -l, javac, and for C#
 * mono's `mcs --parse`: dotnet is not in Debian). Then curl and TypeScript always run; Python with
 * Debian's python3-requests, PHP with Debian's Guzzle, Java with Debian's JDK. A missing tool chain
 * skips its test here and fails it on CI.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { checkShape, queryResponseSchema } from '../../core/api';
import { parseDocument, type DocumentBlock, type NoarkqDocument, type RecordedResponse } from '../../core/document';
import type { JsonValue } from '../../core/jsonValue';
import { noarkModel } from '../../core/schema';
import { ArchiveClient } from '../../runner/archive/archiveClient';
import { ArchiveError } from '../../runner/archive/archiveErrors';
import type { BlockRunResult } from '../../runner/blocks/blockRunResult';
import { RunSession } from '../../runner/blocks/runSession';
import { codeLanguages, type CodeLanguageId } from '../../runner/copyAsCode/codeLanguages';
import { describeCodeRequest, type ValueSource } from '../../runner/copyAsCode/codeRequest';
import { createTokenProvider } from '../../runner/environments/environmentTokenProvider';
import { sandboxEnvironment } from '../../runner/environments/sandboxEnvironment';
import type { Environment } from '../../runner/environments/environmentsSchema';
import { useTestSandbox } from '../http/sandboxHarness';
import { awkwardStrings } from './awkwardStrings';
import { debianGuzzleAutoload, requireToolchain, run, toolchains, type Ran, type Toolchain } from './toolchains';
import { typescriptChecker } from './typescriptCheck';

/** The sandbox's demo client secret (public); the generated code reads it from this variable. */
const secretEnv = { NOARKQ_CLIENT_SECRET: 'noarkq-demo-secret' };

/** The awkward strings as one title: without control characters (the archive refuses them in a
 * title) and without `{{` (which the .noarkq file reads as a reference). */
const awkwardTitle = awkwardStrings.filter((s) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(s) && !s.includes('{{')).join(' | ');

const noarkqText = `# Blocks for copy as code: a query, a write with awkward text, reads of it, a refusal, an upload and a download.
@journalposttype = "I"

### register
TRANSACTION
{
  "actions": [
    { "action": "save", "type": "Journalpost", "id": "jp", "fields": { "tittel": ${JSON.stringify(awkwardTitle)}, "journalposttype": "{{journalposttype}}" } },
    { "action": "link", "type": "Journalpost", "id": "jp", "ref": "refMappe", "linkToId": "{{saksmappe}}" },
    { "action": "save", "type": "Korrespondansepart", "id": "kp", "fields": { "korrespondansepartNavn": "Kari Nordmann", "korrespondanseparttype": "EA" } },
    { "action": "link", "type": "Korrespondansepart", "id": "kp", "ref": "refRegistrering", "linkToId": "jp" }
  ]
}

### readBack
@entry = {{register.saved.jp.id}}
QUERY Journalpost
WHERE id = @entry

### note
TRANSACTION
{
  "actions": [
    { "action": "save", "type": "Journalpost", "id": "jp", "fields": { "tittel": "Svar på {{register.saved.jp.id}}: «ja»", "journalposttype": "U" } },
    { "action": "link", "type": "Journalpost", "id": "jp", "ref": "refMappe", "linkToId": "{{saksmappe}}" },
    { "action": "save", "type": "Korrespondansepart", "id": "kp", "fields": { "korrespondansepartNavn": "Kari Nordmann", "korrespondanseparttype": "EA" } },
    { "action": "link", "type": "Korrespondansepart", "id": "kp", "ref": "refRegistrering", "linkToId": "jp" }
  ]
}

### codeLists
GET code-lists?field=journalposttype

### refused
GET code-lists/journalposttype/ZZ

### letter
UPLOAD ./files/brev-æøå.txt

### fetchBack
DOWNLOAD {{letter.id}} TO ./out/brev.txt
`;

const letterText = 'Brev med æøå, "sitat" og \\ skråstrek.\n';

/** Writes `text` to `file` (making its folder) and gives the path. */
function write(file: string, text: string): string {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

/** What a failed check printed, or undefined when it passed. */
function failure(ran: Ran): string | undefined {
  return ran.status === 0 ? undefined : `exit ${ran.status}: ${ran.stdout}${ran.stderr}`;
}

function firstFailure(ran: Ran[]): string | undefined {
  return ran.map(failure).find((problem) => problem !== undefined);
}

interface Answer {
  status: number;
  body: JsonValue | string;
}

/** The status the code printed to stderr (`HTTP 200`) and the body it printed to stdout. */
function answerOf(ran: Ran, language: string): Answer {
  const status = /HTTP (\d{3})/.exec(ran.stderr)?.[1];
  assert.ok(status, `${language} printed no status; exit ${ran.status}, stderr:\n${ran.stderr}\nstdout:\n${ran.stdout}`);
  const text = ran.stdout.trim();
  let body: JsonValue | string = text;
  try {
    body = JSON.parse(text) as JsonValue;
  } catch {
    // A download prints where it saved the file.
  }
  return { status: Number(status), body };
}

describe('copy as code against the sandbox', () => {
  const env = useTestSandbox({}, { structure: true });
  let dir: string;
  let document: NoarkqDocument;
  let environment: Environment;
  let client: ArchiveClient;
  const results = new Map<string, BlockRunResult>();
  const checkTypescript = typescriptChecker();

  env.before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'noarkq-copy-as-code-'));
    mkdirSync(join(dir, 'files'));
    mkdirSync(join(dir, 'out'));
    writeFileSync(join(dir, 'files', 'brev-æøå.txt'), letterText);
    writeFileSync(join(dir, 'copy.noarkq'), noarkqText);
    document = parseDocument(noarkqText);
    const sandbox = sandboxEnvironment({ apiUrl: env.sandbox.sandbox.apiUrl, tokenUrl: env.sandbox.sandbox.tokenUrl });
    environment = { ...sandbox.environment, variables: { saksmappe: env.structure.saksmappe } };
    client = new ArchiveClient({ apiUrl: environment.baseUrl, auth: createTokenProvider(environment, sandbox.secrets) });
    const session = new RunSession({ client, environment: { name: environment.name, protected: false, variables: environment.variables }, model: noarkModel, downloadDir: join(dir, 'out') });
    for (const block of document.blocks) {
      // `refused` is meant to fail, and the run stops at a failure: each block runs on its own.
      const outcome = await session.run({ document, filePath: join(dir, 'copy.noarkq'), blocks: [block], force: true });
      assert.equal(outcome.kind, 'ran');
      if (outcome.kind !== 'ran') return;
      for (const result of outcome.results) if (result.blockName) results.set(result.blockName, result);
    }
    for (const name of ['register', 'readBack', 'note', 'codeLists', 'letter', 'fetchBack']) assert.equal(results.get(name)?.ok, true, `${name}: ${results.get(name)?.error?.message}`);
    assert.ok((results.get('refused')?.status ?? 0) >= 400, 'the archive refuses `refused`');
  });
  after(async () => {
    await client?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const block = (name: string): DocumentBlock => {
    const found = document.blocks.find((b) => b.parsed.name?.text === name);
    assert.ok(found, name);
    return found;
  };
  const lastRun = (): ValueSource => {
    const responses = new Map<string, RecordedResponse>();
    for (const [name, result] of results) if (result.status !== undefined) responses.set(name, { status: result.status, body: result.body });
    return { kind: 'last-run', responses };
  };
  const code = (language: CodeLanguageId, name: string, values: ValueSource = lastRun()): string => {
    const described = describeCodeRequest({ document, block: block(name), filePath: join(dir, 'copy.noarkq'), environment, values });
    assert.ok(described.ok, described.ok ? '' : described.error);
    const text = codeLanguages[language].generate(described.request);
    assert.doesNotMatch(text, /noarkq-demo-secret/, 'the secret is never written into the code');
    return text;
  };

  /** Writes `text` for `language` into a folder of its own and runs it. */
  const runners: Record<Exclude<CodeLanguageId, 'csharp'>, (text: string, name: string) => Promise<Ran>> = {
    curl: async (text, name) => {
      const file = join(dir, `${name}.sh`);
      writeFileSync(file, text);
      return run('sh', [file], { cwd: dir, env: secretEnv });
    },
    typescript: async (text, name) => {
      const folder = join(dir, 'ts', name);
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, 'request.ts'), text);
      const checked = checkTypescript(join(folder, 'request.ts'));
      assert.deepEqual(checked.errors, [], `tsc:\n${text}`);
      return run(process.execPath, [checked.outFile], { cwd: dir, env: secretEnv });
    },
    python: async (text, name) => {
      const file = join(dir, `${name}.py`);
      writeFileSync(file, text);
      return run('python3', [file], { cwd: dir, env: secretEnv });
    },
    php: async (text, name) => {
      const folder = join(dir, 'php', name);
      mkdirSync(join(folder, 'vendor'), { recursive: true });
      // Where composer would put its autoloader, Debian's Guzzle.
      writeFileSync(join(folder, 'vendor', 'autoload.php'), `<?php require ${JSON.stringify(debianGuzzleAutoload)};\n`);
      writeFileSync(join(folder, 'request.php'), text);
      return run('php', [join(folder, 'request.php')], { cwd: dir, env: secretEnv });
    },
    java: async (text, name) => {
      const folder = join(dir, 'java', name);
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, codeLanguages.java.fileName), text);
      // The source launcher compiles it as javac does, in the same JVM that runs it.
      return run('java', [join(folder, codeLanguages.java.fileName)], { cwd: dir, env: secretEnv });
    },
  };
  const toolchainOf = { curl: toolchains.sh, typescript: undefined, python: toolchains.pythonRequests, php: toolchains.phpGuzzle, java: toolchains.java } as const;

  for (const language of ['curl', 'typescript', 'python', 'php', 'java'] as const) {
    describe(`as ${codeLanguages[language].label}`, () => {
      const ready = (t: { skip(message: string): void }) => {
        const toolchain = toolchainOf[language];
        return toolchain === undefined || requireToolchain(t, toolchain);
      };
      const runBlock = async (name: string, values?: ValueSource, fill: Record<string, string> = {}) => {
        let text = code(language, name, values);
        for (const [example, value] of Object.entries(fill)) {
          assert.ok(text.includes(example), `${example} in\n${text}`);
          text = text.replaceAll(example, value);
        }
        return answerOf(await runners[language](text, name), language);
      };

      it('a query, with its parameter read from the last run, gets the same answer as the block', async (t) => {
        if (!ready(t)) return;
        const answer = await runBlock('readBack');
        const expected = results.get('readBack')!;
        assert.equal(answer.status, expected.status);
        const shaped = checkShape(queryResponseSchema, answer.body);
        assert.ok(shaped.ok);
        assert.deepEqual(shaped.value, expected.body);
        assert.equal((expected.body as { results: { fields: { tittel: string } }[] }).results[0].fields.tittel, awkwardTitle);
      });

      it('a transaction writes the awkward title exactly as the block does', async (t) => {
        if (!ready(t)) return;
        const answer = await runBlock('register');
        assert.equal(answer.status, results.get('register')!.status);
        const saved = (answer.body as { saved: { jp: { id: string; fields: { tittel: string } } } }).saved.jp;
        const read = await env.sandbox.query(env.token, { type: 'Journalpost', query: 'id = @id', parameters: { '@id': saved.id } });
        assert.equal(read.json.results[0].fields.tittel, awkwardTitle);
        assert.notEqual(saved.id, (results.get('register')!.body as { saved: { jp: { id: string } } }).saved.jp.id, 'a new entry of its own');
      });

      it('placeholders, filled in, send what the block sends: a whole value and one inside a string', async (t) => {
        if (!ready(t)) return;
        const entry = (results.get('register')!.body as { saved: { jp: { id: string } } }).saved.jp.id;
        const query = await runBlock('readBack', { kind: 'placeholders' }, { '<entry>': entry });
        assert.equal(query.status, 200);
        assert.deepEqual(checkShape(queryResponseSchema, query.body).ok && (query.body as { results: { id: string }[] }).results.map((r) => r.id), [entry]);
        const note = await runBlock('note', { kind: 'placeholders' }, { '<register.saved.jp.id>': entry });
        assert.equal(note.status, 200);
        const id = (note.body as { saved: { jp: { id: string } } }).saved.jp.id;
        const read = await env.sandbox.query(env.token, { type: 'Journalpost', query: 'id = @id', parameters: { '@id': id } });
        assert.equal(read.json.results[0].fields.tittel, `Svar på ${entry}: «ja»`);
      });

      it('a GET and a refusal (a JSON error body: the error headers were sent) answer as the block', async (t) => {
        if (!ready(t)) return;
        const lists = await runBlock('codeLists');
        assert.equal(lists.status, results.get('codeLists')!.status);
        assert.deepEqual(lists.body, results.get('codeLists')!.body);
        const refused = await runBlock('refused');
        assert.equal(refused.status, results.get('refused')!.status);
        // Each refusal has an errorId of its own; the rest of the answer is the same.
        const { errorId: _mine, ...answer } = refused.body as Record<string, JsonValue>;
        const { errorId: _theirs, ...expected } = results.get('refused')!.body as Record<string, JsonValue>;
        assert.deepEqual(answer, expected);
        assert.equal(typeof (refused.body as { description?: unknown }).description, 'string', 'the error came as JSON');
      });

      it('an upload sends the file as the runner does, and the download saves it', async (t) => {
        if (!ready(t)) return;
        const upload = await runBlock('letter');
        assert.equal(upload.status, results.get('letter')!.status);
        const uploaded = upload.body as { id: string; fileName?: string };
        assert.deepEqual(Object.keys(uploaded).sort(), Object.keys(results.get('letter')!.body as object).sort());
        rmSync(join(dir, 'out', 'brev.txt'), { force: true });
        const download = await runBlock('fetchBack', { kind: 'placeholders' }, { '<letter.id>': uploaded.id });
        assert.equal(download.status, 200);
        assert.equal(readFileSync(join(dir, 'out', 'brev.txt'), 'utf8'), letterText);
        // The id goes into the URL percent-encoded, as the runner sends it: an id holding `&type=`
        // is one id the archive refuses, not a second parameter that asks for the light PDF.
        const odd = `${uploaded.id}&type=lightpdf`;
        const runner = await client.download(odd, { directory: join(dir, 'out') }).then(
          () => undefined,
          (error: unknown) => error,
        );
        assert.ok(runner instanceof ArchiveError && runner.status === 400, `the runner: ${String(runner)}`);
        const refused = await runBlock('fetchBack', { kind: 'placeholders' }, { '<letter.id>': odd });
        assert.equal(refused.status, 400, JSON.stringify(refused.body));
      });
    });
  }

  /**
   * Checks the syntax (and types) of generated files without running them, as few processes as
   * the tool allows; the failure's text, or undefined. Java's and C#'s files get a class name
   * each, so that one compiler reads them all.
   */
  const syntaxChecks: { language: CodeLanguageId; check: string; toolchain: Toolchain | undefined; fails: (files: { text: string; base: string }[]) => Promise<string | undefined> }[] = [
    { language: 'curl', check: 'sh -n', toolchain: undefined, fails: async (files) => firstFailure(await Promise.all(files.map(({ text, base }) => run('sh', ['-n', write(`${base}.sh`, text)])))) },
    {
      language: 'typescript',
      check: 'tsc (strict)',
      toolchain: undefined,
      fails: async (files) => files.map(({ text, base }) => checkTypescript(write(join(base, 'request.ts'), text)).errors.join('\n')).find((errors) => errors !== ''),
    },
    { language: 'python', check: 'python3 -m py_compile', toolchain: toolchains.python, fails: async (files) => failure(await run('python3', ['-m', 'py_compile', ...files.map(({ text, base }) => write(`${base}.py`, text))])) },
    { language: 'php', check: 'php -l', toolchain: toolchains.php, fails: async (files) => firstFailure(await Promise.all(files.map(({ text, base }) => run('php', ['-l', write(`${base}.php`, text)])))) },
    {
      language: 'java',
      check: 'javac',
      toolchain: toolchains.java,
      fails: async (files) => {
        const sources = files.map(({ text }, i) => write(join(dir, 'syntax', 'java', `NoarkqRequest${i}.java`), text.replace('public class NoarkqRequest ', `public class NoarkqRequest${i} `)));
        return failure(await run('javac', ['-encoding', 'UTF-8', '-d', join(dir, 'syntax', 'java', 'classes'), ...sources]));
      },
    },
    // dotnet is not in Debian: mono's compiler checks the syntax only.
    {
      language: 'csharp',
      check: 'mcs --parse',
      toolchain: toolchains.csharp,
      fails: async (files) => failure(await run('mcs', ['--parse', ...files.map(({ text, base }, i) => write(`${base}.cs`, text.replace('public static class Program', `public static class Program${i}`)))])),
    },
  ];
  for (const { language, check, toolchain, fails } of syntaxChecks) {
    it(`as ${codeLanguages[language].label}: the code of every block, values from the last run or placeholders, passes ${check}`, async (t) => {
      if (toolchain && !requireToolchain(t, toolchain)) return;
      const files = ['register', 'readBack', 'note', 'codeLists', 'refused', 'letter', 'fetchBack'].flatMap((name) =>
        [lastRun(), { kind: 'placeholders' } as const].map((values) => ({ text: code(language, name, values), base: join(dir, 'syntax', language, `${name}-${values.kind}`) })),
      );
      const problem = await fails(files);
      assert.equal(problem, undefined, `${check}:\n${problem}`);
    });
  }
});
