import type { Locator, Page } from '@playwright/test';
import { aiMessages, type CreatePlanRequest, type PlanDraftResponse } from '../src/domain/ai-coach/contract';
import { formatJakartaDate } from '../src/domain/shared/jakarta-time';
import { addDays, isoToPlanDate, jakartaToday, planDateToIso, startOfWeek, weekdayIndex } from '../src/domain/shared/wire-date';
import { monthLabel, shiftMonth } from '../src/domain/training-plan/month-grid';
import { runColor, runType } from '../src/domain/training-plan/run-types';
import type { Run } from '../src/domain/training-plan/contract';
import { renderWorkoutScreen, WORKOUT_SCREEN_VIEWPORT, workoutScreens } from '../src/server/adapters/ai/testing/workout-screens';
import { formatDistanceKm } from '../src/web/features/training-plan/log-result/log-form';
import { expect, signIn, test } from './fixtures';
import { addRuns, expectNoHorizontalOverflow, jakartaWeek, openTodayRun, planDate, planRuns, showMonthGrid } from './log-helpers';

/**
 * The AI coach from the runner's side (spec §2 AI screens, §4 AI plan flow and AI chat, §5 AI
 * form, Log modal's 'Analisis dengan AI'), at 1280 and 360 px, against the built-in coach.
 */
const SAVED = 'Program latihan AI disimpan ke kalendermu.';
const shot = (name: string) => `/tmp/ai-coach/${name}-${test.info().project.name}.png`;

async function trialingRunner(page: Page, prefix: string) {
  const runner = await signIn(page.request, { prefix, name: 'Putu Ayu' });
  const trial = await page.request.post('/api/subscriptions/start-trial', { data: {} });
  expect(trial.ok(), await trial.text()).toBeTruthy();
  return runner;
}

/** Ticks a visually hidden checkbox or radio through its label (what a finger touches). */
const tick = (control: Locator) => control.locator('xpath=..').click();

async function openCalendar(page: Page) {
  await page.goto('/dashboard#calendar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kalender Latihan');
}

const runsByAi = async (page: Page) => (await planRuns(page)).filter((r): r is Run => !r.locked && r.generatedby === 'ai');

