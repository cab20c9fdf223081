/**
 * A sandbox a team shares (issue 24): two, then four sandbox processes on one database of a real
 * PostgreSQL server (Debian's, started by postgresCluster.ts). A token from one process is used at
 * the others, a refresh token is redeemed once across them all and a sign-out ends the grant in
 * every one; a BSM-registry or code-list change answered by one is seen by the next request to
 * another; concurrent transactions on different case files all commit with unique, gap-free
 * numbers; an upload through one is attached and downloaded through another; and a `kill -9` of
 * one process in the middle of a burst loses nothing any process acknowledged.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { OAuthTokenProvider } from '../../runner/auth/oauthTokenProvider';
import { compactEntityRanks } from '../../sandbox/store/entityRanks';
import { openPostgresDatabase } from '../../sandbox/store/postgresDatabase';
import { postgresTestOptions, startPostgresCluster, type PostgresCluster } from './postgresCluster';
import {
  api,
  apiRoot,
  buildArchive,
  caseFileActions,
  clientToken,
  entryActions,
  postForm,
  spawnSandbox,
  spawnSandboxes,
  stopSandboxes,
  type SandboxProcess,
} from './sandboxProcesses';

const options = postgresTestOptions();
let cluster: PostgresCluster | undefined;

before(async () => {
  if (options.skip) return;
  cluster = await startPostgresCluster();
});
after(async () => {
  await cluster?.stop();
});

/** A new database on the cluster, so each group of processes starts from an empty archive. */
function newDatabase(name: string): Promise<string> {
  return (cluster as PostgresCluster).createDatabase(name);
}

/** Rows read straight from the database, not through any sandbox. */
async function sql<Row>(databaseUrl: string, text: string, params: unknown[] = []): Promise<Row[]> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as Row[];
  } finally {
    await client.end();
  }
}

/** Sorted numbers that run 1, 2, 3, … with none missing and none twice. */
function assertGapFree(numbers: readonly number[], what: string): void {
  const sorted = [...numbers].sort((a, b) => a - b);
  assert.deepEqual(sorted, Array.from({ length: sorted.length }, (_, i) => i + 1), `${what}: not 1..${sorted.length} without gaps or repeats`);
}

