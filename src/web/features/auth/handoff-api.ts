import type { HandoffCodeResponse } from '../../../domain/auth/contract';
import { createApiClient, type ApiClient } from '../../api/client';
import { pendingHandoff, type AppRequest, type PendingHandoff } from './app-handoff';

/** A refresh that fails leaves the person on the hand-off page, which offers to sign in again. */
const handoffClient = createApiClient({ onSessionExpired: () => {} });

/**
 * Asks the server (same origin, cookie session, POST) for a one-time code bound to the signed-in
 * user and the app's challenge, and keeps it in memory for the auth-success page.
 * Called only from a click on 'Buka Aplikasi'.
 */
export async function requestHandoffCode(req: AppRequest, user: unknown, client: Pick<ApiClient, 'post'> = handoffClient): Promise<PendingHandoff> {
  const asked = Date.now();
  const { code, expiresIn } = await client.post<HandoffCodeResponse>('/api/auth/mobile-handoff/code', {
    code_challenge: req.codeChallenge,
    code_challenge_method: 'S256',
  });
  // Counted from before the request: the server's clock started no earlier than that.
  const held: PendingHandoff = { code, codeChallenge: req.codeChallenge, state: req.state, expiresAt: asked + expiresIn * 1000, user };
  pendingHandoff.set(held);
  return held;
}
