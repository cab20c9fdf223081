/**
 * The id rule of BSM groups and fields: only lower-case letters, digits and dashes, starting with a
 * letter. The spec says "ending with a letter"; the vendor's docs also allow a digit at the end
 * (vendor notes §1.5, bsm-registry), and the vendor's own samples use such ids (`gr-1` in the C#
 * sample, `appr-03` in the Java sample), so a real archive takes them and so does the sandbox.
 */
import { ServiceError } from '../http/errors';

const registryIdPattern = /^[a-z](?:[a-z0-9-]*[a-z0-9])?$/;

export function isRegistryId(text: string): boolean {
  return registryIdPattern.test(text);
}

/** What is wrong with `text` as an id, in words, or undefined when it is fine. */
function idProblem(text: string): string | undefined {
  if (text === '') return 'it is empty';
  if (/[A-Z]/.test(text)) return 'it has upper-case letters';
  const bad = [...new Set(text.replace(/[a-z0-9-]/g, ''))];
  if (bad.length > 0) return `it has ${bad.map((c) => JSON.stringify(c)).join(', ')}`;
  if (!/^[a-z]/.test(text)) return 'it does not start with a letter';
  if (!/[a-z0-9]$/.test(text)) return 'it does not end with a letter or digit';
  return undefined;
}

/** Refuses (400) an id that breaks the rule, saying what is wrong and what would do. */
export function requireRegistryId(what: 'groupId' | 'fieldId', text: string): string {
  if (isRegistryId(text)) return text;
  const suggestion = text
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^[^a-z]+/, '')
    .replace(/[^a-z0-9]+$/, '');
  throw new ServiceError(
    400,
    `${JSON.stringify(text)} is not a valid ${what}: ${idProblem(text) ?? 'it breaks the id rule'}. A ${what} holds only lower-case letters, digits and dashes, and starts with a letter and ends with a letter or digit${suggestion && isRegistryId(suggestion) ? ` (e.g. ${JSON.stringify(suggestion)})` : ''}.`,
  );
}
