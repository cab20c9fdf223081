/** The query language: scanner, error-recovering parser, checker and `POST query` serialiser. */
export { parseQueryRequest } from './queryRequestParser';
export { parseMaskedExpression, parseQueryExpression } from './queryParser';
export { checkQueryRequest, maxQueryLimit, parameterValueMismatch, parameterValueVariant, sanitizeName, type ParameterVariant } from './queryChecker';
export { archiveDay, archiveTimeZone, archiveTimestamp, dayBoundTimestamp, dayMeaning, timestampArchiveDate, timestampDateMeaning, type ArchiveDay, type DayRole } from './archiveDay';
export { serializeQuery, expressionText, pathText, collectParameters, queryParameterNames } from './querySerializer';
export { queryDiagnosticCodes } from './queryDiagnosticCodes';
export { scanQueryTokens, type Token, type TokenKind } from './queryScanner';
export type { QueryCheckContext, VariableBinding, VariableValue } from './queryContext';
export { comparisonOperatorSpan, logicalOperatorSpans } from './queryAst';
export type {
  AliasName,
  BooleanClause,
  Bound,
  Comparison,
  ComparisonOperator,
  Expression,
  GroupExpression,
  Identifier,
  JoinClause,
  Literal,
  LogicalExpression,
  NumberClause,
  Operand,
  Parameter,
  Path,
  QueryBody,
  QueryRequest,
  Range,
  SortClause,
  SortItem,
  WhereClause,
} from './queryAst';
