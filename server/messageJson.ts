/**
 * The JSON of the messages the server writes to a stream (`--stdio`), with each LSP diagnostic's
 * JSON made once. The server gives the same diagnostic objects again across versions (see
 * documentDiagnostics.ts), and a list of up to a thousand is sent whole whenever one of them
 * changes: a file of errors re-sent some 325 KB at each keystroke in a file variable, and
 * stringifying it was a millisecond of the server's time each. The text is the same JSON that
 * `JSON.stringify` makes of the message, the diagnostics' as they were when first written (the
 * server never changes a diagnostic it made).
 */
import { Message, type ContentTypeEncoder, type ContentTypeEncoderOptions } from 'vscode-languageserver/node';

const written = new WeakMap<object, string>();

/** The JSON of a list of diagnostics, each one's made once. */
function listJson(list: readonly unknown[]): string {
  const parts: string[] = [];
  for (const item of list) {
    if (typeof item !== 'object' || item === null) {
      parts.push(JSON.stringify(item) ?? 'null');
      continue;
    }
    let json = written.get(item);
    if (json === undefined) written.set(item, (json = JSON.stringify(item)));
    parts.push(json);
  }
  return `[${parts.join(',')}]`;
}

/** `object` as JSON with `field` (whatever its place among the keys) written last as `json`. */
function withFieldJson(object: Record<string, unknown>, field: string, json: string): string {
  const { [field]: _written, ...rest } = object;
  const head = JSON.stringify(rest);
  return `${head.slice(0, -1)}${head.length > 2 ? ',' : ''}${JSON.stringify(field)}:${json}}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A message's JSON: a publishDiagnostics notification's diagnostics, and a full document
 * diagnostic report's items, by `listJson`; anything else as `JSON.stringify` makes it. */
export function messageJson(message: Message): string {
  const envelope = message as unknown as Record<string, unknown>;
  if (Message.isNotification(message) && message.method === 'textDocument/publishDiagnostics' && isRecord(message.params) && Array.isArray(message.params.diagnostics)) {
    return withFieldJson(envelope, 'params', withFieldJson(message.params, 'diagnostics', listJson(message.params.diagnostics)));
  }
  if (Message.isResponse(message) && isRecord(message.result) && message.result.kind === 'full' && Array.isArray(message.result.items)) {
    return withFieldJson(envelope, 'result', withFieldJson(message.result, 'items', listJson(message.result.items)));
  }
  return JSON.stringify(message);
}

/** The JSON content type of a stream writer, by `messageJson`. */
export const cachingJsonEncoder: ContentTypeEncoder = {
  name: 'application/json',
  encode: (message: Message, options: ContentTypeEncoderOptions): Promise<Uint8Array> => {
    try {
      return Promise.resolve(Buffer.from(messageJson(message), options.charset));
    } catch (error) {
      return Promise.reject(error);
    }
  },
};
