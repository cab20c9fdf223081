import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { parseDocument } from '../core/document';
import { testBlocks } from './testBlocks';

const text = [
  '@year = 2024', // 0
  '', // 1
  '### findCase', // 2
  'QUERY Saksmappe', // 3
  'WHERE saksaar = @year', // 4
  'EXPECT status = 200', // 5
  'EXPECT results.length >= 1', // 6
  '', // 7
  '### step', // 8
  'GET code-lists', // 9
  '', // 10
  '###', // 11
  'TRANSACTION', // 12
  '{ "actions": [] }', // 13
  'EXPECT status = 200', // 14
  '', // 15
].join('\n');

test('testBlocks: the blocks with EXPECT lines, placed by 0-based line; steps are left out', () => {
  const document = TextDocument.create('file:///a.noarkq', 'noarkq', 1, text);
  const { blocks } = testBlocks(document, parseDocument(text));
  assert.deepEqual(blocks, [
    { index: 0, name: 'findCase', named: true, headerLine: 2, requestLine: 3, endLine: 6, expectationLines: [5, 6], writes: false },
    { index: 2, name: '(block 3)', named: false, headerLine: 11, requestLine: 12, endLine: 14, expectationLines: [14], writes: true },
  ]);
});

test('testBlocks: a request above the first ### is a test too, placed at its request line', () => {
  const source = 'GET code-lists\nEXPECT status = 200\n\n### other\nGET bsm-registry\n';
  const { blocks } = testBlocks(TextDocument.create('file:///b.noarkq', 'noarkq', 1, source), parseDocument(source));
  assert.deepEqual(blocks, [{ index: -1, name: '(preamble)', named: false, headerLine: 0, requestLine: 0, endLine: 1, expectationLines: [1], writes: false }]);
});

test('testBlocks: a file without expectations has no tested block', () => {
  const source = '### a\nGET code-lists\n';
  assert.deepEqual(testBlocks(TextDocument.create('file:///c.noarkq', 'noarkq', 1, source), parseDocument(source)), { blocks: [] });
});
