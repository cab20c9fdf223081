/**
 * `GET /code-lists`, `PUT /code-lists/{field}/{code}`, `DELETE /code-lists/{field}/{code}`. GET
 * answers one entry per entity type and code-list field (a list used by several types appears
 * once for each), filtered by `type` and `field`; a list is changed through its field name.
 */
import { codeListValueBodySchema, type CodeListValue as CodeListValueSent, type CodeListsResponseWire } from '../../core/api';
import { z } from 'zod';
import type { NoarkModel } from '../../core/schema';
import { didYouMean } from '../../core/text/didYouMean';
import { ServiceError } from '../http/errors';
import { readJsonBody, validateBody } from '../http/requestBody';
import { sendEmpty, sendJson } from '../http/responses';
import type { RequestContext, Router } from '../http/router';
import type { SandboxServices } from '../sandboxServices';
import { deleteCodeValue, putCodeValue, readCodeLists, type CodeListValue } from './codeListValues';

const codeValueBodySchema = codeListValueBodySchema.extend({
  name: z.string().trim().min(1, 'a name cannot be empty').optional(),
});

type CodeListResult = {
  type: string;
  field: string;
  defaultValue?: Omit<CodeListValue, 'authority'>;
  values: CodeListValue[];
};

/** The concrete types and code-list fields a GET asks for: 400 for names the model lacks. */
function selection(model: NoarkModel, typeParam: string | null, fieldParam: string | null, listNames: readonly string[]): { type: string; field: string }[] {
  const concrete = model.types.filter((t) => !t.abstract).map((t) => t.name);
  let types = concrete;
  if (typeParam !== null) {
    if (!model.getType(typeParam)) {
      const suggestion = didYouMean(typeParam, concrete);
      throw new ServiceError(400, `There is no entity type "${typeParam}".${suggestion ? ` Did you mean "${suggestion}"?` : ` Types: ${concrete.join(', ')}.`}`);
    }
    types = model.concreteTypes(typeParam);
  }
  if (fieldParam !== null && !listNames.includes(fieldParam)) {
    const suggestion = didYouMean(fieldParam, listNames);
    throw new ServiceError(400, `There is no code list "${fieldParam}".${suggestion ? ` Did you mean "${suggestion}"?` : ` Code lists are named by their field: ${[...listNames].sort().join(', ')}.`}`);
  }
  const out: { type: string; field: string }[] = [];
  for (const type of types) {
    for (const f of model.getType(type)?.fields ?? []) {
      if (!f.codeList || !listNames.includes(f.codeList)) continue;
      if (fieldParam !== null && f.name !== fieldParam) continue;
      out.push({ type, field: f.name });
    }
  }
  if (typeParam !== null && fieldParam !== null && out.length === 0) {
    const own = types.flatMap((t) => (model.getType(t)?.fields ?? []).filter((f) => f.codeList).map((f) => f.name));
    throw new ServiceError(400, `${typeParam} has no code-list field "${fieldParam}"; its code-list fields: ${[...new Set(own)].join(', ') || 'none'}.`);
  }
  return out;
}

function requiredParam(ctx: RequestContext, name: string): string {
  const value = ctx.params?.[name];
  if (value === undefined) throw new ServiceError(404, `The path needs a {${name}} segment.`);
  return value;
}

function requireCode(code: string): string {
  if (code.trim() !== code || code === '') throw new ServiceError(400, `The code ${JSON.stringify(code)} has spaces at its start or end; send the code without them.`);
  return code;
}

export function registerCodeListEndpoints(router: Router, services: SandboxServices): void {
  router.api('GET', '/code-lists', async ({ res, url }) => {
    const lists = await readCodeLists(services.db);
    const wanted = selection(services.model, url.searchParams.get('type'), url.searchParams.get('field'), [...lists.keys()]);
    const results: CodeListResult[] = wanted.map(({ type, field }) => {
      const def = services.model.getType(type)?.fields.find((f) => f.name === field);
      const list = lists.get(def?.codeList ?? field);
      const values = list?.values ?? [];
      const defaultCode = typeof def?.defaultValue === 'string' ? def.defaultValue : list?.defaultCode;
      const found = values.find((v) => v.code === defaultCode);
      const result: CodeListResult = { type, field, values };
      if (found) result.defaultValue = { code: found.code, name: found.name, ...(found.description !== undefined ? { description: found.description } : {}) };
      return result;
    });
    sendJson(res, 200, { results } satisfies CodeListsResponseWire);
  });

  router.api('PUT', '/code-lists/{field}/{code}', async (ctx) => {
    const field = requiredParam(ctx, 'field');
    const code = requireCode(requiredParam(ctx, 'code'));
    const { value } = await readJsonBody(ctx.req, services.limits.maxBodyBytes);
    const body = validateBody(codeValueBodySchema, value, 'code-list value');
    sendJson(ctx.res, 200, (await putCodeValue(services.codeLists, field, code, body)) satisfies CodeListValueSent);
  });

  router.api('DELETE', '/code-lists/{field}/{code}', async (ctx) => {
    await deleteCodeValue(services.codeLists, requiredParam(ctx, 'field'), requiredParam(ctx, 'code'));
    sendEmpty(ctx.res, 204);
  });
}
