/**
 * What a `{{reference}}` stands for: a variable's value, or a path into an earlier block's
 * response shape. Walks the segments over the shape and stops at the first one that does not
 * exist, saying what does. A `{{name}}` whose variable holds a reference is followed, so an id
 * kept in a variable still carries its entity type.
 */
import type { JsonValue } from '../jsonValue';
import type { NoarkModel } from '../schema/types';
import { didYouMean } from '../text/didYouMean';
import { blockAnswer } from './blockResponses';
import { blockNameIndex } from './documentNavigation';
import type { DocumentBlock, NoarkqDocument, ReferenceOccurrence, ReferenceSegment, VariableDeclaration } from './documentModel';
import { genericEntityProperties } from './entityShapes';
import type { ReferenceProblemKind, ReferenceResolution, ResponseShape } from './responseShape';
import { usable, usableNamed } from './variableScope';

/** Everything a resolution looks at besides the reference: kept apart so that the document
 * checker can give it a prebuilt name index. */
export interface ResolutionScope {
  doc: NoarkqDocument;
  model: NoarkModel;
  environment?: Readonly<Record<string, JsonValue>>;
  /** The first block with this name. */
  blockNamed(name: string): DocumentBlock | undefined;
}

/**
 * Resolves `reference`, written in `fromBlock`. `{{name}}` alone is a visible variable (block,
 * file, then environment) or, failing that, a block's whole response; a path always reads a block.
 */
export function resolveReference(
  doc: NoarkqDocument,
  fromBlock: DocumentBlock,
  reference: Pick<ReferenceOccurrence, 'name' | 'segments'>,
  model: NoarkModel,
  environment?: Readonly<Record<string, JsonValue>>,
): ReferenceResolution {
  const index = blockNameIndex(doc);
  return resolveInScope({ doc, model, environment, blockNamed: (n) => index.get(n) }, fromBlock, reference);
}

export function resolveInScope(scope: ResolutionScope, fromBlock: DocumentBlock, reference: Pick<ReferenceOccurrence, 'name' | 'segments'>): ReferenceResolution {
  return resolve(scope, fromBlock, reference, new Set());
}

function resolve(
  scope: ResolutionScope,
  fromBlock: DocumentBlock,
  reference: Pick<ReferenceOccurrence, 'name' | 'segments'>,
  following: Set<VariableDeclaration>,
): ReferenceResolution {
  const { name, segments } = reference;
  if (segments.length === 0) {
    const variable = lookupVariable(scope, fromBlock, name);
    if (variable) return { variableName: name, ...variableShape(scope, fromBlock, variable, following) };
  }
  const block = scope.blockNamed(name);
  if (!block) {
    let suggestions: string[] | undefined;
    return {
      problem: {
        kind: 'unknown-name',
        segmentIndex: -1,
        message: segments.length === 0 ? `\`${name}\` is neither a variable nor a block.` : `No block is named \`${name}\`.`,
        // Worked out when asked: most callers only want to know that the name is unknown, and
        // the suggestion looks at every block name.
        get suggestions(): string[] {
          return (suggestions ??= suggest(name, [...(segments.length === 0 ? variableNames(scope, fromBlock) : []), ...blockNames(scope.doc)]));
        },
      },
    };
  }
  const answer = blockAnswer(block.parsed, scope.model);
  if (answer.shape === undefined) {
    return {
      blockName: name,
      problem: {
        kind: 'no-response',
        segmentIndex: 0,
        message: `Block \`${name}\` has no JSON response (${answer.reason}), so \`{{${name}...}}\` has nothing to read.`,
        suggestions: [],
      },
    };
  }
  return { blockName: name, ...walkShape(answer.shape, segments, name) };
}

type Variable = { kind: 'declared'; declaration: VariableDeclaration } | { kind: 'environment'; value: JsonValue };

function lookupVariable(scope: ResolutionScope, fromBlock: DocumentBlock, name: string): Variable | undefined {
  const isPreamble = fromBlock.index < 0;
  if (!isPreamble) {
    const own = usableNamed(fromBlock.parsed.variables, name);
    if (own) return { kind: 'declared', declaration: own };
  }
  const file = usableNamed(scope.doc.preamble.parsed.variables, name);
  if (file) return { kind: 'declared', declaration: file };
  const env = scope.environment;
  if (env && Object.prototype.hasOwnProperty.call(env, name)) return { kind: 'environment', value: env[name] };
  return undefined;
}

function variableNames(scope: ResolutionScope, fromBlock: DocumentBlock): string[] {
  const names = usable(scope.doc.preamble.parsed.variables).map((v) => v.name);
  if (fromBlock.index >= 0) names.push(...usable(fromBlock.parsed.variables).map((v) => v.name));
  names.push(...Object.keys(scope.environment ?? {}));
  return names;
}

function blockNames(doc: NoarkqDocument): string[] {
  return [...blockNameIndex(doc).keys()];
}

function variableShape(scope: ResolutionScope, fromBlock: DocumentBlock, variable: Variable, following: Set<VariableDeclaration>): ReferenceResolution {
  if (variable.kind === 'environment') return { shape: shapeOfJson(variable.value) };
  const v = variable.declaration;
  switch (v.value.kind) {
    case 'json':
      return { shape: shapeOfJson(v.value.value) };
    case 'invalid':
      return { shape: unknownShape };
    case 'reference': {
      // `@a = {{a}}` and other cycles stop here: a variable is evaluated where it is used.
      if (following.has(v)) return { shape: unknownShape };
      following.add(v);
      const inner = resolve(scope, fromBlock, v.value.reference, following);
      following.delete(v);
      // A problem inside the variable's value is reported on the declaration, not here.
      return inner.problem ? { shape: unknownShape } : { shape: inner.shape, entityType: inner.entityType };
    }
  }
}

