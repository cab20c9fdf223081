/**
 * The id rule of BSM groups and fields: only lower-case letters, digits and dashes, starting with a
 * letter. The spec says "ending with a letter"; the vendor's docs also allow a digit at the end
 * (vendor notes §1.5, bsm-registry), and the vendor's own samples use such ids (`gr-1` in the C#
 * sample, `appr-03` in the Java sample), so a real archive takes them, and so do the sandbox and
 * the editor's input boxes, which all read the rule from here.
 */

const bsmIdPattern = /^[a-z](?:[a-z0-9-]*[a-z0-9])?$/;

export function isBsmId(text: string): boolean {
  return bsmIdPattern.test(text);
}

/** What is wrong with `text` as an id, in words, or undefined when it is fine. */
export function bsmIdProblem(text: string): string | undefined {
  if (isBsmId(text)) return undefined;
  if (text === '') return 'it is empty';
  if (/[A-Z]/.test(text)) return 'it has upper-case letters';
  const bad = [...new Set(text.replace(/[a-z0-9-]/g, ''))];
  if (bad.length > 0) return `it has ${bad.map((c) => JSON.stringify(c)).join(', ')}`;
  if (!/^[a-z]/.test(text)) return 'it does not start with a letter';
  if (!/[a-z0-9]$/.test(text)) return 'it does not end with a letter or digit';
  return 'it breaks the id rule';
}

/** A valid id close to `text` (lower-cased, other characters as dashes), if there is one. */
export function suggestBsmId(text: string): string | undefined {
  const suggestion = text
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^[^a-z]+/, '')
    .replace(/[^a-z0-9]+$/, '');
  return suggestion && isBsmId(suggestion) ? suggestion : undefined;
}

/** The whole message for an id that breaks the rule, or undefined when `text` is a valid id. */
export function bsmIdMessage(what: 'groupId' | 'fieldId', text: string): string | undefined {
  const problem = bsmIdProblem(text);
  if (problem === undefined) return undefined;
  const suggestion = suggestBsmId(text);
  return `${JSON.stringify(text)} is not a valid ${what}: ${problem}. A ${what} holds only lower-case letters, digits and dashes, and starts with a letter and ends with a letter or digit${suggestion ? ` (e.g. ${JSON.stringify(suggestion)})` : ''}.`;
}
