/**
 * How well the built-in coach reads workout screenshots (issue 25 item 6): renders every mock-up of
 * src/server/adapters/ai/testing/workout-screens.ts in Debian's Chromium at a phone's size, reads it
 * with the OCR adapter (createWorkoutOcr) and compares distance, time and average HR field by field.
 * Used by `npm run eval:coach`; alone: `node --import tsx scripts/eval/screens.ts [screen-id ...]`.
 */
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import type { ImageReading } from '../../src/domain/ai-coach/contract';
import { describeScore, renderWorkoutScreen, scoreScreens, WORKOUT_SCREEN_VIEWPORT, workoutScreens, type ScreensScore } from '../../src/server/adapters/ai/testing/workout-screens';
import { createWorkoutOcr } from '../../src/server/adapters/ai/workout-ocr';
// @ts-expect-error plain .mjs helper shared with the npm scripts
import { chromiumPath } from '../chromium-path.mjs';

export type ScreensEvaluation = ScreensScore;

/** Reads every screen (or only those named) and scores the readings; a read that fails counts as nothing read. */
export async function evaluateScreens(opts: { only?: string[] } = {}): Promise<ScreensEvaluation> {
  const unknown = (opts.only ?? []).filter((id) => !workoutScreens.some((s) => s.id === id));
  if (unknown.length > 0) throw new Error(`Unknown workout screens: ${unknown.join(', ')} (known: ${workoutScreens.map((s) => s.id).join(', ')})`);
  const screens = opts.only ? workoutScreens.filter((s) => opts.only!.includes(s.id)) : workoutScreens;

  const executablePath = (chromiumPath as () => string | null)();
  if (!executablePath) throw new Error('Chromium not found: install Debian "chromium" (node scripts/ensure-chromium.mjs) or set CHROME_PATH.');
  const browser = await chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const ocr = createWorkoutOcr();
  try {
    const { width, height, deviceScaleFactor } = WORKOUT_SCREEN_VIEWPORT;
    const page = await (await browser.newContext({ viewport: { width, height }, deviceScaleFactor })).newPage();
    const results: { screen: (typeof screens)[number]; reading: ImageReading }[] = [];
    for (const screen of screens) {
      const png = await renderWorkoutScreen(page, screen);
      const reading = await ocr.read(png).catch((): ImageReading => ({ distance: null, time: null, avgHeartRate: null }));
      results.push({ screen, reading });
    }
    return scoreScreens(results);
  } finally {
    await ocr.close();
    await browser.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const only = process.argv.slice(2);
  const started = performance.now();
  try {
    const score = await evaluateScreens(only.length > 0 ? { only } : {});
    console.log(describeScore(score));
    console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
