/**
 * The arguments of the registry commands. They come from the views (the node clicked), from key
 * bindings and from other extensions, so they are untrusted: each is checked with zod, and
 * anything left out is asked for.
 */
import { z } from 'zod';
import { RegistryInputError } from './registryInputError';

const text = z.string();

/** `kind` is present when the argument is a node of a view: its values are then only defaults
 * for the input boxes; without it, a command given every value sends without asking. */
export const codeValueArguments = z.object({ kind: text.optional(), field: text.min(1).optional(), code: text.optional(), name: text.optional(), description: text.optional() });
export const bsmGroupArguments = z.object({ kind: text.optional(), groupId: text.optional(), groupName: text.optional(), groupDescription: text.optional() });
export const bsmFieldArguments = z.object({
  kind: text.optional(),
  groupId: text.optional(),
  fieldId: text.optional(),
  fieldName: text.optional(),
  fieldDescription: text.optional(),
  fieldType: text.optional(),
  fieldValues: z.array(text).optional(),
});

export type CodeValueArguments = z.infer<typeof codeValueArguments>;
export type BsmGroupArguments = z.infer<typeof bsmGroupArguments>;
export type BsmFieldArguments = z.infer<typeof bsmFieldArguments>;

/** The argument `command` was given, checked; nothing (the command palette) is an empty object. */
export function commandArguments<T>(schema: z.ZodType<T>, argument: unknown, command: string): T {
  const parsed = schema.safeParse(argument ?? {});
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'the argument'}: ${issue.message}`);
  throw new RegistryInputError(`${command} was given an argument it does not take (${problems.join('; ')}).`);
}
