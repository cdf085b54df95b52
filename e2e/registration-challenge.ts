import type { APIRequestContext } from '@playwright/test';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/**
 * Registrations made through the API in browser tests solve the server's proof-of-work challenge
 * like the web form does (here in Node), since the server runs with the challenge on.
 */
export async function solvedChallenge(request: APIRequestContext): Promise<{ altcha?: string }> {
  const res = await request.get('/api/runner-registrations/challenge');
  if (!res.ok()) throw new Error(`challenge: ${res.status()} ${await res.text()}`);
  const body = (await res.json()) as { enabled: boolean; challenge: Challenge | null };
  if (!body.enabled || !body.challenge) return {};
  const solution = await solveChallenge({ challenge: body.challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return { altcha: Buffer.from(JSON.stringify({ challenge: body.challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } })).toString('base64') };
}

let nextRunner = 0;
/**
 * A distinct client address for one fixture runner (the browser tests' server trusts X-Forwarded-For
 * from loopback): a runner registering from their own phone, not the tenth hold of one address.
 */
export function runnerAddressHeader(): { 'x-forwarded-for': string } {
  nextRunner += 1;
  const n = (process.pid * 7919 + nextRunner) % 65_000;
  return { 'x-forwarded-for': `198.18.${Math.floor(n / 250)}.${(n % 250) + 1}` };
}