test('a new runner is offered the trial at the AI button, fills the form, sees the weeks that will lock, refreshes, saves, and the calendar opens on the plan', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page.request, { prefix: 'ai-form', name: 'Putu Ayu' });
  await openCalendar(page);
  await showMonthGrid(page);
  // The calendar is left on last month: after Simpan it opens on the plan's first month.
  await page.getByRole('button', { name: 'Bulan sebelumnya' }).click();
  const today = jakartaToday();
  const monthShown = page.locator('#calendar-month-label');
  const back = shiftMonth(Number(today.slice(0, 4)), Number(today.slice(5, 7)), -1);
  await expect(monthShown).toHaveText(monthLabel(back.year, back.month));

  // Never had the trial: the AI button offers it (titled as a trial, not a payment), one tap, and goes on.
  await page.getByRole('button', { name: 'Buat Program dengan AI' }).click();
  const offer = page.getByRole('dialog', { name: 'Uji Coba Gratis 14 Hari' });
  await expect(offer).toContainText('Rp0, tanpa kartu kredit.');
  await expect(page.getByRole('dialog', { name: 'Fitur Premium' })).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
  await page.screenshot({ path: shot('trial-offer') });
  await offer.getByRole('button', { name: 'Mulai uji coba gratis 14 hari' }).click();
  const form = page.getByRole('dialog', { name: 'Buat Program Latihan dengan AI' });
  await expect(form).toBeVisible();
  await expect(offer).toHaveCount(0);
  await expect(page.getByText(/^Uji coba gratis aktif hingga /)).toBeVisible();
  const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { subscription_status: string; has_had_trial: boolean; current_period_end: string } };
  expect(me.user).toMatchObject({ subscription_status: 'trialing', has_had_trial: true });
  const trialEndDay = jakartaToday(new Date(me.user.current_period_end));

  // An empty form says what is missing and sends nothing.
  let requests = 0;
  page.on('request', (req) => {
    if (req.url().endsWith('/api/ai/createplan')) requests++;
  });
  await form.getByRole('button', { name: 'Buat Program' }).click();
  await expect(form.getByText(aiMessages.ageRequired)).toBeVisible();
  await expect(form.getByLabel('Umur')).toBeFocused();
  expect(requests).toBe(0);

  // A race on the Sunday 8 weeks on.
  const raceDay = addDays(startOfWeek(today), 8 * 7 + 6);
  await form.getByLabel('Umur').fill('32');
  await form.getByRole('radio', { name: 'Perempuan' }).check();
  await form.getByLabel('Pengalaman lari').selectOption('1-3 Tahun');
  await form.getByLabel('Kemampuan lari').selectOption('Menengah');
  await form.getByLabel('Jarak 1').selectOption('10K');
  await form.getByLabel('Waktu 1').fill('00:58:00');
  await form.getByLabel('Jarak mingguan (km)').fill('20');
  await form.getByLabel('Lari terjauh (km)').fill('10');
  await expect(form.getByLabel('Tanggal mulai')).toHaveValue(today);
  await form.getByRole('radio', { name: /Race Selanjutnya/ }).check();
  await form.getByLabel('Tanggal race').fill(raceDay);
  await form.getByLabel('Kategori target race').selectOption('10K');
  await form.getByLabel('Target waktu').fill('00:55:00');
  for (const day of ['Selasa', 'Kamis', 'Minggu']) await tick(form.getByRole('checkbox', { name: day }));
  const longRunDays = form.getByRole('group', { name: /Hari long run/ }).getByRole('radio');
  await expect(longRunDays).toHaveCount(3);
  await tick(form.getByRole('group', { name: /Hari long run/ }).getByRole('radio', { name: 'Minggu' }));
  await form.getByRole('radio', { name: 'Tidak' }).check();
  await expectNoHorizontalOverflow(page);

  const created = page.waitForResponse((res) => res.url().endsWith('/api/ai/createplan'));
  await form.getByRole('button', { name: 'Buat Program' }).click();
  const first = await created;
  expect(first.status(), await first.text()).toBe(200);
  const request = first.request().postDataJSON() as CreatePlanRequest;
  expect(request).toMatchObject({ umur: 32, startDate: isoToPlanDate(today), endDate: isoToPlanDate(raceDay), hariLongRun: 'Minggu', kategoriTargetRace: '10K' });

  const preview = page.getByRole('dialog', { name: 'Hasil Program AI' });
  await expect(preview).toBeVisible();
  await expect(preview.getByTestId('preview-week').first()).toBeVisible();
  await expect(preview.getByTestId('preview-week')).toHaveCount(9);
  // The range as people read it, not DD-MM-YYYY (issue 28 item 11).
  await expect(preview.getByTestId('preview-replace-note')).toContainText(`${formatJakartaDate(`${today}T12:00:00+07:00`)} – ${formatJakartaDate(`${raceDay}T12:00:00+07:00`)}`);
  await expect(preview).toContainText('Race Day');
  // The weeks after the trial's last day are marked, and the note says what happens to them.
  const note = preview.getByTestId('preview-locked-note');
  await expect(note).toContainText(`setelah uji coba gratismu berakhir (${formatJakartaDate(me.user.current_period_end)})`);
  await expect(note).toContainText('terkunci (Kunci): isinya tertutup sampai kamu berlangganan');
  const weekLocks = await preview.getByTestId('preview-week').evaluateAll((weeks) => weeks.map((w) => (w as HTMLElement).dataset.lock));
  expect(weekLocks.slice(0, 2)).toEqual(['open', 'open']);
  expect(weekLocks.slice(-1)).toEqual(['locked']);
  const firstLocked = weekLocks.findIndex((lock) => lock !== 'open');
  expect(weekLocks.slice(firstLocked + 1).every((lock) => lock === 'locked')).toBe(true);
  await expect(note).toContainText(`Minggu ${firstLocked + 1}–9 jatuh setelah`);
  await page.screenshot({ path: shot('preview') });
  await preview.getByTestId('preview-week').nth(firstLocked).scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('preview-locked-weeks') });
  await expectNoHorizontalOverflow(page);

  // Refresh asks the same again and shows the new draft.
  const again = page.waitForResponse((res) => res.url().endsWith('/api/ai/createplan'));
  await preview.getByRole('button', { name: 'Refresh' }).click();
  const second = await again;
  expect(second.request().postDataJSON()).toEqual(request);
  const draft = (await second.json()) as PlanDraftResponse;
  await expect(preview.getByRole('button', { name: 'Simpan' })).toBeEnabled();
  await expect(preview.getByTestId('preview-run')).toHaveCount(draft.trainingPlan.length);

  // Kembali keeps the form as filled.
  await preview.getByRole('button', { name: 'Kembali' }).click();
  await expect(form.getByLabel('Umur')).toHaveValue('32');
  const third = page.waitForResponse((res) => res.url().endsWith('/api/ai/createplan'));
  await form.getByRole('button', { name: 'Buat Program' }).click();
  const kept = (await (await third).json()) as PlanDraftResponse;
  await expect(preview).toBeVisible();

  await preview.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText(SAVED)).toBeVisible();
  await expect(preview).toHaveCount(0);
  // The calendar opens on the plan's first month, not the month it was left on.
  const firstDay = kept.trainingPlan.map((r) => planDateToIso(r.date)!).sort()[0]!;
  await expect(monthShown).toHaveText(monthLabel(Number(firstDay.slice(0, 4)), Number(firstDay.slice(5, 7))));
  // 'Latihan mendatang' counts the runs after the trial's end apart.
  const lockedCount = kept.trainingPlan.filter((r) => planDateToIso(r.date)! > trialEndDay).length;
  expect(lockedCount).toBeGreaterThan(0);
  await expect(page.getByTestId('upcoming-count')).toHaveText(new RegExp(` latihan · ${lockedCount} terkunci$`));
  await expect(page.getByTestId('program-run-count')).toHaveText(new RegExp(` latihan · ${lockedCount} terkunci$`));

  // Every run of the draft is in the plan; those after the trial's end come back locked.
  const stored = (await planRuns(page)).filter((r) => r.generatedby === 'ai');
  expect(stored.map((r) => r.date).sort()).toEqual(kept.trainingPlan.map((r) => r.date).sort());
  const saved = await runsByAi(page);
  expect(saved.length).toBeGreaterThan(3);
  for (const run of saved) {
    const day = planDateToIso(run.date)!;
    expect(day >= today && day <= raceDay).toBe(true);
    expect(run.color).toBe(runColor(run.title));
  }
  expect(kept.trainingPlan.find((r) => planDateToIso(r.date) === raceDay)?.title).toMatch(/race/i);

  // On the calendar: the first run of each coloured type, in that type's colour (the open runs
  // lie within the trial's 14 days: this month and perhaps the next). The plan starts today: the calendar is on this month.
  await expect(page.getByRole('button', { name: 'Hari ini' })).toBeDisabled();
  const shown = new Set<string>();
  const byDay = [...saved].sort((a, b) => (planDateToIso(a.date)! < planDateToIso(b.date)! ? -1 : 1));
  for (const month of [today.slice(0, 7), addDays(`${today.slice(0, 7)}-28`, 7).slice(0, 7)]) {
    if (month !== today.slice(0, 7)) await page.getByRole('button', { name: 'Bulan berikutnya' }).click();
    for (const run of byDay) {
      const day = planDateToIso(run.date)!;
      const type = runType(run.title);
      if (type === 'other' || shown.has(type) || day.slice(0, 7) !== month) continue;
      shown.add(type);
      const chip = page.locator(`[data-day="${day}"]`).getByTestId('run-chip').filter({ hasText: run.title });
      await expect(chip.first()).toBeVisible();
      const family = runColor(run.title).split('-')[1]!;
      expect(await chip.first().innerHTML()).toContain(`bg-${family}-`);
    }
  }
  expect(shown.size).toBeGreaterThan(1);
  await page.screenshot({ path: shot('calendar'), fullPage: true });
});

