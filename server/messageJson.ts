/**
 * The JSON of the messages the server writes to a stream (`--stdio`), with each LSP diagnostic's
 * JSON made once. The server gives the same diagnostic objects again across versions (see
 * documentDiagnostics.ts), and a list of up to a thousand is sent whole whenever one of them
 * changes: a file of errors re-sent some 325 KB at each keystroke in a file variable, and
 * stringifying it, then encoding the text, took about a millisecond of the server's time each.
 * Each diagnostic's UTF-8 bytes are kept, and a list is their concatenation. The bytes are those of
 * the JSON that `JSON.stringify` makes of the message (key order aside), each diagnostic as it was
 * when first written: the server never changes a diagnostic it made.
 */
import { Message, type ContentTypeEncoder, type ContentTypeEncoderOptions } from 'vscode-languageserver/node';

const written = new WeakMap<object, Buffer>();
const comma = Buffer.from(',');

/** UTF-8 pieces of JSON, joined once at the end. */
class JsonBytes {
  private readonly pieces: Buffer[] = [];
  private length = 0;

  text(json: string): void {
    this.add(Buffer.from(json, 'utf8'));
  }

  add(piece: Buffer): void {
    this.pieces.push(piece);
    this.length += piece.length;
  }

  /** A list of diagnostics, each one's bytes made once. */
  list(items: readonly unknown[]): void {
    this.text('[');
    items.forEach((item, i) => {
      if (i > 0) this.add(comma);
      if (typeof item !== 'object' || item === null) return this.text(JSON.stringify(item) ?? 'null');
      let bytes = written.get(item);
      if (bytes === undefined) written.set(item, (bytes = Buffer.from(JSON.stringify(item), 'utf8')));
      this.add(bytes);
    });
    this.text(']');
  }

  /** `object` with `field` (whatever its place among the keys) written last, by `write`. */
  withField(object: Record<string, unknown>, field: string, write: () => void): void {
    const { [field]: _later, ...rest } = object;
    const head = JSON.stringify(rest);
    this.text(`${head.slice(0, -1)}${head.length > 2 ? ',' : ''}${JSON.stringify(field)}:`);
    write();
    this.text('}');
  }

  bytes(): Buffer {
    return Buffer.concat(this.pieces, this.length);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A message as UTF-8 JSON: a publishDiagnostics notification's diagnostics, and a full document
 * diagnostic report's items, from the bytes kept for each; anything else as `JSON.stringify`
 * makes it. */
export function messageBytes(message: Message): Buffer {
  const envelope = message as unknown as Record<string, unknown>;
  const out = new JsonBytes();
  if (Message.isNotification(message) && message.method === 'textDocument/publishDiagnostics' && isRecord(message.params) && Array.isArray(message.params.diagnostics)) {
    const { params } = message;
    out.withField(envelope, 'params', () => out.withField(params, 'diagnostics', () => out.list(params.diagnostics as unknown[])));
  } else if (Message.isResponse(message) && isRecord(message.result) && message.result.kind === 'full' && Array.isArray(message.result.items)) {
    const { result } = message;
    out.withField(envelope, 'result', () => out.withField(result, 'items', () => out.list(result.items as unknown[])));
  } else {
    return Buffer.from(JSON.stringify(message), 'utf8');
  }
  return out.bytes();
}

/** The JSON content type of a stream writer: `messageBytes` in UTF-8 (the LSP's only charset). */
export const cachingJsonEncoder: ContentTypeEncoder = {
  name: 'application/json',
  encode: (message: Message, options: ContentTypeEncoderOptions): Promise<Uint8Array> => {
    try {
      return Promise.resolve(options.charset === 'utf-8' ? messageBytes(message) : Buffer.from(JSON.stringify(message), options.charset));
    } catch (error) {
      return Promise.reject(error);
    }
  },
};
