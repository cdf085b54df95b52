import type { PlanDraftResponse } from '../src/domain/ai-coach/contract';
import { addDays, jakartaToday, planDateToIso } from '../src/domain/shared/wire-date';
import { expect, test } from './fixtures';
import { addAiRuns, expectNoHorizontalOverflow, planDate, planRuns } from './log-helpers';

/**
 * A red flag in 'Tanya AI untuk Penyesuaian' (issue 25 §4), at 1280 and 360 px, against the
 * built-in coach: the warning stands above the conversation, the approval card proposes the pause,
 * Setuju shows a preview without runs in the next days, and Simpan clears them from the calendar.
 */
const shot = (name: string) => `/tmp/ai-chat-safety/${name}-${test.info().project.name}.png`;

test('a runner with chest pain is told to stop and see a doctor, and the plan is paused', { tag: '@layout' }, async ({ page, loginAs }) => {
  test.setTimeout(90_000);
  await loginAs({ prefix: 'ai-merah', name: 'Sekar Ayu' });
  const today = jakartaToday();
  const titles = ['Easy Run', 'Tempo Run', 'Recovery Run', 'Interval', 'Easy Run', 'Endurance Long Run', 'Recovery Run'];
  await addAiRuns(
    page,
    Array.from({ length: 12 }, (_, i) => ({ date: planDate(addDays(today, i)), title: titles[i % 7]!, program: '6k', paceRange: "6'00 - 6'30" })),
    30,
  );

  await page.goto('/dashboard#calendar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kalender Latihan');
  await page.getByRole('button', { name: 'Tanya AI untuk Penyesuaian' }).click();
  const chat = page.getByRole('dialog', { name: 'Tanya AI untuk Penyesuaian' });
  await expect(chat.getByTestId('chat-suggestions')).toBeVisible();
  await chat.getByLabel('Pesan untuk AI Coach').fill('Coach, dada saya nyeri dan sesak waktu lari tadi pagi, sekarang masih agak berat');
  await chat.getByRole('button', { name: 'Kirim' }).click();

  // The warning: an alert, red, above the conversation, with the doctor / IGD advice.
  const alert = chat.getByRole('alert');
  await expect(alert).toBeVisible({ timeout: 20_000 });
  await expect(alert).toHaveAttribute('data-level', 'stop');
  await expect(alert).toContainText('Hentikan latihan dan periksakan diri');
  await expect(alert).toContainText('IGD');
  const bar = chat.getByTestId('chat-safety-bar');
  await expect(bar).toBeInViewport();
  await expect(bar.getByRole('link', { name: /Darurat: telepon 119/ })).toHaveAttribute('href', 'tel:119');
  // Above the conversation.
  const log = chat.getByRole('log', { name: 'Percakapan' });
  expect(await alert.evaluate((node, other) => Boolean(node.compareDocumentPosition(other!) & Node.DOCUMENT_POSITION_FOLLOWING), await log.elementHandle())).toBe(true);

  // The approval card proposes the pause.
  const approval = chat.getByTestId('chat-approval');
  await expect(approval).toBeVisible();
  await expect(approval).toContainText('Jeda latihan');
  await expect(approval).toContainText('tanpa lari');
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: shot('chat-stop') });

  // Scrolled to the approval card, the warning's bar is still in view, and the proposal readable under it.
  await approval.scrollIntoViewIfNeeded();
  await expect(bar).toBeInViewport();
  const [barBox, cardBox] = [(await bar.boundingBox())!, (await approval.getByText('Jeda latihan').boundingBox())!];
  expect(barBox.y + barBox.height).toBeLessThanOrEqual(cardBox.y);
  await page.screenshot({ path: shot('chat-stop-scrolled') });

  const modified = page.waitForResponse((res) => res.url().endsWith('/api/ai/modify'));
  await approval.getByRole('button', { name: 'Setuju' }).click();
  const draft = (await (await modified).json()) as PlanDraftResponse;
  expect(draft.trainingPlan.filter((r) => planDateToIso(r.date)! <= addDays(today, 6))).toEqual([]);
  const preview = page.getByRole('dialog', { name: 'Hasil Program AI' });
  await expect(preview).toBeVisible({ timeout: 20_000 });
  await expect(preview.getByTestId('preview-run')).toHaveCount(0);
  await expect(preview).toContainText('latihan dijeda karena keluhan kesehatan');
  // The dialog's opening animation done, then the picture.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
  await page.screenshot({ path: shot('preview-pause') });

  // Kembali keeps the warning with the conversation.
  await preview.getByRole('button', { name: 'Kembali' }).click();
  await expect(chat.getByRole('alert')).toBeVisible();
  await chat.getByTestId('chat-approval').getByRole('button', { name: 'Setuju' }).click();
  await expect(preview).toBeVisible({ timeout: 20_000 });
  await preview.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Program latihan AI disimpan ke kalendermu.')).toBeVisible();

  const left = (await planRuns(page)).filter((r) => r.generatedby === 'ai').map((r) => planDateToIso(r.date)!);
  expect(left.filter((d) => d <= addDays(today, 6))).toEqual([]);
  expect(left.filter((d) => d > addDays(today, 6))).toHaveLength(5);

  // The hold: asking for more training gets the stop message again.
  await page.getByRole('button', { name: 'Tanya AI untuk Penyesuaian' }).click();
  await chat.getByLabel('Pesan untuk AI Coach').fill('tambah jarak minggu depan ya');
  await chat.getByRole('button', { name: 'Kirim' }).click();
  await expect(chat.getByRole('alert')).toBeVisible({ timeout: 20_000 });
  await expect(chat.getByTestId('chat-ai-message').last()).toContainText('sedang dijeda');
  await expect(chat.getByTestId('chat-approval')).toHaveCount(0);
  await page.screenshot({ path: shot('chat-hold') });
});
