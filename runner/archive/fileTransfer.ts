/**
 * Files to and from the archive, streamed: an upload reads its source chunk by chunk as the
 * connection takes it, a download writes each chunk as it arrives, so a 1 GiB file costs a few
 * chunks of memory. A download to a path goes to a temporary file beside it and is renamed only
 * once complete, so a failed download never leaves a partial file under the real name.
 *
 * An upload from a path reads into the same few buffers again and again instead of a new one per
 * chunk: a chunk read and sent is garbage only the garbage collector frees, and V8 lets some 30 MB
 * of them pile up before it collects (it counts them as external memory, which the JavaScript
 * heap of an upload hardly grows). A buffer is read into again only once the connection has
 * written out everything handed to it (`BuffersReleased`); until then a new one is taken.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Readable, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { create as createDisposition, parse as parseDisposition } from 'content-disposition';
import type { DownloadTarget, TransferProgress, UploadSource } from './archiveApi';

/** Read size of an uploaded file: large enough that a 1 GiB upload is not paced by small reads. */
const uploadChunkBytes = 1024 * 1024;

/** `attachment; filename="S?knad.pdf"; filename*=UTF-8''S%C3%B8knad.pdf` — an ASCII name alone
 * for an ASCII name, the RFC 8187 form beside an ASCII stand-in for any other. */
export function uploadDisposition(fileName: string): string {
  return createDisposition(fileName, { type: 'attachment' });
}

/** The file name a `Content-Disposition` gives (`filename*` over `filename`), or undefined. */
export function dispositionFileName(header: string | undefined): string | undefined {
  if (!header) return undefined;
  try {
    const name = parseDisposition(header).parameters.filename;
    return name === undefined || name === '' ? undefined : name;
  } catch {
    return undefined;
  }
}

/** A name that can only land inside the target folder: no directories, no `..`, no control characters. */
export function safeFileName(name: string | undefined, fallback: string): string {
  const cleaned = basename((name ?? '').replace(/\\/g, '/'))
    .replace(/[\u0000-\u001f\u007f/]/g, '_')
    .trim();
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? fallback : cleaned;
}

/**
 * One attempt's body for an upload, with what it has sent so far. The chunks are handed to the
 * connection one at a time, as it asks for them (an async iterable, not a stream that would read
 * ahead into a buffer of its own).
 */
export interface UploadBody {
  chunks: AsyncIterable<Buffer>;
  /** Whether the whole source was handed to the connection. */
  complete(): boolean;
}

/** True when the connection holds none of the chunks handed to it: all were written to the socket. */
export type BuffersReleased = () => boolean;

export interface OpenedUpload {
  fileName: string;
  size: number | undefined;
  /** Whether `open` can be called again for another attempt (a path can be reopened, a stream not). */
  reopenable: boolean;
  open(onProgress: ((progress: TransferProgress) => void) | undefined, released: BuffersReleased): UploadBody;
}

export class UploadSourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UploadSourceError';
  }
}

