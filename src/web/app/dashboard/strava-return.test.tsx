import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stravaMessages } from '../../../domain/strava/strava';
import { stravaKeys } from '../../features/strava/strava-api';
import { StravaReturnBanner } from '../../features/strava/strava-return-banner';
import type { StravaReturn } from '../../features/strava/strava-return';
import { sessionKeys } from '../../lib/session';
import { useDashboardView, useStravaReturn } from './use-dashboard-view';

afterEach(cleanup);

/** The dashboard's part in the round trip: the hook, the view the address opens, the banner. */
function Dashboard() {
  const [outcome, setOutcome] = useState<StravaReturn | null>(null);
  useStravaReturn(setOutcome);
  const [view] = useDashboardView('runner');
  const location = useLocation();
  return (
    <>
      <p data-testid="address">{`${location.search}${location.hash}`}</p>
      <p data-testid="view">{view}</p>
      {outcome && <StravaReturnBanner outcome={outcome} onDismiss={() => setOutcome(null)} />}
    </>
  );
}

function renderAt(address: string) {
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[address]}>
        <Dashboard />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { invalidate };
}

const address = () => screen.getByTestId('address').textContent;
const view = () => screen.getByTestId('view').textContent;

describe('back from Strava', () => {
  it('connected: re-reads the user and the Strava status, says so, and leaves the address', async () => {
    const { invalidate } = renderAt('/dashboard?strava=connected');
    expect((await screen.findByRole('status')).textContent).toBe(stravaMessages.connected);
    expect(address()).toBe('');
    expect(view()).toBe('dashboard');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: sessionKeys.me });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: stravaKeys.all });
  });

  it('the mobile spelling keeps the other parameters and the calendar', async () => {
    renderAt('/dashboard?strava_connected=true&sumber=app#calendar');
    expect((await screen.findByRole('status')).textContent).toBe(stravaMessages.connected);
    expect(address()).toBe('?sumber=app#calendar');
    expect(view()).toBe('kalender-latihan');
  });

  it.each([
    ['denied', stravaMessages.denied],
    ['scope', stravaMessages.scopeMissing],
    ['taken', stravaMessages.athleteTaken],
    ['invalid', stravaMessages.stateInvalid],
    ['unconfigured', stravaMessages.notConfigured],
    ['failed', stravaMessages.connectFailed],
  ])('%s: Pengaturan opens with its message, and the flag leaves the address', async (reason, message) => {
    const { invalidate } = renderAt(`/dashboard?view=pengaturan&strava=${reason}`);
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(address()).toBe('?view=pengaturan');
    expect(view()).toBe('pengaturan');
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('a failure without a view still opens Pengaturan; the message closes', async () => {
    renderAt('/dashboard?strava=scope#calendar');
    expect((await screen.findByRole('alert')).textContent).toContain(stravaMessages.scopeMissing);
    expect(address()).toBe('?view=pengaturan');
    expect(view()).toBe('pengaturan');
    fireEvent.click(screen.getByRole('button', { name: 'Tutup pesan Strava' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
