/**
 * What the query checker is told about the world around one QUERY request: the model, and the
 * variables it can see. The document layer builds this; the checker never reads files.
 */
import type { Span } from '../diagnostics';
import type { JsonValue } from '../jsonValue';
import type { NoarkModel } from '../schema/types';

export type VariableValue =
  /** A JSON literal from the variable line (`2024`, `"text"`, `true`, `null`, ...). */
  | { kind: 'json'; value: JsonValue }
  /** `{{block.path}}` or `{{variable}}`: the value exists only when the file runs. */
  | { kind: 'reference'; text: string }
  /** The line did not parse; the document checker already reported it. */
  | { kind: 'invalid' };

export interface VariableBinding {
  /** The name without `@`. */
  name: string;
  scope: 'block' | 'file' | 'environment';
  /** The `@name` of the declaration, in the same offset space as the request being checked.
   * Only block variables are guaranteed to have one. */
  span?: Span;
  /** The value as written after `=`, in the same offset space (for fixes that rewrite it). */
  valueSpan?: Span;
  value: VariableValue;
  /**
   * What a check reads of `value`, asked as one question (a memo point): a checker that keeps
   * results keys them on the answer instead of the value, so that a new value the answer does
   * not tell apart (2024 or 2025 compared with a number field) leaves them valid. The answer
   * must be JSON and hold everything the check does with the value. Absent: the question is put
   * to `value` (see `askValue`).
   */
  ask?<T>(question: (value: VariableValue) => T): T;
}

/** `question` put to the binding's value, through its memo point when it has one. */
export function askValue<T>(binding: VariableBinding, question: (value: VariableValue) => T): T {
  return binding.ask ? binding.ask(question) : question(binding.value);
}

export interface QueryCheckContext {
  model: NoarkModel;
  /** Visible variables, innermost first: block, then file, then environment. The first binding
   * of a name wins (a block variable shadows a file variable). */
  variables: readonly VariableBinding[];
  /** Where the request's parameter values are written: on variable lines (a QUERY block, the
   * default) or in the `parameters` of a `POST query` body. Messages and fixes say where to add one. */
  parameterValues?: 'variables' | 'body';
}
