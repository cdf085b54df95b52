import { MAX_IMAGE_PIXELS } from '../../../domain/uploads/contract';
import { createWorkerPool, type WorkerPool } from './worker-pool';

/**
 * Image copies (the WebP copies of public images, a small screenshot enlarged for OCR) made by sharp
 * in a worker thread: at most 40 megapixels in, a time limit per copy, few at once. sharp's own work
 * runs on libuv's threads either way; here a stuck or huge copy costs one thread that is killed,
 * never the event loop or the threads file and DNS work share.
 */

export type ImageJob =
  | { op: 'webp'; data: Uint8Array; width: number; maxPixels: number }
  | { op: 'enlarge'; data: Uint8Array; width: number; maxPixels: number };

export const imageLimits = { threads: 1, maxQueued: 8, timeoutMs: 15_000, maxHeapMb: 128 };

let pool: WorkerPool<ImageJob, Uint8Array> | null = null;

function run(job: Omit<ImageJob, 'data' | 'maxPixels'> & { data: Buffer }): Promise<Buffer> {
  pool ??= createWorkerPool<ImageJob, Uint8Array>({
    file: new URL('./image.worker.ts', import.meta.url),
    size: imageLimits.threads,
    maxQueued: imageLimits.maxQueued,
    timeoutMs: imageLimits.timeoutMs,
    maxOldGenerationSizeMb: imageLimits.maxHeapMb,
  });
  const data = new Uint8Array(job.data);
  return pool
    .run({ ...job, data, maxPixels: MAX_IMAGE_PIXELS } as ImageJob, [data.buffer])
    .then((bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

/** A WebP copy at most `width` wide (never enlarged), turned upright by its EXIF orientation. */
export function webpCopy(data: Buffer, width: number): Promise<Buffer> {
  return run({ op: 'webp', data, width });
}

/** A PNG copy exactly `width` wide (a small screenshot enlarged for OCR). */
export function enlargedPng(data: Buffer, width: number): Promise<Buffer> {
  return run({ op: 'enlarge', data, width });
}

/** Ends the threads (tests; an idle thread never keeps the process alive). */
export async function closeImageWorkers(): Promise<void> {
  await pool?.close();
  pool = null;
}
