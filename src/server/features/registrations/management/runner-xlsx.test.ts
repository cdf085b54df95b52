import ExcelJS from 'exceljs';
import { describe, expect, it, vi } from 'vitest';
import type { RegistrationJson } from '../../../../domain/registrations/contract';
import { fakeRunner } from '../../../test/fixtures/registration-data';
import { streamRunnerWorkbook } from './runner-xlsx';

/** The fields the export reads, for runner `i` (the rest of RegistrationJson plays no part). */
function registration(i: number): RegistrationJson {
  const r = fakeRunner(i);
  const [y, m, d] = r.dob.split('-');
  return {
    registrationId: `REG-${String(i).padStart(8, '0')}`,
    categoryName: '10K',
    status: 'confirmed',
    payment: { status: 'paid', amount: 160_000 },
    runnerData: { ...r, dob: `${d}-${m}-${y}` },
  } as RegistrationJson;
}

/** `count` batches of `size` registrations, saying how many were read and whether the reading ended. */
function source(count: number, size: number) {
  const state = { pulled: 0, finished: false };
  async function* batches() {
    try {
      for (let b = 0; b < count; b++) {
        state.pulled++;
        yield Array.from({ length: size }, (_, k) => registration(b * size + k));
      }
    } finally {
      state.finished = true;
    }
  }
  return { state, batches: batches() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 600));

describe('streamRunnerWorkbook', () => {
  it('reads the next batch only when the client has taken the last ones (a slow download never fills memory)', async () => {
    const { state, batches } = source(30, 1000);
    const out = streamRunnerWorkbook(batches, (err) => {
      throw err;
    });
    await vi.waitFor(() => expect(state.pulled).toBeGreaterThan(0), { timeout: 15_000 });
    await settle();
    // Nobody reads: the writer stops after a few batches instead of reading all 30.
    expect(state.pulled).toBeGreaterThan(0);
    expect(state.pulled).toBeLessThan(8);
    const chunks: Buffer[] = [];
    for await (const chunk of out) chunks.push(chunk as Buffer);
    expect(state.pulled).toBe(30);
    expect(state.finished).toBe(true);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Data Pelari')!;
    expect(sheet.rowCount).toBe(30_001);
    expect(sheet.getRow(30_001).getCell(1).value).toBe('REG-00029999');
  }, 60_000);

  it('stops reading when the client goes away', async () => {
    const { state, batches } = source(30, 1000);
    const out = streamRunnerWorkbook(batches, () => undefined);
    await vi.waitFor(() => expect(state.pulled).toBeGreaterThan(0), { timeout: 15_000 });
    await settle();
    const before = state.pulled;
    out.destroy();
    await vi.waitFor(() => expect(state.finished).toBe(true), { timeout: 5_000 });
    expect(state.pulled).toBeLessThanOrEqual(before + 1);
  });
});
