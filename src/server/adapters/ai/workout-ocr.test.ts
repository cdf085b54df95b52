import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiMessages, type ImageReading } from '../../../domain/ai-coach/contract';
// @ts-expect-error plain .mjs helper shared with the npm scripts
import { chromiumPath } from '../../../../scripts/chromium-path.mjs';
import { AiFailure } from './port';
import { describeScore, readingMisses, renderWorkoutScreen, scoreScreens, WORKOUT_SCREEN_VIEWPORT, workoutScreens } from './testing/workout-screens';
import { createWorkoutOcr, imageDimensions, packagedLanguageDir, type WorkoutOcr } from './workout-ocr';

/**
 * Renders every workout mock-up (Strava, Garmin Connect, COROS, Apple Fitness, Samsung Health, Polar
 * Flow, Nike Run Club; EN/ID, light/dark) in Debian's Chromium and reads it back with the real OCR.
 * One browser and one OCR worker for the file.
 * A missing Chromium fails the file (CI installs it: scripts/ensure-chromium.mjs), it never skips.
 */

let browser: Browser;
let page: Page;
let ocr: WorkoutOcr;
const timings: number[] = [];

beforeAll(async () => {
  const executablePath = (chromiumPath as () => string | null)();
  if (!executablePath) throw new Error('Chromium not found: install Debian "chromium" (node scripts/ensure-chromium.mjs) or set CHROME_PATH.');
  browser = await chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const { width, height, deviceScaleFactor } = WORKOUT_SCREEN_VIEWPORT;
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor });
  page = await context.newPage();
  ocr = createWorkoutOcr();
}, 60_000);

afterAll(async () => {
  await ocr?.close();
  await browser?.close();
  if (timings.length > 0) {
    const sorted = [...timings].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    console.info(`workout OCR: ${timings.length} screenshots, median ${median} ms, max ${sorted.at(-1)} ms (first read includes starting the worker)`);
  }
});

async function timedRead(data: Buffer) {
  const started = performance.now();
  const reading = await ocr.read(data);
  timings.push(Math.round(performance.now() - started));
  return reading;
}

async function failureOf(promise: Promise<unknown>): Promise<AiFailure> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AiFailure);
  return error as AiFailure;
}

describe('createWorkoutOcr on rendered screenshots', () => {
  const readings = new Map<string, ImageReading>();

  // Every screen is read once; the tests below judge the readings (one per screen, and all together).
  beforeAll(async () => {
    for (const screen of workoutScreens) {
      const png = await renderWorkoutScreen(page, screen);
      expect(imageDimensions(png)).toEqual({ width: 780, height: 1688 });
      readings.set(screen.id, await timedRead(png));
    }
  }, 600_000);

  it('reads at least 90 % of all fields right over all screens, and lists the misses', () => {
    const score = scoreScreens(workoutScreens.map((screen) => ({ screen, reading: readings.get(screen.id)! })));
    console.info(describeScore(score));
    expect(score.screens).toBeGreaterThanOrEqual(26);
    expect(score.right / score.fields).toBeGreaterThanOrEqual(0.9);
    // What it cannot read it leaves empty: a miss is never a wrong number.
    expect(score.misses.filter((m) => m.got !== null)).toEqual([]);
  });

  it.each(workoutScreens.filter((s) => !s.ocrMisses).map((screen) => [screen.id, screen] as const))('reads distance, time and average HR from %s', (_id, screen) => {
    expect(readings.get(screen.id)).toEqual(screen.expected);
  });

  it.each(workoutScreens.filter((s) => s.ocrMisses).map((screen) => [screen.id, screen] as const))('reads %s right or null where OCR is known to fail, never wrong', (_id, screen) => {
    const reading = readings.get(screen.id)!;
    for (const miss of readingMisses(screen.expected, reading)) {
      expect(screen.ocrMisses!.fields).toContain(miss.field);
      expect(miss.got).toBeNull();
    }
  });

  it('reads a JPEG upload as well', async () => {
    const screen = workoutScreens.find((s) => s.id === 'garmin-en-light')!;
    const jpeg = await renderWorkoutScreen(page, screen, 'jpeg');
    expect(imageDimensions(jpeg)).toEqual({ width: 780, height: 1688 });
    expect(await timedRead(jpeg)).toEqual(screen.expected);
  }, 30_000);

  it('reads a small (1×) screenshot, where the engine reads Garmin\'s list column by column', async () => {
    const small = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
    try {
      const screen = workoutScreens.find((s) => s.id === 'garmin-en-light')!;
      const png = await renderWorkoutScreen(await small.newPage(), screen);
      // The moving time (27:30) sits beside its label only by position: rows must be rebuilt from word boxes.
      expect(await timedRead(png)).toEqual(screen.expected);
    } finally {
      await small.close();
    }
  }, 30_000);

  it('reads small (1×, 390 px wide) screenshots of every screen nearly as well, enlarging them first', async () => {
    const small = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
    try {
      const smallPage = await small.newPage();
      const results = [];
      for (const screen of workoutScreens) {
        const reading = await ocr.read(await renderWorkoutScreen(smallPage, screen)).catch(() => ({ distance: null, time: null, avgHeartRate: null }));
        results.push({ screen, reading });
      }
      const score = scoreScreens(results);
      console.info(`at 1×: ${describeScore(score)}`);
      // As they are, 1× screenshots read ~90 % right, with wrong numbers among the misses.
      expect(score.right / score.fields).toBeGreaterThanOrEqual(0.95);
    } finally {
      await small.close();
    }
  }, 300_000);

  it('reads images sent at the same time one after the other, each with its own result', async () => {
    const [a, b] = [workoutScreens[0]!, workoutScreens[4]!];
    const [pngA, pngB] = [await renderWorkoutScreen(page, a), await renderWorkoutScreen(page, b)];
    const [readA, readB] = await Promise.all([ocr.read(pngA), ocr.read(pngB)]);
    expect(readA).toEqual(a.expected);
    expect(readB).toEqual(b.expected);
  }, 60_000);
});

