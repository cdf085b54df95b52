import { constants, inflateSync } from 'node:zlib';
import { createWorkerPool, ParseLimitError, type WorkerPool } from './worker-pool';

/**
 * A PDF's text layer (the coach's schedule reader), read by unpdf in a worker thread under limits:
 * a schedule is a few pages of a few KB, so anything far beyond is refused rather than parsed. The
 * 150 KB file that stalled the server 9–18 s (issue 26) now costs one thread at most `timeoutMs`.
 */

export interface PdfLimits {
  /** Pages at most (a season's schedule fits in a handful). */
  maxPages: number;
  /** Bytes all deflated streams may inflate to, together. */
  maxInflatedBytes: number;
  /** Wall-clock per file, from the moment a thread takes it; then the thread is killed. */
  timeoutMs: number;
  /** V8 heap per thread. */
  maxHeapMb: number;
  /** Threads, and files waiting for one; one more is refused at once. */
  threads: number;
  maxQueued: number;
}

export const defaultPdfLimits: PdfLimits = {
  maxPages: 30,
  maxInflatedBytes: 32 * 1024 * 1024,
  timeoutMs: 10_000,
  maxHeapMb: 256,
  threads: 1,
  maxQueued: 4,
};

export interface PdfTextJob {
  data: Uint8Array;
  maxPages: number;
  maxInflatedBytes: number;
}

const STREAM = Buffer.from('stream');
const END = Buffer.from('endstream');

/**
 * Inflates every deflated stream once, up to what is left of the budget, before pdf.js sees the file:
 * a 10 MB upload can claim gigabytes (deflate reaches ~1000:1). Streams that are not deflate (or are
 * broken) are skipped here; pdf.js then meets them under the time and heap limits.
 */
export function checkInflatedBytes(data: Buffer, maxBytes: number): number {
  let total = 0;
  let at = data.indexOf(STREAM);
  while (at >= 0) {
    let start = at + STREAM.length;
    // `endstream` also contains `stream`; only a keyword followed by an end of line opens a stream.
    const opens = data[start] === 0x0a || (data[start] === 0x0d && data[start + 1] === 0x0a);
    if (!opens || data.subarray(at - 3, at).toString('latin1') === 'end') {
      at = data.indexOf(STREAM, start);
      continue;
    }
    start += data[start] === 0x0d ? 2 : 1;
    const end = data.indexOf(END, start);
    if (end < 0) break;
    try {
      const out = inflateSync(data.subarray(start, end), { maxOutputLength: maxBytes - total + 1, finishFlush: constants.Z_SYNC_FLUSH });
      total += out.length;
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new ParseLimitError('inflated');
    }
    if (total > maxBytes) throw new ParseLimitError('inflated');
    at = data.indexOf(STREAM, end + END.length);
  }
  return total;
}


export interface PdfTextReader {
  /** The text of each page; rejects with ParseLimitError (an overrun), PoolBusyError or ParseFailedError. */
  pages(data: Buffer): Promise<string[]>;
  close(): Promise<void>;
}

export function createPdfTextReader(overrides: Partial<PdfLimits> = {}): PdfTextReader {
  const limits = { ...defaultPdfLimits, ...overrides };
  let pool: WorkerPool<PdfTextJob, string[]> | null = null;
  return {
    pages(data) {
      pool ??= createWorkerPool<PdfTextJob, string[]>({
        file: new URL('./pdf-text.worker.ts', import.meta.url),
        size: limits.threads,
        maxQueued: limits.maxQueued,
        timeoutMs: limits.timeoutMs,
        maxOldGenerationSizeMb: limits.maxHeapMb,
      });
      // A copy of its own, moved to the thread: the upload's Buffer may share a pooled ArrayBuffer.
      const copy = new Uint8Array(data);
      return pool.run({ data: copy, maxPages: limits.maxPages, maxInflatedBytes: limits.maxInflatedBytes }, [copy.buffer]);
    },
    async close() {
      await pool?.close();
      pool = null;
    },
  };
}
