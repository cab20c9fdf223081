/**
 * Writes the JSON Schemas generated from zod schemas into `schemas/`, and the same environment
 * schema into package.json's `noarkq.environments` setting (run after changing one:
 * `npm run schemas`; a test says when it is needed).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { environmentsJsonSchemaPath, environmentsJsonSchemaText, packageJsonWithEnvironmentsSetting } from '../runner/environments/environmentsJsonSchema';

const root = join(__dirname, '..');
writeFileSync(join(root, environmentsJsonSchemaPath), environmentsJsonSchemaText());
console.log(`wrote ${environmentsJsonSchemaPath}`);
const packagePath = join(root, 'package.json');
writeFileSync(packagePath, packageJsonWithEnvironmentsSetting(readFileSync(packagePath, 'utf8')));
console.log('wrote the noarkq.environments setting in package.json');
