/**
 * How an HTTP test names the spec requirements it covers: a tag in its title, e.g.
 * `[query rule 6, 7]`, `[endpoint POST /upload]`, `[limit maximum limit]`. The requirements
 * themselves are the index in `test/spec/requirements.ts`; `specCoverage.test.ts` checks that
 * every one is named.
 */
import { requirementKinds, type Requirement, type RequirementKind } from '../spec/requirements';

export { requirementKinds, specEndpoints, specRequirements } from '../spec/requirements';
export type { Requirement, RequirementKind, SpecEndpoint } from '../spec/requirements';

export const tagOf = (r: Pick<Requirement, 'kind' | 'key'>) => `[${r.kind} ${r.key}]`;

/** The requirements a title names: `[kind key]` or `[kind key, key]`. Bracketed text that starts
 * like a tag but names no kind (`[query rules 6]`) is returned as malformed. */
export function tagsInTitle(title: string): { tags: { kind: RequirementKind; key: string }[]; malformed: string[] } {
  const tags: { kind: RequirementKind; key: string }[] = [];
  const malformed: string[] = [];
  for (const m of title.matchAll(/\[([^\]]+)\]/g)) {
    const inner = m[1];
    const kind = requirementKinds.find((k) => inner.startsWith(`${k} `));
    if (!kind) {
      if (/^(query|transaction|auth|error|upload|limit|endpoint|flow)\b/.test(inner)) malformed.push(m[0]);
      continue;
    }
    const rest = inner.slice(kind.length + 1);
    // Endpoint keys hold no commas; other kinds list several keys with commas.
    const keys = kind === 'endpoint' ? [rest] : rest.split(/,\s*/);
    for (const key of keys) tags.push({ kind, key: key.trim() });
  }
  return { tags, malformed };
}
