/**
 * Answers shaped by what the client declared it can show (`initialize`'s capabilities): the
 * features write snippets and Markdown, which VS Code takes, and a client that takes neither gets
 * their plain form — a snippet's text with its placeholders filled by their defaults, Markdown's
 * text without its marks. A client with snippets shows `$1`, `${1|a,b|}` as tab stops; one without
 * would insert them as written (eglot without yasnippet did). Only the completion items' retrigger
 * command is VS Code's own, so it goes to a client that named it.
 */
import { InsertTextFormat, MarkupKind, type CompletionItem, type CompletionList, type Hover, type MarkupContent } from 'vscode-languageserver-types';

export interface ClientFormats {
  /** `completionItem.snippetSupport`. */
  snippets: boolean;
  /** Markdown in hover (`hover.contentFormat`). */
  hoverMarkdown: boolean;
  /** Markdown in completion documentation (`completionItem.documentationFormat`). */
  completionMarkdown: boolean;
  /** The client's command that opens the completion list again (VS Code's
   * `editor.action.triggerSuggest`), when it named one; items after which a new list is useful
   * carry it. */
  suggestCommand?: string;
}

/** What VS Code declares: everything as the features write it. */
export const richClientFormats: ClientFormats = { snippets: true, hoverMarkdown: true, completionMarkdown: true, suggestCommand: 'editor.action.triggerSuggest' };

export function adaptCompletions(list: CompletionList, formats: ClientFormats): CompletionList {
  if (formats.snippets && formats.completionMarkdown && formats.suggestCommand === richClientFormats.suggestCommand) return list;
  return { isIncomplete: list.isIncomplete, items: list.items.map((item) => adaptItem(item, formats)) };
}

function adaptItem(item: CompletionItem, formats: ClientFormats): CompletionItem {
  const out: CompletionItem = { ...item };
  if (!formats.snippets && item.insertTextFormat === InsertTextFormat.Snippet) {
    out.insertTextFormat = InsertTextFormat.PlainText;
    if (item.textEdit) out.textEdit = { ...item.textEdit, newText: snippetToPlainText(item.textEdit.newText) };
    if (item.insertText !== undefined) out.insertText = snippetToPlainText(item.insertText);
  }
  if (!formats.completionMarkdown && isMarkdown(item.documentation)) out.documentation = { kind: MarkupKind.PlainText, value: markdownToPlainText(item.documentation.value) };
  const command = item.command;
  if (command !== undefined && command.command === richClientFormats.suggestCommand) {
    if (formats.suggestCommand) out.command = { title: command.title, command: formats.suggestCommand };
    else delete out.command;
  }
  return out;
}

export function adaptHover(hover: Hover | null, formats: ClientFormats): Hover | null {
  if (hover === null || formats.hoverMarkdown || !isMarkdown(hover.contents)) return hover;
  return { ...hover, contents: { kind: MarkupKind.PlainText, value: markdownToPlainText(hover.contents.value) } };
}

function isMarkdown(value: unknown): value is MarkupContent {
  return typeof value === 'object' && value !== null && (value as MarkupContent).kind === MarkupKind.Markdown;
}

/**
 * A snippet's text as inserted without tab stops (the LSP specification, "Snippet Syntax"): `$1`
 * and `$0` go, `${1:default}` and `${1|first,second|}` leave their default (the first choice),
 * and `\$`, `\}`, `\\` their character.
 */
export function snippetToPlainText(snippet: string): string {
  let out = '';
  let i = 0;
  const readUntil = (stops: string): string => {
    let text = '';
    while (i < snippet.length && !stops.includes(snippet[i])) {
      if (snippet[i] === '\\' && i + 1 < snippet.length) {
        text += snippet[i + 1];
        i += 2;
      } else if (snippet[i] === '$') {
        text += placeholder();
      } else {
        text += snippet[i++];
      }
    }
    return text;
  };
  const placeholder = (): string => {
    // At `$`.
    const simple = /^\$(\d+|[A-Za-z_][A-Za-z0-9_]*)/.exec(snippet.slice(i));
    if (simple) {
      i += simple[0].length;
      return '';
    }
    if (snippet[i + 1] !== '{') {
      i++;
      return '$';
    }
    i += 2;
    const head = /^(\d+|[A-Za-z_][A-Za-z0-9_]*)/.exec(snippet.slice(i));
    if (!head) return '${';
    i += head[0].length;
    if (snippet[i] === '}') {
      i++;
      return '';
    }
    if (snippet[i] === ':') {
      i++;
      const text = readUntil('}');
      i++;
      return text;
    }
    if (snippet[i] === '|') {
      i++;
      const first = readUntil(',|');
      while (i < snippet.length && snippet[i] !== '|') {
        i++;
        readUntil(',|');
      }
      i += 2; // `|}`
      return first;
    }
    // A transform or anything else: the rest of the placeholder is dropped.
    readUntil('}');
    i++;
    return '';
  };
  out = readUntil('');
  return out;
}

/** Markdown as plain text: the marks of emphasis and code dropped, links as their text and target,
 * fences and heading marks removed; line breaks kept. */
export function markdownToPlainText(markdown: string): string {
  return markdown
    .split('\n')
    .filter((line) => !/^\s*```/.test(line))
    .map((line) => {
      // Code spans keep their text as it is (a `"*"` in one is no emphasis): they stand aside as
      // private-use marks while the rest is made plain, so `**`code`**` is still strong text.
      const spans: string[] = [];
      const masked = line.replace(/^#{1,6}\s+/, '').replace(/`([^`]*)`/g, (_, code: string) => `\uE000${spans.push(code) - 1}\uE001`);
      return plainInline(masked).replace(/\uE000(\d+)\uE001/g, (_, i: string) => spans[Number(i)]);
    })
    .join('\n');
}

/** Links, strong and emphasis, and escapes, as plain text. */
function plainInline(text: string): string {
  return text
    .replace(/\[([^\]]*)\]\(([^)]*)\)/g, '$1 ($2)')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[^\w*])[*_]([^*_\s][^*_]*?)[*_](?=[^\w*]|$)/g, '$1$2')
    .replace(/\\([\\`*_{}[\]()#+\-.!|])/g, '$1');
}
