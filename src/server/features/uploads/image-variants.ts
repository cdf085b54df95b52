import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { webpCopy } from '../../adapters/parsing/images';
import type { StoragePort } from '../../adapters/storage/port';

/**
 * Smaller WebP copies of public images for `srcset` (issue 12 item 5: modern formats with sizes).
 * Made on the first request for a width and kept in the storage beside the original (local disk or
 * the S3 bucket, so every server reuses them), under a key derived from the original's: never
 * listed in `uploads`, so `/api/files/{variant}` itself is a 404.
 */
import { IMAGE_VARIANT_WIDTHS, type VariantWidth } from '../../../domain/uploads/image-widths';

export { IMAGE_VARIANT_WIDTHS, type VariantWidth };

/** Conversions at once in this process (the image worker has its own bounded queue too): a cold page of many images queues. */
const MAX_CONCURRENT = 2;

export function isVariantWidth(w: number): w is VariantWidth {
  return (IMAGE_VARIANT_WIDTHS as readonly number[]).includes(w);
}

/** The storage key of `key`'s WebP copy `width` pixels wide (a valid storage key of its own). */
export function variantKey(key: string, width: VariantWidth): string {
  return `${createHash('sha256').update(`${key}:w${width}:webp:v1`).digest('hex').slice(0, 32)}.webp`;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

let running = 0;
const waiting: (() => void)[] = [];
async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

const inFlight = new Map<string, Promise<Buffer | null>>();

/**
 * The WebP copy of `key` at `width` (never wider than the original), made and stored on first use;
 * null when the original is missing or cannot be decoded (the caller serves the original instead).
 */
export async function imageVariant(storage: StoragePort, key: string, width: VariantWidth): Promise<Buffer | null> {
  const target = variantKey(key, width);
  const stored = await storage.get(target);
  if (stored) return readAll(stored);
  let pending = inFlight.get(target);
  if (!pending) {
    pending = limited(async () => {
      const original = await storage.get(key);
      if (!original) return null;
      try {
        // In a worker thread, at most 40 MP in and a time limit (issue 26 §6); any failure serves the original.
        const bytes = await webpCopy(await readAll(original), width);
        await storage.put(target, bytes, 'image/webp');
        return bytes;
      } catch {
        return null;
      }
    }).finally(() => inFlight.delete(target));
    inFlight.set(target, pending);
  }
  return pending;
}
