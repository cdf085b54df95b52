/**
 * The training plan's queries and mutations (spec §7 `/api/training-plans...`), shared by the
 * calendar, the log modal and the dashboard widgets. A 404 on the plan means "no plan yet".
 * Inside a `PlanScopeProvider` with a runner id (a coach's Ubah Jadwal) the same hooks speak to
 * `/api/runner/{runnerId}/training-plans...`, which has the same shapes.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActivityReadingResponse } from '../../../domain/activities/contract';
import { isoToPlanDate, type IsoDay } from '../../../domain/shared/wire-date';
import type { MessageResponse, PatchRunResponse, PlanList, PlanRangeQuery, RunInput, RunPatch, TrainingPlan } from '../../../domain/training-plan/contract';
import { api, ApiError } from '../../api/client';
import { trainingPlanRootKey } from '../../lib/query-keys';
import { usePlanScope } from './plan-scope';

export const planKeys = {
  all: trainingPlanRootKey,
  plan: ['training-plan', 'plan'] as const,
  range: (from: IsoDay, to: IsoDay) => ['training-plan', 'range', from, to] as const,
  feed: ['training-plan', 'calendar-feed'] as const,
  /** A coached runner's plan (under the root key, so every plan change refreshes it too). */
  runnerPlan: (runnerId: string) => ['training-plan', 'runner', runnerId, 'plan'] as const,
};

const planBase = (runnerId: string | null) => (runnerId ? `/api/runner/${encodeURIComponent(runnerId)}/training-plans` : '/api/training-plans');
const planKeyOf = (runnerId: string | null) => (runnerId ? planKeys.runnerPlan(runnerId) : planKeys.plan);

/**
 * A plan as read (its runs are whole, or the server's stub of a locked AI run, `locked: true`);
 * `_id` null when the runner has no plan yet.
 */
export type PlanData = Omit<TrainingPlan, '_id'> & { _id: string | null };

/** GET /api/training-plans → the first plan, or an empty one (`_id: null`) on 404. */
export function usePlan() {
  const { runnerId } = usePlanScope();
  return useQuery({
    queryKey: planKeyOf(runnerId),
    queryFn: async (): Promise<PlanData> => {
      try {
        const res = await api.get<PlanList>(planBase(runnerId));
        return res.trainingPlans[0] ?? { _id: null, trainingPlan: [] };
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return { _id: null, trainingPlan: [] };
        throw error;
      }
    },
  });
}

/** GET /api/training-plans/range — the runs of a span of days in one request (dashboard week, today). */
export function usePlanRange(from: IsoDay, to: IsoDay) {
  return useQuery({
    queryKey: planKeys.range(from, to),
    queryFn: async (): Promise<PlanData> => (await fetchPlanRange(from, to))[0] ?? { _id: null, trainingPlan: [] },
  });
}

/** GET /api/training-plans/range once, outside the cache (the log modal's check of neighbouring days). */
export async function fetchPlanRange(from: IsoDay, to: IsoDay, runnerId: string | null = null): Promise<TrainingPlan[]> {
  const query: PlanRangeQuery = { from: isoToPlanDate(from), to: isoToPlanDate(to) };
  return (await api.get<PlanList>(`${planBase(runnerId)}/range?${new URLSearchParams(query)}`)).trainingPlans;
}

function useInvalidatePlan() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: planKeys.all });
}

/** POST /api/training-plans — adds runs (creating the plan when there is none). */
export function useAddRuns() {
  const invalidate = useInvalidatePlan();
  const { runnerId } = usePlanScope();
  return useMutation({
    mutationFn: (runs: RunInput[]) => api.post<TrainingPlan>(planBase(runnerId), { trainingPlan: runs }),
    onSuccess: invalidate,
  });
}

/** PUT /api/training-plans — the plan becomes these runs (what the writer may not delete stays). */
export function useReplaceRuns() {
  const invalidate = useInvalidatePlan();
  const { runnerId } = usePlanScope();
  return useMutation({
    mutationFn: (runs: RunInput[]) => api.put<TrainingPlan>(planBase(runnerId), { trainingPlan: runs }),
    onSuccess: invalidate,
  });
}

/** PATCH /api/training-plans/{planId}/item/{runId} — a result and/or a new date, saved at once. */
export function usePatchRun() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidatePlan();
  const { runnerId } = usePlanScope();
  const key = planKeyOf(runnerId);
  return useMutation({
    mutationFn: ({ planId, runId, patch }: { planId: string; runId: string; patch: RunPatch }) =>
      api.patch<PatchRunResponse>(`${planBase(runnerId)}/${encodeURIComponent(planId)}/item/${encodeURIComponent(runId)}`, patch),
    // Moves show at once; a failure rolls back when the plan is re-read.
    onMutate: async ({ runId, patch }) => {
      if (!patch.date) return;
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<PlanData>(key, (old) =>
        old ? { ...old, trainingPlan: old.trainingPlan.map((r) => (r._id === runId ? { ...r, date: patch.date! } : r)) } : old,
      );
    },
    onSettled: invalidate,
  });
}

/** DELETE /api/training-plans/{runId} — the log modal's delete (user-made runs only). */
export function useDeleteRun() {
  const invalidate = useInvalidatePlan();
  const { runnerId } = usePlanScope();
  return useMutation({
    mutationFn: (runId: string) => api.delete<MessageResponse>(`${planBase(runnerId)}/${encodeURIComponent(runId)}`),
    onSuccess: invalidate,
  });
}

/**
 * POST /api/activities/parse — a .fit/.gpx/.tcx file read into distance, moving time and average HR
 * (nothing is stored). Rejects with an ApiError carrying the server's Indonesian message.
 */
export async function parseActivityFile(file: File): Promise<ActivityReadingResponse> {
  const body = new FormData();
  body.append('file', file);
  return api.post<ActivityReadingResponse>('/api/activities/parse', body);
}
