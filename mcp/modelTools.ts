/**
 * The tools that need no archive: `check` (the checker of `noarkq check`, quick fixes included),
 * `describe_type` and `list_types` (the Noark model the checker judges by).
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { NoarkqDiagnostic, TextEdit } from '../core/diagnostics';
import { checkDocument, parseDocument } from '../core/document';
import type { EntityTypeDef, NoarkModel } from '../core/schema/types';
import { didYouMean } from '../core/text/didYouMean';
import { checkUploadFiles } from '../runner/blocks/uploadFiles';
import { readNoarkqSource } from './noarkqSource';
import { problem, type ToolAnswer } from './toolAnswer';

/** Diagnostics per answer: a file that breaks more than this is better fixed from the top. */
const maxDiagnostics = 100;

export interface LocatedEdit {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  newText: string;
}

export interface LocatedDiagnostic {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: NoarkqDiagnostic['severity'];
  code: string;
  message: string;
  /** The quick fixes the editor offers, as edits (1-based lines and columns; the end excluded). */
  fixes?: { title: string; edits: LocatedEdit[] }[];
}

/** Diagnostics at lines and columns of `text` (1-based), with their fixes' edits. */
export function locateDiagnostics(text: string, diagnostics: readonly NoarkqDiagnostic[]): LocatedDiagnostic[] {
  const doc = TextDocument.create('untitled:check', 'noarkq', 1, text);
  const at = (span: { start: number; end: number }) => {
    const start = doc.positionAt(span.start);
    const end = doc.positionAt(span.end);
    return { line: start.line + 1, column: start.character + 1, endLine: end.line + 1, endColumn: end.character + 1 };
  };
  return diagnostics.map((d) => ({
    ...at(d),
    severity: d.severity,
    code: d.code,
    message: d.message,
    ...(d.fixes?.length ? { fixes: d.fixes.map((f) => ({ title: f.title, edits: f.edits.map((e: TextEdit) => ({ ...at(e), newText: e.newText })) })) } : {}),
  }));
}

export function checkTool(model: NoarkModel, input: { text?: string; path?: string }, cwd: string): ToolAnswer {
  const source = readNoarkqSource(input, cwd);
  if ('error' in source) return problem(source.error);
  const document = parseDocument(source.text);
  const diagnostics = [...checkDocument(document, { model }), ...checkUploadFiles(document, source.filePath)].sort((a, b) => a.start - b.start);
  const located = locateDiagnostics(source.text, diagnostics);
  const count = (severity: NoarkqDiagnostic['severity']) => located.filter((d) => d.severity === severity).length;
  const errors = count('error');
  const warnings = count('warning');
  const shown = located.slice(0, maxDiagnostics);
  const summary =
    located.length === 0
      ? `${source.display}: no problems. It can be run.`
      : `${source.display}: ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}, ${located.length - errors - warnings} other${located.length > maxDiagnostics ? ` (the first ${maxDiagnostics} shown)` : ''}. ` +
        `Lines and columns are 1-based; a fix's edit replaces the text from (line, column) up to, not including, (endLine, endColumn). ` +
        (errors > 0 ? 'A file with errors is refused by `run`: fix them and check again.' : 'Nothing stops it from running.');
  return { summary, json: { errors, warnings, diagnostics: shown } };
}

export function listTypesTool(model: NoarkModel): ToolAnswer {
  const types = model.types.map((t) => ({
    name: t.name,
    ...(t.title ? { title: t.title } : {}),
    abstract: t.abstract,
    queryable: t.queryable,
    transactable: t.transactable,
  }));
  return { summary: `${types.length} entity types of the Noark model. describe_type gives one type's fields, references and creation rules.`, json: types };
}

export function describeTypeTool(model: NoarkModel, input: { type: string }): ToolAnswer {
  const type = model.getType(input.type);
  if (!type) {
    const suggestion = didYouMean(input.type, model.types.map((t) => t.name));
    return problem(`There is no entity type \`${input.type}\`${suggestion ? `: did you mean \`${suggestion}\`?` : '.'} list_types lists them all (names are case-sensitive).`);
  }
  return { summary: describeSummary(type), json: describeType(type) };
}

function describeSummary(type: EntityTypeDef): string {
  const can = [type.queryable ? 'queried' : undefined, type.transactable ? 'saved in a transaction' : undefined].filter(Boolean).join(' and ');
  return `${type.name}${type.title ? ` (${type.title})` : ''}: ${type.fields.length} fields, ${type.references.length} references${can ? `; may be ${can}` : ''}.` +
    `${type.fieldsComplete ? '' : ' Its field list is not known to be complete (the spec leaves some out).'} Only fields with queryable: true may be compared in a WHERE, only sortable ones in SORT.`;
}

/** A type as an agent needs it: what to write in a query or a `save`, and what a creation needs. */
export function describeType(type: EntityTypeDef): unknown {
  const requiredFields = new Set(type.creationRules.flatMap((r) => (r.kind === 'field' ? [r.field] : [])));
  return {
    name: type.name,
    ...(type.title ? { title: type.title } : {}),
    ...(type.description ? { description: type.description } : {}),
    abstract: type.abstract,
    ...(type.subtypes.length ? { subtypes: type.subtypes } : {}),
    ...(type.supertypes.length ? { supertypes: type.supertypes } : {}),
    queryable: type.queryable,
    transactable: type.transactable,
    bsm: type.bsm,
    fields: type.fields.map((f) => ({
      name: f.name,
      type: f.type,
      ...(f.codeList ? { codeList: f.codeList } : {}),
      ...(f.allowedValues ? { allowedValues: f.allowedValues } : {}),
      queryable: f.queryable,
      sortable: f.sortable,
      writable: f.writable,
      requiredOnCreate: requiredFields.has(f.name),
      ...(f.defaultValue !== undefined ? { default: f.defaultValue } : {}),
      ...(f.notes ? { notes: f.notes } : {}),
    })),
    references: type.references.map((r) => ({
      name: r.name,
      target: r.target,
      direction: r.direction,
      cardinality: r.cardinality,
      requiredOnCreate: r.requiredOnCreate,
      linkable: r.linkable,
      ...(r.inverse ? { inverse: r.inverse } : {}),
      ...(r.notes ? { notes: r.notes } : {}),
    })),
    creationRules: type.standalone ? ['May be created without any link.', ...type.creationRules.map((r) => r.message)] : type.creationRules.map((r) => r.message),
  };
}
