/**
 * The params of the standard requests the server answers, checked before a handler reads them:
 * a client's message is a trust boundary like any other, and a request without a position, or
 * with a negative one, is the client's mistake (`InvalidParams`), not a bug of noarkq's. Only
 * what the handlers read is checked; anything else a client sends passes.
 */
import { z } from 'zod';

const uinteger = z.number().int().min(0).max(2 ** 31 - 1);
const position = z.object({ line: uinteger, character: uinteger });
const range = z.object({ start: position, end: position });
const textDocument = z.object({ uri: z.string() });
const onDocument = z.object({ textDocument });
const atPosition = onDocument.extend({ position });
const formattingOptions = z.object({ tabSize: uinteger, insertSpaces: z.boolean() });

export const requestParamSchemas = {
  document: onDocument,
  position: atPosition,
  range: onDocument.extend({ range }),
  references: atPosition.extend({ context: z.object({ includeDeclaration: z.boolean() }) }),
  rename: atPosition.extend({ newName: z.string() }),
  formatting: onDocument.extend({ options: formattingOptions }),
  rangeFormatting: onDocument.extend({ range, options: formattingOptions }),
  codeAction: onDocument.extend({ range, context: z.object({ diagnostics: z.array(z.unknown()), only: z.array(z.string()).optional() }) }),
};

export type RequestParamsKind = keyof typeof requestParamSchemas;

/** Why `params` cannot be used for a request of this kind (each problem's path and message), or undefined. */
export function requestParamsProblem(kind: RequestParamsKind, params: unknown): string | undefined {
  const parsed = requestParamSchemas[kind].safeParse(params);
  if (parsed.success) return undefined;
  return parsed.error.issues.map((i) => `${i.path.join('.') || 'params'}: ${i.message}`).join('; ');
}
