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
