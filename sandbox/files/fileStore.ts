/**
 * Uploaded files: streamed to disk while their SHA-256 and size are computed (never held whole in
 * memory), recorded in `uploaded_file`, and deleted when no Dokumentversjon links them within the
 * configured lifetime (3600 s by default). Files are stored under their id, never under the name
 * the client sent: in the archive folder, or in the database when sandboxes share a server
 * (fileContent.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Database, SqlSession } from '../store/database';
import { ServiceError } from '../http/errors';
import { detectContentType } from './contentType';
import { FolderContent, type FileContent } from './fileContent';

export interface UploadedFile {
  id: number;
  uploadedBy: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  storageName: string;
  createdAt: number;
  dokumentversjonId: number | null;
}

interface UploadedFileRow {
  id: number | string;
  uploaded_by: string;
  file_name: string;
  content_type: string;
  size: number | string;
  sha256: string;
  storage_name: string;
  created_at: number | string;
  dokumentversjon_id: number | string | null;
}

function fromRow(r: UploadedFileRow): UploadedFile {
  return {
    id: Number(r.id),
    uploadedBy: r.uploaded_by,
    fileName: r.file_name,
    contentType: r.content_type,
    size: Number(r.size),
    sha256: r.sha256,
    storageName: r.storage_name,
    createdAt: Number(r.created_at),
    dokumentversjonId: r.dokumentversjon_id === null ? null : Number(r.dokumentversjon_id),
  };
}

export class FileStore {
  /**
   * @param directory where uploads are written while they arrive, and where their content is
   * kept unless `content` keeps it elsewhere
   */
  constructor(
    private readonly db: Database,
    readonly directory: string,
    private readonly now: () => number,
    private readonly unlinkedLifetimeSeconds: number,
    readonly content: FileContent = new FolderContent(directory),
  ) {
    mkdirSync(directory, { recursive: true });
  }

  /** Streams `body` to disk; refuses (413) bodies over `maxBytes` and removes what was written. */
  async store(body: Readable, fileName: string, uploadedBy: string, maxBytes: number): Promise<UploadedFile> {
    const tmpName = `upload-${randomBytes(12).toString('hex')}.part`;
    const tmpPath = join(this.directory, tmpName);
    const hash = createHash('sha256');
    let size = 0;
    let head = Buffer.alloc(0);
    let tooLarge = false;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        // Past the limit the rest is read and dropped (not stored, not held), so the client can
        // still be told 413 instead of seeing its connection reset.
        if (size > maxBytes) {
          tooLarge = true;
          callback();
          return;
        }
        if (head.length < 16) head = Buffer.concat([head, chunk.subarray(0, 16 - head.length)]);
        hash.update(chunk);
        callback(null, chunk);
      },
    });
    try {
      await pipeline(body, meter, createWriteStream(tmpPath, { flags: 'wx' }));
    } catch (error) {
      await rm(tmpPath, { force: true });
      throw new ServiceError(400, `The upload was interrupted: ${error instanceof Error ? error.message : String(error)}.`);
    }
    if (tooLarge) {
      await rm(tmpPath, { force: true });
      throw new ServiceError(413, `The file is larger than the upload limit of ${maxBytes} bytes.`);
    }
    const { rows } = await this.db.query<{ id: number | string }>(`SELECT nextval('entity_id_seq') AS id`);
    const id = Number(rows[0].id);
    const storageName = `file-${id}`;
    try {
      await this.content.put(storageName, tmpPath, true);
    } finally {
      await rm(tmpPath, { force: true });
    }
    const file: UploadedFile = {
      id,
      uploadedBy,
      fileName,
      contentType: detectContentType(fileName, head),
      size,
      sha256: hash.digest('hex'),
      storageName,
      createdAt: this.now(),
      dokumentversjonId: null,
    };
    await this.db.query(
      `INSERT INTO uploaded_file (id, uploaded_by, file_name, content_type, size, sha256, storage_name, created_at, dokumentversjon_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, NULL)`,
      [file.id, file.uploadedBy, file.fileName, file.contentType, file.size, file.sha256, file.storageName, file.createdAt],
    );
    return file;
  }

  isExpired(file: UploadedFile): boolean {
    return file.dokumentversjonId === null && this.now() >= file.createdAt + this.unlinkedLifetimeSeconds * 1000;
  }

  /** The file with `id`, unless it does not exist or expired unlinked. */
  async find(session: SqlSession, id: number): Promise<UploadedFile | undefined> {
    // Locked on a server: two transactions must not both link the file.
    const { rows } = await session.query<UploadedFileRow>(`SELECT * FROM uploaded_file WHERE id = $1${session.concurrent ? ' FOR UPDATE' : ''}`, [id]);
    const file = rows[0] ? fromRow(rows[0]) : undefined;
    return file && !this.isExpired(file) ? file : undefined;
  }

  async markLinked(session: SqlSession, fileId: number, dokumentversjonId: number | null): Promise<void> {
    await session.query('UPDATE uploaded_file SET dokumentversjon_id = $2 WHERE id = $1', [fileId, dokumentversjonId]);
  }

  open(file: UploadedFile): Promise<{ stream: Readable; size: number }> {
    return this.content.open(file.storageName);
  }

  /** The whole content, for files small enough to hold (text extraction, light PDFs). */
  read(storageName: string): Promise<Buffer> {
    return this.content.read(storageName);
  }

  head(storageName: string, bytes: number): Promise<Buffer> {
    return this.content.head(storageName, bytes);
  }

  /** Deletes files whose unlinked lifetime is over. */
  async sweep(): Promise<number> {
    const cutoff = this.now() - this.unlinkedLifetimeSeconds * 1000;
    const { rows } = await this.db.query<UploadedFileRow>('DELETE FROM uploaded_file WHERE dokumentversjon_id IS NULL AND created_at <= $1 RETURNING *', [cutoff]);
    for (const r of rows) await this.content.remove(r.storage_name);
    return rows.length;
  }
}
