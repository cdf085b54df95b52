import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '../../../../domain/users/contract';
import { ToastProvider } from '../../../components/toast';
import { UsersSection, type UserActions } from './users-section';

const base = { photo: null, role: 'runner', has_had_trial: true, strava: { id: null }, createdAt: '2027-01-02T03:00:00.000Z' } as const;
const users: AdminUser[] = [
  { ...base, _id: 'u1', name: 'Sari Pelari', email: 'sari@contoh.id', subscription_status: 'active', current_period_end: '2027-08-09T05:00:00.000Z' },
  { ...base, _id: 'u2', name: 'Budi Baru', email: 'budi@contoh.id', subscription_status: 'none', current_period_end: null, has_had_trial: false },
];

let listRequests: number;

beforeEach(() => {
  listRequests = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith('/api/admin/users?')) {
        listRequests += 1;
        return new Response(JSON.stringify({ data: users, total: users.length }), { status: 200, headers: { 'content-type': 'application/json' } });
      }
      return new Response(JSON.stringify({ message: 'tidak ada' }), { status: 404, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderSection(userActions?: UserActions) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <UsersSection userActions={userActions} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe('UsersSection', () => {
  it("shows each user's subscription status with the period end", async () => {
    renderSection();
    const rows = await screen.findAllByTestId('admin-user-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Aktif')).toBeTruthy();
    expect(within(rows[0]!).getByText('s.d. 9 Agt 2027')).toBeTruthy();
    expect(within(rows[1]!).getByText('Tidak ada')).toBeTruthy();
    expect(rows[1]!.textContent).not.toContain('s.d.');
    // Without tools from the app layer there is no action column.
    expect(screen.queryByRole('columnheader', { name: 'Aksi' })).toBeNull();
  });

  it("puts the app layer's tools in each row and loads the list again when they change a user", async () => {
    renderSection((user, { onUserChanged }) => (
      <button type="button" onClick={onUserChanged}>
        Alat {user.name}
      </button>
    ));
    const rows = await screen.findAllByTestId('admin-user-row');
    expect(screen.getByRole('columnheader', { name: 'Aksi' })).toBeTruthy();
    expect(within(rows[1]!).getByRole('button', { name: 'Alat Budi Baru' })).toBeTruthy();
    expect(listRequests).toBe(1);
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Alat Sari Pelari' }));
    await waitFor(() => expect(listRequests).toBe(2));
  });
});
