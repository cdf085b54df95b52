import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/toast';
import { CalendarExportDialog } from './calendar-export-dialog';
import { googleCalendarUrl } from './calendar-feed-api';

const FEED_URL = 'http://localhost:3000/api/calendar/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG.ics';
const WEBCAL_URL = FEED_URL.replace('http://', 'webcal://');
const CREATED_AT = '2027-07-14T03:00:00.000Z';

type Reply = { status: number; body: unknown; type?: string };
let requests: { method: string; url: string }[];
let feed: { active: boolean; createdAt: string | null };
let failStatus: boolean;

function stubApi() {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? 'GET';
      requests.push({ method, url });
      let reply: Reply;
      if (url === '/api/training-plans/calendar-feed' && method === 'GET') {
        reply = failStatus ? { status: 500, body: { message: 'boom' } } : { status: 200, body: feed };
      } else if (url === '/api/training-plans/calendar-feed' && method === 'POST') {
        feed = { active: true, createdAt: CREATED_AT };
        reply = { status: 201, body: { url: FEED_URL, webcalUrl: WEBCAL_URL, createdAt: CREATED_AT } };
      } else if (url === '/api/training-plans/calendar-feed' && method === 'DELETE') {
        feed = { active: false, createdAt: null };
        reply = { status: 200, body: { ...feed, message: 'Tautan kalender dicabut.' } };
      } else if (url === '/api/training-plans/export.ics') {
        reply = { status: 200, body: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR', type: 'text/calendar; charset=utf-8' };
      } else {
        reply = { status: 404, body: { message: 'tidak ada' } };
      }
      const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
      return new Response(text, { status: reply.status, headers: { 'content-type': reply.type ?? 'application/json' } });
    }),
  );
}

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <CalendarExportDialog open onOpenChange={() => {}} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const dialog = () => screen.getByRole('dialog', { name: 'Ekspor ke Google Calendar' });

beforeEach(() => {
  feed = { active: false, createdAt: null };
  failStatus = false;
  stubApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('CalendarExportDialog', () => {
  it('creates a feed, shows its URL once with Salin and the Google Calendar link', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderDialog();
    expect(await within(dialog()).findByText('Belum ada tautan kalender yang aktif.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Buat tautan kalender/ }));

    const input = (await screen.findByLabelText('Tautan kalender pribadi')) as HTMLInputElement;
    expect(input.value).toBe(FEED_URL);
    expect(input.readOnly).toBe(true);
    expect(requests).toContainEqual({ method: 'POST', url: '/api/training-plans/calendar-feed' });
    expect(screen.getByText(/Tautan aktif/).parentElement!.textContent).toContain('sejak 14 Juli 2027');

    const google = screen.getByRole('link', { name: /Buka di Google Calendar/ });
    expect(google.getAttribute('href')).toBe(`https://calendar.google.com/calendar/r?cid=${encodeURIComponent(WEBCAL_URL)}`);
    expect(google.getAttribute('target')).toBe('_blank');
    expect(google.getAttribute('rel')).toContain('noopener');

    fireEvent.click(screen.getByRole('button', { name: 'Salin' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(FEED_URL));
    expect(await screen.findByRole('button', { name: 'Tersalin' })).toBeTruthy();
  });

  it('without clipboard access it selects the URL so it can be copied by hand', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) } });
    renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: /Buat tautan kalender/ }));
    const input = (await screen.findByLabelText('Tautan kalender pribadi')) as HTMLInputElement;
    const select = vi.spyOn(input, 'select');
    fireEvent.click(screen.getByRole('button', { name: 'Salin' }));
    await waitFor(() => expect(select).toHaveBeenCalled());
    expect(await screen.findByText(/Tautan sudah dipilih/)).toBeTruthy();
  });

  it('an existing feed shows since when it is active, not its URL; Buat tautan baru asks first, then shows the new URL', async () => {
    feed = { active: true, createdAt: CREATED_AT };
    renderDialog();
    expect(await within(dialog()).findByText(/hanya ditampilkan sekali saat dibuat/)).toBeTruthy();
    expect(screen.queryByLabelText('Tautan kalender pribadi')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /Buat tautan baru/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Buat tautan baru?' });
    expect(within(confirm).getByText(/Tautan lama akan berhenti bekerja/)).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Ya, buat tautan baru' }));
    expect(((await screen.findByLabelText('Tautan kalender pribadi')) as HTMLInputElement).value).toBe(FEED_URL);
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('Cabut tautan asks first, then revokes and offers to create a link again', async () => {
    feed = { active: true, createdAt: CREATED_AT };
    renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: /Cabut tautan/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Cabut tautan kalender?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Batal' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cabut tautan kalender?' })).toBeNull());
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: /Cabut tautan/ }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Cabut tautan kalender?' })).getByRole('button', { name: 'Ya, cabut tautan' }));
    expect(await screen.findByRole('button', { name: /Buat tautan kalender/ })).toBeTruthy();
    expect(requests).toContainEqual({ method: 'DELETE', url: '/api/training-plans/calendar-feed' });
  });

  it('shows an error with Coba lagi when the status cannot be loaded', async () => {
    failStatus = true;
    renderDialog();
    expect(await screen.findByText('Gagal memuat status tautan kalender.')).toBeTruthy();
    failStatus = false;
    fireEvent.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(await screen.findByRole('button', { name: /Buat tautan kalender/ })).toBeTruthy();
  });

  it('Unduh .ics is a download link to the export that fetches the file through the API', async () => {
    // jsdom has no object URLs; this file's environment is its own, so plain assignment is enough.
    const createObjectURL = vi.fn(() => 'blob:derap-test');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(`${this.getAttribute('href')} ${this.download}`);
    });
    renderDialog();
    const link = await screen.findByRole('link', { name: /Unduh \.ics/ });
    expect(link.getAttribute('href')).toBe('/api/training-plans/export.ics');
    expect(link.getAttribute('download')).toBe('derap-jadwal-latihan.ics');
    fireEvent.click(link);
    await waitFor(() => expect(clicks).toEqual(['blob:derap-test derap-jadwal-latihan.ics']));
    expect(requests).toContainEqual({ method: 'GET', url: '/api/training-plans/export.ics' });
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('googleCalendarUrl encodes the webcal URL into cid', () => {
    expect(googleCalendarUrl('webcal://derap.id/api/calendar/x.ics')).toBe(
      'https://calendar.google.com/calendar/r?cid=webcal%3A%2F%2Fderap.id%2Fapi%2Fcalendar%2Fx.ics',
    );
  });
});
