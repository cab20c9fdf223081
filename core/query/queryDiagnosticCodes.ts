/** The catalogue of every diagnostic code the query parser and checker can produce. */
import type { DiagnosticCodeInfo, NoarkqDiagnostic, Severity, Fix } from '../diagnostics';

export const queryDiagnosticCodes: readonly DiagnosticCodeInfo[] = [
  // Expression syntax (parser)
  { code: 'noarkq.syntax-unexpected-token', severity: 'error', description: 'A token that does not belong where it is written.' },
  { code: 'noarkq.syntax-missing-operand', severity: 'error', description: 'A comparison without its parameter, or `&&`/`||` without a condition on one side.' },
  { code: 'noarkq.syntax-missing-operator', severity: 'error', description: 'A comparison without `=`, `!=` or `%=`, or two conditions without `&&`/`||` between them.' },
  { code: 'noarkq.syntax-invalid-operator', severity: 'error', description: 'An operator the query language does not have (`==`, `<`, `>`, `&`, `|`, `and`, `or`).' },
  { code: 'noarkq.syntax-unbalanced', severity: 'error', description: 'A `(` without its `)` or a `)` without its `(`.' },
  { code: 'noarkq.syntax-malformed-range', severity: 'error', description: 'A range that is not `[@from:@to]` (brackets `[`/`]` include, `{`/`}` exclude a bound).' },
  { code: 'noarkq.syntax-missing-field', severity: 'error', description: 'A comparison without a field, or a path ending with `.`.' },
  { code: 'noarkq.syntax-unterminated-string', severity: 'error', description: 'A quoted string without its closing quote.' },
  { code: 'noarkq.syntax-empty-expression', severity: 'error', description: 'WHERE without an expression.' },
  // Request structure (parser)
  { code: 'noarkq.missing-type', severity: 'error', description: 'QUERY without an entity type.' },
  { code: 'noarkq.unknown-clause', severity: 'error', description: 'A line in a QUERY request that is not WHERE, JOIN, SORT, LIMIT, OFFSET or PUBLICUSE.' },
  { code: 'noarkq.duplicate-clause', severity: 'error', description: 'A clause other than JOIN written twice.' },
  { code: 'noarkq.invalid-number', severity: 'error', description: 'LIMIT or OFFSET without a whole number.' },
  { code: 'noarkq.invalid-boolean', severity: 'error', description: 'PUBLICUSE without `true` or `false`.' },
  { code: 'noarkq.join-malformed', severity: 'error', description: 'A JOIN line that is not `JOIN #alias = <reference path>`.' },
  { code: 'noarkq.sort-malformed', severity: 'error', description: 'A SORT line that is not `SORT <field> [ASC|DESC] {, <field> [ASC|DESC]}`.' },
  // Types, fields, references (checker)
  { code: 'noarkq.unknown-type', severity: 'error', description: 'The QUERY type is not an entity type of the archive.' },
  { code: 'noarkq.type-not-queryable', severity: 'error', description: 'The entity type cannot be the type of a query.' },
  { code: 'noarkq.unknown-field', severity: 'error', description: 'A field or reference that the type does not have.' },
  { code: 'noarkq.not-a-reference', severity: 'error', description: 'A path step (or JOIN path) that is a field, where only a reference can be followed.' },
  { code: 'noarkq.partial-member', severity: 'warning', description: 'On an abstract type, a member that only some of its subtypes have.' },
  { code: 'noarkq.field-not-queryable', severity: 'error', description: 'A field marked not queryable (e.g. virksomhetsspesifikkeMetadata).' },
  { code: 'noarkq.literal-in-query', severity: 'error', description: 'A literal where a parameter belongs: values are always `@parameters` (rule 1).' },
  { code: 'noarkq.like-on-non-string', severity: 'error', description: '`%=` on a field that is not a string (or on `id`, which allows exact matches only).' },
  { code: 'noarkq.range-on-invalid-type', severity: 'error', description: 'A range on a field that is not a date, timestamp or number.' },
  { code: 'noarkq.range-needs-equals', severity: 'error', description: 'A range after `!=` or `%=`: ranges are written `field = [@from:@to]`.' },
  { code: 'noarkq.reference-comparison', severity: 'error', description: 'A reference compared with anything but a parameter whose value is null.' },
  // Parameters
  { code: 'noarkq.param-name-invalid', severity: 'error', description: 'A parameter name that is not `@` followed by letters and digits.' },
  { code: 'noarkq.param-undefined', severity: 'error', description: 'A parameter used in the expression without a visible variable.' },
  { code: 'noarkq.param-unused', severity: 'warning', description: 'A block variable that the query does not use.' },
  { code: 'noarkq.param-type-mismatch', severity: 'error', description: "A parameter value that cannot match the field's type." },
  { code: 'noarkq.param-coerced', severity: 'warning', description: 'A parameter value the archive converts to the field\'s type (`"2015"` for a number, `"true"` for a boolean, a number for text): send the canonical type.' },
  { code: 'noarkq.param-date-on-timestamp', severity: 'information', description: 'A date on a timestamp field: it stands for the whole day in the archive\'s zone (Europe/Oslo); an inclusive end bound includes that day.' },
  { code: 'noarkq.param-timestamp-on-date', severity: 'information', description: 'A timestamp on a date field: it stands for its date in the archive\'s zone (Europe/Oslo), its time of day not compared; the fix writes that date.' },
  // Joins
  { code: 'noarkq.alias-name-invalid', severity: 'error', description: 'An alias name that is not `#` followed by letters and digits.' },
  { code: 'noarkq.alias-undefined', severity: 'error', description: 'An alias used without a JOIN line that defines it.' },
  { code: 'noarkq.alias-unused', severity: 'warning', description: 'A JOIN alias that nothing uses.' },
  { code: 'noarkq.alias-duplicate', severity: 'error', description: 'Two JOIN lines defining the same alias.' },
  { code: 'noarkq.alias-cycle', severity: 'error', description: 'JOIN aliases defined through each other in a cycle.' },
  { code: 'noarkq.same-path-twice', severity: 'warning', description: 'The same to-many reference compared twice with `&&`: both conditions hold on one linked entity only (rule 6).' },
  // Sort, paging, style
  { code: 'noarkq.sort-on-reference', severity: 'error', description: 'SORT on a reference field.' },
  { code: 'noarkq.sort-not-sortable', severity: 'error', description: 'SORT on a field that is not sortable.' },
  { code: 'noarkq.limit-too-large', severity: 'error', description: 'LIMIT above the maximum of 500.' },
  { code: 'noarkq.negative-limit', severity: 'error', description: 'A negative LIMIT.' },
  { code: 'noarkq.negative-offset', severity: 'error', description: 'A negative OFFSET.' },
  { code: 'noarkq.mixed-and-or', severity: 'information', description: '`&&` and `||` mixed without parentheses (`&&` binds tighter).' },
];

const severityByCode = new Map<string, Severity>(queryDiagnosticCodes.map((c) => [c.code, c.severity]));

/** Builds a diagnostic with the catalogued severity, so a code can never change severity by accident. */
export function queryDiagnostic(code: string, start: number, end: number, message: string, fixes?: Fix[]): NoarkqDiagnostic {
  const severity = severityByCode.get(code);
  if (severity === undefined) throw new Error(`uncatalogued query diagnostic code ${code}`);
  const d: NoarkqDiagnostic = { code, severity, start, end, message };
  if (fixes && fixes.length > 0) d.fixes = fixes;
  return d;
}
