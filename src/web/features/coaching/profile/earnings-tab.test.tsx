import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CoachEarnings } from '../../../../domain/coaching/contract';
import { EarningsTab } from './earnings-tab';

afterEach(cleanup);

let answer: { isPending: boolean; isError: boolean; data?: CoachEarnings; refetch: () => void };
vi.mock('./profile-api', () => ({ useCoachEarnings: () => answer }));

const line = (sales: number, gross: number, platformFee: number, refunds = 0) => ({ sales, gross, refunds, platformFee, net: gross - refunds - platformFee });

describe('<EarningsTab> (Keuangan)', () => {
  it('shows gross, platform fee and net, then per package and per month in Indonesian', () => {
    answer = {
      isPending: false,
      isError: false,
      refetch: () => {},
      data: {
        total: line(3, 1_500_000, 240_000),
        byPackage: [{ packageId: 'a', title: 'Paket 4 Minggu', ...line(2, 800_000, 120_000) }, { packageId: 'b', title: 'Paket 8 Minggu', ...line(1, 700_000, 120_000) }, { packageId: 'c', title: 'Paket 2 Minggu', ...line(1, 300_000, 30_000, 100_000) }],
        byMonth: [{ month: '2026-11', ...line(2, 1_100_000, 180_000) }, { month: '2026-09', ...line(1, 400_000, 60_000) }],
      },
    };
    render(<EarningsTab />);
    expect(screen.getByText('Pendapatan kotor').nextSibling?.textContent).toBe('Rp1.500.000');
    expect(screen.getByText('Biaya platform', { selector: 'dt' }).nextSibling?.textContent).toBe('Rp240.000');
    expect(screen.getByText('Pendapatan bersih').nextSibling?.textContent).toBe('Rp1.260.000');
    const four = screen.getByRole('row', { name: /Paket 4 Minggu/ });
    expect(within(four).getAllByRole('cell').map((c) => c.textContent)).toEqual(['2', 'Rp800.000', 'Rp0', 'Rp120.000', 'Rp680.000']);
    // A refund is shown where it happened: what went back to the runner, and the net after it.
    const refunded = screen.getByRole('row', { name: /Paket 2 Minggu/ });
    expect(within(refunded).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1', 'Rp300.000', 'Rp100.000', 'Rp30.000', 'Rp170.000']);
    expect(screen.getByRole('row', { name: /November 2026/ })).toBeTruthy();
    expect(screen.getByRole('row', { name: /September 2026/ })).toBeTruthy();
  });

  it('says there are no sales yet instead of a table of zeros', () => {
    answer = { isPending: false, isError: false, refetch: () => {}, data: { total: line(0, 0, 0), byPackage: [], byMonth: [] } };
    render(<EarningsTab />);
    expect(screen.getByText('Belum ada penjualan paket')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
