/**
 * Where "Explain this query" meets the editor: the explanation of the QUERY block at an offset
 * (for hover, for the `noarkq/explainQuery` request that VS Code shows beside the editor), and the
 * code actions — "Explain this query", which runs the client's command when it named one (VS Code),
 * and, for every editor, one that writes the explanation above the query as `#` comment lines.
 */
import { CodeAction, Range, TextEdit } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { blockAt, visibleVariables, type DocumentBlock, type NoarkqDocument, type QueryRequestSyntax } from '../document';
import type { QueryRequest } from '../query';
import type { FeatureContext } from './featureContext';
import { explainQuery, explanationComments, explanationMarkdown, type QueryExplanation } from './queryExplanation';
import type { ExplainLanguage } from './queryExplanationTexts';

/** The QUERY request of a block, when its request is one. */
export function blockQuery(block: DocumentBlock): QueryRequestSyntax | undefined {
  const request = block.parsed.request;
  return request?.kind === 'query' ? request : undefined;
}

export function explainLanguage(context: FeatureContext): ExplainLanguage {
  return context.explain?.language ?? 'en';
}

/** The explanation of a query of `block`, with the values its parameters have there. */
export function explainBlockQuery(parsed: NoarkqDocument, block: DocumentBlock, query: QueryRequest, context: FeatureContext): QueryExplanation {
  return explainQuery(query, context.model, explainLanguage(context), visibleVariables(parsed, block, context.environment));
}

/** The explanation's Markdown as comment text: it marks only code, so the code spans lose their
 * backticks and nothing else changes (a value such as `"*"` stays as written). */
function withoutCodeSpans(markdown: string): string {
  return markdown.replace(/(`+)(.+?)\1/g, (_, _fence: string, inner: string) => (inner.startsWith(' ') && inner.endsWith(' ') && inner.trim() ? inner.slice(1, -1) : inner));
}

export type QueryExplanationAt =
  | { ok: true; blockName: string | undefined; title: string; markdown: string }
  | { ok: false; error: string };

const titles = {
  en: {
    explain: 'Explain this query',
    asComments: 'Explain this query in # comments above it',
    named: (name: string) => `Query ${name} in plain words`,
    unnamed: 'The query in plain words',
    noQuery: (label: string) => `${label} holds no QUERY request: put the cursor in a block whose request is a QUERY.`,
  },
  nb: {
    explain: 'Forklar denne spørringen',
    asComments: 'Forklar denne spørringen i #-kommentarer over den',
    named: (name: string) => `Spørringen ${name} forklart`,
    unnamed: 'Spørringen forklart',
    noQuery: (label: string) => `${label} har ingen QUERY: sett markøren i en blokk med en QUERY.`,
  },
} as const;

/** The explanation of the QUERY block at `offset` as a Markdown document: a heading, the query as
 * written, and the explanation. */
export function queryExplanationAt(parsed: NoarkqDocument, offset: number, context: FeatureContext): QueryExplanationAt {
  const block = blockAt(parsed, offset);
  const request = blockQuery(block);
  const words = titles[explainLanguage(context)];
  const name = block.parsed.name?.text;
  if (!request) return { ok: false, error: words.noQuery(name ? `\`${name}\`` : block.index < 0 ? 'The text above the first ###' : 'This block') };
  const title = name ? words.named(name) : words.unnamed;
  const source = block.parsed.text.slice(request.start, request.end).replace(/\s+$/, '');
  const fence = '`'.repeat(Math.max(3, ...[...source.matchAll(/`+/g)].map((m) => m[0].length + 1)));
  const markdown = [`# ${title}`, '', `${fence}noarkq`, source, fence, '', explanationMarkdown(explainBlockQuery(parsed, block, request.query, context)), ''].join('\n');
  return { ok: true, blockName: name, title, markdown };
}

/**
 * The code actions of the QUERY block the range starts in: "Explain this query" when the client
 * named a command that shows it (its arguments: the document's URI and the QUERY line's
 * position), and the `#` comments above the query, unless they are there already.
 */
export function queryExplanationActions(document: TextDocument, parsed: NoarkqDocument, range: Range, context: FeatureContext): CodeAction[] {
  const block = blockAt(parsed, document.offsetAt(range.start));
  const request = blockQuery(block);
  if (!request) return [];
  const words = titles[explainLanguage(context)];
  const actions: CodeAction[] = [];
  const at = document.positionAt(block.start + request.line.start);
  const command = context.explain?.command;
  if (command) actions.push(CodeAction.create(words.explain, { title: words.explain, command, arguments: [document.uri, at] }));
  const eol = parsed.text.includes('\r\n') ? '\r\n' : '\n';
  const comments = explanationComments(explainBlockQuery(parsed, block, request.query, context), withoutCodeSpans, eol);
  const before = parsed.text.slice(block.start, block.start + request.line.start);
  if (!before.endsWith(comments)) actions.push(CodeAction.create(words.asComments, { changes: { [document.uri]: [TextEdit.insert(at, comments)] } }));
  return actions;
}