for (const count of [2, 4]) {
  describe(`${count} sandbox processes on one PostgreSQL database`, options, () => {
    let databaseUrl: string;
    let processes: SandboxProcess[] = [];
    let urls: string[] = [];
    let archive: { arkivdel: string; klasse: string };

    before(async () => {
      databaseUrl = await newDatabase(`team${count}`);
      processes = await spawnSandboxes(databaseUrl, count);
      urls = processes.map((p) => p.url);
      archive = await buildArchive(urls[0], await clientToken(urls[0]));
    });
    after(async () => {
      await stopSandboxes(processes);
    });

    test('a token from one process is accepted by every other', async () => {
      const token = await clientToken(urls[0]);
      for (const url of urls) {
        const r = await api(url, token, 'POST', '/query', { type: 'Arkivdel', query: 'id = @id', parameters: { '@id': archive.arkivdel } });
        assert.equal(r.status, 200, `${url}: ${r.text}`);
        assert.equal(r.json.results.length, 1);
      }
      const unknown = await api(urls[count - 1], 'not-a-token', 'POST', '/query', { type: 'Arkivdel', query: 'id = @id', parameters: { '@id': archive.arkivdel } });
      assert.equal(unknown.status, 401);
    });

    test('a refresh token is redeemed once across the processes, and sign-out at one ends the grant at all', async () => {
      const login = await postForm(urls[0], '/idp/oauth2/token', { grant_type: 'password', username: 'demo', password: 'demo', scope: 'openid' });
      assert.equal(login.status, 200, login.text);
      const refreshed = await postForm(urls[1], '/idp/oauth2/token', { grant_type: 'refresh_token', refresh_token: login.json.refresh_token });
      assert.equal(refreshed.status, 200, refreshed.text);
      // Rotation: the used refresh token is gone everywhere.
      const again = await postForm(urls[count - 1], '/idp/oauth2/token', { grant_type: 'refresh_token', refresh_token: login.json.refresh_token });
      assert.equal(again.status, 400);
      assert.equal(again.json.error, 'invalid_grant');
      const query = { type: 'Arkivdel', query: 'id = @id', parameters: { '@id': archive.arkivdel } };
      for (const url of urls) assert.equal((await api(url, refreshed.json.access_token, 'POST', '/query', query)).status, 200);
      // Sign-out with the access token at the last process: the grant's tokens end in every process.
      const revoked = await postForm(urls[count - 1], '/idp/oauth2/revoke', { token: refreshed.json.access_token });
      assert.equal(revoked.status, 200, revoked.text);
      for (const url of urls) {
        for (const token of [login.json.access_token, refreshed.json.access_token]) {
          const r = await api(url, token, 'POST', '/query', query);
          assert.equal(r.status, 401, `${url} still accepts a revoked token`);
        }
      }
      const afterSignOut = await postForm(urls[0], '/idp/oauth2/token', { grant_type: 'refresh_token', refresh_token: refreshed.json.refresh_token });
      assert.equal(afterSignOut.status, 400);
      // Another grant of the same account is not touched.
      assert.equal((await api(urls[0], await clientToken(urls[1]), 'POST', '/query', query)).status, 200);
    });

    test("the runner's sign-out at one process revokes its tokens in every other", async () => {
      const provider = new OAuthTokenProvider({
        environment: 'team',
        tokenUrl: `${urls[0]}/idp/oauth2/token`,
        revocationUrl: `${urls[0]}/idp/oauth2/revoke`,
        grant: { kind: 'client_credentials', client: { method: 'basic', clientId: 'noarkq-demo', clientSecret: 'noarkq-demo-secret' } },
      });
      const token = await provider.token();
      const query = { type: 'Arkivdel', query: 'id = @id', parameters: { '@id': archive.arkivdel } };
      for (const url of urls) assert.equal((await api(url, token, 'POST', '/query', query)).status, 200);
      assert.equal(await provider.revoke(), 1, 'the access token (client credentials get no refresh token)');
      for (const url of urls.slice(1)) assert.equal((await api(url, token, 'POST', '/query', query)).status, 401, `${url} still accepts the revoked token`);
    });

    test('a sign-out at one process is seen at once by the transactions of every other, which had taken the token before', async () => {
      const token = await clientToken(urls[0]);
      const made = await api(urls[0], token, 'POST', '/transaction', { actions: caseFileActions(`remembered ${count}`, archive) });
      assert.equal(made.status, 200, made.text);
      const caseId = made.json.saved.sak.id as string;
      // Each process checks the token in full once and then remembers it.
      for (const url of urls) {
        for (const n of [1, 2]) assert.equal((await api(url, token, 'POST', '/transaction', { actions: entryActions(`remembered ${url} ${n}`, caseId) })).status, 200);
      }
      // Another grant's sign-out raises the count every process compares with: its tokens are read again, and still taken.
      const other = await clientToken(urls[0]);
      assert.equal((await postForm(urls[1], '/idp/oauth2/revoke', { token: other })).status, 200);
      for (const url of urls) assert.equal((await api(url, token, 'POST', '/transaction', { actions: entryActions(`remembered ${url} 3`, caseId) })).status, 200);
      assert.equal((await api(urls[0], other, 'POST', '/transaction', { actions: entryActions('other grant', caseId) })).status, 401);
      assert.equal((await postForm(urls[count - 1], '/idp/oauth2/revoke', { token })).status, 200);
      const marker = `after sign-out ${count}`;
      for (const url of urls) {
        const r = await api(url, token, 'POST', '/transaction', { actions: entryActions(`${marker} ${url}`, caseId) });
        assert.equal(r.status, 401, `${url} still runs a transaction with a revoked token: ${r.text}`);
        assert.match(r.text, /not valid/);
        // A body the checks refuse, or that is no JSON, is still answered 401 first.
        assert.equal((await api(url, token, 'POST', '/transaction', { actions: [{ action: 'save', type: 'NoSuchType', id: 'x', fields: {} }] })).status, 401);
        const malformed = await fetch(url + apiRoot + '/transaction', { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: '{"actions": [' });
        assert.equal(malformed.status, 401, await malformed.text());
      }
      const written = await sql<{ n: number }>(databaseUrl, `SELECT count(*)::int AS n FROM entity WHERE fields->>'tittel' LIKE $1`, [`${marker}%`]);
      assert.equal(written[0].n, 0, 'a transaction with the revoked token wrote');
      // A new token works everywhere at once.
      const fresh = await clientToken(urls[count - 1]);
      for (const url of urls) assert.equal((await api(url, fresh, 'POST', '/transaction', { actions: entryActions(`fresh ${url}`, caseId) })).status, 200);
    });

    test('a BSM-registry change answered by one process is seen at once by the others', async () => {
      const token = await clientToken(urls[0]);
      const group = `team-${count}`;
      assert.equal((await api(urls[0], token, 'PUT', `/bsm-registry/group/${group}`, { groupName: 'Team' })).status, 200);
      // Every process reads (and so caches) the registry before the field exists.
      for (const url of urls) assert.deepEqual((await api(url, token, 'GET', `/bsm-registry?groupId=${group}`)).json.results[0].fields, []);
      const put = await api(urls[0], token, 'PUT', `/bsm-registry/group/${group}/field/team-${count}-nr`, { fieldName: 'Nr', fieldType: 'long' });
      assert.equal(put.status, 200, put.text);
      for (const url of urls.slice(1)) {
        const r = await api(url, token, 'GET', `/bsm-registry?groupId=${group}`);
        assert.deepEqual(
          r.json.results[0].fields.map((f: { fieldId: string }) => f.fieldId),
          [`team-${count}-nr`],
          `${url} does not see the new field`,
        );
        const saved = await api(url, token, 'POST', '/transaction', {
          actions: [
            ...caseFileActions(`bsm ${url}`, archive).slice(0, 3),
            { action: 'save', type: 'Saksmappe', id: 'sak', fields: { virksomhetsspesifikkeMetadata: { [group]: { [`team-${count}-nr`]: { values: [7] } } } } },
          ],
        });
        assert.equal(saved.status, 200, `${url}: ${saved.text}`);
      }
      // A field deleted at the last process is refused by the first at once.
      const unused = `team-${count}-unused`;
      assert.equal((await api(urls[0], token, 'PUT', `/bsm-registry/group/${group}/field/${unused}`, { fieldName: 'Unused', fieldType: 'string' })).status, 200);
      assert.equal((await api(urls[0], token, 'GET', '/bsm-registry')).status, 200);
      assert.equal((await api(urls[count - 1], token, 'DELETE', `/bsm-registry/group/${group}/field/${unused}`)).status, 204);
      const refused = await api(urls[0], token, 'POST', '/transaction', {
        actions: [
          ...caseFileActions('bsm refused', archive).slice(0, 3),
          { action: 'save', type: 'Saksmappe', id: 'sak', fields: { virksomhetsspesifikkeMetadata: { [group]: { [unused]: { values: ['x'] } } } } },
        ],
      });
      assert.equal(refused.status, 400, refused.text);
      assert.match(refused.text, new RegExp(unused));
    });

    test('a code-list change answered by one process is seen at once by the others', async () => {
      const token = await clientToken(urls[0]);
      const code = `T${count}`;
      const withCode = (marker: string) => [
        ...caseFileActions(marker, archive),
        { action: 'save', type: 'Journalpost', id: 'jp', fields: { journalposttype: code } },
      ];
      for (const url of urls) assert.equal((await api(url, token, 'POST', '/transaction', { actions: withCode(`before ${url}`) })).status, 400);
      assert.equal((await api(urls[0], token, 'PUT', `/code-lists/journalposttype/${code}`, { name: `Team status ${count}` })).status, 200);
      for (const url of urls.slice(1)) {
        const r = await api(url, token, 'POST', '/transaction', { actions: withCode(`after ${url}`) });
        assert.equal(r.status, 200, `${url}: ${r.text}`);
      }
    });

    test('a code value or BSM field deleted while a transaction using it runs waits for it: the check still holds at its commit', async () => {
      const token = await clientToken(urls[0]);
      const code = `R${count}`;
      const group = `race-${count}`;
      assert.equal((await api(urls[0], token, 'PUT', `/code-lists/journalposttype/${code}`, { name: `Race ${count}` })).status, 200);
      assert.equal((await api(urls[0], token, 'PUT', `/bsm-registry/group/${group}`, { groupName: 'Race' })).status, 200);
      assert.equal((await api(urls[0], token, 'PUT', `/bsm-registry/group/${group}/field/${group}-f`, { fieldName: 'F', fieldType: 'string' })).status, 200);
      const made = await api(urls[0], token, 'POST', '/transaction', { actions: caseFileActions(`registry race ${count}`, archive) });
      assert.equal(made.status, 200, made.text);
      const caseId = made.json.saved.sak.id as string;
      const pg = (await import('pg')).default;
      const holder = new pg.Client({ connectionString: databaseUrl });
      const watcher = new pg.Client({ connectionString: databaseUrl });
      await holder.connect();
      await watcher.connect();
      const waiting = async (locktype: string) => (await watcher.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND locktype = $1', [locktype])).rows[0].n;
      try {
        // The case file is held, so the transaction stops at it, after its checks.
        await holder.query('BEGIN');
        await holder.query('SELECT 1 FROM entity WHERE id = $1 FOR UPDATE', [caseId]);
        let usingAnswered = false;
        const using = api(urls[0], token, 'POST', '/transaction', {
          actions: [
            { action: 'save', type: 'Journalpost', id: 'jp', fields: { tittel: 'race', journalposttype: code, virksomhetsspesifikkeMetadata: { [group]: { [`${group}-f`]: { values: ['x'] } } } } },
            { action: 'link', type: 'Journalpost', id: 'jp', ref: 'refMappe', linkToId: caseId },
            ...entryActions('registry race', caseId).slice(2),
          ],
        }).finally(() => (usingAnswered = true));
        while (!usingAnswered && (await waiting('transactionid')) + (await waiting('tuple')) === 0) await new Promise((resolve) => setImmediate(resolve));
        if (usingAnswered) assert.fail(`the transaction did not wait for the case file: ${(await using).text}`);
        // Both deletions, through another process, wait for the transaction that checked against them.
        let answered = 0;
        const deletions = [api(urls[count - 1], token, 'DELETE', `/code-lists/journalposttype/${code}`), api(urls[count - 1], token, 'DELETE', `/bsm-registry/group/${group}/field/${group}-f`)].map((p) =>
          p.finally(() => answered++),
        );
        while (answered === 0 && (await waiting('advisory')) < 2) await new Promise((resolve) => setImmediate(resolve));
        assert.equal(answered, 0, 'a deletion went through while a transaction checked against the value was still running');
        await holder.query('COMMIT');
        const saved = await using;
        assert.equal(saved.status, 200, saved.text);
        const [codeDeleted, fieldDeleted] = await Promise.all(deletions);
        // The code list does not track use: the value goes, after the transaction. The BSM field is
        // in use by then, so its deletion is refused.
        assert.equal(codeDeleted.status, 204, codeDeleted.text);
        assert.equal(fieldDeleted.status, 400, fieldDeleted.text);
        assert.match(fieldDeleted.text, /still used by 1 entity/);
      } finally {
        await holder.end();
        await watcher.end();
      }
    });

    test('what any process stores is indexed for full-text search by one of them', async () => {
      const token = await clientToken(urls[0]);
      const made = await api(urls[count - 1], token, 'POST', '/transaction', { actions: caseFileActions(`Søknad om lagerbygning ${count}`, archive) });
      assert.equal(made.status, 200, made.text);
      // The indexers run every 5 s; the one process that holds the role takes the batch.
      const indexed = async () =>
        (await sql<{ n: number }>(databaseUrl, 'SELECT count(*)::int AS n FROM fulltext_entry WHERE subject_id = $1', [Number(made.json.saved.sak.id)]))[0].n > 0;
      const end = Date.now() + 120_000;
      while (!(await indexed())) {
        if (Date.now() > end) assert.fail(`case file ${made.json.saved.sak.id} was not indexed in time`);
        await new Promise((resolve) => setImmediate(resolve));
      }
    });

    test('an upload through one process is attached and downloaded through another', async () => {
      const token = await clientToken(urls[0]);
      const content = Buffer.from(`%PDF-1.7\nshared by ${count} processes\n`);
      const up = await fetch(`${urls[0]}${apiRoot}/upload`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Disposition': 'attachment; filename="team.pdf"' },
        body: content,
      });
      assert.equal(up.status, 200);
      const fileId = ((await up.json()) as { id: string }).id;
      const made = await api(urls[count - 1], token, 'POST', '/transaction', { actions: caseFileActions(`upload ${count}`, archive) });
      assert.equal(made.status, 200, made.text);
      const linked = await api(urls[count - 1], token, 'POST', '/transaction', {
        actions: [
          { action: 'save', type: 'Dokument', id: 'doc', fields: { tittel: 'Team document' } },
          { action: 'link', type: 'Dokument', id: 'doc', ref: 'refRegistrering', linkToId: made.json.saved.jp.id },
          { action: 'save', type: 'Dokumentversjon', id: 'v', fields: { referanseDokumentfil: fileId, variantformat: 'A' } },
          { action: 'link', type: 'Dokumentversjon', id: 'v', ref: 'refDokument', linkToId: 'doc' },
        ],
      });
      assert.equal(linked.status, 200, linked.text);
      assert.equal(linked.json.saved.v.fields.filstoerrelse, content.length);
      for (const url of urls) {
        const down = await fetch(`${url}${apiRoot}/download?id=${fileId}`, { headers: { Authorization: `Bearer ${token}` } });
        assert.equal(down.status, 200, url);
        assert.deepEqual(Buffer.from(await down.arrayBuffer()), content);
      }
    });

    test('a close racing inserts below it: nothing lands under a closed container after the close', async () => {
      const tokens = await Promise.all(urls.map((url) => clientToken(url)));
      const arkiv = (await api(urls[0], tokens[0], 'POST', '/query', { type: 'Arkivdel', query: 'id = @id', parameters: { '@id': archive.arkivdel } })).json.results[0].links
        .refArkiv as string;
      const system = (await api(urls[0], tokens[0], 'POST', '/query', { type: 'Klasse', query: 'id = @id', parameters: { '@id': archive.klasse } })).json.results[0].links
        .refKlassifikasjonssystem as string;
      const closedAt = '2024-08-19T10:00:00.000+0200';
      const closed: string[] = [];
      // Rounds closing an Arkivdel (inserts under its case file, its child, and that file's
      // registry entry, its grandchild) alternate with rounds closing a case file (inserts under
      // its registry entry, its child); the close goes through the first process, the inserts
      // through the others, all at once.
      for (let round = 0; round < 12; round++) {
        const series = round % 2 === 0;
        const made = await api(urls[0], tokens[0], 'POST', '/transaction', {
          actions: [
            ...(series
              ? [
                  { action: 'save', type: 'Arkivdel', id: 'del', fields: { tittel: `race ${count}-${round}` } },
                  { action: 'link', type: 'Arkivdel', id: 'del', ref: 'refArkiv', linkToId: arkiv },
                  { action: 'link', type: 'Arkivdel', id: 'del', ref: 'refPrimaerKlassifikasjonssystem', linkToId: system },
                ]
              : []),
            ...caseFileActions(`race ${count}-${round}`, { arkivdel: series ? 'del' : archive.arkivdel, klasse: archive.klasse }),
          ],
        });
        assert.equal(made.status, 200, made.text);
        const { sak, jp } = made.json.saved;
        const target = series ? made.json.saved.del : sak;
        closed.push(target.id as string);
        const close = { action: 'save', type: target.type, id: target.id, fields: series ? { arkivdelstatus: 'P', avsluttetDato: closedAt } : { avsluttetDato: closedAt } };
        const inserts = urls.slice(1).flatMap((url, i) => {
          const p = i + 1;
          const underEntry = [
            { action: 'save', type: 'Korrespondansepart', id: 'kp', fields: { korrespondansepartNavn: `race ${round}-${p}`, korrespondanseparttype: 'EA' } },
            { action: 'link', type: 'Korrespondansepart', id: 'kp', ref: 'refRegistrering', linkToId: jp.id },
          ];
          const underCase = entryActions(`race ${round}-${p}`, sak.id);
          return [api(url, tokens[p], 'POST', '/transaction', { actions: underEntry }), api(url, tokens[p], 'POST', '/transaction', { actions: series ? underCase : underEntry })];
        });
        const [closing, ...inserted] = await Promise.all([api(urls[0], tokens[0], 'POST', '/transaction', { actions: [close] }), ...inserts]);
        assert.equal(closing.status, 200, closing.text);
        for (const r of inserted) if (r.status !== 200) assert.match(`${r.status} ${r.text}`, /^400 .*which is closed/);
      }
      // Each close is logged after everything that was inside when it committed: nothing inside
      // a closed container may have been created after its close.
      const late = await sql<{ container: string; inside: string }>(
        databaseUrl,
        `WITH RECURSIVE down(root, id) AS (
           SELECT id, id FROM entity WHERE id = ANY($1::bigint[])
           UNION
           SELECT down.root, l.from_id FROM link l JOIN down ON l.to_id = down.id
           WHERE l.ref IN ('refArkivdel', 'refMappe', 'refRegistrering') AND l.from_type <> 'Arkivdel'
         ),
         closing AS (
           SELECT entity_id, min(revision_id) AS revision FROM change_log
           WHERE entity_id = ANY($1::bigint[]) AND revision_type = 'UPDATE' AND modified_field IN ('avsluttetDato', 'arkivdelstatus') GROUP BY entity_id
         )
         SELECT down.root::text AS container, down.id::text AS inside FROM down
         JOIN closing ON closing.entity_id = down.root
         JOIN change_log c ON c.entity_id = down.id AND c.revision_type = 'CREATE'
         WHERE down.id <> down.root AND c.revision_id > closing.revision`,
        [closed.map(Number)],
      );
      assert.deepEqual(late, [], 'entities created under a container after it was closed');
    });

    test('concurrent transactions on different case files through every process all commit, numbered uniquely and without gaps', async () => {
      const tokens = await Promise.all(urls.map((url) => clientToken(url)));
      // Case files first, several per process at once.
      const perProcess = 6;
      const cases = await Promise.all(
        urls.flatMap((url, p) =>
          Array.from({ length: perProcess }, (_, i) => api(url, tokens[p], 'POST', '/transaction', { actions: caseFileActions(`burst case ${p}-${i}`, archive) })),
        ),
      );
      for (const r of cases) assert.equal(r.status, 200, r.text);
      const caseIds = cases.map((r) => r.json.saved.sak.id as string);
      // Then entries into those case files, each through another process than the case file's.
      const entries = await Promise.all(
        caseIds.flatMap((caseId, c) =>
          [0, 1].map((n) => {
            const p = (c + 1 + n) % count;
            return api(urls[p], tokens[p], 'POST', '/transaction', { actions: entryActions(`burst entry ${c}-${n}`, caseId) });
          }),
        ),
      );
      for (const r of entries) assert.equal(r.status, 200, r.text);
      // Every case file and entry of the database (earlier tests' too), read straight from it.
      const numbers = await sql<{ type: string; seq: number; nr: number | null; parent: string | null }>(
        databaseUrl,
        `SELECT e.type, coalesce((e.fields->>'sakssekvensnummer')::int, (e.fields->>'journalsekvensnummer')::int) AS seq,
                (e.fields->>'journalpostnummer')::int AS nr, l.to_id::text AS parent
         FROM entity e LEFT JOIN link l ON l.from_id = e.id AND l.ref = 'refMappe'
         WHERE e.type IN ('Saksmappe', 'Journalpost')`,
      );
      assertGapFree(numbers.filter((r) => r.type === 'Saksmappe').map((r) => r.seq), 'sakssekvensnummer');
      assertGapFree(numbers.filter((r) => r.type === 'Journalpost').map((r) => r.seq), 'journalsekvensnummer');
      for (const caseId of caseIds) {
        assertGapFree(numbers.filter((r) => r.parent === caseId).map((r) => r.nr as number), `journalpostnummer in case file ${caseId}`);
      }
      // The counts deep pages start from, appended by concurrent transactions, add up, before and
      // after they are folded together.
      const counted = `SELECT type, sum(total)::int AS n FROM entity_rank GROUP BY type ORDER BY type`;
      const actual = await sql<{ type: string; n: number }>(databaseUrl, `SELECT type, count(*)::int AS n FROM entity GROUP BY type ORDER BY type`);
      assert.deepEqual(await sql(databaseUrl, counted), actual);
      const db = await openPostgresDatabase({ url: databaseUrl });
      try {
        await compactEntityRanks(db);
      } finally {
        await db.close();
      }
      assert.deepEqual(await sql(databaseUrl, counted), actual);
      const [folded] = await sql<{ rows: number; buckets: number }>(
        databaseUrl,
        `SELECT count(*)::int AS rows, count(DISTINCT (type, bucket))::int AS buckets FROM entity_rank`,
      );
      assert.equal(folded.rows, folded.buckets, 'one row per type and bucket once folded');
    });
  });
}

