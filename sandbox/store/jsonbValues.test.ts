import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import type { JsonValue } from '../../core/jsonValue';
import { openPGliteDatabase, type Database } from './database';
import { asStoredJson } from './jsonbValues';

let db: Database;

before(async () => {
  db = await openPGliteDatabase();
});

after(async () => {
  await db?.close();
});

async function roundTrip(value: JsonValue): Promise<JsonValue> {
  const { rows } = await db.query<{ v: JsonValue }>('SELECT $1::jsonb AS v', [JSON.stringify(value)]);
  return rows[0].v;
}

test('keys come out as jsonb orders them: shorter first, then by UTF-8 bytes, at every depth', async () => {
  const value = { bb: 1, a: { zz: [{ y: 1, x: 2 }], c: true }, 'ø': 'two bytes', ccc: null, 'é': 0, '\u{1F600}': 1, '\uFFFD': 2 };
  assert.equal(JSON.stringify(asStoredJson(value)), JSON.stringify(await roundTrip(value)));
  assert.deepEqual(Object.keys(asStoredJson(value)), ['a', 'bb', 'é', 'ø', 'ccc', '\uFFFD', '\u{1F600}']);
});

test('any storable JSON value reads back from jsonb as asStoredJson gives it', async () => {
  // The archive refuses NUL and unpaired surrogates before anything is stored (requestBody.ts).
  const storable = (text: string) => !text.includes('\u0000') && !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
  const key = fc.oneof(fc.string({ maxLength: 4 }), fc.string({ unit: 'binary', maxLength: 3 })).filter(storable);
  const value: fc.Arbitrary<JsonValue> = fc.letrec<{ v: JsonValue }>((tie) => ({
    v: fc.oneof(
      { depthSize: 'small' },
      fc.string({ unit: 'grapheme', maxLength: 4 }).filter(storable),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('v'), { maxLength: 3 }),
      fc.dictionary(key, tie('v'), { maxKeys: 5 }),
    ),
  })).v;
  await fc.assert(
    fc.asyncProperty(fc.dictionary(key, value, { maxKeys: 6 }), async (fields) => {
      assert.equal(JSON.stringify(asStoredJson(fields)), JSON.stringify(await roundTrip(fields)));
    }),
    { numRuns: 300 },
  );
});
