/**
 * Checks of the `{{references}}` written in one block: the name is a visible variable or a block,
 * the block comes earlier, and the path exists in that block's response shape. Diagnostics are
 * block-relative.
 */
import type { NoarkqDiagnostic, Span } from '../diagnostics';
import { nearestName, nearNames, type NearName } from '../text/didYouMean';
import { blockAnswer } from './blockResponses';
import { DocumentCodes } from './documentCodes';
import type { DocumentBlock, ReferenceOccurrence } from './documentModel';
import { isPathName, walkShape, type ResolutionScope } from './referenceResolver';
import { referencePathText } from './referenceScanner';
import type { ResponseShape } from './responseShape';
import { usableNamed, variableChain } from './variableScope';

export interface ReferenceCheckScope extends ResolutionScope {
  /** Names of the variables the block sees (its own, the file's, the environment's). */
  variableNames: ReadonlySet<string>;
  /** Whether an environment was given: an unknown `{{name}}` is then an error, not a warning. */
  environmentKnown: boolean;
  /** The block names did-you-mean may suggest for `name`, each ranked by the index of its first
   * block (`nearNames`): the checker works them out once per name and check, however many blocks
   * ask (a renamed block leaves every block that read it asking). */
  nearBlockNames(name: string): readonly NearName[];
}

export function checkReferences(scope: ReferenceCheckScope, block: DocumentBlock, out: NoarkqDiagnostic[]): void {
  if (block.parsed.references.length === 0) return;
  const isPreamble = block.index < 0;
  // File variables are evaluated where they are used, so a reference in one only has to name
  // an existing block; the order is the using block's business when the file runs.
  const fileVariableSpans = isPreamble ? block.parsed.variables.map((v) => v.value.span) : [];
  const inFileVariable = (r: ReferenceOccurrence): boolean => fileVariableSpans.some((s) => r.start >= s.start && r.end <= s.end);

  for (const ref of block.parsed.references) {
    if (ref.segments.length === 0 && scope.variableNames.has(ref.name)) {
      checkVariableCycle(scope, block, ref, out);
      continue;
    }
    const target = scope.blockNamed(ref.name);
    if (target) {
      if (!inFileVariable(ref)) checkOrder(block, target, ref, out);
      checkPath(scope, target, ref, out);
      continue;
    }
    if (ref.segments.length === 0) {
      const suggestion = nearestName([...nearVariables(ref.name, scope.variableNames), ...scope.nearBlockNames(ref.name)], block.index);
      const known = scope.environmentKnown;
      out.push({
        code: DocumentCodes.referenceUnknownName,
        severity: known ? 'error' : 'warning',
        ...ref.nameSpan,
        message:
          `\`${ref.name}\` is neither a variable nor a block` +
          (suggestion ? `: did you mean \`${suggestion}\`?` : known ? ': declare it with `@' + ref.name + ' = value` or add it to the environment.' : ': declare it with `@' + ref.name + ' = value`, or make sure the environment defines it.'),
        fixes: suggestion ? [{ title: `Change to ${suggestion}`, preferred: true, edits: [{ ...ref.nameSpan, newText: suggestion }] }] : undefined,
      });
      continue;
    }
    const before = inFileVariable(ref) ? Infinity : block.index;
    const suggestion = nearestName(scope.nearBlockNames(ref.name), before);
    const isVariable = scope.variableNames.has(ref.name);
    out.push({
      code: DocumentCodes.referenceUnknownBlock,
      severity: 'error',
      ...ref.nameSpan,
      message: isVariable
        ? `\`${ref.name}\` is a variable, and a path (\`{{${referencePathText(ref)}}}\`) reads a block's response: write \`{{${ref.name}}}\`, or name a block.`
        : `No block is named \`${ref.name}\`` + (suggestion ? `: did you mean \`${suggestion}\`?` : ': name an earlier block (the word after its `###`).'),
      fixes: suggestion ? [{ title: `Change to ${suggestion}`, preferred: true, edits: [{ ...ref.nameSpan, newText: suggestion }] }] : undefined,
    });
  }
}

/**
 * The variables did-you-mean may suggest for `name`, ranked before every block name (in the order
 * given), so that it prefers a variable to an equally near block: the names of the blocks before
 * the asking one come after them, each ranked by the index of its first block.
 */
function nearVariables(name: string, variables: Iterable<string>): NearName[] {
  const ranked: Array<readonly [string, number]> = [];
  let rank = -Number.MAX_SAFE_INTEGER;
  for (const v of variables) ranked.push([v, rank++]);
  return nearNames(name, ranked);
}

/**
 * A variable whose value is `{{name}}` of another variable must end at a value: `@r = {{r}}`, or
 * `@x = {{y}}` with `@y = {{x}}`, has none, and the run would refuse it. The chain is followed as
 * the run follows it from this block: its own variables first, then the file's.
 */
function checkVariableCycle(scope: ReferenceCheckScope, block: DocumentBlock, ref: ReferenceOccurrence, out: NoarkqDiagnostic[]): void {
  const start = block.parsed.variables.find((v) => v.value.kind === 'reference' && v.value.span.start <= ref.start && ref.end <= v.value.span.end);
  if (start === undefined || usableNamed(block.parsed.variables, start.name) !== start) return;
  const chain = variableChain(scope.doc, block, start.name);
  // A cycle further on is reported where it starts.
  if (chain.repeated !== start.name) return;
  out.push({
    code: DocumentCodes.variableCycle,
    severity: 'error',
    ...ref.nameSpan,
    message: `@${start.name} is defined through itself (${[...chain.names, start.name].map((n) => `@${n}`).join(' → ')}): give one of them a value.`,
  });
}

