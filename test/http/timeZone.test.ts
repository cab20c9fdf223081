/**
 * The sandbox's time zone (issue 13, item 5): a real Norwegian tenant answers timestamps in its zone
 * (`+0100` in winter, `+0200` in summer) and reads a date as a day in that zone. The sandbox does
 * the same, Europe/Oslo by default, and `timeZone: 'UTC'` gives the `+0000` answers; the runner's
 * client reads both as the same instant.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseArchiveTimestamp } from '../../core/api';
import { parseSandboxArguments } from '../../sandbox/sandboxOptions';
import { startSandbox } from '../../sandbox/startSandbox';
import { buildStructure, startTestSandbox, type TestSandbox } from './sandboxHarness';

/** A sandbox whose clock stands still at `at`, with one Arkiv made then; its answers as saved and as queried. */
async function arkivAt(at: string, timeZone?: string): Promise<{ t: TestSandbox; token: string; saved: string; queried: string; id: string }> {
  const ms = Date.parse(at);
  const t = await startTestSandbox({ now: () => ms, ...(timeZone === undefined ? {} : { timeZone }) });
  const token = await t.token();
  const save = await t.transaction(token, [
    { action: 'save', type: 'Arkiv', id: 'a', fields: { tittel: 'Tidssone' } },
    { action: 'save', type: 'Arkivskaper', id: 's', fields: { arkivskaperIdent: 'TZ', arkivskaperNavn: 'Skaper' } },
    { action: 'link', type: 'Arkivskaper', id: 's', ref: 'refArkiv', linkToId: 'a' },
  ]);
  assert.equal(save.status, 200, save.text);
  const id: string = save.json.saved.a.id;
  const query = await t.query(token, { type: 'Arkiv', query: 'id = @id', parameters: { '@id': id } });
  assert.equal(query.status, 200, query.text);
  return { t, token, id, saved: save.json.saved.a.fields.opprettetDato, queried: query.json.results[0].fields.opprettetDato };
}

const cases = [
  // 2024-08-19 is summer time in Oslo, 2024-01-15 winter time.
  { at: '2024-08-19T07:00:00.000Z', oslo: '2024-08-19T09:00:00.000+0200', utc: '2024-08-19T07:00:00.000+0000' },
  { at: '2024-01-15T07:00:00.000Z', oslo: '2024-01-15T08:00:00.000+0100', utc: '2024-01-15T07:00:00.000+0000' },
  // Either side of the switch to summer time (2024-03-31 01:00 UTC): Intl knows the rule.
  { at: '2024-03-31T00:59:59.999Z', oslo: '2024-03-31T01:59:59.999+0100', utc: '2024-03-31T00:59:59.999+0000' },
  { at: '2024-03-31T01:00:00.000Z', oslo: '2024-03-31T03:00:00.000+0200', utc: '2024-03-31T01:00:00.000+0000' },
];

for (const c of cases) {
  test(`a timestamp made at ${c.at} is answered in Europe/Oslo by default and in UTC when asked`, async () => {
    const oslo = await arkivAt(c.at);
    const utc = await arkivAt(c.at, 'UTC');
    try {
      assert.equal(oslo.saved, c.oslo);
      assert.equal(oslo.queried, c.oslo);
      assert.equal(utc.saved, c.utc);
      assert.equal(utc.queried, c.utc);
      // The runner's client reads both forms as the one instant.
      assert.equal(parseArchiveTimestamp(oslo.queried)?.toISOString(), c.at);
      assert.equal(parseArchiveTimestamp(utc.queried)?.toISOString(), c.at);
    } finally {
      await oslo.t.close();
      await utc.t.close();
    }
  });
}

test("a date is a day in the sandbox's zone: in queries, in the log bounds, and as today's date", async () => {
  // 22:30 UTC on 18 August is already 00:30 on 19 August in Oslo.
  const at = '2024-08-18T22:30:00.000Z';
  const oslo = await arkivAt(at);
  const utc = await arkivAt(at, 'UTC');
  try {
    for (const [s, day, matches] of [
      [oslo, '2024-08-19', true],
      [oslo, '2024-08-18', false],
      [utc, '2024-08-18', true],
      [utc, '2024-08-19', false],
    ] as const) {
      const found = await s.t.query(s.token, { type: 'Arkiv', query: 'opprettetDato = @d', parameters: { '@d': day } });
      assert.equal(found.status, 200, found.text);
      assert.deepEqual(
        found.json.results.map((r: { id: string }) => r.id),
        matches ? [s.id] : [],
        `${day} in ${s === oslo ? 'Oslo' : 'UTC'}`,
      );
      const log = await s.t.post('/logs/access-log', { createdDateFrom: day, createdDateTo: day, limit: 100 }, { token: s.token });
      assert.equal(log.status, 200, log.text);
      assert.equal(log.json.results.length > 0, matches, `access log for ${day}`);
    }
    // Today's date, the default of saksdato, is the zone's date.
    const saksdato = async (s: typeof oslo) => {
      const { saksmappe } = await buildStructure(s.t, s.token);
      return (await s.t.query(s.token, { type: 'Saksmappe', query: 'id = @id', parameters: { '@id': saksmappe } })).json.results[0].fields.saksdato;
    };
    assert.equal(await saksdato(oslo), '2024-08-19');
    assert.equal(await saksdato(utc), '2024-08-18');
  } finally {
    await oslo.t.close();
    await utc.t.close();
  }
});

test('a bad zone name is a clear error naming it, from the command line and from startSandbox', async () => {
  const parsed = parseSandboxArguments(['--time-zone', 'Europe/Olso']);
  assert.equal(parsed.kind, 'error');
  assert.match(parsed.kind === 'error' ? parsed.message : '', /--time-zone .*"Europe\/Olso" is not one/);
  await assert.rejects(startSandbox({ memory: true, port: 0, timeZone: 'Mars/Olympus' }), /"Mars\/Olympus" is not one/);
  const good = parseSandboxArguments(['--time-zone', 'UTC']);
  assert.equal(good.kind === 'options' ? good.options.timeZone : undefined, 'UTC');
  const byDefault = parseSandboxArguments([]);
  assert.equal(byDefault.kind === 'options' ? byDefault.options.timeZone : 'none', undefined, 'no flag: startSandbox takes Europe/Oslo');
});
