import { describe, expect, it, vi } from 'vitest';
import type { ServedChallenge } from '../../../../domain/registrations/contract';
import { ChallengeSolver, EXPIRY_MARGIN_MS, challengeFailedMessage } from './challenge-solver';

const challenge = (n: number, expiresAt: number): ServedChallenge => ({
  parameters: { algorithm: 'PBKDF2/SHA-256', nonce: `n${n}`, salt: 's', cost: 1, keyLength: 32, keyPrefix: '00', expiresAt },
  signature: `sig${n}`,
});
const decode = (payload: string) => JSON.parse(atob(payload)) as { challenge: ServedChallenge; solution: { counter: number } };

function setup(opts: { enabled?: boolean; failFetch?: boolean } = {}) {
  let clock = 1_000_000_000_000;
  let served = 0;
  const fetchChallenge = vi.fn(async () => {
    if (opts.failFetch) throw new Error('offline');
    served++;
    return opts.enabled === false ? { enabled: false, challenge: null } : { enabled: true, challenge: challenge(served, clock / 1000 + 600) };
  });
  const solve = vi.fn(async (c: ServedChallenge) => ({ counter: Number(c.signature.slice(3)), derivedKey: 'ab' }));
  const solver = new ChallengeSolver({ fetchChallenge, solve, now: () => clock });
  return { solver, fetchChallenge, solve, advance: (ms: number) => (clock += ms) };
}

describe('ChallengeSolver', () => {
  it('solves in the background, hands each solution out once and starts the next at once', async () => {
    const { solver, fetchChallenge } = setup();
    solver.prepare();
    expect(solver.getStatus()).toBe('solving');
    const first = decode((await solver.take())!);
    expect(first.challenge.signature).toBe('sig1');
    expect(first.solution.counter).toBe(1);
    const second = decode((await solver.take())!);
    expect(second.challenge.signature).toBe('sig2');
    expect(fetchChallenge).toHaveBeenCalledTimes(3); // the third is being solved for the next submit
  });

  it('renew() drops the ready solution and the one on its way: the next take() gets a newly fetched challenge (issue 26 §5)', async () => {
    const { solver, fetchChallenge } = setup();
    solver.prepare();
    await solver.take(); // sig1 handed out, sig2 on its way (fetched before the server counted the new hold)
    solver.renew();
    const next = decode((await solver.take())!);
    expect(next.challenge.signature).toBe('sig3');
    expect(fetchChallenge).toHaveBeenCalledTimes(4);
  });

  it('prepare() twice does not fetch twice', async () => {
    const { solver, fetchChallenge } = setup();
    solver.prepare();
    solver.prepare();
    await solver.take();
    expect(fetchChallenge).toHaveBeenCalledTimes(2);
  });

  it('replaces a solution that is about to expire instead of handing it out', async () => {
    const { solver, advance } = setup();
    solver.prepare();
    await vi.waitFor(() => expect(solver.getStatus()).toBe('ready'));
    advance(600_000 - EXPIRY_MARGIN_MS + 1);
    expect(solver.staleInMs()).toBe(0);
    const payload = decode((await solver.take())!);
    expect(payload.challenge.signature).toBe('sig2');
  });

  it('says when the server asks for no challenge', async () => {
    const { solver, solve } = setup({ enabled: false });
    solver.prepare();
    expect(await solver.take()).toBeUndefined();
    expect(solver.getStatus()).toBe('off');
    expect(solve).not.toHaveBeenCalled();
  });

  it('reports a failure so the form can offer to try again', async () => {
    const { solver } = setup({ failFetch: true });
    const listener = vi.fn();
    solver.subscribe(listener);
    solver.prepare();
    await expect(solver.take()).rejects.toThrow(challengeFailedMessage);
    expect(solver.getStatus()).toBe('error');
    expect(listener).toHaveBeenCalled();
  });
});
