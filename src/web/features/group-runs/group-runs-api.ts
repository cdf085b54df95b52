/**
 * Running Buddy's calls (`/api/group-runs*`, issue 16 item 5). Nothing here parses with zod: the
 * public /buddy pages stay light (decision 019).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminGroupRunList, GroupRunChange, GroupRunDetailResponse, GroupRunList, GroupRunMessage, MyGroupRuns } from '../../../domain/group-runs/contract';
import { api } from '../../api/client';

export interface GroupRunFilter {
  city?: string;
  date?: string;
}

export const groupRunKeys = {
  all: ['group-runs'] as const,
  list: (f: GroupRunFilter) => ['group-runs', 'list', f] as const,
  detail: (id: string) => ['group-runs', 'detail', id] as const,
  mine: ['group-runs', 'mine'] as const,
};

export function useGroupRuns(filter: GroupRunFilter) {
  const params = new URLSearchParams();
  if (filter.city) params.set('city', filter.city);
  if (filter.date) params.set('date', filter.date);
  return useQuery({
    queryKey: groupRunKeys.list(filter),
    queryFn: async () => (await api.get<GroupRunList>(`/api/group-runs?${params.toString()}`)).groupRuns,
    placeholderData: keepPreviousData,
  });
}

export function useGroupRun(id: string) {
  return useQuery({
    queryKey: groupRunKeys.detail(id),
    queryFn: async () => (await api.get<GroupRunDetailResponse>(`/api/group-runs/${encodeURIComponent(id)}`)).groupRun,
    retry: false,
  });
}

/** What the create / edit form sends: `startsAt` as ISO with the WIB offset. */
export interface GroupRunBody {
  title: string;
  city: string;
  meetingPoint: string;
  mapUrl: string | null;
  startsAt: string;
  distanceKm: number;
  paceGroup: string;
  capacity: number;
  description: string;
}

function useInvalidating<TArgs, TResult>(fn: (args: TArgs) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: groupRunKeys.all }) });
}

export function useCreateGroupRun() {
  return useInvalidating((body: GroupRunBody) => api.post<GroupRunChange>('/api/group-runs', body));
}

export function useUpdateGroupRun(id: string) {
  return useInvalidating((body: Partial<GroupRunBody>) => api.patch<GroupRunChange>(`/api/group-runs/${encodeURIComponent(id)}`, body));
}

export function useCancelGroupRun(id: string) {
  return useInvalidating(() => api.delete<GroupRunChange>(`/api/group-runs/${encodeURIComponent(id)}`));
}

export function useJoinGroupRun(id: string) {
  return useInvalidating((join: boolean) =>
    join ? api.post<GroupRunMessage>(`/api/group-runs/${encodeURIComponent(id)}/join`, {}) : api.delete<GroupRunMessage>(`/api/group-runs/${encodeURIComponent(id)}/join`),
  );
}

export function useRemoveParticipant(id: string) {
  return useInvalidating((userId: string) => api.delete<GroupRunMessage>(`/api/group-runs/${encodeURIComponent(id)}/participants/${encodeURIComponent(userId)}`));
}

export function useReportGroupRun(id: string) {
  return useMutation({ mutationFn: (reason: string) => api.post<GroupRunMessage>(`/api/group-runs/${encodeURIComponent(id)}/report`, { reason }) });
}

export function useMyGroupRuns() {
  return useQuery({
    queryKey: groupRunKeys.mine,
    queryFn: async () => (await api.get<MyGroupRuns>('/api/group-runs/mine')).groupRuns,
  });
}

/** Admin: reported runs (most reported first) or hidden ones, with their reports. */
export function useGroupRunsForReview(status: 'reported' | 'hidden') {
  return useQuery({
    queryKey: ['group-runs', 'review', status] as const,
    queryFn: async () => (await api.get<AdminGroupRunList>(`/api/admin/group-runs?status=${status}`)).groupRuns,
  });
}

/** Admin: hide a run from everyone but its host, or show it again. */
export function useSetGroupRunHidden() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hidden }: { id: string; hidden: boolean }) => api.patch<GroupRunMessage>(`/api/admin/group-runs/${encodeURIComponent(id)}`, { hidden }),
    onSuccess: () => client.invalidateQueries({ queryKey: groupRunKeys.all }),
  });
}
