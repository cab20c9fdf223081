import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { apiRootUrl } from './apiRootUrl';
import {
  EnvironmentFileError,
  EnvironmentSelectionError,
  formatProblem,
  loadEnvironments,
  parseEnvironmentsFile,
  readEnvironmentsFile,
  selectEnvironment,
  type EnvironmentFileProblem,
  type EnvironmentsFile,
} from './environmentsFile';

const file = 'noarkq.environments.json';

const example = `{
  // The test archive; secrets come from NOARKQ_CLIENT_SECRET.
  "$schema": "./schemas/noarkq.environments.schema.json",
  "environments": [
    {
      "name": "test",
      "baseUrl": "https://arkiv-test.example.no:8083",
      "auth": {
        "kind": "client_credentials",
        "tokenUrl": "https://arkiv-test.example.no/idp/oauth2/token",
        "clientId": "integrasjon",
        "scope": "openid"
      },
      "variables": { "arkivdelId": "12345", "saksaar": 2024, "filter": { "nested": [1, null] } }
    },
    {
      "name": "prod",
      "baseUrl": "https://arkiv.example.no:8083/rms/api/public/noark5/v1/",
      "auth": { "kind": "password", "tokenUrl": "https://arkiv.example.no/idp/oauth2/token", "clientId": "noarkq", "user": "kari", "clientAuth": "none" },
      "protected": true,
    },
    { "name": "local", "baseUrl": "http://127.0.0.1:8083", "auth": { "kind": "token" } },
    { "name": "gateway", "baseUrl": "http://arkiv.intern", "auth": { "kind": "none" }, "allowHttp": true, "timeout": { "connect": 2.5, "answer": "2m", "idle": "500ms" } },
  ],
}
`;

function problemsOf(text: string): EnvironmentFileProblem[] {
  const parsed = parseEnvironmentsFile(text, file);
  assert.equal(parsed.ok, false, 'expected problems');
  return parsed.ok ? [] : parsed.problems;
}

/** A file with one environment whose fields are `fields` (JSON text after the name). */
function oneEnvironment(fields: string, name = 'test'): string {
  return `{\n  "environments": [\n    {\n      "name": "${name}",\n      ${fields}\n    }\n  ]\n}\n`;
}

const goodAuth = `"auth": { "kind": "client_credentials", "tokenUrl": "https://idp.example.no/token", "clientId": "c" }`;

describe('a valid file', () => {
  test('parses with comments and trailing commas, defaults applied, baseUrl made the API root', () => {
    const parsed = parseEnvironmentsFile(example, file);
    assert.ok(parsed.ok, parsed.ok ? '' : parsed.problems.map(formatProblem).join('\n'));
    const [testEnv, prod, local, gateway] = parsed.value.environments;
    assert.deepEqual(testEnv, {
      name: 'test',
      baseUrl: 'https://arkiv-test.example.no:8083/rms/api/public/noark5/v1',
      auth: { kind: 'client_credentials', tokenUrl: 'https://arkiv-test.example.no/idp/oauth2/token', clientId: 'integrasjon', clientAuth: 'basic', scope: 'openid' },
      variables: { arkivdelId: '12345', saksaar: 2024, filter: { nested: [1, null] } },
      protected: false,
      allowHttp: false,
    });
    assert.equal(prod.baseUrl, 'https://arkiv.example.no:8083/rms/api/public/noark5/v1');
    assert.equal(prod.protected, true);
    assert.deepEqual(prod.auth, { kind: 'password', tokenUrl: 'https://arkiv.example.no/idp/oauth2/token', clientId: 'noarkq', user: 'kari', clientAuth: 'none' });
    assert.equal(local.baseUrl, 'http://127.0.0.1:8083/rms/api/public/noark5/v1', 'http:// to loopback needs no allowHttp');
    assert.equal(gateway.auth.kind, 'none');
    assert.deepEqual(gateway.timeout, { connect: 2500, answer: 120_000, idle: 500 }, 'time limits in milliseconds');
    assert.equal(testEnv.timeout, undefined, 'no limits written: the defaults hold');
  });

  test('a byte order mark and CRLF lines are fine, and positions count CRLF as one line end', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'noarkq-env-'));
    try {
      const path = join(dir, file);
      await writeFile(path, `\uFEFF${example.replace(/\n/g, '\r\n')}`);
      assert.equal((await readEnvironmentsFile(path)).environments.length, 4);
      const [problem] = problemsOf(oneEnvironment(`"baseUrl": 3,\r\n      ${goodAuth}`).replace(/\n/g, '\r\n'));
      assert.deepEqual([problem.line, problem.column], [5, 18]);
    } finally {
      await rm(dir, { recursive: true });
    }
  });
});

