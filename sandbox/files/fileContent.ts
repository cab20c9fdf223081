/**
 * Where the bytes of uploaded files live. One sandbox keeps them as files in its archive folder;
 * sandboxes sharing a PostgreSQL server keep them in the database (`file_content`, in parts of
 * 1 MiB), so a file uploaded through one process can be attached and downloaded through any
 * other, and a backup of the database holds the whole archive.
 */
import { createReadStream, type Stats } from 'node:fs';
import { copyFile, link, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Database } from '../store/database';

export interface FileContent {
  /** Keeps the file at `path` as the content of `storageName`; `move` lets it take the file away. */
  put(storageName: string, path: string, move: boolean): Promise<void>;
  open(storageName: string): Promise<{ stream: Readable; size: number }>;
  read(storageName: string): Promise<Buffer>;
  /** The first `bytes` bytes (fewer when the file is shorter). */
  head(storageName: string, bytes: number): Promise<Buffer>;
  remove(storageName: string): Promise<void>;
}

export class FolderContent implements FileContent {
  constructor(readonly directory: string) {}

  async put(storageName: string, path: string, move: boolean): Promise<void> {
    const target = join(this.directory, storageName);
    if (move) return rename(path, target);
    // A hard link costs nothing when both are on one file system (the generated archives).
    try {
      await link(path, target);
    } catch {
      await copyFile(path, target);
    }
  }

  async open(storageName: string): Promise<{ stream: Readable; size: number }> {
    const path = join(this.directory, storageName);
    const info: Stats = await stat(path);
    return { stream: createReadStream(path), size: info.size };
  }

  read(storageName: string): Promise<Buffer> {
    return readFile(join(this.directory, storageName));
  }

  async head(storageName: string, bytes: number): Promise<Buffer> {
    const file = await open(join(this.directory, storageName), 'r');
    try {
      const { buffer, bytesRead } = await file.read(Buffer.alloc(bytes), 0, bytes, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await file.close();
    }
  }

  remove(storageName: string): Promise<void> {
    return rm(join(this.directory, storageName), { force: true });
  }
}

const partBytes = 1024 * 1024;

export function fileContentSchemaStatements(): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS file_content (
      storage_name text NOT NULL,
      part integer NOT NULL,
      data bytea NOT NULL,
      PRIMARY KEY (storage_name, part)
    )`,
  ];
}

export class DatabaseContent implements FileContent {
  constructor(private readonly db: Database) {}

  /** Read from the uploaded file part by part and written in one transaction: a file is there
   * whole or not at all, and never held whole in memory. */
  async put(storageName: string, path: string, move: boolean): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query('DELETE FROM file_content WHERE storage_name = $1', [storageName]);
      let part = 0;
      for await (const chunk of createReadStream(path, { highWaterMark: partBytes })) {
        await tx.query('INSERT INTO file_content (storage_name, part, data) VALUES ($1, $2, $3)', [storageName, part++, chunk as Buffer]);
      }
    });
    if (move) await rm(path, { force: true });
  }

  async open(storageName: string): Promise<{ stream: Readable; size: number }> {
    const { rows } = await this.db.query<{ parts: number | string; size: number | string | null }>(
      'SELECT count(*) AS parts, sum(octet_length(data)) AS size FROM file_content WHERE storage_name = $1',
      [storageName],
    );
    const parts = Number(rows[0]?.parts ?? 0);
    if (parts === 0) throw Object.assign(new Error(`the content of ${storageName} is not in the database`), { code: 'ENOENT' });
    const db = this.db;
    async function* read(): AsyncGenerator<Buffer> {
      for (let part = 0; part < parts; part++) {
        const { rows: data } = await db.query<{ data: Buffer }>('SELECT data FROM file_content WHERE storage_name = $1 AND part = $2', [storageName, part]);
        if (data[0]) yield data[0].data;
      }
    }
    return { stream: Readable.from(read()), size: Number(rows[0].size ?? 0) };
  }

  async read(storageName: string): Promise<Buffer> {
    const { rows } = await this.db.query<{ data: Buffer }>('SELECT data FROM file_content WHERE storage_name = $1 ORDER BY part', [storageName]);
    return Buffer.concat(rows.map((r) => r.data));
  }

  async head(storageName: string, bytes: number): Promise<Buffer> {
    const { rows } = await this.db.query<{ data: Buffer | null }>('SELECT substring(data FROM 1 FOR $2) AS data FROM file_content WHERE storage_name = $1 AND part = 0', [storageName, bytes]);
    return rows[0]?.data ?? Buffer.alloc(0);
  }

  async remove(storageName: string): Promise<void> {
    await this.db.query('DELETE FROM file_content WHERE storage_name = $1', [storageName]);
  }
}