test('asks the chat to move the long run to Sunday, approves, and sees it moved', async ({ page }) => {
  test.setTimeout(90_000);
  await trialingRunner(page, 'ai-chat');
  const today = jakartaToday();
  // A fitness plan with the long run on Saturdays, made and saved through the API.
  const form: CreatePlanRequest = {
    umur: 35,
    jenisKelamin: 'Laki-laki',
    runningExperience: '1-3 Tahun',
    kemampuanLari: 'Menengah',
    personalBests: [{ distance: '10K', time: '00:55:00' }],
    jarakMingguan: 20,
    lariTerjauh: 10,
    tanggalMulai: isoToPlanDate(today),
    targetLatihan: 'Menjaga Kebugaran',
    kebugaranFocus: 'Jaga Kebugaran Umum',
    hariLatihan: ['Selasa', 'Kamis', 'Sabtu'],
    hariLongRun: 'Sabtu',
    aksesTrek: 'Tidak',
    startDate: isoToPlanDate(today),
    endDate: isoToPlanDate(addDays(today, 27)),
  };
  const made = await page.request.post('/api/ai/createplan', { data: form });
  expect(made.status(), await made.text()).toBe(200);
  const { draftId } = (await made.json()) as PlanDraftResponse;
  expect((await page.request.post(`/api/ai/drafts/${draftId}/save`)).status()).toBe(200);
  const isLong = (r: Run) => /long/i.test(r.title);
  const sundayLongRuns = (runs: Run[]) => runs.filter((r) => isLong(r) && weekdayIndex(planDateToIso(r.date)!) === 6);
  const before = await runsByAi(page);
  expect(before.filter(isLong).length).toBeGreaterThan(0);
  expect(sundayLongRuns(before)).toHaveLength(0);

  await openCalendar(page);
  await page.getByRole('button', { name: 'Tanya AI untuk Penyesuaian' }).click();
  const chat = page.getByRole('dialog', { name: 'Tanya AI untuk Penyesuaian' });
  await expect(chat.getByTestId('chat-suggestions')).toBeVisible();
  await chat.getByLabel('Pesan untuk AI Coach').fill('pindahkan long run ke hari Minggu');
  await chat.getByRole('button', { name: 'Kirim' }).click();
  const approval = chat.getByTestId('chat-approval');
  await expect(approval).toBeVisible({ timeout: 20_000 });
  await expect(approval).toContainText(/Minggu/);
  await page.screenshot({ path: shot('chat-approval') });
  await expectNoHorizontalOverflow(page);

  await approval.getByRole('button', { name: 'Setuju' }).click();
  const preview = page.getByRole('dialog', { name: 'Hasil Program AI' });
  await expect(preview).toBeVisible({ timeout: 20_000 });
  // Kembali returns to the chat, the conversation kept.
  await preview.getByRole('button', { name: 'Kembali' }).click();
  await expect(chat.getByTestId('chat-user-message')).toHaveText(/pindahkan long run ke hari Minggu/);
  await chat.getByTestId('chat-approval').getByRole('button', { name: 'Setuju' }).click();
  await expect(preview).toBeVisible({ timeout: 20_000 });
  await preview.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText(SAVED)).toBeVisible();

  const after = await runsByAi(page);
  expect(sundayLongRuns(after).length).toBeGreaterThan(0);
  expect(after.filter(isLong).length).toBe(before.filter(isLong).length);
  // On the calendar too.
  const moved = sundayLongRuns(after).map((r) => planDateToIso(r.date)!).sort()[0]!;
  await showMonthGrid(page);
  if (moved.slice(0, 7) !== today.slice(0, 7)) await page.getByRole('button', { name: 'Bulan berikutnya' }).click();
  await expect(page.locator(`[data-day="${moved}"]`).getByTestId('run-chip').filter({ hasText: /Long/i })).toBeVisible();
});

