import assert from 'node:assert/strict';
import { test } from 'node:test';
import { identifyingFields, typesWithIdentifyingFields } from './identifyingFields';
import { noarkModel } from './model';

test('every identifying field is a field of its type in the model', () => {
  const problems: string[] = [];
  for (const typeName of typesWithIdentifyingFields) {
    const type = noarkModel.getType(typeName);
    if (!type) {
      problems.push(`${typeName} is not a type of the model`);
      continue;
    }
    for (const field of identifyingFields(noarkModel, typeName)) {
      if (!type.fields.some((f) => f.name === field)) problems.push(`${typeName}.${field}`);
    }
  }
  assert.deepEqual(problems, []);
});

test('a type without its own list shows tittel when it has one', () => {
  const other = noarkModel.types.find((t) => !typesWithIdentifyingFields.includes(t.name) && t.fields.some((f) => f.name === 'tittel'));
  if (other) assert.deepEqual(identifyingFields(noarkModel, other.name), ['tittel']);
  assert.deepEqual(identifyingFields(noarkModel, 'NoSuchType'), []);
});
