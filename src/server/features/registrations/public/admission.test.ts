import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdmissionRefused, createAdmissionGate, type Release } from './admission';

/** Issue 12 item 4: at most N at once, at most M waiting (each for a limited time), the rest refused at once. */

/** A piece of "work" that holds its slot until the test finishes it. */
function work(gate: ReturnType<typeof createAdmissionGate>) {
  const state: { release?: Release; error?: unknown; admitted: boolean } = { admitted: false };
  const done = gate.acquire().then(
    (release) => {
      state.release = release;
      state.admitted = true;
    },
    (error: unknown) => {
      state.error = error;
    },
  );
  return { state, done, finish: () => state.release!() };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('registration admission gate', () => {
  afterEach(() => vi.useRealTimers());

  it('admits N at once, queues M, refuses the rest at once; queued ones proceed in order as slots free', async () => {
    const gate = createAdmissionGate({ concurrency: 2, queueMax: 2, maxWaitMs: 60_000 });
    const jobs = Array.from({ length: 6 }, () => work(gate));
    await tick();
    expect(jobs.map((j) => j.state.admitted)).toEqual([true, true, false, false, false, false]);
    expect(jobs[4]!.state.error).toEqual(new AdmissionRefused('queue_full'));
    expect(jobs[5]!.state.error).toBeInstanceOf(AdmissionRefused);
    expect(gate.stats()).toEqual({ active: 2, waiting: 2, refused: 2 });

    jobs[0]!.finish();
    await tick();
    expect(jobs.map((j) => j.state.admitted)).toEqual([true, true, true, false, false, false]);
    expect(gate.stats()).toMatchObject({ active: 2, waiting: 1 });

    // Releasing twice frees one slot only.
    jobs[1]!.finish();
    jobs[1]!.finish();
    await tick();
    expect(jobs[3]!.state.admitted).toBe(true);
    expect(gate.stats()).toMatchObject({ active: 2, waiting: 0 });

    jobs[2]!.finish();
    jobs[3]!.finish();
    expect(gate.stats()).toMatchObject({ active: 0, waiting: 0 });
    // Capacity is whole again.
    const again = [work(gate), work(gate)];
    await tick();
    expect(again.every((j) => j.state.admitted)).toBe(true);
  });

  it('a waiter that waits longer than maxWaitMs is refused and leaves the queue; the next free slot goes to the one behind it', async () => {
    vi.useFakeTimers();
    const gate = createAdmissionGate({ concurrency: 1, queueMax: 5, maxWaitMs: 1_000 });
    const first = work(gate);
    await vi.advanceTimersByTimeAsync(0);
    const early = work(gate);
    await vi.advanceTimersByTimeAsync(600);
    const late = work(gate);
    await vi.advanceTimersByTimeAsync(500);
    expect(early.state.error).toEqual(new AdmissionRefused('wait_timeout'));
    expect(late.state.admitted).toBe(false);
    expect(gate.stats()).toEqual({ active: 1, waiting: 1, refused: 1 });
    first.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(late.state.admitted).toBe(true);
    // Its own timer was cleared when it got the slot.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(late.state.error).toBeUndefined();
  });

  it('with no queue (M = 0) the one over the limit is refused at once', async () => {
    const gate = createAdmissionGate({ concurrency: 1, queueMax: 0, maxWaitMs: 1_000 });
    const a = work(gate);
    const b = work(gate);
    await tick();
    expect(a.state.admitted).toBe(true);
    expect(b.state.error).toEqual(new AdmissionRefused('queue_full'));
  });
});
