import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HelpDialog } from './help-dialog';

/** The server's public configuration with this support number (SUPPORT_WHATSAPP), or none. */
function serve(supportWhatsapp: string | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const body = String(input) === '/api/auth/config' ? { google: false, devLogin: true, mobileApp: { scheme: 'derap', androidPackage: 'id.derap.app' }, supportWhatsapp } : { message: 'Alamat API tidak ditemukan.' };
      return new Response(JSON.stringify(body), { status: String(input) === '/api/auth/config' ? 200 : 404, headers: { 'content-type': 'application/json' } });
    }),
  );
}

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <HelpDialog open onOpenChange={() => {}} />
    </QueryClientProvider>,
  );
}

describe('<HelpDialog>', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("offers the configured WhatsApp number, written the Indonesian way, linked to wa.me", async () => {
    serve('+6281234567890');
    renderDialog();
    const link = await screen.findByRole('link', { name: /WhatsApp/ });
    expect(link.getAttribute('href')).toBe('https://wa.me/6281234567890');
    expect(link.textContent).toContain('+62 812-3456-7890');
    expect(screen.getByRole('link', { name: /halo@derap\.id/ })).toBeTruthy();
  });

  it('shows no WhatsApp line at all when the server has no number', async () => {
    serve(null);
    renderDialog();
    await screen.findByRole('link', { name: /halo@derap\.id/ });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: /WhatsApp/ })).toBeNull();
    expect(screen.queryByText(/0812|\+62/)).toBeNull();
  });
});
