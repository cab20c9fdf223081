import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SymbolKind, type DocumentSymbol } from 'vscode-languageserver-types';
import { getDocumentSymbols } from './documentSymbols';
import { outlineSample } from '../../test/fixtures/outlineSample';
import { documentOf } from '../../test/fixtures/markedText';



interface Outline {
  name: string;
  detail?: string;
  kind: SymbolKind;
  children?: Outline[];
}

function outline(symbols: DocumentSymbol[]): Outline[] {
  return symbols.map((s) => ({ name: s.name, ...(s.detail !== undefined ? { detail: s.detail } : {}), kind: s.kind, ...(s.children?.length ? { children: outline(s.children) } : {}) }));
}

describe('document symbols', () => {
  it('one symbol per block with variables, joins and actions as children', () => {
    const { document, parsed } = documentOf(outlineSample);
    const symbols = getDocumentSymbols(document, parsed);
    assert.deepEqual(outline(symbols), [
      { name: '@year', detail: '2024', kind: SymbolKind.Variable },
      {
        name: 'findCase',
        detail: 'QUERY Saksmappe — Look up the case',
        kind: SymbolKind.Function,
        children: [{ name: '#k1', detail: 'refSekundaerKlasse', kind: SymbolKind.Field }],
      },
      {
        name: 'register',
        detail: 'TRANSACTION (2 actions)',
        kind: SymbolKind.Function,
        children: [
          { name: '@title', detail: '"Søknad"', kind: SymbolKind.Variable },
          { name: 'save Journalpost jp', kind: SymbolKind.Event },
          { name: 'link Journalpost jp refMappe', kind: SymbolKind.Event },
        ],
      },
      { name: '#3 UPLOAD', detail: 'UPLOAD ./files/a.pdf', kind: SymbolKind.Function },
    ]);
    const register = symbols[2];
    assert.deepEqual([register.range.start.line, register.range.end.line], [8, 19]);
    assert.deepEqual(register.selectionRange, { start: { line: 8, character: 4 }, end: { line: 8, character: 12 } });
    // Every selection range lies inside its range (the client rejects symbols otherwise).
    const inside = (s: DocumentSymbol): void => {
      const r = s.range;
      const sel = s.selectionRange;
      assert.ok(sel.start.line > r.start.line || (sel.start.line === r.start.line && sel.start.character >= r.start.character), s.name);
      assert.ok(sel.end.line < r.end.line || (sel.end.line === r.end.line && sel.end.character <= r.end.character), s.name);
      s.children?.forEach(inside);
    };
    symbols.forEach(inside);
  });

  it('a request above the first ### is #0', () => {
    const { document, parsed } = documentOf('@x = 1\nGET code-lists\n');
    assert.deepEqual(outline(getDocumentSymbols(document, parsed)), [
      { name: '@x', detail: '1', kind: SymbolKind.Variable },
      { name: '#0 GET', detail: 'GET code-lists', kind: SymbolKind.Function },
    ]);
  });
});
