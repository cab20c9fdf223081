/** The BSM id rule (core/transaction/bsmIds.ts) as the sandbox enforces it: a 400 naming the problem. */
import { bsmIdMessage } from '../../core/transaction/bsmIds';
import { ServiceError } from '../http/errors';

/** Refuses (400) an id that breaks the rule, saying what is wrong and what would do. */
export function requireRegistryId(what: 'groupId' | 'fieldId', text: string): string {
  const message = bsmIdMessage(what, text);
  if (message !== undefined) throw new ServiceError(400, message);
  return text;
}
