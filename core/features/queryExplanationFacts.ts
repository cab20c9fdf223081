/**
 * What an explanation of a QUERY says, as facts taken from the AST and the model, before they are
 * put in words (queryExplanationTexts.ts, one set of words per language). Kept apart so that the
 * two languages say the same things and differ only in how.
 */
import type { JsonValue } from '../jsonValue';
import type { FieldType } from '../schema/types';

/** An entity type as named in the query; `known` is false when the model does not have it. */
export interface TypeFact {
  name: string;
  /** The spec's English name ("Case File"), when the model has one. */
  title: string | undefined;
  known: boolean;
  abstract: boolean;
  /** For an abstract type: the concrete types it stands for. */
  subtypes: readonly string[];
}

/** What a parameter stands for where the explanation is made. */
export type ValueFact =
  /** A JSON value from a variable line or the environment. */
  | { kind: 'json'; value: JsonValue }
  /** `{{...}}`: known only when the file runs. */
  | { kind: 'reference'; text: string }
  /** A variable line whose value did not parse (reported there). */
  | { kind: 'invalid' }
  /** Nothing defines it. */
  | { kind: 'undefined' };

export type OperandFact =
  | { kind: 'parameter'; name: string; value: ValueFact }
  /** A literal where a parameter belongs (an error: rule 1). */
  | { kind: 'literal'; text: string }
  | { kind: 'missing' };

/** One reference followed by a path. */
export interface ChainStep {
  reference: string;
  target: TypeFact;
  toMany: boolean;
}

/** Where a path starts and what it walks through. */
export interface ChainFact {
  path: string;
  /** The query type, or the alias the path starts from. */
  start: { kind: 'type'; type: TypeFact } | { kind: 'alias'; alias: string; target: TypeFact | undefined };
  steps: ChainStep[];
  /** The last name when it is a field (undefined when the path ends on a reference). */
  field: string | undefined;
  /** False when a name on the way is not known to the model (the walk stops there). */
  complete: boolean;
}

/** A date or timestamp value that the archive reads in another form than written. */
export type DayFact =
  /** A date on a timestamp field: the whole day in the archive's zone. */
  | { kind: 'day'; parameter: string; date: string; from: string; to: string; timeZone: string; role: 'value' | 'lower' | 'upper'; inclusive: boolean }
  /** A timestamp on a date field: its date in the archive's zone. */
  | { kind: 'date-of-timestamp'; parameter: string; timestamp: string; date: string; timeZone: string };

/** What `%=`'s pattern means, read from the parameter's value. */
export type LikeMeaning =
  | { kind: 'contains' | 'starts-with' | 'ends-with' | 'exact'; text: string }
  | { kind: 'pattern'; pattern: string }
  | { kind: 'anything' }
  /** The value is not known here. */
  | { kind: 'unknown' };

export type ConditionFact =
  | {
      kind: 'compare';
      path: string;
      operator: '=' | '!=';
      operand: OperandFact;
      /** What the path ends on. */
      terminal: { kind: 'field'; type: FieldType; name: string } | { kind: 'reference'; owner: TypeFact | undefined; target: TypeFact } | { kind: 'unknown' };
    }
  | { kind: 'like'; path: string; operand: OperandFact; meaning: LikeMeaning }
  | {
      kind: 'range';
      path: string;
      /** `!=` or `%=` before a range (an error); `=` is the form. */
      operator: '=' | '!=' | '%=';
      lower: OperandFact;
      upper: OperandFact;
      lowerInclusive: boolean;
      upperInclusive: boolean;
    }
  /** A condition the parser could not complete; `text` is what there is of it. */
  | { kind: 'incomplete'; text: string };

export interface ConditionNode {
  kind: 'condition';
  condition: ConditionFact;
  /** The reference walk of its path, when the path follows a reference or starts from an alias. */
  chain: ChainFact | undefined;
  days: DayFact[];
}

export interface LogicNode {
  kind: 'logic';
  operator: '&&' | '||';
  operands: ExpressionNode[];
}

export type ExpressionNode = ConditionNode | LogicNode;

/** Rule 6: two or more conditions go through one path. */
export interface SharedPathFact {
  /** The shared prefix, e.g. `refEksternId` or `#k1`. */
  prefix: string;
  /** The type the prefix leads to. */
  target: TypeFact;
  /** The paths of the conditions that share it (each once). */
  paths: string[];
  /** How many conditions share it. */
  count: number;
  /** The operator that joins them nearest (their closest common `&&` or `||`). */
  operator: '&&' | '||';
}

export interface JoinFact {
  alias: string;
  path: string;
  /** The type the alias stands for, when the path resolves. */
  target: TypeFact | undefined;
  toMany: boolean;
  /** The alias is never used in WHERE. */
  unused: boolean;
}

export interface SortFact {
  path: string;
  order: 'asc' | 'desc';
  fieldType: FieldType | undefined;
}

export interface PagingFact {
  /** Undefined: no LIMIT line; `invalid`: a LIMIT without a usable number. */
  limit: number | 'invalid' | undefined;
  offset: number | 'invalid' | undefined;
  maxLimit: number;
}

export interface QueryFacts {
  type: TypeFact | undefined;
  /** Number of comparisons in WHERE. */
  conditionCount: number;
  where: ExpressionNode | undefined;
  sharedPaths: SharedPathFact[];
  joins: JoinFact[];
  sort: SortFact[];
  paging: PagingFact;
  publicUse: boolean | 'invalid' | undefined;
}
