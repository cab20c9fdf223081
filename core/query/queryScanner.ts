/**
 * Scanner for the query language. It also tokenizes near-misses (`@my_param`, `==`, `<`, `&`,
 * numbers, quoted strings) so that the parser and checker can explain them instead of giving up.
 * Hand-written over char codes: it runs on every keystroke and must not allocate per token.
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
 * The scanner reads one byte per UTF-16 code unit instead of `charCodeAt`: indexing a byte array
 * costs a fraction of a `charCodeAt` call, and the scanner touches every character. ASCII is
 * copied as is (natively, by `TextEncoder.encodeInto`); every non-ASCII unit becomes
 * `NON_ASCII` (part of a name) or a plain space, the only distinction the grammar makes there.
 */
const NON_ASCII = 128;

/**
 * Per byte, what a token starting with it is: `T_IDENT`, `T_PARAM` or `T_ALIAS` (a name follows),
 * the kind of a one-character token, or `NEEDS_LOOKAHEAD` (operators that may be one or two
 * characters, strings, numbers, unknown characters).
 */
const tokenStart = new Uint8Array(256);
const NEEDS_LOOKAHEAD = 255;
for (let c = 0; c < 256; c++) {
  const letter = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === NON_ASCII;
  tokenStart[c] = letter ? T_IDENT : NEEDS_LOOKAHEAD;
}
tokenStart[64] = T_PARAM; // @
tokenStart[35] = T_ALIAS; // #
tokenStart[40] = T_LPAREN; // (
tokenStart[41] = T_RPAREN; // )
tokenStart[91] = T_LBRACKET; // [
tokenStart[93] = T_RBRACKET; // ]
tokenStart[123] = T_LBRACE; // {
tokenStart[125] = T_RBRACE; // }
tokenStart[58] = T_COLON; // :
tokenStart[46] = T_DOT; // .
tokenStart[44] = T_COMMA; // ,
tokenStart[42] = T_STAR; // *

/** Whether byte `d` can continue a name: arithmetic rather than a table, because the engine
 * re-checks a table's map on every character of the hottest loop. `d | 32` folds A-Z into a-z. */
export function isNameByte(d: number): boolean {
  return ((d | 32) - 97) >>> 0 < 26 || (d - 48) >>> 0 < 10 || d === 95 || d === NON_ASCII;
}

/** Whether byte `d` starts a name (a letter, `_` or non-ASCII; not a digit). */
export function isNameStartByte(d: number): boolean {
  return tokenStart[d] === T_IDENT;
}

const encoder = new TextEncoder();
/** One buffer for all scanners: allocating a byte array per expression costs more than filling it.
 * The scanner that filled it last owns it; any other refills it before reading (see `load`). */
let sharedCodes = new Uint8Array(1024);
let sharedOwner: QueryScanner | undefined;

function fillCodes(codes: Uint8Array, src: string, start: number, end: number): void {
  const length = end - start;
  if (length <= 0) return;
  const result = encoder.encodeInto(start === 0 && end === src.length ? src : src.slice(start, end), codes);
  // Equal counts mean every unit was ASCII and has been copied byte for byte.
  if (result.read === length && result.written === length) return;
  for (let i = 0; i < length; i++) {
    const c = src.charCodeAt(start + i);
    codes[i] = c < 128 ? c : isUnicodeSpace(c) ? 32 : NON_ASCII;
  }
}

/**
 * Scans `src[start, end)`. Positions inside the scanner (`tokenPos`, `position`, the arguments of
 * `dottedNames`/`scanFrom`) count from `start`; reported offsets (`tokenStart`, `tokenEnd`) are
 * `index in src + delta`, so a caller that scans a masked copy of part of a document still gets
 * the document's offsets.
 */
export class QueryScanner {
  private pos = 0;
  kind: TokenKind = T_EOF;
  /** Start of the current token, counted from `start` (see `position`). */
  tokenPos = 0;
  /** The last string token has no closing quote (valid while that token is current). */
  unterminated = false;
  src = '';
  delta = 0;
  /** `src` index of position 0. */
  base = 0;
  /** Reported offset of position 0: `start + delta`. */
  shift = 0;
  /** Number of positions: `end - start`. */
  length = 0;
  private codes: Uint8Array = sharedCodes;

  constructor(src: string, start: number, end: number, delta = 0) {
    this.reset(src, start, end, delta);
  }

