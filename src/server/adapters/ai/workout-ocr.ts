import { createRequire } from 'node:module';
import path from 'node:path';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { aiMessages, type ImageReading } from '../../../domain/ai-coach/contract';
import { isEmptyReading, readWorkoutText, textFromWords } from '../../../domain/ai-coach/reading/workout-reading';
import { MAX_IMAGE_PIXELS } from '../../../domain/uploads/contract';
import { imageDimensions } from '../parsing/image-size';
import { enlargedPng } from '../parsing/images';
import { AiFailure } from './port';

export { imageDimensions };

/**
 * Reads a workout screenshot without an LLM: tesseract.js (WebAssembly, in a worker thread) turns the
 * image (a small one enlarged first) into words, `textFromWords` puts them back in their rows and
 * columns, and the domain's `readWorkoutText` finds distance, time and average heart rate.
 * Everything is local: the English model comes from the `@tesseract.js-data/eng` package and the
 * wasm core from `tesseract.js-core`; nothing is downloaded and nothing is cached on disk.
 */

export interface WorkoutOcrOptions {
  /** Per read, including the wait for the worker. Default 30 s. */
  timeoutMs?: number;
  /** Largest image accepted, in pixels (a tiny PNG can claim a huge canvas). Default 40 megapixels. */
  maxPixels?: number;
  /**
   * Reads running or waiting at once; more are refused at once. Each waiting request holds its
   * upload (up to ~40 MB with the data URL and the decoded image), so the queue must not grow unbounded. Default 3.
   */
  maxQueued?: number;
}

export interface WorkoutOcr {
  read(data: Buffer): Promise<ImageReading>;
  /** The image's text, line by line (a coach's schedule photo); same queue, limits and failures as `read`. */
  readText(data: Buffer): Promise<string>;
  /** Ends the worker thread (a later read starts a new one). */
  close(): Promise<void>;
}

const DEFAULT_TIMEOUT_MS = 30_000;
/**
 * Narrower images are enlarged 2× before OCR: a 1× phone screenshot (390 px wide) has 12–13 px
 * labels, too small for tesseract. Measured on 42 mock-ups: at 390 px wide 83 % of fields right as
 * they are, 96 % enlarged; at 488 px 96 % either way (one wrong number as they are, none enlarged);
 * from 585 px up (1.5×, 2×, 3×) enlarging no longer helps and costs time.
 */
export const UPSCALE_BELOW_WIDTH = 500;

/** The image as tesseract reads it best: small ones enlarged; others (and any sharp cannot decode) untouched. */
export async function prepareForOcr(data: Buffer, size: { width: number; height: number }): Promise<Buffer> {
  if (size.width >= UPSCALE_BELOW_WIDTH) return data;
  try {
    // In the image worker thread (issue 26 §6); the size was checked against the pixel limit before.
    return await enlargedPng(data, size.width * 2);
  } catch {
    return data;
  }
}
const DEFAULT_MAX_PIXELS = MAX_IMAGE_PIXELS;
const DEFAULT_MAX_QUEUED = 3;

/**
 * The packaged language data: the LSTM-only "best_int" model (2.9 MB gzipped) — the legacy engine
 * the larger 4.0.0 file also carries is not used with OEM.LSTM_ONLY.
 */
export function packagedLanguageDir(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
}

async function startWorker(): Promise<Worker> {
  const worker = await createWorker('eng', OEM.LSTM_ONLY, {
    langPath: packagedLanguageDir(),
    gzip: true,
    // 'none': read the model from langPath only, never write a copy into the working directory.
    cacheMethod: 'none',
    // Without a handler tesseract.js throws from its message listener, which would end the process.
    errorHandler: () => {},
  });
  // tesseract.js defaults to one uniform block; summaries are grids and lists, so let it find them.
  // Kept spaces let a row of labels and a row of values stay one line each.
  await worker.setParameters({ tessedit_pageseg_mode: PSM.AUTO, preserve_interword_spaces: '1' });
  return worker;
}

export function createWorkoutOcr(options: WorkoutOcrOptions = {}): WorkoutOcr {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxPixels = options.maxPixels ?? DEFAULT_MAX_PIXELS;
  const maxQueued = options.maxQueued ?? DEFAULT_MAX_QUEUED;
  let queued = 0;
  let worker: Promise<Worker> | null = null;
  // One worker, one image at a time (the machine has few cores; a queue keeps memory flat). Each
  // read holds the tail of the queue until it ends; a read that timed out still waiting for its
  // turn hands the queue on only when the read before it ends.
  let tail: Promise<void> = Promise.resolve();

  const getWorker = () => {
    worker ??= startWorker().catch((error: unknown) => {
      worker = null;
      throw error;
    });
    return worker;
  };

  /** Forgets the worker at once (the next read starts a new one) and ends its thread. */
  const discardWorker = (): Promise<void> => {
    const current = worker;
    worker = null;
    return current ? current.then((w) => w.terminate()).then(() => undefined, () => undefined) : Promise.resolve();
  };

  async function recognise(data: Buffer, size: { width: number; height: number }): Promise<string> {
    const image = await prepareForOcr(data, size);
    const pending = getWorker();
    const w = await pending;
    // Dropped by a timeout while it was starting: its thread is gone.
    if (worker !== pending) throw new AiFailure('timeout', aiMessages.timeout);
    try {
      const result = await w.recognize(image, {}, { text: true, blocks: true });
      const words = (result.data.blocks ?? []).flatMap((block) =>
        block.paragraphs.flatMap((paragraph) => paragraph.lines.flatMap((line) => line.words.map((word) => ({ text: word.text, ...word.bbox })))),
      );
      return words.length > 0 ? textFromWords(words) : result.data.text;
    } catch (error) {
      // tesseract.js rejects with a string when Leptonica cannot decode the image.
      throw new AiFailure('unreadable', aiMessages.imageUnreadable, { cause: error });
    }
  }

  async function textOf(data: Buffer): Promise<string> {
    // An image whose size we cannot read is refused too: the decoder would find out the hard way.
    const size = imageDimensions(data);
    if (!size || size.width * size.height > maxPixels) throw new AiFailure('unreadable', aiMessages.imageUnreadable);
    if (queued >= maxQueued) throw new AiFailure('unavailable', aiMessages.imageFailed);
    queued += 1;
    try {
      return await readQueued(data, size);
    } finally {
      queued -= 1;
    }
  }

  return {
    async read(data) {
      const reading = readWorkoutText(await textOf(data));
      if (isEmptyReading(reading)) throw new AiFailure('unreadable', aiMessages.imageUnreadable);
      return reading;
    },
    readText: textOf,
    async close() {
      await discardWorker();
    },
  };

  async function readQueued(data: Buffer, size: { width: number; height: number }): Promise<string> {
    const previous = tail;
    let release!: () => void;
    tail = new Promise<void>((resolve) => (release = resolve));
    let running = false;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        // A worker stuck on one image would hold every later read: drop it before the next read starts.
        if (running) void discardWorker();
        reject(new AiFailure('timeout', aiMessages.timeout));
      }, timeoutMs);
    });
    let text: string;
    try {
      await Promise.race([previous, timeout]);
      running = true;
      text = await Promise.race([recognise(data, size), timeout]);
    } catch (error) {
      if (error instanceof AiFailure) throw error;
      throw new AiFailure('unavailable', aiMessages.imageFailed, { cause: error });
    } finally {
      clearTimeout(timer);
      if (running) release();
      else void previous.then(release);
    }
    return text;
  }
}
