/**
 * Test support for completion and hover: a `.noarkq` text with the cursor marked `|` (a single
 * `|`, never one of the `||` operator), parsed and answered with the real document parser.
 */
import type { CompletionItem, CompletionList, Hover } from 'vscode-languageserver-types';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { parseDocument, type NoarkqDocument } from '../../document';
import { noarkModel } from '../../schema';
import { getCompletions } from '../completion';
import type { FeatureContext } from '../featureContext';
import { getHover } from '../hover';

export function cursorFixture(marked: string): { text: string; offset: number } {
  const at = [...marked.matchAll(/\|/g)].map((m) => m.index!).filter((i) => marked[i - 1] !== '|' && marked[i + 1] !== '|');
  if (at.length !== 1) throw new Error(`fixture needs exactly one cursor mark |, found ${at.length}: ${marked}`);
  return { text: marked.slice(0, at[0]) + marked.slice(at[0] + 1), offset: at[0] };
}

export interface Prepared {
  text: string;
  offset: number;
  document: TextDocument;
  parsed: NoarkqDocument;
  context: FeatureContext;
}

export function prepare(marked: string, context: Partial<FeatureContext> = {}): Prepared {
  const { text, offset } = cursorFixture(marked);
  const document = TextDocument.create('file:///test.noarkq', 'noarkq', 1, text);
  return { text, offset, document, parsed: parseDocument(text), context: { model: noarkModel, ...context } };
}

export interface CompletionRun extends Prepared {
  list: CompletionList;
  labels: string[];
  item(label: string): CompletionItem;
  /** The text after applying an item's edit (snippet markers left as written). */
  apply(label: string): string;
}

export function completeAt(marked: string, context: Partial<FeatureContext> = {}): CompletionRun {
  const p = prepare(marked, context);
  const list = getCompletions(p.document, p.parsed, p.document.positionAt(p.offset), p.context);
  const sorted = [...list.items].sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label));
  const item = (label: string): CompletionItem => {
    const found = list.items.find((i) => i.label === label);
    if (!found) throw new Error(`no item ${label}; have ${list.items.map((i) => i.label).join(', ')}`);
    return found;
  };
  return {
    ...p,
    list,
    labels: sorted.map((i) => i.label),
    item,
    apply(label: string): string {
      const edit = item(label).textEdit;
      if (!edit || !('range' in edit)) throw new Error(`item ${label} has no textEdit`);
      const start = p.document.offsetAt(edit.range.start);
      const end = p.document.offsetAt(edit.range.end);
      return p.text.slice(0, start) + edit.newText + p.text.slice(end);
    },
  };
}

export interface HoverRun extends Prepared {
  hover: Hover | null;
  /** The hover's markdown ('' without a hover). */
  markdown: string;
  /** The text the hover's range covers. */
  covered: string | undefined;
}

export function hoverAt(marked: string, context: Partial<FeatureContext> = {}): HoverRun {
  const p = prepare(marked, context);
  const hover = getHover(p.document, p.parsed, p.document.positionAt(p.offset), p.context);
  const contents = hover?.contents;
  const markdown = contents && typeof contents === 'object' && 'value' in contents ? contents.value : '';
  const covered = hover?.range ? p.text.slice(p.document.offsetAt(hover.range.start), p.document.offsetAt(hover.range.end)) : undefined;
  return { ...p, hover, markdown, covered };
}