  /** Starts over on `src[start, end)`, as a new scanner would. */
  reset(src: string, start: number, end: number, delta: number): void {
    const stop = Math.min(end, src.length);
    this.src = src;
    this.delta = delta;
    this.base = start;
    this.shift = start + delta;
    this.length = stop > start ? stop - start : 0;
    this.pos = 0;
    this.kind = T_EOF;
    this.tokenPos = 0;
    this.unterminated = false;
    this.load();
  }

  /** Fills the shared buffer with this scanner's text (again, if another scanner used it since). */
  private load(): void {
    if (sharedCodes.length < this.length) sharedCodes = new Uint8Array(Math.max(this.length, sharedCodes.length * 2));
    fillCodes(sharedCodes, this.src, this.base, this.base + this.length);
    sharedOwner = this;
    this.codes = sharedCodes;
  }

  /** The text as bytes, one per UTF-16 unit from position 0 (see `fillCodes`); valid until the next
   * scanner is created or reset. */
  bytes(): Uint8Array {
    if (sharedOwner !== this) this.load();
    return this.codes;
  }

  /** The current token kind (a method, so TypeScript does not narrow it across `scan()` calls). */
  token(): TokenKind {
    return this.kind;
  }

  get tokenStart(): number {
    return this.tokenPos + this.shift;
  }

  get tokenEnd(): number {
    return this.pos + this.shift;
  }

  /** Position just past the current token. */
  get position(): number {
    return this.pos;
  }

  tokenText(): string {
    return this.src.slice(this.base + this.tokenPos, this.base + this.pos);
  }

  /** The current token's text without its first character: the name of `@name` or `#name`. */
  tokenName(): string {
    return this.src.slice(this.base + this.tokenPos + 1, this.base + this.pos);
  }

