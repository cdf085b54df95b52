/**
 * Admission control for `POST /api/runner-registrations` (issue 12 item 4, decision 018): at most
 * `concurrency` registrations are processed at once by this process, at most `queueMax` wait for a
 * slot (first come, first served), each for at most `maxWaitMs`; anything beyond is refused at once
 * with 503 + Retry-After so the runner's page retries by itself instead of piling up requests that
 * would time out inside the database pool. Per process on purpose: it protects this process's
 * pool and event loop; the slot count itself is guarded in PostgreSQL (decision 014).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface AdmissionLimits {
  concurrency: number;
  queueMax: number;
  maxWaitMs: number;
}

export const registrationBusy = {
  message: 'Pendaftaran sedang ramai. Halaman akan mencoba lagi otomatis dalam beberapa detik.',
  code: 'REGISTRATION_BUSY',
} as const;

/** Seconds a refused runner's page waits before trying again (it adds its own jitter). */
export const REGISTRATION_BUSY_RETRY_AFTER_SECONDS = 3;

export type Release = () => void;

/** Why a request was not admitted: the queue was full, or it waited too long. */
export class AdmissionRefused extends Error {
  constructor(readonly reason: 'queue_full' | 'wait_timeout') {
    super(reason);
  }
}

interface Waiter {
  admit: (release: Release) => void;
  timer: NodeJS.Timeout;
}

export interface AdmissionGate {
  /** Resolves with a release function once a slot is free; rejects with AdmissionRefused. Call release exactly once (extra calls are ignored). */
  acquire(): Promise<Release>;
  stats(): { active: number; waiting: number; refused: number };
}

export function createAdmissionGate(limits: AdmissionLimits): AdmissionGate {
  let active = 0;
  let refused = 0;
  const queue: Waiter[] = [];

  function releaser(): Release {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const next = queue.shift();
      if (next) {
        // The slot passes straight to the next waiter: `active` stays the same.
        clearTimeout(next.timer);
        next.admit(releaser());
      } else {
        active--;
      }
    };
  }

  return {
    acquire() {
      if (active < limits.concurrency) {
        active++;
        return Promise.resolve(releaser());
      }
      if (queue.length >= limits.queueMax) {
        refused++;
        return Promise.reject(new AdmissionRefused('queue_full'));
      }
      return new Promise<Release>((resolve, reject) => {
        const waiter: Waiter = {
          admit: resolve,
          timer: setTimeout(() => {
            const at = queue.indexOf(waiter);
            if (at >= 0) queue.splice(at, 1);
            refused++;
            reject(new AdmissionRefused('wait_timeout'));
          }, limits.maxWaitMs),
        };
        queue.push(waiter);
      });
    },
    stats: () => ({ active, waiting: queue.length, refused }),
  };
}

const released = Symbol('admission release');
const aborted = Symbol('admission aborted');
type AdmittedRequest = FastifyRequest & { [released]?: Release; [aborted]?: boolean };

/**
 * Route hooks: `onRequest` (before the body is read or the proof of work checked) waits for a slot
 * or answers 503; the slot is given back when the response is sent or the client went away.
 */
export function admissionHooks(gate: AdmissionGate) {
  // One log line a second at most during a flood of refusals (thousands a second would drown the log).
  let lastLogged = 0;
  const giveBack = (request: FastifyRequest) => {
    const r = request as AdmittedRequest;
    r[released]?.();
    r[released] = undefined;
  };
  return {
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      const r = request as AdmittedRequest;
      try {
        r[released] = await gate.acquire();
        // The runner left while waiting: the slot goes to the next one (what follows is only the
        // lifecycle of a request nobody reads).
        if (r[aborted]) giveBack(request);
      } catch (error) {
        if (!(error instanceof AdmissionRefused)) throw error;
        if (Date.now() - lastLogged >= 1000) {
          lastLogged = Date.now();
          request.log.warn({ reason: error.reason, ...gate.stats() }, 'registrations refused: server busy (refused counts every refusal since start)');
        }
        return reply
          .status(503)
          .header('retry-after', String(REGISTRATION_BUSY_RETRY_AFTER_SECONDS))
          .header('cache-control', 'no-store')
          .send(registrationBusy);
      }
    },
    onResponse: async (request: FastifyRequest) => giveBack(request),
    onRequestAbort: async (request: FastifyRequest) => {
      (request as AdmittedRequest)[aborted] = true;
      giveBack(request);
    },
    /**
     * Gives the turn back early: once the slot is reserved, what is left (the gateway's checkout, a
     * network wait of hundreds of ms) uses neither the pool nor the event loop, so it must not keep
     * the next runner waiting (decision 018).
     */
    release: giveBack,
  };
}
