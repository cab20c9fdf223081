/**
 * jsonc-parser's `parseTree`, built without its visitor. `parseTree` goes through `visit`, which
 * allocates a JSON-path closure and reads line and column for every value and key, and grows
 * property nodes by a late `colonOffset`; on a large transaction body that is over half of the
 * parse. This builder drives the same `createScanner` through the same grammar and error
 * recovery, and makes the same `Node`s with the same `ParseError`s for every input (the property
 * tests in jsoncTree.test.ts hold it to that), only directly.
 */
import { createScanner, parseTree, type JSONScanner, type Node, type NodeType, type ParseError, type ParseErrorCode, type ParseOptions } from 'jsonc-parser';

// jsonc-parser's SyntaxKind, ScanError and ParseErrorCode are ambient const enums, which isolated
// modules cannot read: their values, as its scanner and parser use them.
const openBrace = 1;
const closeBrace = 2;
const openBracket = 3;
const closeBracket = 4;
const comma = 5;
const colon = 6;
const nullKeyword = 7;
const trueKeyword = 8;
const falseKeyword = 9;
const stringLiteral = 10;
const numericLiteral = 11;
const lineComment = 12;
const blockComment = 13;
const lineBreak = 14;
const trivia = 15;
const unknownToken = 16;
const eof = 17;

const scanUnexpectedEndOfComment = 1;
const scanUnexpectedEndOfString = 2;
const scanUnexpectedEndOfNumber = 3;
const scanInvalidUnicode = 4;
const scanInvalidEscapeCharacter = 5;
const scanInvalidCharacter = 6;

const invalidSymbol = 1;
const invalidNumberFormat = 2;
const propertyNameExpected = 3;
const valueExpected = 4;
const colonExpected = 5;
const commaExpected = 6;
const closeBraceExpected = 7;
const closeBracketExpected = 8;
const endOfFileExpected = 9;
const invalidCommentToken = 10;
const unexpectedEndOfComment = 11;
const unexpectedEndOfString = 12;
const unexpectedEndOfNumber = 13;
const invalidUnicode = 14;
const invalidEscapeCharacter = 15;
const invalidCharacter = 16;

const internSlots = 512;
const maxInternedLength = 40;

/** The nodes as built here: `Node` with writable fields. `parent` is written last in every
 * literal so that deleting it from the root (as `parseTree` does) keeps the root's shape fast. */
interface MutableNode {
  type: NodeType;
  offset: number;
  length: number;
  value?: unknown;
  children?: MutableNode[];
  colonOffset?: number;
  parent?: MutableNode;
}

/** Same result and errors as jsonc-parser's `parseTree(text, errors, options)`. */
export function parseJsoncTree(text: string, errors: ParseError[] = [], options: ParseOptions = { allowTrailingComma: false }): Node | undefined {
  const reported = errors.length;
  try {
    const builder = new TreeBuilder(text, errors, options);
    // The tree hangs from a stand-in parent until it is done, as in parseTree.
    const top: MutableNode = { type: 'array', offset: -1, length: -1, children: [], parent: undefined };
    builder.parseDocument(top, options.allowEmptyContent === true);
    const root = top.children![0];
    if (root) delete root.parent;
    return root as Node | undefined;
  } catch (error) {
    // Both parsers recurse once per level of nesting, and this one's frames are larger: text
    // nested thousands deep, which exhausts the stack here first, goes to parseTree, so that
    // the two succeed (or fail) on the same inputs.
    if (!(error instanceof RangeError)) throw error;
    errors.length = reported;
    return parseTree(text, errors, options);
  }
}

class TreeBuilder {
  private readonly scanner: JSONScanner;
  private readonly disallowComments: boolean;
  private readonly allowTrailingComma: boolean;
  /** The current token (the scanner's, minus trivia and comments). */
  private token = unknownToken;
  /** Children of the containers being parsed, innermost last. */
  private readonly pending: MutableNode[] = [];
  /** Recent property names, by a hash of length and end characters. */
  private readonly interned: (string | undefined)[] = new Array<string | undefined>(internSlots).fill(undefined);

  constructor(
    text: string,
    private readonly errors: ParseError[],
    options: ParseOptions,
  ) {
    this.scanner = createScanner(text, false);
    this.disallowComments = options.disallowComments === true;
    this.allowTrailingComma = options.allowTrailingComma === true;
  }

