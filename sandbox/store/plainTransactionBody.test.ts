import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { transactionBodySchema } from '../endpoints/requestSchemas';
import { plainTransactionActions } from './plainTransactionBody';

/** As the endpoint gets it: parsed from JSON text, so `__proto__` is an own member. */
const parsed = (json: string): unknown => JSON.parse(json);

test('an ordinary body is read without the schema, exactly as the schema reads it', () => {
  const body = parsed(
    JSON.stringify({
      actions: [
        { action: 'save', type: 'Saksmappe', id: 'sak', fields: { tittel: 'T', nested: { b: [1, null, { c: true }] } } },
        { action: 'link', type: 'Saksmappe', id: 'sak', ref: 'refArkivdel', linkToId: 1234 },
        { action: 'unlink', type: 'Saksmappe', id: 77, ref: 'refKlasse', unlinkFromId: ['5', 6] },
        { action: 'delete', type: 'Journalpost', id: '99', version: 3 },
      ],
    }),
  );
  const plain = plainTransactionActions(body);
  assert.ok(plain, 'the plain reader should take an ordinary body');
  assert.deepEqual(plain, transactionBodySchema.parse(body).actions);
  assert.deepEqual(plain[1].linkToId, ['1234']);
  assert.equal(plain[2].id, '77');
  assert.equal(plain[3].version, '3');
});

test('bodies the schema refuses or reshapes are left to the schema', () => {
  const refused = [
    '[]',
    '{"actions": {}}',
    '{"actions": [], "extra": 1}',
    '{"actions": [{"action": "move", "type": "A", "id": "x"}]}',
    '{"actions": [{"action": "save", "type": "", "id": "x"}]}',
    '{"actions": [{"action": "save", "type": "A", "id": -1}]}',
    '{"actions": [{"action": "save", "type": "A", "id": 1.5}]}',
    '{"actions": [{"action": "save", "type": "A", "id": "x", "version": null}]}',
    '{"actions": [{"action": "link", "type": "A", "id": "x", "linkToId": []}]}',
    '{"actions": [{"action": "link", "type": "A", "id": "x", "ref": ""}]}',
    '{"actions": [{"action": "save", "type": "A", "id": "x", "fields": []}]}',
    '{"actions": [{"action": "save", "type": "A", "id": "x", "colour": "red"}]}',
    '{"actions": [{"action": "save", "type": "A", "id": "x", "__proto__": {}}]}',
    '{"actions": [{"action": "save", "type": "A", "id": "x", "fields": {"a": {"__proto__": 1}}}]}',
  ];
  for (const json of refused) assert.equal(plainTransactionActions(parsed(json)), undefined, json);
});

test('whatever the plain reader accepts, the schema accepts with the same result', () => {
  const id = fc.oneof(fc.string({ maxLength: 3 }), fc.integer({ min: -2, max: 2 ** 53 + 2 }), fc.double(), fc.constant(null));
  const json = fc.jsonValue({ maxDepth: 3 });
  const action = fc.record(
    {
      action: fc.constantFrom('save', 'link', 'unlink', 'delete', 'move'),
      type: fc.string({ maxLength: 3 }),
      id,
      version: fc.oneof(fc.string({ maxLength: 2 }), fc.integer(), fc.constant(null)),
      fields: fc.oneof(fc.dictionary(fc.constantFrom('tittel', '__proto__', 'a', '1'), json), json),
      ref: fc.string({ maxLength: 2 }),
      linkToId: fc.oneof(id, fc.array(id, { maxLength: 3 })),
      unlinkFromId: fc.oneof(id, fc.array(id, { maxLength: 3 })),
      other: fc.constant(1),
    },
    { requiredKeys: [] },
  );
  let accepted = 0;
  fc.assert(
    fc.property(fc.array(action, { maxLength: 3 }), (actions) => {
      const body = parsed(JSON.stringify({ actions }));
      const plain = plainTransactionActions(body);
      if (plain === undefined) return;
      accepted++;
      const schema = transactionBodySchema.safeParse(body);
      assert.ok(schema.success, `the schema refuses what the plain reader took: ${JSON.stringify(body)}`);
      assert.deepEqual(plain, schema.data.actions);
    }),
    { numRuns: 3000 },
  );
  assert.ok(accepted > 50, `only ${accepted} generated bodies were plain: the property says little`);
});