  /** The text between two positions. */
  textAt(from: number, to: number): string {
    return this.src.slice(this.base + from, this.base + to);
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
   * Fast path for `.name.name...` directly after position `from` (no spaces): writes the position
   * after each name to `ends` (at most `ends.length`) and returns how many. Chains like
   * `refArkivdel.refArkiv.tittel` then cost one scan, not five.
   */
  dottedNames(from: number, ends: Int32Array): number {
    if (sharedOwner !== this) this.load();
    const codes = this.codes;
    const end = this.length;
    const max = ends.length;
    let count = 0;
    let pos = from;
    while (count < max && pos + 1 < end && codes[pos] === 46 && tokenStart[codes[pos + 1]] === T_IDENT) {
      pos += 2;
      while (pos < end && isNameByte(codes[pos])) pos++;
      ends[count++] = pos;
    }
    return count;
  }

  /** Continues scanning at position `pos`, as if the text before it was consumed. */
  scanFrom(pos: number): TokenKind {
    this.pos = pos;
    return this.scan();
  }

  /*
   * `scanOperator`, `scanOperand` and `scanAfterOperand` give the same result as `scan`, but each
   * first tries the tokens that usually come at its place in a condition (`field = @value &&`).
   * Scanning cost is mostly mispredicted branches on the kind of the next token; with one copy of
   * the test per place, the processor predicts each from its own history.
   */

  /** `scanFrom(pos)` after a path: usually `=`, `!=` or `%=`. */
  scanOperator(pos: number): TokenKind {
    if (sharedOwner !== this) this.load();
    const codes = this.codes;
    const end = this.length;
    while (pos < end && codes[pos] === 32) pos++;
    if (pos + 1 < end) {
      const c = codes[pos];
      const next = codes[pos + 1];
      if (c === 61 && next !== 61) {
        this.tokenPos = pos;
        this.pos = pos + 1;
        return (this.kind = T_EQ);
      }
      if (next === 61 && (c === 33 || c === 37)) {
        this.tokenPos = pos;
        this.pos = pos + 2;
        return (this.kind = c === 33 ? T_NEQ : T_LIKE);
      }
    }
    this.pos = pos;
    return this.scan();
  }

  /** `scan()` after a comparison operator: usually `@name`, `[` or `{`. */
  scanOperand(): TokenKind {
    if (sharedOwner !== this) this.load();
    const codes = this.codes;
    const end = this.length;
    let pos = this.pos;
    while (pos < end && codes[pos] === 32) pos++;
    if (pos < end) {
      const c = codes[pos];
      if (c === 64) {
        this.tokenPos = pos;
        pos++;
        while (pos < end && isNameByte(codes[pos])) pos++;
        this.pos = pos;
        return (this.kind = T_PARAM);
      }
      if (c === 91 || c === 123) {
        this.tokenPos = pos;
        this.pos = pos + 1;
        return (this.kind = c === 91 ? T_LBRACKET : T_LBRACE);
      }
    }
    this.pos = pos;
    return this.scan();
  }

  /** `scan()` after an operand or a `)`: usually `&&`, `||`, `)` or the end. */
  scanAfterOperand(): TokenKind {
    if (sharedOwner !== this) this.load();
    const codes = this.codes;
    const end = this.length;
    let pos = this.pos;
    while (pos < end && codes[pos] === 32) pos++;
    if (pos >= end) {
      this.tokenPos = pos;
      this.pos = pos;
      return (this.kind = T_EOF);
    }
    const c = codes[pos];
    if (c === 41) {
      this.tokenPos = pos;
      this.pos = pos + 1;
      return (this.kind = T_RPAREN);
    }
    if ((c === 38 || c === 124) && pos + 1 < end && codes[pos + 1] === c) {
      this.tokenPos = pos;
      this.pos = pos + 2;
      return (this.kind = c === 38 ? T_AND : T_OR);
    }
    this.pos = pos;
    return this.scan();
  }

  /** Kept small so the engine can inline it: names and parameters are most of the tokens;
   * everything else goes to `scanPunctuation`. */
  scan(): TokenKind {
    if (sharedOwner !== this) this.load();
    const codes = this.codes;
    const end = this.length;
    let pos = this.pos;
    let c = 0;
    for (;;) {
      if (pos >= end) {
        this.tokenPos = pos;
        this.pos = pos;
        return (this.kind = T_EOF);
      }
      c = codes[pos];
      if (c !== 32 && (c > 13 || c < 9)) break;
      pos++;
    }
    this.tokenPos = pos;
    const kind = tokenStart[c];
    if (kind > T_PARAM) {
      if (kind !== NEEDS_LOOKAHEAD) {
        this.pos = pos + 1;
        return (this.kind = kind);
      }
      // `=`, `&&` and `||` are the commonest operators: no detour through the switch.
      const next = pos + 1 < end ? codes[pos + 1] : -1;
      if (c === 61 && next !== 61) {
        this.pos = pos + 1;
        return (this.kind = T_EQ);
      }
      if (next === c && (c === 38 || c === 124)) {
        this.pos = pos + 2;
        return (this.kind = c === 38 ? T_AND : T_OR);
      }
      return this.scanPunctuation(pos, c);
    }
    // A name, or the name of `@name` / `#name`.
    pos++;
    while (pos < end && isNameByte(codes[pos])) pos++;
    this.pos = pos;
    return (this.kind = kind);
  }

  private scanPunctuation(pos: number, c: number): TokenKind {
    const codes = this.codes;
    const end = this.length;
    const next = pos + 1 < end ? codes[pos + 1] : -1;
    let kind: TokenKind;
    switch (c) {
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
          // Any other ASCII character (non-ASCII is a name or a space, see `fillCodes`).
          pos++;
          kind = T_UNKNOWN;
        }
    }
    this.pos = pos;
    return (this.kind = kind);
  }

  private scanString(pos: number, quote: number): number {
    const codes = this.codes;
    const end = this.length;
    this.unterminated = false;
    pos++;
    while (pos < end) {
      const c = codes[pos];
      if (c === quote) return pos + 1;
      // A string never spans lines: an unterminated quote must not swallow the next lines.
      if (c === 10 || c === 13) break;
      pos += c === 92 && pos + 1 < end ? 2 : 1;
    }
    this.unterminated = true;
    return pos;
  }

  private scanNumber(pos: number): number {
    const codes = this.codes;
    const end = this.length;
    while (pos < end && isDigit(codes[pos])) pos++;
    if (pos + 1 < end && codes[pos] === 46 && isDigit(codes[pos + 1])) {
      pos += 2;
      while (pos < end && isDigit(codes[pos])) pos++;
    }
    if (pos < end && (codes[pos] | 32) === 101) {
      let p = pos + 1;
      const s = p < end ? codes[p] : -1;
      if (s === 43 || s === 45) p++;
      if (p < end && isDigit(codes[p])) {
        p++;
        while (p < end && isDigit(codes[p])) p++;
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
