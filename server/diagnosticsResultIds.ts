/**
 * The result ids of pulled diagnostics: a document's version, then the serial of its list of
 * diagnostics, which stays while an edit changes none of them. In the server's connection bundle
 * (the pull handler reads them), so it imports no checker.
 */
import type { DiagnosticsResult } from './documentDiagnostics';

export function resultIdOf(version: number, listSerial: number): string {
  return `${version}.${listSerial}`;
}

/**
 * Whether a client that was last sent the result `previousResultId` for this document (the
 * `previousResultId` of a pull) already shows `result`'s diagnostics: its list serial is this
 * result's. The lists are compared as the server makes them, in UTF-16 positions; a client that
 * counts in another encoding may see two equal lists differ (a character of another width before
 * a diagnostic on its line), so only the id of the same result counts for it.
 */
export function showsResult(previousResultId: string | undefined, result: DiagnosticsResult, utf16: boolean): boolean {
  if (previousResultId === undefined) return false;
  if (previousResultId === result.resultId) return true;
  return utf16 && previousResultId.slice(previousResultId.indexOf('.') + 1) === String(result.listSerial);
}
