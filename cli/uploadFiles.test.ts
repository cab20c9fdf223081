import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseDocument } from '../core/document';
import { noarkModel } from '../core/schema';
import { runCheck } from './checkCommand';
import { checkUploadFiles } from '../runner/blocks/uploadFiles';

const dir = mkdtempSync(join(tmpdir(), 'noarkq-upload-'));
mkdirSync(join(dir, 'files'));
writeFileSync(join(dir, 'files', 'here.pdf'), '%PDF-1.4\n');
const noarkqFile = join(dir, 'flow.noarkq');

test('an UPLOAD of a file missing next to the .noarkq file is an error naming the path, at the path', () => {
  const text = '### ok\nUPLOAD ./files/here.pdf\n### gone\nUPLOAD ./files/gone.pdf\n### later\n@p = "x"\nUPLOAD {{p}}\n';
  const ds = checkUploadFiles(parseDocument(text), noarkqFile);
  assert.equal(ds.length, 1);
  assert.equal(ds[0].code, 'noarkq.upload-file-missing');
  assert.equal(ds[0].severity, 'error');
  assert.equal(text.slice(ds[0].start, ds[0].end), './files/gone.pdf');
  assert.match(ds[0].message, /\.\/files\/gone\.pdf .*does not exist/);
});

test('noarkq check reports it, and its summary starts on its own line', () => {
  writeFileSync(noarkqFile, 'UPLOAD ./files/gone.pdf\n');
  let out = '';
  let err = '';
  const status = runCheck([noarkqFile], { cwd: dir, out: (t) => (out += t), err: (t) => (err += t) }, noarkModel, 'test');
  assert.equal(status, 1);
  assert.match(out, /flow\.noarkq:1:8 error noarkq\.upload-file-missing .*gone\.pdf/);
  assert.equal(err, '1 error, 0 warnings in 1 file\n');
});