function checkOrder(block: DocumentBlock, target: DocumentBlock, ref: ReferenceOccurrence, out: NoarkqDiagnostic[]): void {
  if (target.index < block.index) return;
  const self = target === block;
  const related = self
    ? []
    : [{ start: target.start - block.start + target.parsed.name!.start, end: target.start - block.start + target.parsed.name!.end, message: `block ${ref.name}` }];
  out.push({
    code: DocumentCodes.referenceLaterBlock,
    severity: 'error',
    ...ref.nameSpan,
    message: self
      ? `\`{{${referencePathText(ref)}}}\` refers to its own block, whose response does not exist before it runs: refer to an earlier block.`
      : block.index < 0
        ? `The request above the first \`###\` runs before every block: \`${ref.name}\` cannot be used here. Move this request into a block below \`${ref.name}\`.`
        : `Block \`${ref.name}\` comes later in the file: a reference can only use the response of an earlier block. Move \`${ref.name}\` above this block.`,
    related,
  });
}

/** Where a reference is spliced into text (a path, a file name, part of a string), a whole
 * response object is never what was meant. */
function splicedIntoText(ref: ReferenceOccurrence): boolean {
  return ref.context !== 'variable' && !((ref.context === 'json' || ref.context === 'expectation') && ref.wholeValue);
}

/** The path exists in the target block's response shape. */
function checkPath(scope: ReferenceCheckScope, target: DocumentBlock, ref: ReferenceOccurrence, out: NoarkqDiagnostic[]): void {
  const answer = blockAnswer(target.parsed, scope.model);
  const segments = ref.segments;
  if (answer.shape === undefined) {
    const end = segments.length > 0 ? segments[segments.length - 1].end : ref.nameSpan.end;
    out.push({
      code: DocumentCodes.referenceNoResponse,
      severity: 'error',
      start: ref.nameSpan.start,
      end,
      message: `Block \`${ref.name}\` has no JSON response (${answer.reason}), so \`{{${referencePathText(ref)}}}\` has nothing to read: refer to a block that answers with JSON.`,
    });
    return;
  }
  if (segments.length === 0) {
    if (!splicedIntoText(ref)) return;
    const path = obviousIdPath(answer.shape);
    out.push({
      code: DocumentCodes.referenceWholeResponse,
      severity: 'warning',
      ...ref.nameSpan,
      message:
        `\`{{${ref.name}}}\` is the whole response of block \`${ref.name}\`, a JSON object, which cannot stand in text: write the path to a value` +
        (path ? `, e.g. \`{{${ref.name}${path}}}\`.` : ', e.g. `{{' + ref.name + '.name}}`.'),
      fixes: path ? [{ title: `Change to {{${ref.name}${path}}}`, preferred: true, edits: [{ start: ref.nameSpan.end, end: ref.nameSpan.end, newText: path }] }] : undefined,
    });
    return;
  }
  const { problem } = walkShape(answer.shape, segments, ref.name);
  if (!problem) return;
  const segment = segments[problem.segmentIndex];
  const span: Span = { start: segment.start, end: segment.end };
  switch (problem.kind) {
    case 'not-indexable': {
      const only = problem.suggestions.length === 1 && isPathName(problem.suggestions[0]) ? problem.suggestions[0] : undefined;
      out.push({
        code: DocumentCodes.referenceNotIndexable,
        severity: 'error',
        ...span,
        message: problem.message,
        fixes: only ? [{ title: `Change to .${only}`, preferred: true, edits: [{ ...span, newText: `.${only}` }] }] : undefined,
      });
      return;
    }
    case 'array-needs-index': {
      // The segment's span leaves out its dot: `[0]` goes in front of the dot.
      const at = segment.start - 1;
      out.push({
        code: DocumentCodes.referenceUnknownPath,
        severity: 'error',
        ...span,
        message: problem.message,
        fixes: [{ title: 'Take the first item: insert [0]', preferred: true, edits: [{ start: at, end: at, newText: '[0]' }] }],
      });
      return;
    }
    default: {
      const suggestion = problem.suggestions.find(isPathName);
      out.push({
        code: DocumentCodes.referenceUnknownPath,
        severity: 'error',
        ...span,
        message: problem.message,
        fixes: suggestion && segment.kind === 'property' ? [{ title: `Change to ${suggestion}`, preferred: true, edits: [{ ...span, newText: suggestion }] }] : undefined,
      });
    }
  }
}

/** `.id`, `.results[0].id` or `.saved.<the one saved id>.id`: the id a whole-response reference
 * most likely meant, when there is exactly one such. */
function obviousIdPath(shape: ResponseShape): string | undefined {
  if (shape.kind !== 'object') return undefined;
  const p = shape.properties;
  if (p.id?.kind === 'value') return '.id';
  const results = p.results;
  if (results?.kind === 'array' && results.items.kind === 'entity') return '.results[0].id';
  const saved = p.saved;
  if (saved?.kind === 'keyed') {
    const keys = Object.keys(saved.entries);
    if (keys.length === 1 && isPathName(keys[0])) return `.saved.${keys[0]}.id`;
  }
  return undefined;
}