describe('kill -9 of one of four processes in the middle of a burst', options, () => {
  let processes: SandboxProcess[] = [];
  after(async () => {
    await stopSandboxes(processes);
  });

  test('loses nothing any process acknowledged, leaves nothing in part, and the numbers stay gap-free', async () => {
    const databaseUrl = await newDatabase('teamkill');
    processes = await spawnSandboxes(databaseUrl, 4);
    const urls = processes.map((p) => p.url);
    const tokens = await Promise.all(urls.map((url) => clientToken(url)));
    const archive = await buildArchive(urls[0], tokens[0]);
    const victim = processes[3];
    const acknowledged = new Set<string>();
    const failedOnPurpose = new Set<string>();
    let sent = 0;
    let killed = false;
    // Four streams per process, a transaction in five failing on purpose (an unknown id, last).
    const stream = async (p: number, lane: number) => {
      for (let i = 0; i < 25; i++) {
        const marker = `kill ${p}-${lane}-${i}`;
        const failing = (i + lane) % 5 === 4;
        if (failing) failedOnPurpose.add(marker);
        const actions = [...caseFileActions(marker, archive), ...(failing ? [{ action: 'link', type: 'Saksmappe', id: 'sak', ref: 'refSekundaerKlasse', linkToId: '999999999' }] : [])];
        sent++;
        if (!killed && sent >= 150) {
          killed = true;
          victim.child.kill('SIGKILL');
        }
        let r;
        try {
          r = await api(urls[p], tokens[p], 'POST', '/transaction', { actions });
        } catch {
          // The killed process's connections break; what it never answered is not counted.
          if (p === 3) return;
          throw new Error(`process ${p} stopped answering`);
        }
        if (r.status === 200) acknowledged.add(marker);
        else assert.equal(r.status, failing ? 404 : 200, r.text);
      }
    };
    await Promise.all(urls.flatMap((_, p) => [0, 1, 2, 3].map((lane) => stream(p, lane))));
    assert.equal((await victim.exited).signal, 'SIGKILL');
    assert.ok(acknowledged.size >= 200, `only ${acknowledged.size} transactions were acknowledged`);
    const groups = await sql<{ marker: string; types: string[] }>(
      databaseUrl,
      `SELECT fields->>'tittel' AS marker, array_agg(type ORDER BY type) AS types FROM entity WHERE type IN ('Saksmappe', 'Journalpost') AND fields->>'tittel' LIKE 'kill %' GROUP BY 1
       UNION ALL SELECT fields->>'korrespondansepartNavn', ARRAY['Korrespondansepart'] FROM entity WHERE type = 'Korrespondansepart' AND fields->>'korrespondansepartNavn' LIKE 'kill %'`,
    );
    const members = new Map<string, string[]>();
    for (const g of groups) members.set(g.marker, [...(members.get(g.marker) ?? []), ...g.types]);
    for (const marker of acknowledged) assert.ok(members.has(marker), `acknowledged ${marker} is missing`);
    for (const [marker, types] of members) {
      assert.deepEqual(types.sort(), ['Journalpost', 'Korrespondansepart', 'Saksmappe'], `${marker} is stored in part`);
      assert.ok(!failedOnPurpose.has(marker), `${marker} failed on purpose, yet it is stored`);
    }
    const numbers = await sql<{ type: string; seq: number }>(
      databaseUrl,
      `SELECT type, coalesce((fields->>'sakssekvensnummer')::int, (fields->>'journalsekvensnummer')::int) AS seq FROM entity WHERE type IN ('Saksmappe', 'Journalpost')`,
    );
    assertGapFree(numbers.filter((r) => r.type === 'Saksmappe').map((r) => r.seq), 'sakssekvensnummer');
    assertGapFree(numbers.filter((r) => r.type === 'Journalpost').map((r) => r.seq), 'journalsekvensnummer');
    // A new process joins the three that are left and sees it all.
    const joined = await spawnSandbox(databaseUrl);
    processes.push(joined);
    const seen = await api(joined.url, tokens[0], 'POST', '/query', { type: 'Saksmappe', query: 'tittel %= @t', parameters: { '@t': 'kill %' }, limit: 1 });
    assert.equal(seen.status, 200, seen.text);
  });
});

