/**
 * Which variables a block sees, innermost first: its own variables, then the file variables (the
 * preamble's), then the environment's. Spans are in the block's offset space, so a file
 * variable's span is negative for a block below the preamble; shifting by the block's start gives
 * its document offset, which is how diagnostics about it come back out.
 */
import type { JsonValue } from '../jsonValue';
import type { Span } from '../diagnostics';
import type { VariableBinding, VariableValue } from '../query/queryContext';
import type { DocumentBlock, NoarkqDocument, VariableDeclaration } from './documentModel';
import { referencePathText } from './referenceScanner';

export function visibleVariables(
  doc: NoarkqDocument,
  block: DocumentBlock,
  environment?: Readonly<Record<string, JsonValue>>,
): VariableBinding[] {
  const bindings: VariableBinding[] = [];
  const isPreamble = block === doc.preamble || block.index < 0;
  if (!isPreamble) {
    for (const v of usable(block.parsed.variables)) bindings.push(binding(v, 'block', 0));
  }
  for (const v of usable(doc.preamble.parsed.variables)) bindings.push(binding(v, 'file', doc.preamble.start - block.start));
  for (const [name, value] of Object.entries(environment ?? {})) {
    bindings.push({ name, scope: 'environment', value: { kind: 'json', value } });
  }
  return bindings;
}

/** Declarations that take effect: those written before the request line. */
export function usable(variables: readonly VariableDeclaration[]): VariableDeclaration[] {
  return variables.filter((v) => !v.misplaced);
}

/** The first declaration of `name` that takes effect, without making the list of them (name
 * lookups run for every reference and parameter of a big file). */
export function usableNamed(variables: readonly VariableDeclaration[], name: string): VariableDeclaration | undefined {
  return variables.find((v) => !v.misplaced && v.name === name);
}

/**
 * A declaration that says what is read of it: the document checker hands the checks file
 * variables whose reads it records (documentChecker.ts), so that a block's result is kept while
 * what it read is unchanged. `ask` is the memo point of `VariableBinding.ask`: the question on
 * the declaration's value, recorded with its answer instead of the whole value.
 */
export interface RecordingDeclaration extends VariableDeclaration {
  [askDeclaration]?<T>(question: (v: VariableDeclaration) => T): T;
}

export const askDeclaration = Symbol('askDeclaration');

/** Each part read when the check reads it, so that a check reads (and a recording declaration
 * records) only what it uses. A class: getters on an object literal put it in dictionary mode,
 * which every check's reads of it would pay for. */
class LazyBinding implements VariableBinding {
  constructor(
    private readonly v: RecordingDeclaration,
    readonly scope: 'block' | 'file',
    private readonly delta: number,
    readonly name = v.name,
  ) {}

  get span(): Span {
    return { start: this.v.nameSpan.start + this.delta, end: this.v.nameSpan.end + this.delta };
  }

  get valueSpan(): Span {
    const span = this.v.value.span;
    return { start: span.start + this.delta, end: span.end + this.delta };
  }

  get value(): VariableValue {
    return valueOf(this.v);
  }

  ask<T>(question: (value: VariableValue) => T): T {
    const v = this.v;
    return v[askDeclaration] ? v[askDeclaration](onDeclaration(question)) : question(valueOf(v));
  }
}

const declarationQuestions = new WeakMap<(value: VariableValue) => unknown, (v: VariableDeclaration) => unknown>();

/** `question` put to a declaration's value: one function per question, since a recording
 * declaration keeps it with every block's result that asked it. */
function onDeclaration<T>(question: (value: VariableValue) => T): (v: VariableDeclaration) => T {
  let asked = declarationQuestions.get(question) as ((v: VariableDeclaration) => T) | undefined;
  if (asked === undefined) declarationQuestions.set(question, (asked = (v) => question(valueOf(v))));
  return asked;
}

function binding(v: RecordingDeclaration, scope: 'block' | 'file', delta: number): VariableBinding {
  return new LazyBinding(v, scope, delta);
}

function valueOf(v: VariableDeclaration): VariableValue {
  switch (v.value.kind) {
    case 'json':
      return { kind: 'json', value: v.value.value };
    case 'reference':
      return { kind: 'reference', text: `{{${referencePathText(v.value.reference)}}}` };
    case 'invalid':
      return { kind: 'invalid' };
  }
}

/**
 * The variables `{{name}}` leads through from `block`, as the run follows them (the block's own
 * variables first, then the file's): `name`, then the variable each value that is exactly one
 * `{{variable}}` names, until a value of another kind, a name no variable declares, or a name met
 * before, which is returned as `repeated` (the chain is then a cycle from there).
 */
export function variableChain(doc: NoarkqDocument, block: DocumentBlock, name: string): { names: string[]; repeated?: string } {
  const own = block.index >= 0 ? usable(block.parsed.variables) : [];
  const file = usable(doc.preamble.parsed.variables);
  const names: string[] = [];
  for (let next: string | undefined = name; next !== undefined; ) {
    if (names.includes(next)) return { names, repeated: next };
    const at: string = next;
    const declaration = own.find((v) => v.name === at) ?? file.find((v) => v.name === at);
    if (declaration === undefined) break;
    names.push(at);
    next = declaration.value.kind === 'reference' && declaration.value.reference.segments.length === 0 ? declaration.value.reference.name : undefined;
  }
  return { names };
}