  parseDocument(top: MutableNode, allowEmptyContent: boolean): void {
    this.scanNext();
    if (this.token === eof) {
      if (!allowEmptyContent) this.error(valueExpected);
      return;
    }
    const root = this.parseValue(top);
    if (!root) {
      this.error(valueExpected);
      return;
    }
    top.children!.push(root);
    if (this.token !== eof) this.error(endOfFileExpected);
  }

  /** The next token that is not trivia, reporting scan errors, comments where disallowed and
   * unknown symbols on the way (visit's `scanNext`). */
  private scanNext(): number {
    const scanner = this.scanner;
    for (;;) {
      const token: number = scanner.scan();
      const scanError: number = scanner.getTokenError();
      if (scanError !== 0) this.scanError(scanError);
      switch (token) {
        case lineComment:
        case blockComment:
          if (this.disallowComments) this.error(invalidCommentToken);
          break;
        case unknownToken:
          this.error(invalidSymbol);
          break;
        case trivia:
        case lineBreak:
          break;
        default:
          this.token = token;
          return token;
      }
    }
  }

  private scanError(scanError: number): void {
    switch (scanError) {
      case scanInvalidUnicode:
        this.error(invalidUnicode);
        break;
      case scanInvalidEscapeCharacter:
        this.error(invalidEscapeCharacter);
        break;
      case scanUnexpectedEndOfNumber:
        this.error(unexpectedEndOfNumber);
        break;
      case scanUnexpectedEndOfComment:
        if (!this.disallowComments) this.error(unexpectedEndOfComment);
        break;
      case scanUnexpectedEndOfString:
        this.error(unexpectedEndOfString);
        break;
      case scanInvalidCharacter:
        this.error(invalidCharacter);
        break;
    }
  }

  /** An error at the current token. */
  private error(code: number): void {
    this.errors.push({ error: code as ParseErrorCode, offset: this.scanner.getTokenOffset(), length: this.scanner.getTokenLength() });
  }

  /** An error, then tokens skipped up to one of two closing tokens (or `,`), as visit's
   * `handleError(code, [], [close, comma])`. */
  private errorSkipUntil(code: number, close: number): void {
    this.error(code);
    let token = this.token;
    while (token !== eof && token !== close && token !== comma) token = this.scanNext();
  }

  /** The value at the current token, or undefined (and nothing consumed) when none starts here. */
  private parseValue(parent: MutableNode): MutableNode | undefined {
    const scanner = this.scanner;
    let node: MutableNode;
    switch (this.token) {
      case openBracket:
        return this.parseArray(parent);
      case openBrace:
        return this.parseObject(parent);
      case stringLiteral:
        node = { type: 'string', offset: scanner.getTokenOffset(), length: scanner.getTokenLength(), value: scanner.getTokenValue(), parent };
        break;
      case numericLiteral: {
        let value = Number(scanner.getTokenValue());
        if (isNaN(value)) {
          this.error(invalidNumberFormat);
          value = 0;
        }
        node = { type: 'number', offset: scanner.getTokenOffset(), length: scanner.getTokenLength(), value, parent };
        break;
      }
      case nullKeyword:
        node = { type: 'null', offset: scanner.getTokenOffset(), length: scanner.getTokenLength(), value: null, parent };
        break;
      case trueKeyword:
        node = { type: 'boolean', offset: scanner.getTokenOffset(), length: scanner.getTokenLength(), value: true, parent };
        break;
      case falseKeyword:
        node = { type: 'boolean', offset: scanner.getTokenOffset(), length: scanner.getTokenLength(), value: false, parent };
        break;
      default:
        return undefined;
    }
    this.scanNext();
    return node;
  }

  /** The children gathered since `from`, as an array of exactly their number (an array grown
   * by `push` reserves 17 slots, and a transaction body has tens of thousands of small ones). */
  private takeChildren(from: number): MutableNode[] {
    const pending = this.pending;
    const children = pending.slice(from);
    pending.length = from;
    return children;
  }