describe('--seed-size on a PostgreSQL server', options, () => {
  let processes: SandboxProcess[] = [];
  after(async () => {
    await stopSandboxes(processes);
  });

  test('two processes started together generate the archive once; its files and counters serve both', async () => {
    const databaseUrl = await newDatabase('teamseed');
    processes = await spawnSandboxes(databaseUrl, 2, ['--seed-size', '61']);
    const [first, second] = processes.map((p) => p.url);
    const [{ n }] = await sql<{ n: number }>(databaseUrl, 'SELECT count(*)::int AS n FROM entity');
    assert.equal(n, 61, 'generated once, not by each process');
    const token = await clientToken(first);
    const versions = await api(second, token, 'POST', '/query', { type: 'Dokumentversjon', limit: 500 });
    assert.equal(versions.status, 200, versions.text);
    assert.ok(versions.json.results.length > 0);
    for (const version of versions.json.results) {
      const down = await fetch(`${second}${apiRoot}/download?id=${version.fields.referanseDokumentfil}`, { headers: { Authorization: `Bearer ${token}` } });
      assert.equal(down.status, 200, `file ${version.fields.referanseDokumentfil}`);
      assert.equal((await down.arrayBuffer()).byteLength, version.fields.filstoerrelse);
    }
    // The case numbers of the year continue where the generated ones end.
    const [folder] = (await api(first, token, 'POST', '/query', { type: 'Saksmappe', sortOrder: [{ field: 'id', order: 'desc' }], limit: 1 })).json.results;
    const added = await api(second, token, 'POST', '/transaction', {
      actions: [
        { action: 'save', type: 'Saksmappe', id: 'sak', fields: { tittel: 'Ny sak' } },
        { action: 'link', type: 'Saksmappe', id: 'sak', ref: 'refArkivdel', linkToId: String(folder.links.refArkivdel) },
        { action: 'link', type: 'Saksmappe', id: 'sak', ref: 'refPrimaerKlasse', linkToId: String(folder.links.refPrimaerKlasse) },
      ],
    });
    assert.equal(added.status, 200, added.text);
    const sak = added.json.saved.sak;
    const [{ top }] = await sql<{ top: number | null }>(
      databaseUrl,
      `SELECT max((fields->>'sakssekvensnummer')::int) AS top FROM entity WHERE type = 'Saksmappe' AND (fields->>'saksaar')::int = $1 AND id <> $2`,
      [Number(sak.fields.saksaar), Number(sak.id)],
    );
    assert.equal(sak.fields.sakssekvensnummer, (top ?? 0) + 1);
  });
});

