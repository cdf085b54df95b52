import { afterEach, describe, expect, it } from 'vitest';
import { pdfBomb } from '../../test/fixtures/pdf-bomb';
import { checkInflatedBytes, createPdfTextReader } from './pdf-text';
import type { Chore } from './testing/chores.worker';
import { createWorkerPool, ParseFailedError, ParseLimitError, PoolBusyError, type WorkerPool } from './worker-pool';

/** The bounded pool of parsing threads (decision 034) and the PDF reader's limits, without a server. */
describe('the parsing worker pool', () => {
  let pool: WorkerPool<Chore, number>;
  const make = (over: Partial<Parameters<typeof createWorkerPool>[0]> = {}) =>
    (pool = createWorkerPool<Chore, number>({ file: new URL('./testing/chores.worker.ts', import.meta.url), size: 1, maxQueued: 1, timeoutMs: 5000, maxOldGenerationSizeMb: 32, ...over }));
  afterEach(() => pool?.close());

  it('runs TypeScript workers, reuses a thread, and kills one past its time limit (the next job gets a fresh one)', async () => {
    // Loading a thread (tsx compiles its module) takes longer than this: a job's clock starts once it is ready.
    make({ timeoutMs: 400 });
    expect(await pool.run({ op: 'echo', value: 1 })).toBe(1);
    expect(await pool.run({ op: 'echo', value: 2 })).toBe(2);
    expect(pool.threads).toBe(1);
    const started = Date.now();
    const spun = await pool.run({ op: 'spin' }).catch((e: unknown) => e);
    expect(spun).toBeInstanceOf(ParseLimitError);
    expect((spun as ParseLimitError).limit).toBe('time');
    expect(Date.now() - started).toBeLessThan(3000);
    expect(pool.threads).toBe(0);
    expect(await pool.run({ op: 'echo', value: 3 })).toBe(3);
  }, 30_000);

  it('refuses at once when every thread is busy and the queue is full', async () => {
    make({ timeoutMs: 2000 });
    const running = pool.run({ op: 'spin' }).catch((e: unknown) => e);
    const queued = pool.run({ op: 'echo', value: 7 });
    await expect(pool.run({ op: 'echo', value: 8 })).rejects.toBeInstanceOf(PoolBusyError);
    expect(await running).toBeInstanceOf(ParseLimitError);
    // The queued job runs on the thread started after the kill.
    expect(await queued).toBe(7);
  }, 30_000);

  it("ends a thread past its heap limit as a 'memory' overrun; limits and failures from the worker come back as such", async () => {
    make({ timeoutMs: 20_000 });
    const grown = await pool.run({ op: 'grow' }).catch((e: unknown) => e);
    expect(grown).toBeInstanceOf(ParseLimitError);
    expect((grown as ParseLimitError).limit).toBe('memory');
    await expect(pool.run({ op: 'limit' })).rejects.toMatchObject({ name: 'ParseLimitError', limit: 'pages' });
    await expect(pool.run({ op: 'fail' })).rejects.toBeInstanceOf(ParseFailedError);
    expect(await pool.run({ op: 'echo', value: 9 })).toBe(9);
  }, 30_000);
});

describe('the PDF text reader', () => {
  const reader = createPdfTextReader({ timeoutMs: 2000, maxPages: 30, maxInflatedBytes: 8 * 1024 * 1024 });

  it('reads a small PDF, and refuses too many pages, a deflate bomb and a file that takes too long', async () => {
    const pages = await reader.pages(pdfBomb({ pages: 2, ops: 2 }));
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Senin 30 November Easy Run 5k');
    await expect(reader.pages(pdfBomb({ pages: 31, ops: 1 }))).rejects.toMatchObject({ limit: 'pages' });
    // ~44 MB of text in a ~50 KB file.
    const deflated = pdfBomb({ pages: 1, ops: 1_000_000 });
    expect(deflated.length).toBeLessThan(200_000);
    await expect(reader.pages(deflated)).rejects.toMatchObject({ limit: 'inflated' });
    await expect(reader.pages(pdfBomb({ pages: 30, ops: 60_000 }))).rejects.toMatchObject({ limit: 'time' });
    await reader.close();
  }, 60_000);

  it('counts what every deflated stream inflates to, and stops at the budget', () => {
    const small = pdfBomb({ pages: 1, ops: 10 });
    expect(checkInflatedBytes(small, 1_000_000)).toBeGreaterThan(400);
    expect(() => checkInflatedBytes(pdfBomb({ pages: 1, ops: 100_000 }), 1_000_000)).toThrow(ParseLimitError);
  });
});
