import type { Readable } from 'node:stream';

/**
 * Where uploaded files live (DESIGN.md §2 "files"): local disk by default, an S3-compatible
 * bucket when S3_BUCKET is set (s3.ts). Keys are chosen by the server (random, flat, `^[a-f0-9]{32}\.(png|jpg|webp|gif)$`),
 * never by the uploader, so no key can climb out of its store.
 */
export interface StoragePort {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  get(key: string): Promise<Readable | null>;
  /** The address browsers and the mobile app load the file from. */
  publicUrl(key: string): string;
  /** Releases connections (the S3 client's); the app calls it on close. */
  close?(): void;
}

export const STORAGE_KEY_PATTERN = /^[a-f0-9]{32}\.(png|jpg|webp|gif)$/;

export function isStorageKey(key: string): boolean {
  return STORAGE_KEY_PATTERN.test(key);
}