/** Checks an upload source and gives a way to open its body (once per attempt for a path). */
export async function openUploadSource(source: UploadSource): Promise<OpenedUpload> {
  if ('path' in source) {
    let info;
    try {
      info = await stat(source.path);
    } catch (error) {
      throw new UploadSourceError(`cannot read the file to upload, ${source.path}: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!info.isFile()) throw new UploadSourceError(`${source.path} is not a file`);
    const fileName = source.fileName ?? basename(source.path);
    checkFileName(fileName);
    const size = info.size;
    return {
      fileName,
      size,
      reopenable: true,
      open: (onProgress, released) => countedBody(fileChunks(source.path, released), size, onProgress),
    };
  }
  checkFileName(source.fileName);
  if (source.size !== undefined && (!Number.isInteger(source.size) || source.size < 0)) throw new UploadSourceError(`size must be a whole number of bytes, not ${source.size}`);
  let opened = false;
  return {
    fileName: source.fileName,
    size: source.size,
    reopenable: false,
    open: (onProgress) => {
      if (opened) throw new UploadSourceError('an upload stream can be sent only once');
      opened = true;
      return countedBody(source.stream, source.size, onProgress);
    },
  };
}

function checkFileName(fileName: string): void {
  if (typeof fileName !== 'string' || fileName.trim() === '') throw new UploadSourceError('the upload needs a file name (the archive requires one in Content-Disposition)');
  if (/[\u0000-\u001f\u007f]/.test(fileName)) throw new UploadSourceError(`the file name ${JSON.stringify(fileName)} contains control characters`);
}

/**
 * The file's bytes in chunks of `uploadChunkBytes`. Each chunk is handed out only when the
 * connection asks for the next one, so when it asks, every earlier chunk is in the socket or
 * written; once `released` says the socket has written them all, their buffers are read into
 * again. The next chunk is read while the connection writes the one handed out.
 */
async function* fileChunks(path: string, released: BuffersReleased): AsyncGenerator<Buffer> {
  const file = await open(path, 'r');
  const spare: Buffer[] = [];
  /** Buffers handed to the connection that it may still hold. */
  let lent: Buffer[] = [];
  const readNext = async (): Promise<{ buffer: Buffer; bytesRead: number }> => {
    if (lent.length > 0 && released()) {
      spare.push(...lent);
      lent = [];
    }
    const buffer = spare.pop() ?? Buffer.allocUnsafeSlow(uploadChunkBytes);
    const { bytesRead } = await file.read(buffer, 0, buffer.length, null);
    return { buffer, bytesRead };
  };
  let next = readNext();
  try {
    for (;;) {
      const { buffer, bytesRead } = await next;
      if (bytesRead === 0) return;
      // Read on while this one is written; this buffer is lent only after that read took its
      // own, so it cannot be read into before the connection asks for more.
      next = readNext();
      lent.push(buffer);
      yield bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead);
    }
  } finally {
    // Also when the connection stops asking early (an error answer, a reset): release the file.
    await next.catch(() => undefined);
    await file.close();
  }
}

function countedBody(source: AsyncIterable<unknown>, total: number | undefined, onProgress: ((progress: TransferProgress) => void) | undefined): UploadBody {
  let bytes = 0;
  let done = false;
  async function* chunks(): AsyncGenerator<Buffer> {
    try {
      for await (const chunk of source) {
        const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
        bytes += buffer.length;
        yield buffer;
        onProgress?.({ bytes, total });
      }
      done = true;
    } finally {
      // The connection may stop reading early (an error answer, a reset): release the source.
      if (!done && source instanceof Readable) source.destroy();
    }
  }
  return { chunks: chunks(), complete: () => done };
}

/** Counts the bytes passing through, reporting progress. */
export function progressCounter(total: number | undefined, onProgress: ((progress: TransferProgress) => void) | undefined): Transform & { bytes: () => number } {
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      onProgress?.({ bytes, total });
      callback(null, chunk);
    },
  });
  return Object.assign(counter, { bytes: () => bytes });
}

/** Remembers an error of the local side, so that it is not taken for a failure of the connection. */
function watchLocalErrors(stream: Writable, body: Readable): { error: Error | undefined } {
  let remote: Error | undefined;
  body.once('error', (error: Error) => {
    remote = error;
  });
  const seen: { error: Error | undefined } = { error: undefined };
  // A failing body makes the pipeline destroy the target with the body's own error: not a local one.
  stream.once('error', (error: Error) => {
    // The body may have failed before this listener was added; `errored` still tells.
    if (error !== remote && error !== body.errored) seen.error = error;
  });
  return seen;
}

export class DownloadTargetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DownloadTargetError';
  }
}

export interface WrittenDownload {
  bytes: number;
  path?: string;
  /** Whether bytes already reached a caller's stream (then the download cannot be tried again). */
  delivered: boolean;
}

/**
 * Writes `body` to the target. For a path or a folder the bytes go to a temporary file that is
 * renamed over the final name only once the body is complete; on any failure it is removed.
 */
export async function writeDownload(
  body: Readable,
  target: DownloadTarget,
  names: { fromHeader: string | undefined; id: string },
  total: number | undefined,
  onProgress: ((progress: TransferProgress) => void) | undefined,
  state: { delivered: boolean },
): Promise<WrittenDownload> {
  const counter = progressCounter(total, onProgress);
  if ('stream' in target) {
    const mark = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        state.delivered = true;
        callback(null, chunk);
      },
    });
    const local = watchLocalErrors(target.stream, body);
    try {
      await pipeline(body, counter, mark, target.stream);
    } catch (error) {
      if (local.error) throw new DownloadTargetError(`cannot write the download to the stream: ${local.error.message}`);
      throw error;
    }
    return { bytes: counter.bytes(), delivered: state.delivered };
  }
  const finalPath = 'path' in target ? target.path : join(target.directory, safeFileName(names.fromHeader, safeFileName(names.id, 'download')));
  if ('directory' in target) {
    let info;
    try {
      info = await stat(target.directory);
    } catch (error) {
      throw new DownloadTargetError(`cannot write into ${target.directory}: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!info.isDirectory()) throw new DownloadTargetError(`${target.directory} is not a folder`);
  }
  const temporary = join(dirname(finalPath), `.${basename(finalPath)}.${randomBytes(4).toString('hex')}.part`);
  let file: Writable;
  try {
    file = createWriteStream(temporary, { flags: 'wx' });
    await new Promise<void>((resolve, reject) => {
      file.once('open', () => resolve());
      file.once('error', reject);
    });
  } catch (error) {
    body.destroy();
    throw new DownloadTargetError(`cannot write ${finalPath}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const local = watchLocalErrors(file, body);
  try {
    await pipeline(body, counter, file);
    await rename(temporary, finalPath).catch((error: unknown) => {
      local.error = error instanceof Error ? error : new Error(String(error));
      throw error;
    });
  } catch (error) {
    await rm(temporary, { force: true });
    if (local.error) throw new DownloadTargetError(`cannot write ${finalPath}: ${local.error.message}`);
    throw error;
  }
  return { bytes: counter.bytes(), path: finalPath, delivered: false };
}
