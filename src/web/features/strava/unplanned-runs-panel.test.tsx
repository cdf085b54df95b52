import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StravaActivityView, StravaStatus } from '../../../domain/strava/contract';
import { stravaMessages } from '../../../domain/strava/strava';
import { ToastProvider } from '../../components/toast';
import { trainingPlanRootKey } from '../../lib/query-keys';
import { DISCARD_TITLE, UNPLANNED_TITLE, UnplannedRunsPanel } from './unplanned-runs-panel';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const activity = (over: Partial<StravaActivityView>): StravaActivityView => ({
  _id: 'a1',
  activityId: '900001',
  name: 'Lari Sore',
  date: '14-07-2027',
  distance: 5.024,
  time: 1695,
  pace: 337,
  avgHeartRate: 148,
  status: 'unplanned',
  runId: null,
  ...over,
});

let activities: StravaActivityView[];
let calls: string[];
let keepAnswer: () => Response;

const status = (): StravaStatus => ({
  configured: true,
  connected: true,
  athleteId: '1',
  connectedAt: null,
  lastSyncAt: null,
  autoSync: true,
  unplanned: activities.length,
});

beforeEach(() => {
  activities = [activity({}), activity({ _id: 'a2', activityId: '900002', name: 'Long Run Minggu', date: '18-07-2027', distance: 21.1, time: 7380, pace: 350, avgHeartRate: null })];
  calls = [];
  keepAnswer = () => {
    activities = activities.filter((a) => a._id !== 'a1');
    return json({ _id: 'run-9' });
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const call = `${init?.method ?? 'GET'} ${url}`;
      calls.push(call);
      if (url === '/api/strava/status') return json(status());
      if (url === '/api/strava/activities?status=unplanned') return json({ data: activities });
      if (call === 'POST /api/strava/activities/a1/keep') return keepAnswer();
      if (call === 'POST /api/strava/activities/a2/discard') {
        activities = activities.filter((a) => a._id !== 'a2');
        return json({ message: stravaMessages.activityDiscarded });
      }
      return json({ message: 'tidak ada' }, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <UnplannedRunsPanel />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { invalidate };
}

const panel = () => screen.getByRole('region', { name: UNPLANNED_TITLE });

describe('<UnplannedRunsPanel>', () => {
  it('is not there while no synced run waits (and does not ask for the list)', async () => {
    activities = [];
    renderPanel();
    await waitFor(() => expect(calls).toContain('GET /api/strava/status'));
    expect(screen.queryByRole('region', { name: UNPLANNED_TITLE })).toBeNull();
    expect(calls).not.toContain('GET /api/strava/activities?status=unplanned');
  });

  it("lists each run's date, name, distance, time, pace and average HR", async () => {
    renderPanel();
    const rows = await screen.findAllByTestId('strava-unplanned-run');
    expect(rows).toHaveLength(2);
    const first = rows[0]!.textContent;
    for (const text of ['Rab, 14 Jul 2027', 'Lari Sore', '5,02 km', '00:28:15', '05:37/km', '148 bpm']) expect(first).toContain(text);
    expect(rows[1]!.textContent).toContain('21,1 km');
    expect(within(rows[1]!).getByText('Rata-rata HR').nextSibling?.textContent).toBe('-');
    // Each button names its run for screen readers.
    expect(within(rows[0]!).getByRole('button', { name: 'Simpan ke Log: Lari Sore, Rab, 14 Jul 2027' })).toBeTruthy();
    expect(within(panel()).getByText('2 lari')).toBeTruthy();
  });

  it("'Simpan ke Log' keeps the run and refreshes the calendar's plan", async () => {
    const { invalidate } = renderPanel();
    const rows = await screen.findAllByTestId('strava-unplanned-run');
    fireEvent.click(within(rows[0]!).getByRole('button', { name: /Simpan ke Log/ }));
    expect(await screen.findByText(stravaMessages.activityKept)).toBeTruthy();
    expect(calls).toContain('POST /api/strava/activities/a1/keep');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: trainingPlanRootKey });
    await waitFor(() => expect(screen.getAllByTestId('strava-unplanned-run')).toHaveLength(1));
    // The row is gone: focus waits on the panel's title.
    expect(document.activeElement?.id).toBe('strava-unplanned-title');
  });

  it('a refused keep says why in the panel', async () => {
    keepAnswer = () => json({ message: stravaMessages.activityNotFound }, 404);
    renderPanel();
    const rows = await screen.findAllByTestId('strava-unplanned-run');
    fireEvent.click(within(rows[0]!).getByRole('button', { name: /Simpan ke Log/ }));
    expect((await within(panel()).findByRole('alert')).textContent).toBe(stravaMessages.activityNotFound);
    expect(screen.getAllByTestId('strava-unplanned-run')).toHaveLength(2);
  });

  it("'Buang' asks first, then discards; the panel goes when nothing is left", async () => {
    activities = activities.slice(1);
    renderPanel();
    const row = await screen.findByTestId('strava-unplanned-run');
    fireEvent.click(within(row).getByRole('button', { name: /Buang/ }));
    const dialog = await screen.findByRole('dialog', { name: DISCARD_TITLE });
    expect(dialog.textContent).toContain('“Long Run Minggu” (Min, 18 Jul 2027, 21,1 km)');
    expect(calls).not.toContain('POST /api/strava/activities/a2/discard');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ya, Buang' }));
    expect(await screen.findByText(stravaMessages.activityDiscarded)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: UNPLANNED_TITLE })).toBeNull());
  });

  it('a failed list offers to try again', async () => {
    const fetchMock = vi.mocked(fetch);
    const plain = fetchMock.getMockImplementation()!;
    let fail = true;
    fetchMock.mockImplementation(async (input, init) =>
      String(input).startsWith('/api/strava/activities') && fail ? json({ message: 'rusak' }, 500) : plain(input, init),
    );
    renderPanel();
    expect((await within(await screen.findByRole('region', { name: UNPLANNED_TITLE })).findByRole('alert')).textContent).toBe('Gagal memuat lari dari Strava.');
    fail = false;
    fireEvent.click(within(panel()).getByRole('button', { name: /Coba lagi/ }));
    expect(await screen.findAllByTestId('strava-unplanned-run')).toHaveLength(2);
  });
});
