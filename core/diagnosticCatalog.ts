/**
 * Every diagnostic code noarkq can produce, for SARIF rules, documentation and code lookups:
 * the query checker's, the document checker's (`noarkq.*`) and the transaction checker's (`tx.*`).
 */
import type { DiagnosticCodeInfo } from './diagnostics';
import { documentDiagnosticCodes } from './document/documentCodes';
import { queryDiagnosticCodes } from './query';
import { transactionDiagnosticCodes } from './transaction';

export const allDiagnosticCodes: readonly DiagnosticCodeInfo[] = [...queryDiagnosticCodes, ...documentDiagnosticCodes, ...transactionDiagnosticCodes];

const byCode = new Map(allDiagnosticCodes.map((c) => [c.code, c]));

export function diagnosticCodeInfo(code: string): DiagnosticCodeInfo | undefined {
  return byCode.get(code);
}