describe('createWorkoutOcr failures', () => {
  it('says the image is unreadable when it shows no workout', async () => {
    await page.setContent('<body style="background:#fff;font:24px sans-serif;padding:40px"><h1>Selamat pagi!</h1><p>Jangan lupa minum air.</p></body>');
    const failure = await failureOf(ocr.read(await page.screenshot({ type: 'png' })));
    expect(failure.kind).toBe('unreadable');
    expect(failure.message).toBe(aiMessages.imageUnreadable);
  }, 30_000);

  it('says the image is unreadable when the bytes are not an image', async () => {
    const failure = await failureOf(ocr.read(Buffer.from('this is not an image at all')));
    expect(failure.kind).toBe('unreadable');
    expect(failure.message).toBe(aiMessages.imageUnreadable);
  }, 30_000);

  it('refuses an image that claims a huge canvas, before decoding it', async () => {
    const png = await renderWorkoutScreen(page, workoutScreens[0]!);
    const forged = Buffer.from(png);
    forged.writeUInt32BE(20_000, 16);
    forged.writeUInt32BE(20_000, 20);
    const failure = await failureOf(createWorkoutOcr({ maxPixels: 40_000_000 }).read(forged));
    expect(failure.kind).toBe('unreadable');
  });

  it('times out with the spec message, and the next read starts a fresh worker', async () => {
    const png = await renderWorkoutScreen(page, workoutScreens[0]!);
    const slow = createWorkoutOcr({ timeoutMs: 1 });
    try {
      const [first, queued] = await Promise.all([failureOf(slow.read(png)), failureOf(slow.read(png))]);
      expect(first.kind).toBe('timeout');
      expect(first.message).toBe(aiMessages.timeout);
      expect(queued.kind).toBe('timeout');
    } finally {
      await slow.close();
    }
    // The shared reader is unaffected and keeps working.
    expect(await ocr.read(png)).toEqual(workoutScreens[0]!.expected);
  }, 60_000);

  it('loads the model from the installed package and writes no cache file', () => {
    expect(existsSync(path.join(packagedLanguageDir(), 'eng.traineddata.gz'))).toBe(true);
    expect(existsSync(path.join(process.cwd(), 'eng.traineddata'))).toBe(false);
  });
});

describe('imageDimensions', () => {
  it('reads nothing from bytes that are neither PNG nor JPEG', () => {
    expect(imageDimensions(Buffer.from('GIF89a......'))).toBeNull();
    expect(imageDimensions(Buffer.alloc(0))).toBeNull();
  });
});