  private parseArray(parent: MutableNode): MutableNode {
    const scanner = this.scanner;
    const pending = this.pending;
    const from = pending.length;
    const array: MutableNode = { type: 'array', offset: scanner.getTokenOffset(), length: -1, children: undefined, parent };
    this.scanNext(); // the `[`
    let needsComma = false;
    while (this.token !== closeBracket && this.token !== eof) {
      if (this.token === comma) {
        if (!needsComma) this.error(valueExpected);
        if (this.scanNext() === closeBracket && this.allowTrailingComma) break; // past the `,`
      } else if (needsComma) {
        this.error(commaExpected);
      }
      const item = this.parseValue(array);
      if (item) pending.push(item);
      else this.errorSkipUntil(valueExpected, closeBracket);
      needsComma = true;
    }
    array.children = this.takeChildren(from);
    // Up to the end of the `]`, or of the text when it is missing.
    array.length = scanner.getTokenOffset() + scanner.getTokenLength() - array.offset;
    if (this.token !== closeBracket) this.errorSkipAfter(closeBracketExpected, closeBracket);
    else this.scanNext(); // the `]`
    return array;
  }

  private parseObject(parent: MutableNode): MutableNode {
    const scanner = this.scanner;
    const pending = this.pending;
    const from = pending.length;
    const object: MutableNode = { type: 'object', offset: scanner.getTokenOffset(), length: -1, children: undefined, parent };
    this.scanNext(); // the `{`
    let needsComma = false;
    /** A property without a value, which the next `,` or the object's end completes. */
    let open: MutableNode | undefined;
    while (this.token !== closeBrace && this.token !== eof) {
      if (this.token === comma) {
        if (!needsComma) this.error(valueExpected);
        if (open) {
          open.length = scanner.getTokenOffset() - open.offset;
          open = undefined;
        }
        if (this.scanNext() === closeBrace && this.allowTrailingComma) break; // past the `,`
      } else if (needsComma) {
        this.error(commaExpected);
      }
      if (this.token !== stringLiteral) {
        this.errorSkipUntil(propertyNameExpected, closeBrace);
        // visit reports the missing property a second time, as a missing value.
        this.errorSkipUntil(valueExpected, closeBrace);
      } else {
        const property = this.parseProperty(object);
        pending.push(property);
        if (property.length < 0) open = property;
      }
      needsComma = true;
    }
    object.children = this.takeChildren(from);
    const end = scanner.getTokenOffset() + scanner.getTokenLength();
    if (open) open.length = end - open.offset;
    object.length = end - object.offset;
    if (this.token !== closeBrace) this.errorSkipAfter(closeBraceExpected, closeBrace);
    else this.scanNext(); // the `}`
    return object;
  }

  /** `"key": value` at a string token; its length stays -1 when it has no value. */
  private parseProperty(object: MutableNode): MutableNode {
    const scanner = this.scanner;
    const keyOffset = scanner.getTokenOffset();
    const keyLength = scanner.getTokenLength();
    const name = this.intern(scanner.getTokenValue());
    this.scanNext(); // the key
    if (this.token !== colon) {
      const property: MutableNode = { type: 'property', offset: keyOffset, length: -1, children: undefined, parent: object };
      property.children = [{ type: 'string', offset: keyOffset, length: keyLength, value: name, parent: property }];
      this.errorSkipUntil(colonExpected, closeBrace);
      return property;
    }
    const property: MutableNode = { type: 'property', offset: keyOffset, length: -1, children: undefined, colonOffset: scanner.getTokenOffset(), parent: object };
    const key: MutableNode = { type: 'string', offset: keyOffset, length: keyLength, value: name, parent: property };
    this.scanNext(); // the `:`
    const value = this.parseValue(property);
    if (value) {
      property.children = [key, value];
      property.length = value.offset + value.length - keyOffset;
    } else {
      property.children = [key];
      this.errorSkipUntil(valueExpected, closeBrace);
    }
    return property;
  }

  /** One string object per property name: the same few keys come back in every object, so the
   * tree keeps the first of each and the copy the scanner just made dies young. (Values are left
   * alone: most are unique, and comparing them costs more than it saves.) */
  private intern(value: string): string {
    const length = value.length;
    if (length === 0 || length > maxInternedLength) return value;
    const slot = (length * 31 + value.charCodeAt(0) * 7 + value.charCodeAt(length - 1)) & (internSlots - 1);
    const known = this.interned[slot];
    if (known === value) return known;
    this.interned[slot] = value;
    return value;
  }

  /** An error, then tokens skipped up to and including `close` (visit's `handleError(code, [close])`). */
  private errorSkipAfter(code: number, close: number): void {
    this.error(code);
    let token = this.token;
    while (token !== eof) {
      if (token === close) {
        this.scanNext();
        return;
      }
      token = this.scanNext();
    }
  }
}
