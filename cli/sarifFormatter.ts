/**
 * SARIF 2.1.0, the format code-scanning services read: one run, the whole diagnostic catalogue as
 * rules, one result per finding with a relative, forward-slash artifact URI.
 */
import type { DiagnosticCodeInfo, Severity } from '../core/diagnostics';
import type { Finding } from './findings';

/** Where the rules are documented; the README carries the diagnostic table. */

type SarifLevel = 'error' | 'warning' | 'note';

export function sarifLevel(severity: Severity): SarifLevel {
  return severity === 'error' ? 'error' : severity === 'warning' ? 'warning' : 'note';
}

export interface SarifLog {
  $schema: string;
  version: '2.1.0';
  runs: SarifRun[];
}

interface SarifRun {
  tool: {
    driver: {
      name: string;
      version: string;
      rules: { id: string; shortDescription: { text: string }; defaultConfiguration: { level: SarifLevel } }[];
    };
  };
  results: {
    ruleId: string;
    ruleIndex: number;
    level: SarifLevel;
    message: { text: string };
    locations: {
      physicalLocation: {
        artifactLocation: { uri: string };
        region: { startLine: number; startColumn: number; endLine: number; endColumn: number };
      };
    }[];
  }[];
}

/** `file` must already be relative to the working directory. */
export function toArtifactUri(file: string): string {
  return encodeURI(file.replace(/\\/g, '/').replace(/^\.\//, ''));
}

export function buildSarif(findings: readonly Finding[], catalogue: readonly DiagnosticCodeInfo[], version: string): SarifLog {
  const rules = catalogue.map((c) => ({
    id: c.code,
    shortDescription: { text: c.description },
    defaultConfiguration: { level: sarifLevel(c.severity) },
  }));
  const index = new Map(rules.map((r, i) => [r.id, i]));
  for (const f of findings) {
    // A code missing from the catalogue is a bug, but its results must still be valid SARIF.
    if (!index.has(f.code)) {
      index.set(f.code, rules.length);
      rules.push({ id: f.code, shortDescription: { text: f.code }, defaultConfiguration: { level: sarifLevel(f.severity) } });
    }
  }
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'noarkq', version, rules } },
        results: findings.map((f) => ({
          ruleId: f.code,
          ruleIndex: index.get(f.code)!,
          level: sarifLevel(f.severity),
          message: { text: f.message },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: toArtifactUri(f.file) },
                region: { startLine: f.line, startColumn: f.column, endLine: f.endLine, endColumn: f.endColumn },
              },
            },
          ],
        })),
      },
    ],
  };
}

export function formatSarif(findings: readonly Finding[], catalogue: readonly DiagnosticCodeInfo[], version: string): string {
  return JSON.stringify(buildSarif(findings, catalogue, version), null, 2) + '\n';
}
