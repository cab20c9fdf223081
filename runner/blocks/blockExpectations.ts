/**
 * A block's `EXPECT` lines as the evaluator takes them: `@variables` and `{{references}}` in their
 * values resolved the way the block's request resolves its values, at the moment its answer came
 * (so a reference reads the last response of an earlier block). Lines the checker reports as
 * incomplete never reach a run (the file is refused), and are skipped here when it is forced.
 */
import type { DocumentBlock, Expectation, ResolvedExpectation, ValueResolver } from '../../core/document';
import type { JsonValue } from '../../core/jsonValue';

/** A resolved expectation and the 1-based line of its `EXPECT`. */
export type LocatedExpectation = ResolvedExpectation & { line: number };

export type ExpectationResolution = { ok: true; expectations: LocatedExpectation[] } | { ok: false; error: string };

export function resolveExpectations(block: DocumentBlock, resolver: ValueResolver, lineAt: (offset: number) => number): ExpectationResolution {
  const out: LocatedExpectation[] = [];
  for (const expectation of block.parsed.expectations) {
    if (expectation.misplaced || expectation.check === undefined) continue;
    const subject = subjectOf(expectation);
    if (subject === undefined) continue;
    const check = expectation.check;
    if (check.test !== 'compare') {
      out.push({ subject, test: check.test, line: lineAt(block.start + expectation.start) });
      continue;
    }
    const value = check.value;
    let expected: JsonValue | { regex: string; flags: string };
    switch (value.kind) {
      case 'json':
        expected = value.value;
        break;
      case 'regex':
        expected = { regex: value.source, flags: value.flags };
        break;
      case 'invalid':
        continue;
      case 'variable':
      case 'reference': {
        const resolution = value.kind === 'variable' ? resolver.variable(value.name) : resolver.reference(value.reference);
        if ('error' in resolution) return { ok: false, error: resolution.error };
        if ('missing' in resolution) {
          return { ok: false, error: `an EXPECT line reads \`${resolution.missing}\`, which nothing defines: declare \`@${resolution.missing} = value\`, add it to the environment, or pass --var ${resolution.missing}=value.` };
        }
        expected = resolution.value;
        break;
      }
    }
    out.push({ subject, test: 'compare', operator: check.operator.op, expected, line: lineAt(block.start + expectation.start) });
  }
  return { ok: true, expectations: out };
}

function subjectOf(expectation: Expectation): ResolvedExpectation['subject'] | undefined {
  const subject = expectation.subject;
  switch (subject?.kind) {
    case undefined:
      return undefined;
    case 'status':
    case 'time':
      return { kind: subject.kind };
    case 'header':
      return subject.name ? { kind: 'header', name: subject.name.text } : undefined;
    case 'body':
      return { kind: 'body', segments: subject.segments };
  }
}