describe('every problem names the file, the environment, the key and where', () => {
  test('malformed JSON: line and column of the syntax error', () => {
    const problems = problemsOf('{\n  "environments": [\n    { "name": "a" "baseUrl": "https://x.no" }\n  ]\n}');
    assert.equal(problems.length, 1);
    assert.equal(formatProblem(problems[0]), `${file}:3:19: not valid JSON: expected ","`);
    assert.match(problemsOf('{ "environments": [ ')[0].message, /not valid JSON/);
    assert.equal(formatProblem(problemsOf('')[0]), `${file}:1:1: not valid JSON: expected a value`);
    assert.equal(formatProblem(problemsOf('// only a comment\n')[0]), `${file}:2:1: not valid JSON: expected a value`);
  });

  test('an unknown key, with a suggestion and the keys allowed there', () => {
    const [problem] = problemsOf(oneEnvironment(`"baseUrl": "https://x.no",\n      "auth": { "kind": "password", "tokenURL": "https://idp.example.no/token", "tokenUrl": "https://idp.example.no/token", "clientId": "c", "user": "u" }`));
    assert.equal(problem.environment, 'environment "test"');
    assert.equal(problem.key, 'auth.tokenURL');
    assert.deepEqual([problem.line, problem.column], [6, 37]);
    assert.match(problem.message, /^unknown key: did you mean "tokenUrl"\? Allowed here: "kind", "tokenUrl", "revocationUrl", "clientId", "user", "clientAuth", "scope"$/);
    const top = problemsOf('{ "environments": [], "defaults": {} }')[0];
    assert.equal(formatProblem(top), `${file}:1:23: defaults: unknown key Allowed here: "$schema", "environments"`);
  });

  test('a wrong type says what was expected and what was found', () => {
    const problems = problemsOf(oneEnvironment(`"baseUrl": "https://x.no",\n      ${goodAuth},\n      "protected": "yes",\n      "variables": []`));
    assert.deepEqual(
      problems.map((p) => [p.environment, p.key, p.line, p.message]),
      [
        ['environment "test"', 'protected', 7, 'must be true or false, not the string "yes"'],
        ['environment "test"', 'variables', 8, 'must be an object, not a list'],
      ],
    );
    assert.equal(formatProblem(problemsOf('[]')[0]), `${file}:1:1: the file must be an object, { "environments": [ … ] }, not a list`);
  });

  test('a missing key points at the object that lacks it', () => {
    const problems = problemsOf(oneEnvironment(`"baseUrl": "https://x.no"`));
    assert.deepEqual(problems.map((p) => [p.key, p.line, p.message]), [['auth', 3, 'is missing: add "auth": { "kind": "none" | "token" | "client_credentials" | "password", … }']]);
    const noKind = problemsOf(oneEnvironment(`"baseUrl": "https://x.no", "auth": { "clientId": "c" }`));
    assert.ok(noKind.some((p) => p.key === 'auth.kind' && p.message === 'is missing: one of "none", "token", "client_credentials", "password"'), noKind.map(formatProblem).join('\n'));
    const user = problemsOf(oneEnvironment(`"baseUrl": "https://x.no", "auth": { "kind": "password", "tokenUrl": "https://i.no/t", "clientId": "c" }`));
    assert.deepEqual(user.map((p) => [p.key, p.message]), [['auth.user', 'is missing']]);
  });

  test('an unknown auth kind or client authentication suggests the right one', () => {
    const problems = problemsOf(oneEnvironment(`"baseUrl": "https://x.no",\n      "auth": { "kind": "client-credentials" }`));
    assert.deepEqual(problems.map((p) => [p.key, p.message]), [['auth.kind', 'the string "client-credentials" is not one of "none", "token", "client_credentials", "password": did you mean "client_credentials"?']]);
    const method = problemsOf(oneEnvironment(`"baseUrl": "https://x.no",\n      "auth": { "kind": "client_credentials", "tokenUrl": "https://i.no/t", "clientId": "c", "clientAuth": "none" }`));
    assert.deepEqual(method.map((p) => [p.key, p.message]), [['auth.clientAuth', 'the string "none" is not one of "basic", "body"']]);
  });

  test('a secret in the file is refused wherever it is, saying where secrets go, without echoing it', () => {
    const text = `{
  "clientSecret": "top-level-secret-1",
  "environments": [
    {
      "name": "test",
      "baseUrl": "https://x.no",
      "password": "env-level-secret-2",
      "auth": { "kind": "client_credential", "client_secret": "auth-level-secret-3" },
      "variables": { "token": "variable-secret-4", "ok": { "password": "data, not a key of the file" } }
    }
  ]
}`;
    const problems = problemsOf(text);
    const secrets = problems.filter((p) => /secret/.test(p.message));
    assert.deepEqual(
      secrets.map((p) => [p.environment, p.key, p.line, p.message]),
      [
        [undefined, 'clientSecret', 2, 'is a secret, and secrets are not kept in this file: set NOARKQ_CLIENT_SECRET (SecretStorage in VS Code)'],
        ['environment "test"', 'password', 7, 'is a secret, and secrets are not kept in this file: set NOARKQ_PASSWORD (SecretStorage in VS Code)'],
        ['environment "test"', 'auth.client_secret', 8, 'is a secret, and secrets are not kept in this file: set NOARKQ_CLIENT_SECRET (SecretStorage in VS Code)'],
        ['environment "test"', 'variables.token', 9, 'looks like a secret, and secrets are not kept in this file: set NOARKQ_TOKEN (SecretStorage in VS Code)'],
      ],
    );
    const message = new EnvironmentFileError(file, problems).message;
    for (const secret of ['top-level-secret-1', 'env-level-secret-2', 'auth-level-secret-3', 'variable-secret-4']) assert.ok(!message.includes(secret));
    assert.ok(problems.some((p) => p.key === 'auth.kind'), 'the other problems are reported too');
  });

  test('duplicate names name both environments, even when something else is wrong too', () => {
    const text = `{
  "environments": [
    { "name": "test", "baseUrl": "https://a.no", "auth": { "kind": "none" } },
    { "name": "prod", "baseUrl": "https://b.no", "auth": { "kind": "none" } },
    { "name": "test", "baseUrl": 12, "auth": { "kind": "none" } }
  ]
}`;
    const problems = problemsOf(text);
    assert.deepEqual(
      problems.map(formatProblem),
      [`${file}:5:15: environments[2] ("test"), name: "test" is already the name of environments[0]: names must be unique`, `${file}:5:34: environments[2] ("test"), baseUrl: must be a string, not the number 12`],
    );
  });

  test('an environment without a usable name is named by its index', () => {
    const problems = problemsOf(`{ "environments": [ { "baseUrl": "https://a.no", "auth": { "kind": "none" } }, { "name": " ", "baseUrl": "https://a.no", "auth": { "kind": "none" } } ] }`);
    assert.deepEqual(
      problems.map((p) => [p.environment, p.key, p.message]),
      [
        ['environments[0]', 'name', 'is missing'],
        ['environments[1]', 'name', 'name must not start or end with blanks'],
      ],
    );
  });

  test('bad base URLs', () => {
    const cases: [string, RegExp][] = [
      ['arkiv.example.no', /`arkiv\.example\.no` is not an absolute URL/],
      ['ftp://arkiv.example.no', /must start with https:\/\//],
      ['https://kari:pw@arkiv.example.no', /must not contain a user name or password/],
      ['https://arkiv.example.no/rms/api/public/noark5', /stops part-way into the API path .* `https:\/\/arkiv\.example\.no\/rms\/api\/public\/noark5\/v1`/],
      ['https://arkiv.example.no/rms/api/public/noark5/v2', /names another version/],
      ['https://arkiv.example.no/?tenant=a', /must not have a query string/],
      ['http://arkiv.example.no', /is plain http:\/\/ to another machine, .*"allowHttp": true/],
      ['http://127.0.0.1:0', /port 0 cannot be used/],
      ['https://arkiv.example.no:70000', /port 70000 cannot be used: ports go from 1 to 65535/],
    ];
    for (const [baseUrl, expected] of cases) {
      const problems = problemsOf(oneEnvironment(`"baseUrl": "${baseUrl}",\n      ${goodAuth}`));
      assert.equal(problems.length, 1, `${baseUrl}: ${problems.map(formatProblem).join('; ')}`);
      assert.equal(problems[0].key, 'baseUrl');
      assert.equal(problems[0].line, 5);
      assert.match(problems[0].message, expected, baseUrl);
    }
    const allowed = parseEnvironmentsFile(oneEnvironment(`"baseUrl": "http://arkiv.intern", "allowHttp": true,\n      "auth": { "kind": "client_credentials", "tokenUrl": "http://idp.intern/token", "clientId": "c" }`), file);
    assert.ok(allowed.ok);
    const token = problemsOf(oneEnvironment(`"baseUrl": "https://a.no",\n      "auth": { "kind": "client_credentials", "tokenUrl": "http://idp.intern/token", "clientId": "c" }`));
    assert.deepEqual(token.map((p) => p.key), ['auth.tokenUrl']);
  });

  test('plain http:// to another machine is refused with auth none too, unless allowHttp', () => {
    const none = problemsOf(oneEnvironment(`"baseUrl": "http://arkiv.intern",\n      "auth": { "kind": "none" }`));
    assert.deepEqual(none.map((p) => p.key), ['baseUrl']);
    assert.match(none[0].message, /plain http:\/\/ to another machine, which would send every request and answer unencrypted: use https:\/\/, or set "allowHttp": true/);
    assert.ok(parseEnvironmentsFile(oneEnvironment(`"baseUrl": "http://arkiv.intern", "allowHttp": true,\n      "auth": { "kind": "none" }`), file).ok);
    assert.ok(parseEnvironmentsFile(oneEnvironment(`"baseUrl": "http://localhost:8083",\n      "auth": { "kind": "none" }`), file).ok, 'loopback needs no allowHttp');
  });

  test('time limits: seconds or a unit, above 0, only connect, answer and idle', () => {
    const problems = problemsOf(oneEnvironment(`"baseUrl": "https://a.no", ${goodAuth},\n      "timeout": { "connect": 0, "answer": "soon", "idle": "2d", "total": 5 }`));
    const messages = problems.map((p) => `${p.key}: ${p.message}`);
    assert.equal(problems.length, 4, messages.join('\n'));
    assert.ok(messages.some((m) => /^timeout\.connect: 0 is not a time above 0/.test(m)), messages.join('\n'));
    assert.ok(messages.some((m) => /^timeout\.answer: "soon" is not a time: write seconds \(30, 0\.5\) or a number with a unit \(500ms, 30s, 2m\)/.test(m)), messages.join('\n'));
    assert.ok(messages.some((m) => /^timeout\.idle: "2d" is not a time/.test(m)), messages.join('\n'));
    assert.ok(messages.some((m) => /^timeout\.total: unknown key.*Allowed here: "connect", "answer", "idle"/.test(m)), messages.join('\n'));
  });

  test('bad variable names, and a key written twice', () => {
    const problems = problemsOf(oneEnvironment(`"baseUrl": "https://a.no", ${goodAuth},\n      "variables": { "case-id": 1, "2nd": 2, "ok_1": 3, "ok_1": 4 }`));
    assert.deepEqual(
      problems.map((p) => [p.key, p.column, p.message]),
      [
        ['variables.case-id', 22, '"case-id" is not a valid name: a variable name is a letter or `_`, then letters, digits or `_` (as after `@` in a .noarkq file)'],
        ['variables.2nd', 36, '"2nd" is not a valid name: a variable name is a letter or `_`, then letters, digits or `_` (as after `@` in a .noarkq file)'],
        ['variables.ok_1', 57, 'is written twice (first at 6:46); only one may stay'],
      ],
    );
  });

  test('many problems make one error listing them all, in file order', () => {
    const error = new EnvironmentFileError(file, problemsOf(oneEnvironment(`"baseUrl": 1, "auth": { "kind": "x" }, "protected": 0`)));
    assert.equal(error.message.split('\n')[0], `${file} has 3 problems:`);
    assert.match(error.message, /\n {2}noarkq\.environments\.json:5:18: environment "test", baseUrl: must be a string, not the number 1\n/);
  });
});

describe('finding the file and choosing an environment', () => {
  let dir: string | undefined;
  after(() => (dir ? rm(dir, { recursive: true }) : undefined));

  test('the workspace file, an explicit file, or none', async () => {
    dir = await mkdtemp(join(tmpdir(), 'noarkq-env-'));
    assert.equal(await loadEnvironments({ workspaceRoot: dir }), undefined, 'no file at the root is not an error');
    assert.equal(await loadEnvironments({}), undefined);
    await writeFile(join(dir, file), example);
    const found = await loadEnvironments({ workspaceRoot: dir });
    assert.equal(found?.file, join(dir, file));
    assert.equal(found?.environments.length, 4);
    const explicit = join(dir, 'other.json');
    await assert.rejects(loadEnvironments({ file: explicit, workspaceRoot: dir }), (error: unknown) => error instanceof EnvironmentFileError && error.message === `${explicit}: cannot be read: no such file`);
    await writeFile(explicit, '{ "environments": [ { "name": 1 } ] }');
    await assert.rejects(loadEnvironments({ file: explicit }), (error: unknown) => error instanceof EnvironmentFileError && error.message.startsWith(`${explicit} has 3 problems:`));
    await writeFile(join(dir, file), '{');
    await assert.rejects(loadEnvironments({ workspaceRoot: dir }), EnvironmentFileError, 'a broken workspace file is reported, not ignored');
  });

  test('select by name, with a suggestion; the only one without a name', () => {
    const parsed = parseEnvironmentsFile(example, file);
    assert.ok(parsed.ok);
    assert.equal(selectEnvironment(parsed.value, 'prod').name, 'prod');
    assert.throws(() => selectEnvironment(parsed.value, 'Prod'), (error: unknown) => error instanceof EnvironmentSelectionError && error.message === `${file} has no environment "Prod": did you mean "prod"?`);
    assert.throws(() => selectEnvironment(parsed.value, 'staging'), /has no environment "staging"; it has "test", "prod", "local", "gateway"\./);
    assert.throws(() => selectEnvironment(parsed.value, undefined), /defines 4 environments \("test", "prod", "local", "gateway"\): name the one to use\./);
    const single: EnvironmentsFile = { file, environments: [parsed.value.environments[0]] };
    assert.equal(selectEnvironment(single, undefined).name, 'test');
    assert.throws(() => selectEnvironment({ file, environments: [] }, undefined), /defines no environment/);
  });
});

test('apiRootUrl appends the API path to a bare server and keeps a full API root', () => {
  const root = (url: string) => {
    const result = apiRootUrl(url);
    return result.ok ? result.apiUrl : `error: ${result.problem}`;
  };
  assert.equal(root('https://a.no'), 'https://a.no/rms/api/public/noark5/v1');
  assert.equal(root('https://a.no:8083/'), 'https://a.no:8083/rms/api/public/noark5/v1');
  assert.equal(root('https://a.no/archive/'), 'https://a.no/archive/rms/api/public/noark5/v1');
  assert.equal(root('https://a.no/archive/rms/api/public/noark5/v1//'), 'https://a.no/archive/rms/api/public/noark5/v1');
  assert.equal(root('HTTPS://A.NO/rms/api/public/noark5/v1'), 'https://a.no/rms/api/public/noark5/v1');
  assert.match(root('https://a.no/rms/'), /^error: .*stops part-way/);
});
