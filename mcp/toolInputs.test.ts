import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { checkInput, codeListsInput, describeTypeInput, queryInput } from './toolInputs';

interface DeclaredTool {
  name: string;
  inputSchema: { properties: Record<string, { type?: unknown }>; required?: string[] };
}

const manifest = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as { contributes: { languageModelTools: DeclaredTool[] } };

describe("package.json's language-model tools and the schemas their input is validated with", () => {
  const shapes: Record<string, z.ZodRawShape> = { noarkq_check: checkInput, noarkq_describe_type: describeTypeInput, noarkq_code_lists: codeListsInput, noarkq_query: queryInput };

  it('declare the same tools', () => {
    assert.deepEqual(manifest.contributes.languageModelTools.map((t) => t.name).sort(), Object.keys(shapes).sort());
  });

  for (const [name, shape] of Object.entries(shapes)) {
    it(`${name}: the same properties, types and required ones`, () => {
      const declared = manifest.contributes.languageModelTools.find((t) => t.name === name)!.inputSchema;
      const schema = z.toJSONSchema(z.object(shape)) as { properties: Record<string, { type?: unknown }>; required?: string[] };
      assert.deepEqual(Object.keys(declared.properties).sort(), Object.keys(schema.properties).sort());
      for (const [key, property] of Object.entries(schema.properties)) assert.deepEqual(declared.properties[key].type, property.type, `${name}.${key}`);
      assert.deepEqual([...(declared.required ?? [])].sort(), [...(schema.required ?? [])].sort());
    });
  }
});
