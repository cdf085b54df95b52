import os from 'node:os';
import path from 'node:path';
// @ts-expect-error plain .mjs helper shared with the npm scripts
import { chromiumPath } from '../scripts/chromium-path.mjs';
import { chromiumArgs } from '../playwright.config';
import { expect, test, uniqueEmail } from './fixtures';
import { openEventList, qrFrame, seedSanurRun, snap, writeY4m, type SeededRunner } from './organizer-tools-helpers';

/**
 * Scan Runner QR with the camera (spec §2, §9): Chromium's fake camera plays a video of a runner's
 * QR code; the scanner reads it with zxing-wasm served by our own server. A file of its own because
 * the camera flags are launch options, which Playwright sets per file (they need their own browser).
 */
const video = path.join(os.tmpdir(), `derap-fake-camera-${process.pid}.y4m`);
test.use({
  launchOptions: {
    executablePath: chromiumPath() ?? undefined,
    args: [...chromiumArgs, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  },
});

const organizerEmail = uniqueEmail('penyelenggara');
let runner: SeededRunner;

// Before any page exists, so the video holds the QR when the browser starts.
test.beforeAll(async ({ playwright, baseURL }) => {
  const { runners } = await seedSanurRun(playwright, baseURL!, organizerEmail);
  runner = runners[1]!;
  writeY4m(video, qrFrame(runner.qrToken!), 640, 480);
});

test('the camera reads a runner QR code; the decoder comes from our own server', async ({ page, loginAs }) => {
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await loginAs({ email: organizerEmail, role: 'organizer', name: 'Siti Penyelenggara' });
  await openEventList(page);
  await page.getByRole('button', { name: 'Scan QR' }).click();
  const dialog = page.getByRole('dialog', { name: 'Scan QR Pelari' });
  await dialog.getByRole('button', { name: 'Kamera' }).click();
  const scanner = dialog.getByTestId('camera-scanner');
  await expect(scanner).toHaveAttribute('data-phase', /starting|running/);
  const card = dialog.getByTestId('runner-card');
  await expect(card).toContainText('Budi Santoso', { timeout: 15_000 });
  await expect(card).toContainText(runner.registrationId);
  await expect(scanner).toHaveAttribute('data-phase', 'running');
  await snap(page, 'scan-camera');

  const origin = new URL(page.url()).origin;
  expect(requests.some((u) => u.startsWith(origin) && /\/assets\/zxing_reader-[\w-]+\.wasm$/.test(u))).toBe(true);
  expect(requests.filter((u) => !u.startsWith(origin) && !u.startsWith('data:') && !u.startsWith('blob:'))).toEqual([]);

  // The on/off control turns the camera off and is locked for a second after each press.
  await dialog.getByRole('button', { name: 'Matikan kamera' }).click();
  await expect(scanner).toHaveAttribute('data-phase', 'off');
  await expect(dialog.getByRole('button', { name: 'Nyalakan kamera' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Nyalakan kamera' })).toBeEnabled({ timeout: 3000 });
});
