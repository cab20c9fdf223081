/**
 * Every diagnostic code noarkq can produce, for SARIF rules, documentation and code lookups.
 * The transaction checker's codes (`tx.*`) join here when it lands.
 */
import type { DiagnosticCodeInfo } from './diagnostics';
import { documentDiagnosticCodes } from './document/documentCodes';
import { queryDiagnosticCodes } from './query';

export const allDiagnosticCodes: readonly DiagnosticCodeInfo[] = [...queryDiagnosticCodes, ...documentDiagnosticCodes];

const byCode = new Map(allDiagnosticCodes.map((c) => [c.code, c]));

export function diagnosticCodeInfo(code: string): DiagnosticCodeInfo | undefined {
  return byCode.get(code);
}
