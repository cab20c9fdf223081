/**
 * Archive text inside a Markdown tooltip. A code's name or a BSM description is written by
 * whoever administers the archive: it must show as the characters it has, never as HTML, a link
 * or emphasis, so every character Markdown or HTML could read is escaped.
 */
const entities: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' };

export function markdownText(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|~<>&":]/g, (c) => entities[c] ?? `\\${c}`);
}
