import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bsmGroupNodes } from './bsmRegistryTree';
import { codeListNodes } from './codeListTree';
import { bsmFieldArguments, codeValueArguments, commandArguments } from './registryArguments';
import { allowedValuesText, codeNameProblem, codeProblem, fieldIdProblem, fieldTypeProblem, groupIdProblem, parseAllowedValues } from './registryInput';
import { RegistryInputError } from './registryInputError';

const [list] = codeListNodes([{ type: 'Journalpost', field: 'journalposttype', values: [{ code: 'I', name: 'Inngående' }, { code: 'U', name: 'Utgående' }] }]);
const registry = bsmGroupNodes([{ groupId: 'prosjekt', fields: [{ fieldId: 'status', fieldType: 'string' }] }]);

describe('code-list input', () => {
  it('a code: not empty, no surrounding spaces, new when adding', () => {
    assert.equal(codeProblem('X', list, true), undefined);
    assert.equal(codeProblem('', list, true), 'A code cannot be empty.');
    assert.match(codeProblem(' X', list, true) ?? '', /spaces at its start or end/);
    assert.match(codeProblem('I', list, true) ?? '', /journalposttype already has the code "I"; edit that value instead/);
    assert.equal(codeProblem('I', list, false), undefined);
  });

  it('a name: not empty, unique in the list except for the value itself', () => {
    assert.equal(codeNameProblem('Intern', list, 'X'), undefined);
    assert.equal(codeNameProblem('  ', list, 'X'), 'A name cannot be empty.');
    assert.match(codeNameProblem('Utgående', list, 'X') ?? '', /already the name of the code "U" in the code list of journalposttype/);
    assert.equal(codeNameProblem('Utgående', list, 'U'), undefined);
  });
});

describe('BSM input', () => {
  it('group and field ids follow the id rule and are new when adding', () => {
    assert.equal(groupIdProblem('arkiv-info', registry, true), undefined);
    assert.match(groupIdProblem('Arkiv Info', registry, true) ?? '', /"Arkiv Info" is not a valid groupId: it has upper-case letters.*\(e\.g\. "arkiv-info"\)/);
    assert.match(groupIdProblem('prosjekt', registry, true) ?? '', /already has a group "prosjekt"/);
    assert.equal(groupIdProblem('prosjekt', registry, false), undefined);
    assert.match(fieldIdProblem('felt_1', registry, true) ?? '', /"felt_1" is not a valid fieldId: it has "_"/);
    assert.match(fieldIdProblem('status', registry, true) ?? '', /group "prosjekt" already has a field "status"; field ids are unique in the installation/);
  });

  it('field types', () => {
    assert.equal(fieldTypeProblem('timestamp'), undefined);
    assert.match(fieldTypeProblem('int') ?? '', /"int" is not a BSM field type; the types are string, long, double, timestamp, encrypted/);
  });

  it('allowed values: comma-separated or a JSON array, each fitting the type, none twice', () => {
    assert.deepEqual(parseAllowedValues('', 'long'), { ok: true, values: [] });
    assert.deepEqual(parseAllowedValues(' 1, -2 ,3', 'long'), { ok: true, values: ['1', '-2', '3'] });
    assert.deepEqual(parseAllowedValues('["a, b", "c"]', 'string'), { ok: true, values: ['a, b', 'c'] });
    assert.deepEqual(parseAllowedValues('1, 1.5', 'long'), { ok: false, error: 'Allowed value 2, "1.5", does not fit the type long, which takes whole numbers.' });
    assert.deepEqual(parseAllowedValues('a,,b', 'string'), { ok: false, error: 'Allowed value 2 is empty (two commas in a row, or one at the end).' });
    assert.deepEqual(parseAllowedValues('a, a', 'string'), { ok: false, error: 'The allowed values list "a" twice; list each once.' });
    const notJson = parseAllowedValues('[a', 'string');
    assert.equal(notJson.ok, false);
    assert.match(notJson.ok ? '' : notJson.error, /start with "\[" but are not a JSON array/);
    assert.deepEqual(parseAllowedValues('2024-08-19T09:09:39.315+0200', 'timestamp'), { ok: true, values: ['2024-08-19T09:09:39.315+0200'] });
  });

  it('allowed values typed back when editing', () => {
    assert.equal(allowedValuesText(['a', 'b']), 'a, b');
    assert.equal(allowedValuesText(['a, b', 'c']), '["a, b","c"]');
    assert.equal(allowedValuesText(undefined), '');
    for (const values of [['a', 'b'], ['a, b', ' c']]) assert.deepEqual(parseAllowedValues(allowedValuesText(values), 'string'), { ok: true, values });
  });
});

describe('command arguments', () => {
  it('a view node, a plain object or nothing', () => {
    assert.deepEqual(commandArguments(codeValueArguments, undefined, 'x'), {});
    assert.deepEqual(commandArguments(codeValueArguments, { kind: 'codeValue', field: 'f', code: 'c', isDefault: true, values: [] }, 'x'), { kind: 'codeValue', field: 'f', code: 'c' });
    assert.deepEqual(commandArguments(bsmFieldArguments, { groupId: 'g', fieldId: 'f', fieldValues: ['a'] }, 'x'), { groupId: 'g', fieldId: 'f', fieldValues: ['a'] });
  });

  it('anything else is refused, naming the command and the property', () => {
    assert.throws(() => commandArguments(codeValueArguments, { field: 42 }, 'noarkq.codeLists.addValue'), (error: unknown) => error instanceof RegistryInputError && /^noarkq\.codeLists\.addValue was given an argument it does not take \(field: /.test(error.message));
    assert.throws(() => commandArguments(bsmFieldArguments, 'status', 'noarkq.bsm.addField'), /noarkq\.bsm\.addField was given an argument it does not take \(the argument: /);
    assert.throws(() => commandArguments(bsmFieldArguments, { fieldValues: [1] }, 'noarkq.bsm.addField'), /fieldValues\.0: /);
  });
});
