import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { getLanguageService, type JSONSchema } from 'vscode-json-languageservice';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { environmentsJsonSchemaPath, environmentsJsonSchemaText, packageJsonWithEnvironmentsSetting } from './environmentsJsonSchema';

const committed = readFileSync(join(__dirname, '..', '..', environmentsJsonSchemaPath), 'utf8');

test(`${environmentsJsonSchemaPath} is what the zod schema generates (else run: npm run schemas)`, () => {
  assert.equal(committed, environmentsJsonSchemaText());
});

test("package.json's noarkq.environments setting is what the zod schema generates (else run: npm run schemas)", () => {
  const manifest = readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8');
  assert.equal(manifest, packageJsonWithEnvironmentsSetting(manifest));
});

/** What VS Code's own JSON service makes of a file with the shipped schema. */
function service() {
  const uri = 'file:///schemas/noarkq.environments.schema.json';
  const ls = getLanguageService({ schemaRequestService: async () => committed });
  ls.configure({ validate: true, allowComments: true, schemas: [{ uri, fileMatch: ['noarkq.environments.json'], schema: JSON.parse(committed) as JSONSchema }] });
  const open = (text: string) => {
    const document = TextDocument.create('file:///w/noarkq.environments.json', 'jsonc', 1, text);
    return { document, json: ls.parseJSONDocument(document) };
  };
  return { ls, open };
}

test('an editor accepts a valid file and flags a secret and an unknown kind', async () => {
  const { ls, open } = service();
  const valid = open(`{
  // comments are fine
  "environments": [
    { "name": "test", "baseUrl": "https://a.no:8083", "variables": { "arkivdelId": "1", "filter": { "a": [1] } },
      "auth": { "kind": "client_credentials", "tokenUrl": "https://a.no/idp/oauth2/token", "clientId": "c", "clientAuth": "body", "scope": "openid" } },
    { "name": "prod", "baseUrl": "https://b.no", "protected": true, "auth": { "kind": "password", "tokenUrl": "https://b.no/t", "clientId": "c", "user": "kari", "clientAuth": "none" } }
  ]
}`);
  assert.deepEqual((await ls.doValidation(valid.document, valid.json)).map((d) => d.message), []);

  const invalid = open(`{ "environments": [ { "name": "x", "baseUrl": "https://a.no", "clientSecret": "s", "auth": { "kind": "oauth" } } ] }`);
  const messages = (await ls.doValidation(invalid.document, invalid.json)).map((d) => d.message).join('\n');
  assert.match(messages, /Property clientSecret is not allowed/);
  assert.match(messages, /Valid values: "none", "token", "client_credentials", "password"/);
});

test('an editor completes the auth kinds and explains keys on hover', async () => {
  const { ls, open } = service();
  const text = '{ "environments": [ { "name": "x", "baseUrl": "https://a.no", "auth": { "kind":  } } ] }';
  const at = text.indexOf('"kind": ') + '"kind": '.length;
  const { document, json } = open(text);
  const completion = await ls.doComplete(document, document.positionAt(at), json);
  const labels = (completion?.items ?? []).map((i) => i.label);
  for (const kind of ['"none"', '"token"', '"client_credentials"', '"password"']) assert.ok(labels.includes(kind), `${kind} in ${labels.join(', ')}`);

  const hoverText = '{ "environments": [ { "name": "x", "baseUrl": "https://a.no", "protected": true, "auth": { "kind": "none" } } ] }';
  const hoverDoc = open(hoverText);
  const hover = await ls.doHover(hoverDoc.document, hoverDoc.document.positionAt(hoverText.indexOf('"protected"') + 2), hoverDoc.json);
  const contents = JSON.stringify(hover?.contents ?? '');
  assert.match(contents, /ask for confirmation/);
});

test('an editor checks time limits as the loader does: seconds above 0 or a number with a unit', async () => {
  const { ls, open } = service();
  const file = (timeout: string) => open(`{ "environments": [ { "name": "x", "baseUrl": "https://a.no", "auth": { "kind": "none" }, "timeout": ${timeout} } ] }`);
  const good = file('{ "connect": 2.5, "answer": "2m", "idle": "500ms" }');
  assert.deepEqual((await ls.doValidation(good.document, good.json)).map((d) => d.message), []);
  for (const bad of ['{ "connect": 0 }', '{ "answer": "soon" }', '{ "total": 5 }']) {
    const wrong = file(bad);
    assert.notDeepEqual((await ls.doValidation(wrong.document, wrong.json)).map((d) => d.message), [], bad);
  }
});
