/**
 * The semantic token types and modifiers, and the legend that numbers them. Apart from
 * `semanticTokens.ts` so that the language server can declare its capabilities without loading
 * the analyses (the legend is all its `initialize` answer needs of them).
 */
import type { SemanticTokensLegend } from 'vscode-languageserver-types';

export const tokenTypes = ['type', 'property', 'parameter', 'variable', 'keyword', 'operator', 'string', 'number', 'comment', 'function', 'namespace'] as const;
export const tokenModifiers = ['declaration', 'readonly', 'defaultLibrary', 'reference'] as const;

export type TokenType = (typeof tokenTypes)[number];
export type TokenModifier = (typeof tokenModifiers)[number];

/**
 * Types: entity types `type`; fields `property`; references `property` + `reference`; query
 * parameters `parameter`; variables and temp ids `variable`; block names `function`; JOIN
 * aliases `namespace`; clause and request keywords `keyword`.
 */
export const semanticTokensLegend: SemanticTokensLegend = { tokenTypes: [...tokenTypes], tokenModifiers: [...tokenModifiers] };
