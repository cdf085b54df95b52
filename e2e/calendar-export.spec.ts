import { readFile } from 'node:fs/promises';
import { request as playwrightRequest, type Page } from '@playwright/test';
import { addDays, jakartaToday } from '../src/domain/shared/wire-date';
import { expect, test } from './fixtures';
import { addRuns, expectNoHorizontalOverflow, planDate } from './log-helpers';

const shots = '/tmp/export';

/** Opens 'Ekspor ke Google Calendar' from the calendar's 'Latihan mendatang' list. */
async function openExportDialog(page: Page) {
  await page.goto('/dashboard#calendar');
  await page.getByRole('button', { name: 'Ekspor ke Google Calendar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ekspor ke Google Calendar' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Screenshots once the dialogs' opening animations have finished. */
async function snap(page: Page, name: string) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
  await page.screenshot({ path: `${shots}/${name}.png` });
}

/** Fetches a feed URL like Google does: a fresh client with no cookies and no token. */
async function fetchAnonymously(url: string) {
  const anonymous = await playwrightRequest.newContext();
  try {
    const res = await anonymous.get(url);
    return { status: res.status(), type: res.headers()['content-type'] ?? '', body: await res.text() };
  } finally {
    await anonymous.dispose();
  }
}

test('Google Calendar export: private feed URL that works without signing in, copy, download, rotate and revoke', { tag: '@layout' }, async ({ page, loginAs, context }, testInfo) => {
  const project = testInfo.project.name;
  await loginAs({ prefix: 'export' });
  const today = jakartaToday();
  await addRuns(page, [
    { date: planDate(addDays(today, -3)), title: 'Recovery Run', program: '5k', trainingdistance: 5, trainingtime: 1800, traininghr: 140 },
    { date: planDate(addDays(today, 2)), title: 'Tempo Run', program: '8k', paceRange: "4'50 - 5'00" },
  ]);

  const dialog = await openExportDialog(page);
  await expect(dialog.getByText('Belum ada tautan kalender yang aktif.')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await snap(page, `dialog-empty-${project}`);

  // Create the feed: the URL is shown once, read-only, with Salin and the Google Calendar link.
  await dialog.getByRole('button', { name: 'Buat tautan kalender' }).click();
  const urlInput = dialog.getByLabel('Tautan kalender pribadi');
  await expect(urlInput).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(urlInput).toHaveAttribute('readonly', '');
  const feedUrl = await urlInput.inputValue();
  await expect(dialog.getByText(/Tautan aktif/)).toBeVisible();
  const google = dialog.getByRole('link', { name: /Buka di Google Calendar/ });
  await expect(google).toHaveAttribute('href', `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(feedUrl.replace(/^https?:\/\//, 'webcal://'))}`);
  await expect(google).toHaveAttribute('target', '_blank');
  await expectNoHorizontalOverflow(page);
  const box = await dialog.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await snap(page, `dialog-created-${project}`);

  // Salin puts the URL on the clipboard.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await dialog.getByRole('button', { name: 'Salin' }).click();
  await expect(dialog.getByRole('button', { name: 'Tersalin' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(feedUrl);

  // The feed needs no session: recent history and upcoming runs, as all-day events.
  const feed = await fetchAnonymously(feedUrl);
  expect(feed.status).toBe(200);
  expect(feed.type).toContain('text/calendar');
  expect(feed.body).toContain('BEGIN:VCALENDAR');
  expect(feed.body).toContain('SUMMARY:Tempo Run (8k)');
  expect(feed.body).toContain('SUMMARY:Recovery Run (5k)');
  expect(feed.body).toContain(`DTSTART;VALUE=DATE:${addDays(today, 2).replaceAll('-', '')}`);

  // The one-off download: upcoming runs only, saved as derap-jadwal-latihan.ics.
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('link', { name: 'Unduh .ics' }).click()]);
  expect(download.suggestedFilename()).toBe('derap-jadwal-latihan.ics');
  const file = await readFile((await download.path())!, 'utf8');
  expect(file).toContain('SUMMARY:Tempo Run (8k)');
  expect(file).not.toContain('Recovery Run');

  // Opened again after a reload, the URL is no longer shown, only that a feed is active.
  await page.reload();
  const again = await openExportDialog(page);
  await expect(again.getByText(/hanya ditampilkan sekali saat dibuat/)).toBeVisible();
  await expect(again.getByLabel('Tautan kalender pribadi')).toHaveCount(0);
  await snap(page, `dialog-active-${project}`);

  // Buat tautan baru: confirmed, a new URL, the old one stops working.
  await again.getByRole('button', { name: 'Buat tautan baru' }).click();
  const rotate = page.getByRole('dialog', { name: 'Buat tautan baru?' });
  await expect(rotate.getByText(/Tautan lama akan berhenti bekerja/)).toBeVisible();
  await snap(page, `confirm-rotate-${project}`);
  await rotate.getByRole('button', { name: 'Ya, buat tautan baru' }).click();
  await expect(rotate).toBeHidden();
  const newInput = again.getByLabel('Tautan kalender pribadi');
  await expect(newInput).toHaveValue(/\.ics$/);
  const newUrl = await newInput.inputValue();
  expect(newUrl).not.toBe(feedUrl);
  expect((await fetchAnonymously(feedUrl)).status).toBe(404);
  expect((await fetchAnonymously(newUrl)).status).toBe(200);

  // Cabut tautan: confirmed, then the URL answers 404 and the dialog offers a new link.
  await again.getByRole('button', { name: 'Cabut tautan' }).click();
  const revoke = page.getByRole('dialog', { name: 'Cabut tautan kalender?' });
  await expect(revoke).toBeVisible();
  await snap(page, `confirm-revoke-${project}`);
  await revoke.getByRole('button', { name: 'Ya, cabut tautan' }).click();
  await expect(again.getByRole('button', { name: 'Buat tautan kalender' })).toBeVisible();
  await expect(again.getByLabel('Tautan kalender pribadi')).toHaveCount(0);
  const gone = await fetchAnonymously(newUrl);
  expect(gone.status).toBe(404);
  expect(gone.type).toContain('application/json');
});
