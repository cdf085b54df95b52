/**
 * The AI coach API. `GET /api/ai/access` answers whether AI features are open to the caller: 200
 * with the status, or 403 with the spec's message (PREMIUM_REQUIRED_MESSAGE). The AI programme
 * routes arrive with the AI coach issue.
 */
import { useMutation } from '@tanstack/react-query';
import type { AiAccessResponse } from '../../../domain/ai-coach/contract';
import { api } from '../../api/client';

/** GET /api/ai/access, asked when the runner reaches for an AI feature (never cached: access changes). */
export function useCheckAiAccess() {
  return useMutation({ mutationFn: () => api.get<AiAccessResponse>('/api/ai/access') });
}
