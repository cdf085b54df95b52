/**
 * Ubah Jadwal's calls (runner-and-coach §4, §7): the runners the coach may plan for, reading a
 * schedule file into a preview, and saving that preview into the runner's plan (POST when the
 * runner has no plan yet or it cannot be read, PUT to replace it, spec §4 Schedule upload).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { coachingMessages, SCHEDULE_MAX_BYTES, type LiveConnectionList, type SchedulePreview } from '../../../../domain/coaching/contract';
import type { PlanList, TrainingPlan } from '../../../../domain/training-plan/contract';
import { api } from '../../../api/client';
import { trainingPlanRootKey } from '../../../lib/query-keys';

export const scheduleKeys = { runners: ['coaching', 'schedule-runners'] as const };

/** GET /api/coach/my-connections: the connected runners, for the selector. */
export function useCoachedRunners() {
  return useQuery({
    queryKey: scheduleKeys.runners,
    queryFn: async () => (await api.get<LiveConnectionList>('/api/coach/my-connections')).data,
  });
}

export type ScheduleRun = SchedulePreview['trainingPlan'][number];

const ACCEPTED = ['image/png', 'image/jpeg', 'application/pdf'];
const ACCEPTED_NAME = /\.(png|jpe?g|pdf)$/i;
export const SCHEDULE_ACCEPT = '.png,.jpg,.jpeg,.pdf,image/png,image/jpeg,application/pdf';

/** The browser's check before sending (the server checks the content again): the spec §5 messages. */
export function scheduleFileProblem(file: File | null | undefined): string | null {
  if (!file) return coachingMessages.scheduleNone;
  const typeOk = file.type ? ACCEPTED.includes(file.type) : ACCEPTED_NAME.test(file.name);
  if (!typeOk) return coachingMessages.scheduleFormat;
  if (file.size > SCHEDULE_MAX_BYTES) return coachingMessages.scheduleSize;
  return null;
}

/** POST /api/runner/{runnerId}/training-plans/schedule/parse: the runs of the file, nothing saved. */
export async function parseScheduleFile(runnerId: string, file: File): Promise<ScheduleRun[]> {
  const body = new FormData();
  body.append('file', file);
  const res = await api.post<SchedulePreview>(`/api/runner/${encodeURIComponent(runnerId)}/training-plans/schedule/parse`, body);
  return res.trainingPlan;
}

/** Saves a preview: POST when the runner has no plan (or it cannot be read), otherwise PUT (replace). */
export function useSaveSchedule(runnerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (runs: ScheduleRun[]) => {
      const base = `/api/runner/${encodeURIComponent(runnerId)}/training-plans`;
      const hasPlan = await api.get<PlanList>(base).then(
        (list) => list.trainingPlans.length > 0,
        () => false,
      );
      const body = { trainingPlan: runs.map(({ date, title, program, paceRange }) => ({ date, title, program, paceRange, generatedby: 'coach' as const })) };
      return hasPlan ? api.put<TrainingPlan>(base, body) : api.post<TrainingPlan>(base, body);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trainingPlanRootKey }),
  });
}
