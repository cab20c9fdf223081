/**
 * Go to definition, find references and rename for the four kinds of names a `.noarkq` file
 * has: variables, block names, JOIN aliases and transaction temp ids (see `symbolIndex`).
 */
import { Location, Range, TextEdit, type Position, type WorkspaceEdit } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Span } from '../diagnostics';
import { blockNamePattern, variableNamePattern, type NoarkqDocument } from '../document';
import { occurrenceAt, symbolIndex, variableKey, type SymbolIndex, type SymbolOccurrence } from './navigation/symbolIndex';

function rangeOf(document: TextDocument, span: Span): Range {
  return Range.create(document.positionAt(span.start), document.positionAt(span.end));
}

function symbolAt(document: TextDocument, parsed: NoarkqDocument, position: Position): { index: SymbolIndex; at: SymbolOccurrence } | undefined {
  const index = symbolIndex(parsed);
  const at = occurrenceAt(index, document.offsetAt(position));
  return at ? { index, at } : undefined;
}

export function getDefinition(document: TextDocument, parsed: NoarkqDocument, position: Position): Location[] {
  const found = symbolAt(document, parsed, position);
  if (!found) return [];
  const all = found.index.byKey.get(found.at.key) ?? [];
  const first = all.find((o) => o.isDeclaration);
  return first ? [Location.create(document.uri, rangeOf(document, first))] : [];
}

export function getReferences(document: TextDocument, parsed: NoarkqDocument, position: Position, includeDeclaration: boolean): Location[] {
  const found = symbolAt(document, parsed, position);
  if (!found) return [];
  return (found.index.byKey.get(found.at.key) ?? [])
    .filter((o) => includeDeclaration || !o.isDeclaration)
    .map((o) => Location.create(document.uri, rangeOf(document, o)));
}

export function prepareRename(document: TextDocument, parsed: NoarkqDocument, position: Position): { range: Range; placeholder: string } | null {
  const found = symbolAt(document, parsed, position);
  if (!found || renameBlocker(found.index, found.at)) return null;
  return { range: rangeOf(document, found.at), placeholder: found.at.name };
}

export function getRenameEdits(
  document: TextDocument,
  parsed: NoarkqDocument,
  position: Position,
  newName: string,
): { edit: WorkspaceEdit } | { error: string } {
  const found = symbolAt(document, parsed, position);
  if (!found) return { error: 'Nothing to rename here: place the cursor on a variable, a block name, a JOIN alias or a temporary id.' };
  const { index, at } = found;
  const blocker = renameBlocker(index, at);
  if (blocker) return { error: blocker };
  const checked = validateNewName(index, at, newName.trim());
  if ('error' in checked) return checked;
  const edits = (index.byKey.get(at.key) ?? []).map((o) => TextEdit.replace(rangeOf(document, o), checked.name));
  return { edit: { changes: { [document.uri]: edits } } };
}

function renameBlocker(index: SymbolIndex, at: SymbolOccurrence): string | undefined {
  const all = index.byKey.get(at.key) ?? [];
  if (at.kind === 'variable' && at.scope === 'external') {
    return `\`@${at.name}\` is not declared in this file (it comes from the environment, or is undefined): declare it with \`@${at.name} = value\` to rename it here.`;
  }
  if (at.kind === 'tempId' && !all.some((o) => o.isDeclaration)) {
    return `\`${at.name}\` is not created by a save action in this transaction, so it is not a temporary id that can be renamed.`;
  }
  return undefined;
}

/** A renamed variable must keep meaning what it meant: a file variable must not be hidden by a
 * block variable of the new name, and a block variable must not take over uses of another one. */
function capturedBy(index: SymbolIndex, at: SymbolOccurrence, name: string): string | undefined {
  const uses = index.byKey.get(at.key) ?? [];
  if (at.scope === 'file') {
    for (const use of uses) {
      if (use.block.index < 0) continue;
      const shadow = index.byKey.get(variableKey('block', use.block, name))?.find((o) => o.isDeclaration);
      if (shadow) {
        const where = use.block.parsed.name ? `block \`${use.block.parsed.name.text}\`` : 'a block that uses it';
        return `${where} declares its own \`@${name}\`, which would hide the renamed variable there: choose another name.`;
      }
    }
    return undefined;
  }
  const taken = index.occurrences.some((o) => o.kind === 'variable' && o.block === at.block && o.name === name && o.key !== at.key);
  return taken ? `\`@${name}\` is already used in this block for another variable: choose another name.` : undefined;
}

const sigils: Record<SymbolOccurrence['kind'], string> = { variable: '@', alias: '#', block: '', tempId: '' };

function validateNewName(index: SymbolIndex, at: SymbolOccurrence, written: string): { name: string } | { error: string } {
  const sigil = sigils[at.kind];
  const name = sigil && written.startsWith(sigil) ? written.slice(1) : written;
  const taken = (key: string): boolean => key !== at.key && (index.byKey.get(key)?.some((o) => o.isDeclaration) ?? false);
  switch (at.kind) {
    case 'variable': {
      const usedAsParameter = index.byKey.get(at.key)?.some((o) => o.asParameter) ?? false;
      if (usedAsParameter && !/^[A-Za-z0-9]+$/.test(name)) {
        return { error: `\`@${name}\` cannot be a query parameter: a parameter is \`@\` followed by letters and digits only.` };
      }
      if (!variableNamePattern.test(name)) {
        return { error: `\`@${name}\` is not a valid variable name: use a letter or \`_\`, then letters, digits or \`_\`.` };
      }
      const sameScopeKey = at.key.slice(0, at.key.length - at.name.length) + name;
      if (name !== at.name && taken(sameScopeKey)) return { error: `\`@${name}\` is already declared in the same scope: choose another name.` };
      if (name !== at.name) {
        const capture = capturedBy(index, at, name);
        if (capture) return { error: capture };
      }
      return { name };
    }
    case 'block': {
      if (!blockNamePattern.test(name)) {
        return { error: `\`${name}\` is not a valid block name: start with a letter, then letters, digits, \`_\` or \`-\`.` };
      }
      if (name !== at.name && taken(`block:${name}`)) return { error: `Another block is already named \`${name}\`: block names are unique in a file.` };
      return { name };
    }
    case 'alias': {
      if (!/^[A-Za-z0-9]+$/.test(name)) return { error: `\`#${name}\` is not a valid alias: an alias is \`#\` followed by letters and digits only.` };
      const sameBlock = at.key.slice(0, at.key.length - at.name.length) + name;
      if (name !== at.name && taken(sameBlock)) return { error: `\`#${name}\` is already a JOIN alias of this query: choose another name.` };
      return { name };
    }
    case 'tempId': {
      if (name.length === 0) return { error: 'A temporary id cannot be empty.' };
      if (/^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(name)) {
        return { error: `\`${name}\` looks like a number: numeric ids name existing entities, a temporary id must not be numeric (e.g. \`jp1\`).` };
      }
      // Later blocks read the id through `{{block.saved.<id>.id}}`, whose segments are names.
      if (!/^[A-Za-z_$][A-Za-z0-9_$-]*$/.test(name)) {
        return { error: `\`${name}\` cannot be read back as \`{{block.saved.${name}.id}}\`: use a letter, then letters, digits, \`_\` or \`-\`.` };
      }
      const sameTransaction = at.key.slice(0, at.key.length - at.name.length) + name;
      if (name !== at.name && (index.byKey.get(sameTransaction)?.length ?? 0) > 0) {
        return { error: `\`${name}\` is already an id in this transaction: choose another one.` };
      }
      return { name };
    }
  }
}
