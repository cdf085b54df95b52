/** The signed-in runner's own registrations ('Event Diikuti' on the dashboard home). */
import { useQuery } from '@tanstack/react-query';
import { myRegistrationsResponseSchema } from '../../../../domain/registrations/contract';
import { api } from '../../../api/client';

export const myRegistrationsKey = ['registrations', 'mine'] as const;

export function useMyRegistrations() {
  return useQuery({
    queryKey: myRegistrationsKey,
    queryFn: async () => myRegistrationsResponseSchema.parse(await api.get<unknown>('/api/runner-registrations/mine')).registrations,
  });
}
