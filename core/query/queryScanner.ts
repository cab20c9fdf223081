/**
 * Scanner for the query language. It also tokenizes near-misses (`@my_param`, `==`, `<`, `&`,
 * numbers, quoted strings) so that the parser and checker can explain them instead of giving up.
 * Hand-written over char codes: it runs on every keystroke and must not allocate per character.
 */

/**
 * Token kinds are small integers: the parser compares them on every token, and integer compares
 * are the cheapest the engine has. `tokenKindName` gives the readable name (tests, debugging).
 * Near-misses, never valid: `==`, `<`, `>`, `<=`, `>=`, `&`, `|`, `!`; `alias`/`param` names may
 * contain `_` or be empty (the checker explains).
 */
export const T_EOF = 0;
export const T_IDENT = 1;
export const T_ALIAS = 2;
export const T_PARAM = 3;
export const T_NUMBER = 4;
export const T_STRING = 5;
export const T_STAR = 6;
export const T_LPAREN = 7;
export const T_RPAREN = 8;
export const T_LBRACKET = 9;
export const T_RBRACKET = 10;
export const T_LBRACE = 11;
export const T_RBRACE = 12;
export const T_COLON = 13;
export const T_DOT = 14;
export const T_COMMA = 15;
export const T_EQ = 16;
export const T_NEQ = 17;
export const T_LIKE = 18;
export const T_AND = 19;
export const T_OR = 20;
export const T_EQEQ = 21;
export const T_LT = 22;
export const T_GT = 23;
export const T_LE = 24;
export const T_GE = 25;
export const T_AMP = 26;
export const T_PIPE = 27;
export const T_BANG = 28;
export const T_UNKNOWN = 29;

export type TokenKind = number;

/** All kinds in one object: other modules copy them into module-level constants, because a
 * property read through a module import on every token costs more than the parse itself. */
export const TokenKinds = { T_EOF, T_IDENT, T_ALIAS, T_PARAM, T_NUMBER, T_STRING, T_STAR, T_LPAREN, T_RPAREN, T_LBRACKET, T_RBRACKET, T_LBRACE, T_RBRACE, T_COLON, T_DOT, T_COMMA, T_EQ, T_NEQ, T_LIKE, T_AND, T_OR, T_EQEQ, T_LT, T_GT, T_LE, T_GE, T_AMP, T_PIPE, T_BANG, T_UNKNOWN } as const;

const kindNames = ['eof', 'ident', 'alias', 'param', 'number', 'string', 'star', 'lparen', 'rparen', 'lbracket', 'rbracket', 'lbrace', 'rbrace', 'colon', 'dot', 'comma', 'eq', 'neq', 'like', 'and', 'or', 'eqeq', 'lt', 'gt', 'le', 'ge', 'amp', 'pipe', 'bang', 'unknown'] as const;
export type TokenKindName = (typeof kindNames)[number];

export function tokenKindName(kind: TokenKind): TokenKindName {
  return kindNames[kind];
}

export interface Token {
  kind: TokenKindName;
  /** Offsets in the caller's text space. */
  start: number;
  end: number;
}

const identCharTable = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  identCharTable[c] =
    (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95 ? 1 : 0;
}

