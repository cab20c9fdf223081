/**
 * Every endpoint with a JSON body, by `METHOD path` (the path as `apiEndpoints` writes it): the
 * schema of its request body and of its JSON response. An endpoint that answers 202/204 or bytes
 * has no response schema.
 */
import type { z } from 'zod';
import { bulkBodySchema, bulkDeleteBodySchema } from './bulkBodies';
import { uploadResponseSchema } from './fileBodies';
import { fullTextResponseSchema, fullTextSearchBodySchema, fullTextSetBodySchema } from './fullTextBodies';
import { expandFolderBodySchema, expandRecordBodySchema, myInfoResponseSchema } from './infoBodies';
import { accessLogBodySchema, accessLogResponseSchema, changeLogBodySchema, changeLogResponseSchema, downloadLogBodySchema, downloadLogResponseSchema } from './logBodies';
import { queryBodySchema, queryResponseSchema } from './queryBodies';
import {
  bsmFieldBodySchema,
  bsmFieldSchema,
  bsmGroupBodySchema,
  bsmGroupHeadSchema,
  bsmRegistryResponseSchema,
  codeListsResponseSchema,
  codeListValueBodySchema,
  codeListValueSchema,
} from './registryBodies';
import { transactionBodySchema, transactionResponseSchema } from './transactionBodies';

export interface EndpointBodies {
  request?: z.ZodType;
  response?: z.ZodType;
}

export const endpointBodies: Readonly<Record<string, EndpointBodies>> = {
  'POST query': { request: queryBodySchema, response: queryResponseSchema },
  'POST transaction': { request: transactionBodySchema, response: transactionResponseSchema },
  'POST upload': { response: uploadResponseSchema },
  'GET code-lists': { response: codeListsResponseSchema },
  'PUT code-lists/{field}/{code}': { request: codeListValueBodySchema, response: codeListValueSchema },
  'GET bsm-registry': { response: bsmRegistryResponseSchema },
  'PUT bsm-registry/group/{groupId}': { request: bsmGroupBodySchema, response: bsmGroupHeadSchema },
  'PUT bsm-registry/group/{groupId}/field/{fieldId}': { request: bsmFieldBodySchema, response: bsmFieldSchema },
  'POST logs/change-log': { request: changeLogBodySchema, response: changeLogResponseSchema },
  'POST logs/access-log': { request: accessLogBodySchema, response: accessLogResponseSchema },
  'POST logs/download-log': { request: downloadLogBodySchema, response: downloadLogResponseSchema },
  'POST bulk/open': { request: bulkBodySchema },
  'POST bulk/close': { request: bulkBodySchema },
  'POST bulk/delete': { request: bulkDeleteBodySchema },
  'POST full-text/search': { request: fullTextSearchBodySchema, response: fullTextResponseSchema },
  'POST full-text/set': { request: fullTextSetBodySchema },
  'GET info/me': { response: myInfoResponseSchema },
  'POST expand/folder': { request: expandFolderBodySchema },
  'POST expand/record': { request: expandRecordBodySchema },
};
