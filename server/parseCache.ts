/**
 * The parse of each open document, keyed by uri and version: every request on the same version
 * shares one parse, and a new version is parsed from the previous one (only the blocks in the
 * stretch the edits changed are parsed; the others are kept, and moved when the edit changed the
 * length before them). A document kept in chunks says which stretch its edits changed, and the
 * parse reads only that stretch of it; any other is compared with the previous text.
 */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { parseDocument, reparseStretch, type NoarkqDocument } from '../core/document';
import { isChunkedTextDocument } from './chunkedTextDocument';

interface CacheEntry {
  version: number;
  parsed: NoarkqDocument;
}

export class ParseCache {
  private readonly entries = new Map<string, CacheEntry>();

  /** The parse of this exact version of the document. */
  get(document: TextDocument): NoarkqDocument {
    const entry = this.entries.get(document.uri);
    if (entry && entry.version === document.version) return entry.parsed;
    const chunked = isChunkedTextDocument(document) ? document : undefined;
    const stretch = entry && chunked ? chunked.changedSince(entry.version) : undefined;
    const parsed = entry && stretch && chunked ? reparseStretch(chunked.text, entry.parsed, stretch) : parseDocument(document.getText(), entry?.parsed);
    this.entries.set(document.uri, { version: document.version, parsed });
    return parsed;
  }

  /** The parse of this exact version if it is cached, without parsing. */
  peek(document: TextDocument): NoarkqDocument | undefined {
    const entry = this.entries.get(document.uri);
    return entry && entry.version === document.version ? entry.parsed : undefined;
  }

  /** Whether a parse of an earlier version is kept, from which `get` parses only what changed. */
  hasEarlier(uri: string): boolean {
    return this.entries.has(uri);
  }

  /** Keeps a parse made elsewhere (a whole text parsed in steps) as this version's. */
  set(document: TextDocument, parsed: NoarkqDocument): void {
    this.entries.set(document.uri, { version: document.version, parsed });
  }

  delete(uri: string): void {
    this.entries.delete(uri);
  }
}
