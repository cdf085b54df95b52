/** The runner's coach invitations (issue 26 §4): the waiting ones, the mail link's one, and answering. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CoachingMessage, CoachInvitationDetail, CoachInvitationList } from '../../../../domain/coaching/contract';
import { api } from '../../../api/client';

const invitationsKey = ['coaching', 'invitations'] as const;

/** GET /api/runner/coach-invitations: those still waiting for an answer. */
export function useMyInvitations(enabled = true) {
  return useQuery({ queryKey: invitationsKey, queryFn: async () => (await api.get<CoachInvitationList>('/api/runner/coach-invitations')).data, enabled });
}

/** GET /api/runner/coach-invitations/by-token/{token}: the mail link's invitation (only its runner's). */
export function useInvitationByToken(token: string, enabled: boolean) {
  return useQuery({
    queryKey: [...invitationsKey, 'token', token] as const,
    queryFn: () => api.get<CoachInvitationDetail>(`/api/runner/coach-invitations/by-token/${encodeURIComponent(token)}`),
    enabled,
    retry: false,
  });
}

/** POST /api/runner/coach-invitations/{id}/accept|decline; every coaching query reloads (Pelatih Saya, the lists). */
export function useAnswerInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: 'accept' | 'decline' }) => api.post<CoachingMessage>(`/api/runner/coach-invitations/${id}/${answer}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['coaching'] }),
  });
}
