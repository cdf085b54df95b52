/**
 * The AI coach API (contract: src/domain/ai-coach/contract.ts). Every `/api/ai/*` call answers 403
 * with the spec's premium message when the runner has no active or trialing subscription. The
 * browser never talks to an AI service itself: the server holds the keys and checks every plan.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  aiMessages,
  type AiAccessResponse,
  type ChatMessage,
  type ChatReply,
  type ChatSafety,
  type CreatePlanRequest,
  type ImageReading,
  type LatestEvaluationResponse,
  type Modification,
  type PlanDraftResponse,
} from '../../../domain/ai-coach/contract';
import type { TrainingPlan } from '../../../domain/training-plan/contract';
import { api, ApiError } from '../../api/client';
import { trainingPlanRootKey } from '../../lib/query-keys';
import { useAiScope } from './ai-scope';
// The chat dialog reads the warning where this hook writes it.
import { chatSafetyQueryKey } from './chat-dialog';

/** GET /api/ai/access, asked when the runner reaches for an AI feature (never cached: access changes). */
export function useCheckAiAccess() {
  const { runnerId } = useAiScope();
  return useMutation({
    // A coach planning for a connected runner needs no subscription (decision 025); the server checks the connection on each call.
    mutationFn: () =>
      runnerId ? Promise.resolve<AiAccessResponse>({ access: true, subscription_status: 'none', current_period_end: null }) : api.get<AiAccessResponse>('/api/ai/access'),
  });
}

/**
 * The text to show for a failed AI call: the server's own message when it chose one for the
 * runner (a refusal, the rate limit, an AI time-out), the spec's fallback for anything else
 * (network down, an unexpected 500).
 */
export function aiErrorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || !error.message) return fallback;
  return error.status < 500 || error.status === 502 || error.status === 503 || error.status === 504 ? error.message : fallback;
}

/**
 * GET /api/ai/evaluations/latest: the two-weekly re-evaluation's note for the calendar. Only asked
 * for a plan with AI runs; a runner without access (403) simply sees no note.
 */
export function useLatestEvaluation(enabled: boolean) {
  // The two-weekly evaluation is the runner's own AI programme's; a coach's view does not ask for it.
  const { runnerId } = useAiScope();
  return useQuery({
    queryKey: [...trainingPlanRootKey, 'ai-evaluation'],
    queryFn: () => api.get<LatestEvaluationResponse>('/api/ai/evaluations/latest'),
    enabled: enabled && !runnerId,
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/** POST /api/ai/createplan → a draft the preview shows; nothing is stored in the plan yet. */
export function useCreatePlan() {
  const { base } = useAiScope();
  return useMutation({ mutationFn: (request: CreatePlanRequest) => api.post<PlanDraftResponse>(`${base}/createplan`, request) });
}

export interface ChatInput {
  maingoal: string;
  /** What was said before this message (at most MAX_CHAT_HISTORY). */
  chathistory: ChatMessage[];
  usermessage: string;
}

/**
 * POST /api/ai/chat → a clarification question or the modifications to approve. A reply's health
 * warning (`safety`, issue 25 §4) is kept for the chat dialog to show above the conversation; a
 * later reply without one does not hide it, and a caution never replaces a stop.
 */
export function useAiChat() {
  const { base } = useAiScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChatInput) => api.post<ChatReply>(`${base}/chat`, input),
    onSuccess: (reply) => {
      if (!reply.safety) return;
      const current = queryClient.getQueryData<ChatSafety | null>(chatSafetyQueryKey(base));
      if (current?.level === 'stop' && reply.safety.level === 'caution') return;
      queryClient.setQueryData(chatSafetyQueryKey(base), reply.safety);
    },
  });
}

/** POST /api/ai/modify → a draft of the changed date range (the server works from the stored plan). */
export function useModifyPlan() {
  const { base } = useAiScope();
  return useMutation({ mutationFn: (modification: Modification[]) => api.post<PlanDraftResponse>(`${base}/modify`, { modification }) });
}

/**
 * POST /api/ai/drafts/{draftId}/save: the server replaces the range's unlogged AI runs with the
 * draft in one transaction (a browser may not write AI runs itself), then the plan is re-read.
 */
export function useSaveDraft() {
  const queryClient = useQueryClient();
  const { base } = useAiScope();
  return useMutation({
    mutationFn: (draftId: string) => api.post<TrainingPlan>(`${base}/drafts/${encodeURIComponent(draftId)}/save`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trainingPlanRootKey }),
  });
}

/**
 * POST /api/ai/trainingimages: reads distance, time and average HR from a workout screenshot.
 * Throws an Error whose message is ready to show (the server's, or the spec's fallback), so the
 * log dialog that calls it needs to know nothing about the AI feature.
 */
export async function analyzeTrainingImage(dataUrl: string): Promise<ImageReading> {
  let reading: ImageReading;
  try {
    reading = await api.post<ImageReading>('/api/ai/trainingimages', { image: dataUrl });
  } catch (error) {
    throw new Error(aiErrorText(error, aiMessages.imageFailed));
  }
  if (reading.distance === null && reading.time === null && reading.avgHeartRate === null) throw new Error(aiMessages.imageUnreadable);
  return reading;
}
