import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseCheckArguments } from './cliArguments';
import { globToRegExp } from './fileExpansion';
import { toArtifactUri } from './sarifFormatter';

describe('globToRegExp', () => {
  const cases: [string, string, boolean][] = [
    ['*.noarkq', 'a.noarkq', true],
    ['*.noarkq', 'sub/a.noarkq', false],
    ['**/*.noarkq', 'a.noarkq', true],
    ['**/*.noarkq', 'x/y/a.noarkq', true],
    ['x/**', 'x/y/z', true],
    ['a?.noarkq', 'ab.noarkq', true],
    ['a?.noarkq', 'a/.noarkq', false],
    ['a.noarkq', 'aXnoarkq', false],
  ];
  for (const [glob, path, expected] of cases) {
    it(`${glob} ${expected ? 'matches' : 'does not match'} ${path}`, () => {
      assert.equal(globToRegExp(glob).test(path), expected);
    });
  }
});

describe('parseCheckArguments', () => {
  it('reads inputs and options in any order', () => {
    const r = parseCheckArguments(['a.noarkq', '--format', 'sarif', '--max-warnings=3', '--', '--odd-name.noarkq']);
    assert.deepEqual(r, { ok: true, args: { inputs: ['a.noarkq', '--odd-name.noarkq'], format: 'sarif', maxWarnings: 3, help: false } });
  });

  it('names what is wrong', () => {
    assert.deepEqual(parseCheckArguments(['--bogus', 'a']), { ok: false, error: 'Unknown option "--bogus".' });
    assert.equal(parseCheckArguments(['--format']).ok, false);
    assert.equal(parseCheckArguments(['--max-warnings', 'x', 'a']).ok, false);
  });
});

describe('toArtifactUri', () => {
  it('uses forward slashes and encodes what a URI cannot hold', () => {
    assert.equal(toArtifactUri('sub\\my file.noarkq'), 'sub/my%20file.noarkq');
    assert.equal(toArtifactUri('./a.noarkq'), 'a.noarkq');
  });
});
