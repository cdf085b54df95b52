import { solveChallengeWorkers, type Challenge } from 'altcha-lib';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ServedChallenge } from '../../../../domain/registrations/contract';
import { ChallengeSolver } from './challenge-solver';
import { fetchRegistrationChallenge } from './registrations-api';

/** Workers solving at once: most phones have 4+ cores; more would only heat them. */
const MAX_WORKERS = 4;

function createWorker() {
  // Vite bundles this file as its own same-origin script (allowed by `worker-src 'self'`).
  return new Worker(new URL('./challenge-worker.ts', import.meta.url), { type: 'module' });
}

function solveInWorkers(challenge: ServedChallenge) {
  const concurrency = Math.min(MAX_WORKERS, Math.max(1, navigator.hardwareConcurrency || 1));
  // A harder challenge (many unpaid holds from this address) may take minutes: try until it expires.
  const expiresAt = challenge.parameters.expiresAt;
  const timeout = Math.max(90_000, expiresAt ? expiresAt * 1000 - Date.now() : 0);
  return solveChallengeWorkers({ challenge: challenge as unknown as Challenge, concurrency, createWorker, timeout });
}

function newSolver(eventId: string) {
  return new ChallengeSolver({
    fetchChallenge: () => fetchRegistrationChallenge(eventId),
    solve: solveInWorkers,
  });
}

/**
 * The registration form's proof of work: starts solving as soon as the form shows, so the submit
 * rarely waits; `take()` gives the solution for one submit and starts the next.
 */
export function useRegistrationChallenge(eventId: string) {
  const [solver] = useState(() => newSolver(eventId));
  const status = useSyncExternalStore(solver.subscribe, solver.getStatus);

  useEffect(() => {
    solver.prepare();
  }, [solver]);

  // Replace a solution before its challenge expires (the runner may take a while on the form).
  useEffect(() => {
    if (status !== 'ready') return;
    const wait = solver.staleInMs();
    if (wait === null) return;
    const timer = setTimeout(() => solver.prepare(), wait + 1000);
    return () => clearTimeout(timer);
  }, [solver, status]);

  return { status, take: () => solver.take(), retry: () => solver.prepare(), renew: () => solver.renew() };
}
