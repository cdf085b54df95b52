/**
 * The offline racepack desk's calls (decision 022): the check-in list, the sync of queued marks, the
 * 'Urungkan' of a synced one and the organizer's events to choose from. The desk's own client does not leave for /login when the
 * session has ended: a volunteer offline or mid-queue is told, and the queue stays.
 */
import { useQuery } from '@tanstack/react-query';
import type { OrganizerEventList } from '../../../../domain/events/contract';
import type { CheckinList, CheckinMark, CheckinSyncResponse } from '../../../../domain/registrations/checkin';
import type { RegistrationDecision } from '../../../../domain/registrations/contract';
import { createApiClient } from '../../../api/client';

let sessionEnded = false;
const listeners = new Set<() => void>();

/** Whether a desk call found the session over (sign in again to sync); listeners hear of it. */
export const deskSession = {
  get ended() {
    return sessionEnded;
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  reset() {
    sessionEnded = false;
  },
};

const deskClient = createApiClient({
  onSessionExpired: () => {
    sessionEnded = true;
    for (const l of listeners) l();
  },
});

const eventPath = (eventKey: string) => `/api/runner-registrations/event/${encodeURIComponent(eventKey)}`;

/** The whole list, or with `since` the changes after an earlier answer's cursor. */
export function fetchCheckinList(eventKey: string, since?: string): Promise<CheckinList> {
  return deskClient.get<CheckinList>(`${eventPath(eventKey)}/checkin-list${since ? `?since=${encodeURIComponent(since)}` : ''}`, { cache: 'no-store' });
}

export function syncCheckinMarks(eventKey: string, marks: CheckinMark[]): Promise<CheckinSyncResponse> {
  return deskClient.post<CheckinSyncResponse>(`${eventPath(eventKey)}/checkin-sync`, { marks });
}

/** 'Urungkan' of a hand-over the server already has (this organizer's, within minutes). */
export function undoHandover(registrationId: string): Promise<RegistrationDecision> {
  return deskClient.delete<RegistrationDecision>(`/api/runner-registrations/${encodeURIComponent(registrationId)}/racepack`);
}

/** The organizer's events (an admin's: all), to pick the desk's event. */
export function useDeskEventChoices(enabled: boolean) {
  return useQuery({
    queryKey: ['desk', 'events'],
    queryFn: async () => (await deskClient.get<OrganizerEventList>('/api/events')).events,
    enabled,
    retry: false,
  });
}
