/**
 * Keeps one solved registration challenge ready while the runner fills in the form (issue 8
 * item 1): fetches a challenge, solves it in the background, hands it to the submit once (each is
 * accepted once by the server) and immediately starts the next one. A solution about to expire is
 * replaced before it is handed out. No React here, so it can be tested on its own.
 */
import type { ChallengeResponse, ServedChallenge } from '../../../../domain/registrations/contract';

export interface ChallengeSolverDeps {
  /** GET /api/runner-registrations/challenge?eventId=… (the difficulty depends on the event). */
  fetchChallenge: () => Promise<ChallengeResponse>;
  /** Finds the solution (in Web Workers in the browser); null when it gave up. */
  solve: (challenge: ServedChallenge) => Promise<{ counter: number; derivedKey: string } | null>;
  now?: () => number;
}

export type ChallengeStatus = 'idle' | 'solving' | 'ready' | 'off' | 'error';

/** A solution is not handed out when less than this is left of its challenge's life. */
export const EXPIRY_MARGIN_MS = 60_000;

export const challengeFailedMessage = 'Verifikasi keamanan gagal dimuat. Periksa koneksi Anda, lalu coba lagi.';

interface Ready {
  payload: string;
  expiresAtMs: number;
}

/** ALTCHA's payload: base64 of `{ challenge, solution }`. */
export function encodeSolution(challenge: ServedChallenge, solution: { counter: number; derivedKey: string }): string {
  return btoa(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }));
}

export class ChallengeSolver {
  private status: ChallengeStatus = 'idle';
  private ready: Ready | null = null;
  private pending: Promise<Ready | null> | null = null;
  private listeners = new Set<() => void>();
  private readonly now: () => number;
  /** Bumped by `renew`: a solve started before it is thrown away when it finishes. */
  private generation = 0;

  constructor(private readonly deps: ChallengeSolverDeps) {
    this.now = deps.now ?? (() => Date.now());
  }

  getStatus = (): ChallengeStatus => this.status;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(status: ChallengeStatus) {
    if (this.status === status) return;
    this.status = status;
    for (const l of this.listeners) l();
  }

  /** Starts solving in the background unless a solution is ready or on its way. */
  prepare(): void {
    if (this.status === 'off' || this.pending || this.fresh()) return;
    const pending = this.fetchAndSolve(this.generation).finally(() => {
      if (this.pending === pending) this.pending = null;
    });
    this.pending = pending;
  }

  /**
   * Drops the ready solution and any solve on its way and starts a new one: the server asked for a
   * harder challenge (this address took further holds on the event meanwhile, issue 26 §5).
   */
  renew(): void {
    if (this.status === 'off') return;
    this.generation++;
    this.ready = null;
    this.pending = null;
    this.prepare();
  }

  /** Milliseconds until the ready solution should be replaced, or null when none is ready. */
  staleInMs(): number | null {
    return this.ready ? Math.max(this.ready.expiresAtMs - EXPIRY_MARGIN_MS - this.now(), 0) : null;
  }

  private fresh(): boolean {
    return this.ready !== null && this.ready.expiresAtMs - this.now() > EXPIRY_MARGIN_MS;
  }

  private async fetchAndSolve(generation: number): Promise<Ready | null> {
    this.set('solving');
    try {
      const served = await this.deps.fetchChallenge();
      if (generation !== this.generation) return null;
      if (!served.enabled || !served.challenge) {
        this.set('off');
        return null;
      }
      const solution = await this.deps.solve(served.challenge);
      if (generation !== this.generation) return null;
      if (!solution) throw new Error('unsolved');
      const expiresAt = served.challenge.parameters.expiresAt;
      this.ready = { payload: encodeSolution(served.challenge, solution), expiresAtMs: expiresAt ? expiresAt * 1000 : this.now() + 10 * 60_000 };
      this.set('ready');
      return this.ready;
    } catch {
      if (generation !== this.generation) return null;
      this.ready = null;
      this.set('error');
      return null;
    }
  }

  /**
   * The solution to send with the next submit (waiting for the one being solved), or undefined
   * when the server asks for none. Starts on the next solution at once. Throws when none could be
   * had (network), so the form can say so.
   */
  async take(): Promise<string | undefined> {
    if (this.status === 'off') return undefined;
    if (!this.fresh()) {
      this.ready = null;
      this.prepare();
      await this.pending;
    }
    // The server may have said meanwhile that it asks for none.
    if (this.getStatus() === 'off') return undefined;
    const ready = this.ready;
    if (!ready) throw new Error(challengeFailedMessage);
    this.ready = null;
    this.prepare();
    return ready.payload;
  }
}
