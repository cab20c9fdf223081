/**
 * Writes the JSON Schemas generated from zod schemas into `schemas/` (run after changing one:
 * `node --import tsx scripts/generateSchemas.ts`; a test says when it is needed).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { environmentsJsonSchemaPath, environmentsJsonSchemaText } from '../runner/environments/environmentsJsonSchema';

const root = join(__dirname, '..');
writeFileSync(join(root, environmentsJsonSchemaPath), environmentsJsonSchemaText());
console.log(`wrote ${environmentsJsonSchemaPath}`);
