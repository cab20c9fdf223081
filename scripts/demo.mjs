// `npm run demo`: the spec's typical integration flow, really run. `noarkq run --sandbox` starts
// the local sandbox archive (in memory, with its demo data) and runs examples/integration-flow.noarkq
// against it: find the case file, register a journal entry with its correspondence party, upload a
// file, attach it as a document version, read the entry and its version back, download the file.
// Then this script checks the downloaded file's SHA-256 against the archive's `sjekksum`.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const cli = join(root, 'bin', 'noarkq.js');
const out = mkdtempSync(join(tmpdir(), 'noarkq-demo-'));
const bold = (text) => (process.stdout.isTTY ? `\x1b[1m${text}\x1b[22m` : text);

function fail(message) {
  console.error(`demo: ${message}`);
  rmSync(out, { recursive: true, force: true });
  process.exit(1);
}

const args = ['run', 'examples/integration-flow.noarkq', '--sandbox', '--out', out];
console.log(`\n${bold(`$ noarkq ${args.join(' ').replace(out, '<temp folder>')}`)}\n`);
const run = spawnSync(process.execPath, [cli, ...args], { cwd: root, stdio: 'inherit' });
if (run.status !== 0) fail(`noarkq run exited with ${run.status ?? run.signal}`);

const readJson = (name) => {
  try {
    return JSON.parse(readFileSync(join(out, `${name}.json`), 'utf8'));
  } catch (error) {
    return fail(`the response of block ${name} was not written to ${out}: ${error.message}`);
  }
};
const version = readJson('checkVersion').results?.[0]?.fields;
const download = readJson('fetchBack');
if (!version?.sjekksum) fail('the Dokumentversjon read back has no sjekksum');
const digest = createHash('sha256').update(readFileSync(download.path)).digest('hex');
const original = createHash('sha256').update(readFileSync(join(root, 'examples', 'files', 'application.pdf'))).digest('hex');

console.log(`\n${bold('Checksum')}`);
console.log(`  ${`archive's sjekksum (${version.sjekksumAlgoritme ?? 'SHA-256'}):`.padEnd(34)}${version.sjekksum}`);
console.log(`  downloaded file's SHA-256:        ${digest}`);
console.log(`  examples/files/application.pdf:   ${original}`);
if (digest !== version.sjekksum.toLowerCase() || digest !== original) fail('the checksums differ');
console.log(`\n${process.stdout.isTTY ? '\x1b[32m✔\x1b[39m' : '✔'} The file came back byte for byte: its SHA-256 matches the archive's sjekksum.`);
console.log(`\nNext: write your own .noarkq files (see README.md), check them with \`npx noarkq check\`, and run them with \`npx noarkq run FILE --env NAME\`.`);
rmSync(out, { recursive: true, force: true });
