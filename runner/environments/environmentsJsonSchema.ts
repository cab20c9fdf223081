/**
 * The JSON Schema of `noarkq.environments.json`, generated from the zod schema so that what
 * editors complete and what the loader accepts cannot drift apart. `scripts/generateSchemas.ts`
 * writes it to `schemas/`; a test fails when the committed file is not what this returns.
 */
import { z } from 'zod';
import { durationPattern } from '../archive/timeLimits';
import { environmentAuthSchema, environmentsFileSchema, timeoutSchema, variableValueSchema } from './environmentsSchema';

export const environmentsJsonSchemaPath = 'schemas/noarkq.environments.schema.json';

/** The schema as the file holds it: formatted, ending with a newline. */
export function environmentsJsonSchemaText(): string {
  // Draft 7 is what most editors (VS Code, JetBrains) understand fully. The input side is what
  // a user writes: defaults are optional there.
  const schema = z.toJSONSchema(environmentsFileSchema, {
    io: 'input',
    target: 'draft-7',
    override: (ctx) => {
      // Any JSON value: an empty schema says that to an editor without zod's recursive
      // union of every JSON type.
      if (ctx.zodSchema === variableValueSchema) {
        for (const key of Object.keys(ctx.jsonSchema)) if (key !== 'description') delete ctx.jsonSchema[key];
      }
      // A time limit: seconds above 0, or a number with a unit (what parseDuration takes), so
      // that an editor flags "soon" or 0 as the loader would.
      if ((Object.values(timeoutSchema.shape) as unknown[]).includes(ctx.zodSchema)) {
        delete ctx.jsonSchema.type;
        ctx.jsonSchema.anyOf = [
          { type: 'number', exclusiveMinimum: 0, maximum: 86_400 },
          { type: 'string', pattern: durationPattern.source },
        ];
      }
      // Editors judge a `oneOf` by its closest branch, and would answer a misspelt kind with
      // 'Value must be "none"'; the kinds listed beside it give 'Valid values: …' instead.
      if (ctx.zodSchema === environmentAuthSchema) {
        ctx.jsonSchema.type = 'object';
        ctx.jsonSchema.required = ['kind'];
        ctx.jsonSchema.properties = { kind: { type: 'string', enum: environmentAuthSchema.options.map((o) => o.shape.kind.value), description: 'How to authenticate: none, token (NOARKQ_TOKEN), client_credentials or password.' } };
      }
    },
  });
  dropUnusedDefinitions(schema);
  return `${JSON.stringify(schema, null, 2)}\n`;
}

/**
 * package.json's text with the `noarkq.environments` setting's `items` set to one environment of
 * the generated schema, so that the settings editor checks what the file's editor checks.
 */
export function packageJsonWithEnvironmentsSetting(packageJsonText: string): string {
  const manifest = JSON.parse(packageJsonText) as { contributes: { configuration: { properties: Record<string, { items?: unknown }> } } };
  const setting = manifest.contributes.configuration.properties['noarkq.environments'];
  const schema = JSON.parse(environmentsJsonSchemaText()) as { properties: { environments: { items: unknown } } };
  setting.items = schema.properties.environments.items;
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** Definitions that nothing refers to any more (what the override above replaced). */
function dropUnusedDefinitions(schema: Record<string, unknown>): void {
  const definitions = schema.definitions;
  if (typeof definitions !== 'object' || definitions === null) return;
  const { definitions: _all, ...rest } = schema;
  const used = JSON.stringify(rest);
  const kept = Object.fromEntries(Object.entries(definitions).filter(([name]) => used.includes(`"#/definitions/${name}"`)));
  if (Object.keys(kept).length === 0) delete schema.definitions;
  else schema.definitions = kept;
}
