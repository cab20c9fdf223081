// Writes noarkq.tmLanguage, the TextMate grammar of syntaxes/noarkq.tmLanguage.json in the property
// list form Sublime Text reads (it does not read the JSON form). Run after changing that grammar;
// test/editors/sublimeSyntax.test.ts checks that the two agree.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'plist';

const folder = dirname(fileURLToPath(import.meta.url));
const { $schema: _schema, ...grammar } = JSON.parse(readFileSync(join(folder, '..', '..', 'syntaxes', 'noarkq.tmLanguage.json'), 'utf8'));
writeFileSync(join(folder, 'noarkq.tmLanguage'), `${build(grammar)}\n`);
