import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatJakartaDate } from '../../../domain/shared/jakarta-time';
import { addDays, isoToPlanDate, jakartaToday } from '../../../domain/shared/wire-date';
import { PREMIUM_REQUIRED_MESSAGE } from '../../../domain/subscriptions/subscription';
import { ToastProvider } from '../../components/toast';
import { AiCoachCard } from './ai-coach-card';

function stubAccess(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderCard(hasAiRuns = false, runnerId?: string, offerTrial?: (then: () => void) => void) {
  const onShowPlans = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>
        <AiCoachCard hasAiRuns={hasAiRuns} onShowPlans={onShowPlans} userId="u1" runnerId={runnerId} offerTrial={offerTrial} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { onShowPlans };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('<AiCoachCard>', () => {
  it('shows the latest two-weekly evaluation note for a plan with AI runs, and none without access', async () => {
    const note = 'Evaluasi 2 minggu: 9 dari 10 latihan selesai. Volume 2 minggu ke depan dinaikkan dari 40 km menjadi 42 km (+5%).';
    const summary = { planned: 10, completed: 9, completion: 0.9, plannedKm: 40, loggedKm: 39, extraRuns: 0, extraKm: 0, distanceScore: 9, paceScore: 8, heartRateScore: null, hardRuns: 0, hardness: { hrAboveZone: 0, paceTooSlow: 0, tooLong: 0 }, decision: 'progress', volumeFactor: 1.1, reasons: [] };
    const fetchMock = stubAccess(200, { evaluation: { note, windowStart: '09-11-2026', windowEnd: '22-11-2026', nextStart: '23-11-2026', nextEnd: '06-12-2026', createdAt: '2026-11-23T01:00:00.000Z', summary } });
    renderCard(true);
    const box = await screen.findByTestId('ai-evaluation-note');
    expect(box.textContent).toContain(note);
    expect(box.textContent).toContain('9 Nov – 22 Nov');
    expect(fetchMock).toHaveBeenCalledWith('/api/ai/evaluations/latest', expect.objectContaining({ method: 'GET' }));
    cleanup();
    stubAccess(403, { message: PREMIUM_REQUIRED_MESSAGE, code: 'PREMIUM_REQUIRED' });
    renderCard(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('ai-evaluation-note')).toBeNull();
  });

  it('does not ask for an evaluation before the plan holds AI runs', async () => {
    const fetchMock = stubAccess(200, { evaluation: null });
    renderCard(false);
    await new Promise((r) => setTimeout(r, 50));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('speaks of a new programme when the plan already holds AI runs', () => {
    stubAccess(200, {});
    renderCard(false);
    expect(screen.getByRole('region', { name: 'AI Coach' }).textContent).toContain('Dapatkan program latihan personal');
    cleanup();
    renderCard(true);
    expect(screen.getByRole('region', { name: 'Program AI kamu' }).textContent).toContain('sudah ada di kalendermu');
  });

  it("asks the server, shows its 403 message and opens the plans with 'Lihat Paket'", async () => {
    const fetchMock = stubAccess(403, { message: PREMIUM_REQUIRED_MESSAGE, code: 'PREMIUM_REQUIRED' });
    const { onShowPlans } = renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Buat Program dengan AI' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fitur Premium' });
    expect(fetchMock).toHaveBeenCalledWith('/api/ai/access', expect.objectContaining({ method: 'GET' }));
    expect(within(dialog).getByTestId('ai-premium-message').textContent).toBe(PREMIUM_REQUIRED_MESSAGE);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lihat Paket' }));
    expect(screen.queryByRole('dialog', { name: 'Fitur Premium' })).toBeNull();
    // The plans open once focus is back on the card's button (so closing them returns it there).
    await waitFor(() => expect(onShowPlans).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 150));
    expect(onShowPlans).toHaveBeenCalledTimes(1);
  });

  it('offers a runner who never had the trial the trial instead of the premium refusal, and opens the form once it runs', async () => {
    let access = 403;
    const fetchMock = vi.fn(async () =>
      access === 403
        ? new Response(JSON.stringify({ message: PREMIUM_REQUIRED_MESSAGE, code: 'PREMIUM_REQUIRED' }), { status: 403, headers: { 'content-type': 'application/json' } })
        : new Response(JSON.stringify({ access: true, subscription_status: 'trialing', current_period_end: '2027-07-28T03:00:00.000Z' }), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    let then: (() => void) | null = null;
    const offerTrial = vi.fn((next: () => void) => (then = next));
    const { onShowPlans } = renderCard(false, undefined, offerTrial);
    fireEvent.click(screen.getByRole('button', { name: 'Buat Program dengan AI' }));
    await waitFor(() => expect(offerTrial).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog', { name: 'Fitur Premium' })).toBeNull();
    expect(onShowPlans).not.toHaveBeenCalled();
    // The trial started (the app layer's dialog): the card asks again and the form the runner wanted opens.
    access = 200;
    then!();
    expect(await screen.findByRole('dialog', { name: 'Buat Program Latihan dengan AI' })).toBeTruthy();
    expect((fetchMock.mock.calls as unknown as [string][]).filter(([url]) => url === '/api/ai/access')).toHaveLength(2);
  });

  it('with access opens the programme form; the chat button shows only once the plan holds AI runs', async () => {
    const fetchMock = stubAccess(200, { access: true, subscription_status: 'trialing', current_period_end: '2027-07-28T03:00:00.000Z' });
    const { onShowPlans } = renderCard(false);
    expect(screen.queryByRole('button', { name: 'Tanya AI untuk Penyesuaian' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Buat Program dengan AI' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buat Program Latihan dengan AI' });
    expect(within(dialog).getByRole('button', { name: 'Buat Program' })).toBeTruthy();
    expect(onShowPlans).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Batal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    cleanup();

    renderCard(true);
    fireEvent.click(screen.getByRole('button', { name: 'Tanya AI untuk Penyesuaian' }));
    const chat = await screen.findByRole('dialog', { name: 'Tanya AI untuk Penyesuaian' });
    expect(within(chat).getByRole('button', { name: 'Pindahkan long run ke hari Minggu' })).toBeTruthy();
    // Two access checks (form, chat), plus the evaluation note's read for the plan with AI runs.
    expect((fetchMock.mock.calls as unknown as [string][]).filter(([url]) => url === '/api/ai/access')).toHaveLength(2);
  });

  it('the chat button asks for access too', async () => {
    stubAccess(403, { message: PREMIUM_REQUIRED_MESSAGE, code: 'PREMIUM_REQUIRED' });
    renderCard(true);
    fireEvent.click(screen.getByRole('button', { name: 'Tanya AI untuk Penyesuaian' }));
    expect((await screen.findByRole('dialog', { name: 'Fitur Premium' })).textContent).toContain(PREMIUM_REQUIRED_MESSAGE);
    expect(screen.queryByRole('dialog', { name: 'Tanya AI untuk Penyesuaian' })).toBeNull();
  });

  it('says so when the check itself fails', async () => {
    stubAccess(500, { message: 'Terjadi kesalahan.' });
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Buat Program dengan AI' }));
    expect((await within(screen.getByTestId('ai-coach-card')).findByRole('alert')).textContent).toContain('Gagal memeriksa akses fitur AI');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("tells the runner's preview how many runs lock after their trial ends, and a coach's preview nothing", async () => {
    const today = jakartaToday();
    const end = addDays(today, 13);
    const runs = [1, 7, 13, 14, 20].map((offset) => ({
      date: isoToPlanDate(addDays(today, offset)),
      title: 'Easy Run',
      program: '(5k)',
      paceRange: "6'30 - 7'00",
      color: 'bg-blue-500',
      periodization: 'Base',
      generatedby: 'ai',
    }));
    const draft = { draftId: 'd1', startDate: runs[0]!.date, endDate: runs[4]!.date, notes: [], fitness: null, trainingPlan: runs };
    const fetchMock = vi.fn(async (url: string) => {
      const body = url === '/api/ai/access' ? { access: true, subscription_status: 'trialing', current_period_end: `${end}T10:00:00.000Z` } : draft;
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    const form = { umur: '30', jenisKelamin: 'Perempuan', runningExperience: '1-3 Tahun', kemampuanLari: 'Menengah', noPersonalBests: true, jarakMingguan: '20', lariTerjauh: '10', targetLatihan: 'Menjaga Kebugaran', kebugaranFocus: 'Jaga Kebugaran Umum', hariLatihan: ['Selasa', 'Minggu'], hariLongRun: 'Minggu', aksesTrek: 'Ya' };
    for (const user of ['u1', 'r9']) localStorage.setItem(`derap:ai-plan-form:${user}`, JSON.stringify(form));

    renderCard(false);
    fireEvent.click(screen.getByRole('button', { name: 'Buat Program dengan AI' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Buat Program Latihan dengan AI' })).getByRole('button', { name: 'Buat Program' }));
    const preview = await screen.findByRole('dialog', { name: 'Hasil Program AI' });
    expect(within(preview).getByTestId('preview-locked-note').textContent).toContain(
      `uji coba gratismu berakhir (${formatJakartaDate(`${end}T10:00:00.000Z`)}). 2 dari 5 latihan tetap disimpan ke kalender`,
    );
    cleanup();

    renderCard(false, 'r9');
    fireEvent.click(screen.getByRole('button', { name: 'Buat Program dengan AI' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Buat Program Latihan dengan AI' })).getByRole('button', { name: 'Buat Program' }));
    await screen.findByRole('dialog', { name: 'Hasil Program AI' });
    expect(fetchMock).toHaveBeenCalledWith('/api/coach/runner/r9/ai/createplan', expect.anything());
    expect(screen.queryByTestId('preview-locked-note')).toBeNull();
  });
});