function isUnicodeSpace(c: number): boolean {
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200b) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** Letters, digits, `_`, and any non-ASCII non-space character (so `år` reads as one name). */
export function isIdentChar(c: number): boolean {
  return c < 128 ? identCharTable[c] === 1 : !isUnicodeSpace(c);
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/**
 * Scans `src[pos, end)`. Reported offsets are `index in src + delta`, so a caller that scans a
 * masked copy of part of a document still gets the document's offsets.
 */
export class QueryScanner {
  private pos: number;
  kind: TokenKind = T_EOF;
  /** Index in `src` (not shifted). */
  tokenPos = 0;
  /** The last string token has no closing quote (valid while that token is current). */
  unterminated = false;

  constructor(
    readonly src: string,
    start: number,
    readonly end: number,
    readonly delta = 0,
  ) {
    this.pos = start;
  }

  /** The current token kind (a method, so TypeScript does not narrow it across `scan()` calls). */
  token(): TokenKind {
    return this.kind;
  }

  get tokenStart(): number {
    return this.tokenPos + this.delta;
  }

  get tokenEnd(): number {
    return this.pos + this.delta;
  }

  /** Index in `src` just past the current token. */
  get position(): number {
    return this.pos;
  }

  tokenText(): string {
    return this.src.slice(this.tokenPos, this.pos);
  }

  /** Saves the state for a lookahead; `restore` goes back to it. */
  save(): number {
    return this.pos;
  }

  restore(pos: number, kind: TokenKind, tokenPos: number): void {
    this.pos = pos;
    this.kind = kind;
    this.tokenPos = tokenPos;
    this.unterminated = false;
  }

  /**
   * Fast path for `.name` directly after the current token (no spaces): returns the end of the
   * name, or -1. Chains like `refArkivdel.refArkiv.tittel` then cost one scan, not five.
   */
  dottedNameEnd(from: number): number {
    const src = this.src;
    const end = this.end;
    if (from + 1 >= end || src.charCodeAt(from) !== 46) return -1;
    let pos = from + 1;
    const c = src.charCodeAt(pos);
    if (!((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || (c > 127 && !isUnicodeSpace(c)))) return -1;
    pos++;
    while (pos < end) {
      const d = src.charCodeAt(pos);
      if ((d >= 97 && d <= 122) || (d >= 65 && d <= 90) || (d >= 48 && d <= 57) || d === 95 || (d > 127 && !isUnicodeSpace(d))) pos++;
      else break;
    }
    return pos;
  }

  /** Continues scanning at `pos` (an index in `src`), as if the text before it was consumed. */
  scanFrom(pos: number): TokenKind {
    this.pos = pos;
    return this.scan();
  }

  /** Kept small so the engine can inline it: names and parameters are most of the tokens;
   * everything else goes to `scanPunctuation`. */
  scan(): TokenKind {
    const src = this.src;
    const end = this.end;
    let pos = this.pos;
    let c = 0;
    for (;;) {
      if (pos >= end) {
        this.tokenPos = pos;
        this.pos = pos;
        return (this.kind = T_EOF);
      }
      c = src.charCodeAt(pos);
      if (c !== 32 && (c > 13 || c < 9) && !(c > 127 && isUnicodeSpace(c))) break;
      pos++;
    }
    this.tokenPos = pos;
    let kind: TokenKind;
    if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c > 127) kind = T_IDENT;
    else if (c === 64) kind = T_PARAM;
    else if (c === 35) kind = T_ALIAS;
    else if (c === 61 && (pos + 1 >= end || src.charCodeAt(pos + 1) !== 61)) {
      // A lone `=`, `&&` and `||` are the commonest punctuation: no detour through the switch.
      this.pos = pos + 1;
      return (this.kind = T_EQ);
    } else if ((c === 38 || c === 124) && pos + 1 < end && src.charCodeAt(pos + 1) === c) {
      this.pos = pos + 2;
      return (this.kind = c === 38 ? T_AND : T_OR);
    } else return this.scanPunctuation(pos, c);
    pos++;
    while (pos < end) {
      const d = src.charCodeAt(pos);
      // Range tests, lower case first: faster than a table on the hottest loop.
      if ((d >= 97 && d <= 122) || (d >= 65 && d <= 90) || (d >= 48 && d <= 57) || d === 95 || (d > 127 && !isUnicodeSpace(d))) pos++;
      else break;
    }
    this.pos = pos;
    return (this.kind = kind);
  }

  private scanPunctuation(pos: number, c: number): TokenKind {
    const src = this.src;
    const end = this.end;
    const next = pos + 1 < end ? src.charCodeAt(pos + 1) : -1;
    let kind: TokenKind;
    switch (c) {
      case 40: kind = T_LPAREN; pos++; break; // (
      case 41: kind = T_RPAREN; pos++; break; // )
      case 91: kind = T_LBRACKET; pos++; break; // [
      case 93: kind = T_RBRACKET; pos++; break; // ]
      case 123: kind = T_LBRACE; pos++; break; // {
      case 125: kind = T_RBRACE; pos++; break; // }
      case 58: kind = T_COLON; pos++; break; // :
      case 46: kind = T_DOT; pos++; break; // .
      case 44: kind = T_COMMA; pos++; break; // ,
      case 42: kind = T_STAR; pos++; break; // *
      case 61: // =
        if (next === 61) { kind = T_EQEQ; pos += 2; } else { kind = T_EQ; pos++; }
        break;
      case 33: // !
        if (next === 61) { kind = T_NEQ; pos += 2; } else { kind = T_BANG; pos++; }
        break;
      case 37: // %
        if (next === 61) { kind = T_LIKE; pos += 2; } else { kind = T_UNKNOWN; pos++; }
        break;
      case 38: // &
        if (next === 38) { kind = T_AND; pos += 2; } else { kind = T_AMP; pos++; }
        break;
      case 124: // |
        if (next === 124) { kind = T_OR; pos += 2; } else { kind = T_PIPE; pos++; }
        break;
      case 60: // <
        if (next === 61) { kind = T_LE; pos += 2; } else { kind = T_LT; pos++; }
        break;
      case 62: // >
        if (next === 61) { kind = T_GE; pos += 2; } else { kind = T_GT; pos++; }
        break;
      case 34: // "
      case 39: // '
        pos = this.scanString(pos, c);
        kind = T_STRING;
        break;
      default:
        if (isDigit(c) || (c === 45 && isDigit(next))) {
          pos = this.scanNumber(pos + 1);
          kind = T_NUMBER;
        } else {
          // One code point, so a surrogate pair is not split.
          pos += c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff ? 2 : 1;
          kind = T_UNKNOWN;
        }
    }
    this.pos = pos;
    return (this.kind = kind);
  }

  private scanString(pos: number, quote: number): number {
    const src = this.src;
    const end = this.end;
    this.unterminated = false;
    pos++;
    while (pos < end) {
      const c = src.charCodeAt(pos);
      if (c === quote) return pos + 1;
      // A string never spans lines: an unterminated quote must not swallow the next lines.
      if (c === 10 || c === 13) break;
      pos += c === 92 && pos + 1 < end ? 2 : 1;
    }
    this.unterminated = true;
    return pos;
  }

  private scanNumber(pos: number): number {
    const src = this.src;
    const end = this.end;
    while (pos < end && isDigit(src.charCodeAt(pos))) pos++;
    if (pos + 1 < end && src.charCodeAt(pos) === 46 && isDigit(src.charCodeAt(pos + 1))) {
      pos += 2;
      while (pos < end && isDigit(src.charCodeAt(pos))) pos++;
    }
    if (pos < end && (src.charCodeAt(pos) | 32) === 101) {
      let p = pos + 1;
      const s = p < end ? src.charCodeAt(p) : -1;
      if (s === 43 || s === 45) p++;
      if (p < end && isDigit(src.charCodeAt(p))) {
        p++;
        while (p < end && isDigit(src.charCodeAt(p))) p++;
        pos = p;
      }
    }
    return pos;
  }
}

/** All tokens of `text[start, end)` (without the final eof), for tests and token-based features. */
export function scanQueryTokens(text: string, start = 0, end = text.length): Token[] {
  const scanner = new QueryScanner(text, start, end);
  const tokens: Token[] = [];
  while (scanner.scan() !== T_EOF) tokens.push({ kind: tokenKindName(scanner.kind), start: scanner.tokenStart, end: scanner.tokenEnd });
  return tokens;
}
