/**
 * The public event list's call, apart from registrations-api (which parses with zod) so the public
 * list page loads no schema library (docs/decisions/019-front-end-weight.md).
 */
import { useQuery } from '@tanstack/react-query';
import type { PublicEventList } from '../../../../domain/events/contract';
import { PUBLIC_EVENT_LIST_PATH } from '../../../../domain/events/events';
import { api } from '../../../api/client';

export const publicEventKeys = {
  list: ['events-public', 'list'] as const,
  event: (code: string) => ['events-public', 'event', code] as const,
};

export function usePublicEvents() {
  return useQuery({
    queryKey: publicEventKeys.list,
    queryFn: async () => (await api.get<PublicEventList>(PUBLIC_EVENT_LIST_PATH)).events,
  });
}
