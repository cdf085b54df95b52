/**
 * Daftar Pelari's calls (runner-and-coach §7): the coach's slots a page at a time, connecting a
 * runner by email and emptying a freeslot. Every change reloads every coaching query (the list,
 * its figures and Ubah Jadwal's selector).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { coachingMessages, CONNECTIONS_PAGE_SIZE, type CoachConnectionList, type ConnectRunnerResponse } from '../../../../domain/coaching/contract';
import { api, ApiError } from '../../../api/client';

export const coachingKeys = {
  all: ['coaching'] as const,
  connections: (page: number) => ['coaching', 'connections', page] as const,
};

/** The server's message when it sent one (always Indonesian, with a code); otherwise the spec's fallback or its network text. */
export function messageOf(error: unknown, fallback: string, network: string): string {
  if (error instanceof ApiError) return error.code ? error.message : fallback;
  return network;
}

/** GET /api/coach/connections?page=&limit= (page from 1); the previous page stays on screen while the next loads. */
export function useCoachConnections(page: number) {
  return useQuery({
    queryKey: coachingKeys.connections(page),
    queryFn: () => api.get<CoachConnectionList>(`/api/coach/connections?page=${page}&limit=${CONNECTIONS_PAGE_SIZE}`),
    placeholderData: keepPreviousData,
  });
}

/** PUT /api/coach/connection/{id} { runnerEmail }: connect a runner, or null to empty a freeslot. */
export function useSetSlotRunner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, runnerEmail }: { id: string; runnerEmail: string | null }) => api.put<ConnectRunnerResponse>(`/api/coach/connection/${id}`, { runnerEmail }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: coachingKeys.all }),
  });
}

export const connectError = (error: unknown) => messageOf(error, coachingMessages.connectFailed, coachingMessages.connectNetwork);
export const removeError = (error: unknown) => messageOf(error, coachingMessages.removeFailed, coachingMessages.removeNetwork);

/** The slots a runner can still be connected to (the connect modal's choice), loaded when the modal opens. */
export function useFillableSlots(enabled: boolean) {
  return useQuery({
    queryKey: ['coaching', 'connections', 'fillable'] as const,
    queryFn: async () => (await api.get<CoachConnectionList>('/api/coach/connections?only=empty&page=1&limit=100')).data,
    enabled,
  });
}
