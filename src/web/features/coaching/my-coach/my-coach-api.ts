/** 'Pelatih Saya' in Pengaturan: the runner's coaches and ending a relationship (issue 14). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CoachingMessage, MyCoachList } from '../../../../domain/coaching/contract';
import { api } from '../../../api/client';

const myCoachesKey = ['coaching', 'my-coaches'] as const;

/** GET /api/runner/coaches: live connections only. */
export function useMyCoaches() {
  return useQuery({ queryKey: myCoachesKey, queryFn: async () => (await api.get<MyCoachList>('/api/runner/coaches')).data });
}

/** POST /api/runner/coaches/{connectionId}/end: the coach loses access at once. */
export function useEndCoaching() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (connectionId: string) => api.post<CoachingMessage>(`/api/runner/coaches/${connectionId}/end`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: myCoachesKey }),
  });
}
