/** `noarkq check`: parse and check files, print a report, and decide the exit code. */
import { readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { allDiagnosticCodes } from '../core/diagnosticCatalog';
import { checkDocument, parseDocument } from '../core/document';
import type { NoarkModel } from '../core/schema/types';
import { parseCheckArguments, usage } from './cliArguments';
import { expandInputs } from './fileExpansion';
import { countFindings, toFindings, type Finding } from './findings';
import { checkUploadFiles } from '../runner/blocks/uploadFiles';
import { formatJson, formatSummary, formatText } from './reportFormatters';
import { formatSarif } from './sarifFormatter';

export interface CliIo {
  cwd: string;
  out(text: string): void;
  err(text: string): void;
}

/** 3 is `noarkq run`'s alone: a write's outcome is unknown, which a script must not answer by running it again. */
export const ExitCode = { ok: 0, problems: 1, usage: 2, outcomeUnknown: 3 } as const;

export function runCheck(argv: readonly string[], io: CliIo, model: NoarkModel, version: string): number {
  const parsed = parseCheckArguments(argv);
  if (!parsed.ok) {
    io.err(`noarkq check: ${parsed.error}\n\n${usage}`);
    return ExitCode.usage;
  }
  const args = parsed.args;
  if (args.help) {
    io.out(usage);
    return ExitCode.ok;
  }

  const { files, problems } = expandInputs(args.inputs, io.cwd);
  const findings: Finding[] = [];
  let checked = 0;
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file.absolute, 'utf8');
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code === 'EISDIR' ? 'is a directory' : (error as Error).message;
      problems.push(`cannot read ${file.display}: ${reason}`);
      continue;
    }
    // A byte-order mark is not part of the first line (it would hide a `###` there).
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    const doc = parseDocument(text);
    const diagnostics = [...checkDocument(doc, { model }), ...checkUploadFiles(doc, file.absolute)].sort((a, b) => a.start - b.start);
    findings.push(...toFindings(file.display, text, diagnostics));
    checked++;
  }

  // The report and the summary share a terminal: the summary must start on its own line even
  // when what was printed before it did not end one.
  let lastWritten = '\n';
  const out = (text: string): void => {
    if (text !== '') lastWritten = text;
    io.out(text);
  };
  const err = (text: string): void => {
    if (text !== '') lastWritten = text;
    io.err(text);
  };
  if (args.format === 'json') out(formatJson(findings));
  else if (args.format === 'sarif') {
    const relativeFile = new Map(files.map((f) => [f.display, relative(io.cwd, f.absolute).split(sep).join('/')]));
    out(formatSarif(findings.map((f) => ({ ...f, file: relativeFile.get(f.file) ?? f.file })), allDiagnosticCodes, version));
  } else out(formatText(findings));

  for (const p of problems) err(`noarkq check: ${p}\n`);
  const counts = countFindings(findings);
  err((lastWritten.endsWith('\n') ? '' : '\n') + formatSummary(counts, checked));
  if (args.maxWarnings !== undefined && counts.warnings > args.maxWarnings) {
    io.err(`noarkq check: ${counts.warnings} warnings exceed --max-warnings ${args.maxWarnings}\n`);
  }

  if (problems.length > 0) return ExitCode.usage;
  if (counts.errors > 0) return ExitCode.problems;
  if (args.maxWarnings !== undefined && counts.warnings > args.maxWarnings) return ExitCode.problems;
  return ExitCode.ok;
}
