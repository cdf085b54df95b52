import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { isStorageKey, type StoragePort } from './port';

/** The built-in storage: files under one directory, served back by GET /api/files/{key}. */
export function createLocalDiskStorage(opts: { root: string; publicBaseUrl: string }): StoragePort {
  const root = path.resolve(opts.root);

  // Keys are checked against the one pattern the server generates, and the resolved path must
  // still sit inside the root: two independent guards against path traversal.
  function fileOf(key: string): string {
    if (!isStorageKey(key)) throw new Error(`invalid storage key: ${key}`);
    const file = path.resolve(root, key);
    if (path.dirname(file) !== root) throw new Error(`storage key escapes the root: ${key}`);
    return file;
  }

  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(root, { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const partial = `${file}.${process.pid}.part`;
      await writeFile(partial, bytes);
      await rename(partial, file);
    },
    async get(key): Promise<Readable | null> {
      if (!isStorageKey(key)) return null;
      const file = fileOf(key);
      try {
        if (!(await stat(file)).isFile()) return null;
      } catch {
        return null;
      }
      return createReadStream(file);
    },
    publicUrl(key) {
      return `${opts.publicBaseUrl}/api/files/${key}`;
    },
  };
}
