import { describe, expect, it } from 'vitest';
import { packageLabel, runnerPageSummary, slotLabel } from './connection-format';

describe('Daftar Pelari wording', () => {
  it('says which rows a page shows, in Indonesian', () => {
    expect(runnerPageSummary(1, 10, 23)).toBe('Menampilkan 1–10 dari 23 pelari');
    expect(runnerPageSummary(3, 10, 23)).toBe('Menampilkan 21–23 dari 23 pelari');
    expect(runnerPageSummary(1, 10, 0)).toBe('Tidak ada pelari ditemukan.');
  });

  it('names a slot by title, package and end', () => {
    const base = { _id: 'x', runnerId: null, status: 'active' as const, displayStatus: 'empty' as const, packageId: null, startDate: null, invitation: null };
    expect(slotLabel({ ...base, title: 'Slot gratis', packages: 'freeslot', endDate: null })).toBe('Slot gratis · tanpa batas akhir');
    expect(slotLabel({ ...base, title: 'Paket 4 Minggu', packages: 'Paket 4 Minggu', endDate: '2026-12-31' })).toBe('Paket 4 Minggu · s.d. 31 Des 2026');
    expect(packageLabel('freeslot')).toBe('Slot Gratis');
  });
});