const unknownShape: ResponseShape = { kind: 'value', type: 'unknown' };

function shapeOfJson(value: JsonValue): ResponseShape {
  if (value === null) return { kind: 'value', type: 'null' };
  if (typeof value === 'string') return { kind: 'value', type: 'string' };
  if (typeof value === 'number') return { kind: 'value', type: 'number' };
  if (typeof value === 'boolean') return { kind: 'value', type: 'boolean' };
  if (Array.isArray(value)) return { kind: 'array', items: value.length > 0 ? shapeOfJson(value[0]) : unknownShape };
  const properties: Record<string, ResponseShape> = {};
  for (const [k, v] of Object.entries(value)) properties[k] = shapeOfJson(v);
  return { kind: 'object', properties };
}

/** The members an object-like shape has, or undefined for arrays and values. */
export function propertiesOf(shape: ResponseShape): Readonly<Record<string, ResponseShape>> | undefined {
  switch (shape.kind) {
    case 'object':
      return shape.properties;
    case 'keyed':
      return shape.entries;
    case 'entity':
      return shape.properties ?? genericEntityProperties(shape.entityType);
    default:
      return undefined;
  }
}

function segmentText(s: ReferenceSegment): string {
  return s.kind === 'property' ? `.${s.name}` : `[${s.index}]`;
}

const typeWords: Record<string, string> = { string: 'a string', number: 'a number', boolean: 'a boolean', null: 'null' };

/** Follows `segments` from `root`, the response of block `name`. */
export function walkShape(root: ResponseShape, segments: readonly ReferenceSegment[], name: string): ReferenceResolution {
  let shape = root;
  let where = name;
  const fail = (kind: ReferenceProblemKind, segmentIndex: number, message: string, suggestions: string[] = []): ReferenceResolution => ({
    problem: { kind, segmentIndex, message, suggestions },
  });
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    if (shape.kind === 'value' && shape.type === 'unknown') return { shape: unknownShape };
    if (segment.kind === 'index') {
      if (shape.kind === 'array') {
        shape = shape.items;
        where += segmentText(segment);
        continue;
      }
      const keys = Object.keys(propertiesOf(shape) ?? {});
      const what = describeKind(shape);
      const named = keys.filter(isPathName);
      const hint =
        shape.kind === 'keyed'
          ? named.length > 0
            ? `: write \`.${named[0]}\`${named.length > 1 ? ` (or ${listNames(named.slice(1))})` : ''}`
            : keys.length > 0
              ? ''
              : ': it is empty, since nothing is saved'
          : keys.length > 0
            ? `: write \`.name\` (${listNames(keys)})`
            : '';
      return fail('not-indexable', i, `\`${where}\` is ${what}, not an array, so \`[${segment.index}]\` cannot index it${hint}.`, shape.kind === 'keyed' ? keys : []);
    }
    if (shape.kind === 'array') {
      const example = `${where}[0].${segment.name}`;
      return fail('array-needs-index', i, `\`${where}\` is an array: pick one item before reading \`${segment.name}\`, e.g. \`${example}\`.`);
    }
    if (shape.kind === 'value') {
      return fail('unknown-member', i, `\`${where}\` is ${typeWords[shape.type] ?? 'a value'}: it has no \`${segment.name}\`.`);
    }
    const members = propertiesOf(shape) ?? {};
    const next = Object.prototype.hasOwnProperty.call(members, segment.name) ? members[segment.name] : undefined;
    if (next) {
      shape = next;
      where += segmentText(segment);
      continue;
    }
    if (shape.kind === 'object' && shape.open) return { shape: unknownShape };
    const keys = Object.keys(members);
    const suggestions = suggest(segment.name, keys);
    const dym = suggestions.length > 0 ? `: did you mean \`${suggestions[0]}\`?` : '.';
    const has =
      shape.kind === 'keyed'
        ? keys.length > 0
          ? ` The transaction saves ${listNames(keys)}.`
          : ' The transaction saves nothing (only `save` actions appear in `saved`).'
        : keys.length > 0
          ? ` It has ${listNames(keys)}.`
          : '';
    const subject = shape.kind === 'entity' ? `\`${where}\` (a ${shape.entityType})` : `\`${where}\``;
    return fail('unknown-member', i, `${subject} has no \`${segment.name}\`${dym}${has}`, suggestions);
  }
  return { shape, entityType: shape.kind === 'value' ? shape.idOf : undefined };
}

function describeKind(shape: ResponseShape): string {
  switch (shape.kind) {
    case 'keyed':
      return 'an object keyed by the saved ids';
    case 'entity':
      return `a ${shape.entityType}`;
    case 'object':
      return 'an object';
    case 'array':
      return 'an array';
    case 'value':
      return typeWords[shape.type] ?? 'a value';
  }
}

function listNames(names: readonly string[]): string {
  const shown = names.slice(0, 8).map((n) => `\`${n}\``);
  return shown.join(', ') + (names.length > shown.length ? `, … (${names.length - shown.length} more)` : '');
}

/** Close candidates, best first: `didYouMean`'s pick, then the others it would also accept. */
function suggest(name: string, candidates: readonly string[]): string[] {
  const best = didYouMean(name, candidates);
  return best === undefined ? [] : [best];
}

/** Whether `.name` can be written in a reference (a numeric `saved` key cannot). */
export function isPathName(name: string): boolean {
  return /^[A-Za-z_$][A-Za-z0-9_$-]*$/.test(name);
}