describe('transactions on the server', options, () => {
  test('a deadlock between two transactions is retried inside the sandbox, not reported', async () => {
    const db = await openPostgresDatabase({ url: await newDatabase('teamdeadlock') });
    try {
      await db.exec('CREATE TABLE pair (id integer PRIMARY KEY, v integer NOT NULL); INSERT INTO pair VALUES (1, 0), (2, 0)');
      let runs = 0;
      let arrived = 0;
      let bothHoldOne: () => void = () => undefined;
      const barrier = new Promise<void>((resolve) => (bothHoldOne = resolve));
      // Each locks one row, waits until the other holds the other row, then wants it: a deadlock
      // PostgreSQL breaks by failing one of them, which the sandbox runs again.
      const crossing = (first: number, second: number) =>
        db.transaction(async (tx) => {
          runs++;
          await tx.query('UPDATE pair SET v = v + 1 WHERE id = $1', [first]);
          if (arrived < 2) {
            if (++arrived === 2) bothHoldOne();
            await barrier;
          }
          await tx.query('UPDATE pair SET v = v + 1 WHERE id = $1', [second]);
        });
      await Promise.all([crossing(1, 2), crossing(2, 1)]);
      assert.equal(runs, 3, 'one of the two ran again');
      assert.deepEqual((await db.query<{ v: number }>('SELECT v FROM pair ORDER BY id')).rows, [{ v: 2 }, { v: 2 }]);
    } finally {
      await db.close();
    }
  });
});