/** A workout summary as a running app shows it (Indonesian Strava, dark), as PNG bytes, and what it says. */
async function workoutScreenshot(page: Page) {
  const screen = workoutScreens.find((s) => s.id === 'strava-id-dark')!;
  const { width, height, deviceScaleFactor } = WORKOUT_SCREEN_VIEWPORT;
  const context = await page.context().browser()!.newContext({ viewport: { width, height }, deviceScaleFactor });
  const png = await renderWorkoutScreen(await context.newPage(), screen);
  await context.close();
  return { png, expected: screen.expected };
}

test("uploads a workout screenshot in Log Hasil Latihan and 'Analisis dengan AI' fills distance, time and HR", async ({ page }) => {
  test.setTimeout(90_000);
  await trialingRunner(page, 'ai-shot');
  const { today } = jakartaWeek();
  await addRuns(page, [{ date: planDate(today), title: 'Easy Run', program: '10k', paceRange: "5'30 - 6'00" }]);
  const { png, expected } = await workoutScreenshot(page);
  await page.goto('/dashboard');
  const dialog = await openTodayRun(page, 'Easy Run');
  await dialog.locator('input[type="file"][accept^="image/"]').setInputFiles({ name: 'strava.png', mimeType: 'image/png', buffer: png });
  await expect(dialog.getByTestId('screenshot-name')).toHaveText('strava.png');

  const analyzed = page.waitForResponse((res) => res.url().endsWith('/api/ai/trainingimages'));
  await dialog.getByRole('button', { name: 'Analisis dengan AI' }).click();
  await expect(dialog.getByRole('button', { name: /Menganalisis/ })).toBeVisible();
  expect((await analyzed).status()).toBe(200);
  await expect(dialog.getByLabel('Jarak Lari (km)')).toHaveValue(formatDistanceKm(expected.distance!), { timeout: 30_000 });
  await expect(dialog.getByLabel('Waktu (hh:mm:ss)')).toHaveValue(expected.time!);
  await expect(dialog.getByLabel('Rata-rata HR (bpm)')).toHaveValue(String(expected.avgHeartRate));
  await expect(dialog.getByLabel('Pace (otomatis)')).not.toHaveValue('--:--/km');
  await expect(dialog.getByTestId('screenshot-analysis')).toHaveText('Terisi dari screenshot: jarak, waktu, HR.');
  await page.screenshot({ path: shot('log-analyzed') });
});

test('without a subscription the AI features answer with the premium message', async ({ page }) => {
  await signIn(page.request, { prefix: 'ai-none' });
  const { today } = jakartaWeek();
  await addRuns(page, [{ date: planDate(today), title: 'Easy Run', program: '5k' }]);
  await page.goto('/dashboard');
  const dialog = await openTodayRun(page, 'Easy Run');
  await dialog.locator('input[type="file"][accept^="image/"]').setInputFiles({ name: 'lari.png', mimeType: 'image/png', buffer: (await workoutScreenshot(page)).png });
  await dialog.getByRole('button', { name: 'Analisis dengan AI' }).click();
  await expect(dialog.getByTestId('screenshot-analysis')).toHaveText(aiMessages.premiumRequired);
  await expect(dialog.getByLabel('Jarak Lari (km)')).toHaveValue('');
});
