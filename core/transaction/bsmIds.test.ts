import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bsmIdMessage, bsmIdProblem, isBsmId, suggestBsmId } from './bsmIds';
import { bsmTextValueProblem } from './bsmChecks';

test('BSM ids: lower-case letters, digits and dashes, a letter first, a letter or digit last', () => {
  for (const id of ['a', 'arkiv-info', 'gr-1', 'appr-03', 'a2-b']) assert.equal(isBsmId(id), true, id);
  for (const id of ['', 'Prosjekt', 'felt_1', '1abc', '-a', 'a-', 'a b', 'æøå']) assert.equal(isBsmId(id), false, id);
});

test('what is wrong with an id, in words, and a valid id close to it', () => {
  assert.equal(bsmIdProblem('ok-1'), undefined);
  assert.equal(bsmIdProblem(''), 'it is empty');
  assert.equal(bsmIdProblem('Prosjekt'), 'it has upper-case letters');
  assert.equal(bsmIdProblem('felt_1 x'), 'it has "_", " "');
  assert.equal(bsmIdProblem('1abc'), 'it does not start with a letter');
  assert.equal(bsmIdProblem('abc-'), 'it does not end with a letter or digit');
  assert.equal(suggestBsmId('Mitt Felt!'), 'mitt-felt');
  assert.equal(suggestBsmId('123'), undefined);
  assert.match(bsmIdMessage('fieldId', 'Felt') ?? '', /^"Felt" is not a valid fieldId: it has upper-case letters\..*\(e\.g\. "felt"\)\.$/);
  assert.equal(bsmIdMessage('groupId', 'felt'), undefined);
});

test('a value written as text, against a BSM field type', () => {
  assert.equal(bsmTextValueProblem('string', '<b>any</b>'), undefined);
  assert.equal(bsmTextValueProblem('long', '-12'), undefined);
  assert.equal(bsmTextValueProblem('long', '1.5'), 'whole numbers');
  assert.equal(bsmTextValueProblem('double', '1.5e3'), undefined);
  assert.equal(bsmTextValueProblem('double', ' '), 'numbers');
  assert.equal(bsmTextValueProblem('timestamp', '2024-08-19T09:09:39.315+0200'), undefined);
  assert.match(bsmTextValueProblem('timestamp', '2024-08-19') ?? '', /^timestamps/);
  assert.equal(bsmTextValueProblem('a-future-type', 'x'), undefined);
});
