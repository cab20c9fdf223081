/**
 * A block described for code: the request the runner would send, its values from the last run or
 * as named placeholders, the token call of each kind of environment, and never a secret.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseDocument, type RecordedResponse } from '../../core/document';
import { environmentSchema, type EnvironmentInput } from '../environments/environmentsSchema';
import { codeLanguageIds, codeLanguages, codeLanguage } from './codeLanguages';
import { describeCodeRequest, hasEncodedPlaceholder, splitPlaceholders, type CodeRequest, type ValueSource } from './codeRequest';
import { placeholderNames } from './codeText';

const text = `@year = 2024

### findCase
QUERY Saksmappe
WHERE saksaar = @year && sakssekvensnummer = @seq

### register
@case = {{findCase.results[0].id}}
TRANSACTION
{ "actions": [ { "action": "link", "type": "Journalpost", "id": "jp", "ref": "refMappe", "linkToId": "{{case}}" },
  { "action": "save", "type": "Journalpost", "id": "jp", "fields": { "tittel": "Svar til {{findCase.results[0].fields.tittel}}" } } ] }

### letter
UPLOAD ./files/søknad.pdf

### fetch
DOWNLOAD {{letter.id}} TO ./out/søknad.pdf

### lists
GET code-lists?field={{field}}
`;
const document = parseDocument(text);
const environment = (auth: EnvironmentInput['auth'] = { kind: 'client_credentials', tokenUrl: 'https://idp.example.no/oauth2/token', clientId: 'integrasjon', scope: 'openid' }) =>
  environmentSchema.parse({ name: 'test', baseUrl: 'https://arkiv.example.no', auth, variables: { field: 'journalposttype' } });

function describeBlock(name: string, values: ValueSource = { kind: 'placeholders' }, auth?: EnvironmentInput['auth']): CodeRequest {
  const block = document.blocks.find((b) => b.parsed.name?.text === name);
  assert.ok(block);
  const described = describeCodeRequest({ document, block, filePath: '/home/kari/flows/case.noarkq', environment: environment(auth), values });
  assert.ok(described.ok, described.ok ? '' : described.error);
  return described.request;
}

const lastRun = (responses: Record<string, RecordedResponse>): ValueSource => ({ kind: 'last-run', responses: new Map(Object.entries(responses)) });

describe('a block described for code', () => {
  it('sends to the API root with Accept and both error-response-type headers', () => {
    const request = describeBlock('findCase');
    assert.equal(request.method, 'POST');
    assert.equal(request.url, 'https://arkiv.example.no/rms/api/public/noark5/v1/query');
    assert.deepEqual(Object.fromEntries(request.headers), {
      Accept: 'application/json',
      'X-Service-Error-Response-Type': 'application/json',
      'X-Documaster-Error-Response-Type': 'application/json',
    });
    assert.equal(request.title, 'block `findCase` of case.noarkq');
  });

  it('resolves literal variables, and makes a placeholder of a value nothing defines', () => {
    const request = describeBlock('findCase');
    assert.deepEqual(request.placeholders, [{ name: 'seq', source: '@seq', example: '<seq>' }]);
    const body = request.body?.kind === 'json' ? (request.body.value as { parameters: Record<string, unknown> }) : undefined;
    assert.equal(body?.parameters['@year'], 2024);
    assert.deepEqual(splitPlaceholders(body?.parameters['@seq'] as string), [{ placeholder: 0, encoded: false }]);
  });

  it('with placeholders, a reference is one, whole or inside a string, named after its variable or its path', () => {
    const request = describeBlock('register', { kind: 'placeholders' });
    assert.deepEqual(
      request.placeholders.map((p) => [p.name, p.source]),
      [
        ['case', '@case = {{findCase.results[0].id}}'],
        ['findCase.results[0].fields.tittel', '{{findCase.results[0].fields.tittel}}'],
      ],
    );
    const actions = request.body?.kind === 'json' ? (request.body.value as { actions: { linkToId?: string; fields?: { tittel: string } }[] }).actions : [];
    assert.deepEqual(splitPlaceholders(actions[0].linkToId!), [{ placeholder: 0, encoded: false }]);
    assert.deepEqual(splitPlaceholders(actions[1].fields!.tittel), ['Svar til ', { placeholder: 1, encoded: false }]);
  });

  it('from the last run, references read the responses; one that did not run, or failed, stays a placeholder', () => {
    const found = { status: 200, body: { hasMore: false, results: [{ id: '4711', fields: { tittel: 'Byggesak' } }] } };
    const resolved = describeBlock('register', lastRun({ findCase: found }));
    assert.deepEqual(resolved.placeholders, []);
    assert.deepEqual(resolved.body?.kind === 'json' && resolved.body.value, {
      actions: [
        { action: 'link', type: 'Journalpost', id: 'jp', ref: 'refMappe', linkToId: '4711' },
        { action: 'save', type: 'Journalpost', id: 'jp', fields: { tittel: 'Svar til Byggesak' } },
      ],
    });
    assert.equal(describeBlock('register', lastRun({})).placeholders.length, 2);
    assert.equal(describeBlock('register', lastRun({ findCase: { status: 500, body: null } })).placeholders.length, 2);
  });

  it('a reference to a path the last response lacks is an error, not a placeholder', () => {
    const block = document.blocks.find((b) => b.parsed.name?.text === 'register')!;
    const described = describeCodeRequest({ document, block, filePath: '/f.noarkq', environment: environment(), values: lastRun({ findCase: { status: 200, body: { hasMore: false, results: [] } } }) });
    assert.equal(described.ok, false);
    assert.match(described.ok ? '' : described.error, /has no `findCase.results\[0\]`.*the query found nothing/);
  });

  it('an upload sends its file from the .noarkq file’s folder, named in the Content-Disposition as the runner names it', () => {
    const request = describeBlock('letter');
    assert.deepEqual(request.body, { kind: 'file', path: '/home/kari/flows/files/søknad.pdf', contentDisposition: 'attachment; filename="s?knad.pdf"; filename*=UTF-8\'\'s%C3%B8knad.pdf' });
    assert.equal(request.url, 'https://arkiv.example.no/rms/api/public/noark5/v1/upload');
  });

  it('a download saves to its TO path; an environment variable fills a GET path', () => {
    const download = describeBlock('fetch', lastRun({ letter: { status: 200, body: { id: 'f 1' } } }));
    assert.equal(download.url, 'https://arkiv.example.no/rms/api/public/noark5/v1/download?id=f+1');
    assert.equal(download.saveTo, '/home/kari/flows/out/søknad.pdf');
    assert.equal(describeBlock('lists').url, 'https://arkiv.example.no/rms/api/public/noark5/v1/code-lists?field=journalposttype');
  });

  it('a download whose id is a placeholder has the code percent-encode it in the URL, as the runner encodes the id it has', () => {
    const download = describeBlock('fetch', { kind: 'placeholders' });
    const query = download.url.slice(download.url.indexOf('?id=') + 4);
    assert.deepEqual(splitPlaceholders(query), [{ placeholder: 0, encoded: true }]);
    assert.equal(hasEncodedPlaceholder(download.url), true);
    assert.equal(hasEncodedPlaceholder(describeBlock('lists').url), false);
  });

  it('describes each kind of token call, secrets by the variables that hold them', () => {
    assert.deepEqual(describeBlock('lists', undefined, { kind: 'none' }).auth, { kind: 'none' });
    assert.deepEqual(describeBlock('lists', undefined, { kind: 'token' }).auth, { kind: 'token', tokenVariable: 'NOARKQ_TOKEN' });
    assert.deepEqual(describeBlock('lists').auth, {
      kind: 'client_credentials',
      tokenUrl: 'https://idp.example.no/oauth2/token',
      clientId: 'integrasjon',
      clientAuth: 'basic',
      scope: 'openid',
      clientSecretVariable: 'NOARKQ_CLIENT_SECRET',
    });
    const password = describeBlock('lists', undefined, { kind: 'password', tokenUrl: 'https://idp.example.no/t', clientId: 'app', clientAuth: 'none', user: 'kari' }).auth;
    assert.deepEqual(password, { kind: 'password', tokenUrl: 'https://idp.example.no/t', clientId: 'app', clientAuth: 'none', scope: undefined, clientSecretVariable: undefined, user: 'kari', passwordVariable: 'NOARKQ_PASSWORD' });
  });

  it('every language names the secret variables and placeholders, and its token call, in its code', () => {
    const auths: EnvironmentInput['auth'][] = [
      { kind: 'client_credentials', tokenUrl: 'https://idp.example.no/oauth2/token', clientId: 'integrasjon', clientAuth: 'body' },
      { kind: 'password', tokenUrl: 'https://idp.example.no/oauth2/token', clientId: 'app', user: 'kari' },
      { kind: 'token' },
    ];
    for (const auth of auths) {
      const request = describeBlock('register', { kind: 'placeholders' }, auth);
      for (const id of codeLanguageIds) {
        const code = codeLanguages[id].generate(request);
        const variables = auth.kind === 'token' ? ['NOARKQ_TOKEN'] : auth.kind === 'password' ? ['NOARKQ_PASSWORD', 'NOARKQ_CLIENT_SECRET'] : ['NOARKQ_CLIENT_SECRET'];
        for (const variable of variables) assert.match(code.split('\n').slice(0, 4).join('\n'), new RegExp(variable), `${id}: the comment at the top names ${variable}`);
        if (auth.kind !== 'token') assert.ok(code.includes('https://idp.example.no/oauth2/token') && code.includes(auth.kind), `${id}: the token call`);
        if (auth.kind === 'password') assert.ok(code.includes('kari'), `${id}: the user`);
        assert.ok(code.includes('<case>') && code.includes('@case = {{findCase.results[0].id}}'), `${id}: the placeholder and what it stands for`);
        assert.ok(code.includes('X-Service-Error-Response-Type') && code.includes('X-Documaster-Error-Response-Type'), `${id}: both error headers`);
      }
    }
  });
});

describe('placeholder names', () => {
  it('follow each language’s style and never take a name the code uses or another placeholder has', () => {
    const placeholders = [
      { name: 'findCase.results[0].id', source: '', example: '' },
      { name: 'token', source: '', example: '' },
      { name: 'find_case_results_0_id', source: '', example: '' },
      { name: '0', source: '', example: '' },
    ];
    assert.deepEqual(placeholderNames(placeholders, 'camel', ['token']), ['findCaseResults0Id', 'token2', 'findCaseResults0Id2', 'value0']);
    assert.deepEqual(placeholderNames(placeholders, 'snake', []), ['find_case_results_0_id', 'token', 'find_case_results_0_id_2', 'value_0']);
    assert.deepEqual(placeholderNames(placeholders, 'upper', ['TOKEN']), ['FIND_CASE_RESULTS_0_ID', 'TOKEN_2', 'FIND_CASE_RESULTS_0_ID_2', 'VALUE_0']);
  });

  it('a language is found by its id or a usual short name', () => {
    assert.equal(codeLanguage('TS')?.id, 'typescript');
    assert.equal(codeLanguage('c#')?.id, 'csharp');
    assert.equal(codeLanguage('py')?.id, 'python');
    assert.equal(codeLanguage('cobol'), undefined);
  });
});
