/**
 * The running calendar's calls (events-and-coach-pages §7 `/api/eventcalendar*`): the public list and
 * one entry, a submission, and the admin's moderation. The public calls parse nothing with zod so
 * the /calendar page stays light (decision 019).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarEntryResponse, CalendarList, CalendarModerated, CalendarModerationList, CalendarSubmitted } from '../../../domain/event-calendar/contract';
import { calendarQueryString, type CalendarFilter, type CalendarStatus, type RoadOrTrail } from '../../../domain/event-calendar/event-calendar';

export { CALENDAR_LIMIT, calendarQueryString, type CalendarFilter } from '../../../domain/event-calendar/event-calendar';
import { api } from '../../api/client';

export const calendarKeys = {
  all: ['event-calendar'] as const,
  list: (f: CalendarFilter) => ['event-calendar', 'list', f] as const,
  entry: (id: string) => ['event-calendar', 'entry', id] as const,
  moderation: (status: string) => ['event-calendar', 'moderation', status] as const,
};

export function useCalendar(filter: CalendarFilter) {
  return useQuery({
    queryKey: calendarKeys.list(filter),
    queryFn: () => api.get<CalendarList>(`/api/eventcalendar?${calendarQueryString(filter)}`),
    // A new filter keeps the old rows on screen until its answer comes (no flash of the loader).
    placeholderData: keepPreviousData,
  });
}

export function useCalendarEntry(id: string | null) {
  return useQuery({
    queryKey: calendarKeys.entry(id ?? ''),
    queryFn: async () => (await api.get<CalendarEntryResponse>(`/api/eventcalendar/${encodeURIComponent(id!)}`)).event,
    enabled: !!id,
    retry: false,
  });
}

export type CalendarSubmissionBody = {
  eventname: string;
  date: string;
  location: string;
  website: string;
  roadortrail: RoadOrTrail;
  category: string;
  email: string;
  organizer: string;
  description: string;
  website2?: string;
};

export function useSubmitCalendarEvent() {
  return useMutation({
    mutationFn: (body: CalendarSubmissionBody) => api.post<CalendarSubmitted>('/api/eventcalendar', body),
  });
}

/** The feed's address (webcal:// for calendar apps) and Google Calendar's "add by URL" link. */
export function calendarFeedLinks(origin: string, roadortrail?: RoadOrTrail) {
  const https = `${origin}/api/eventcalendar.ics${roadortrail ? `?roadortrail=${roadortrail}` : ''}`;
  const webcal = https.replace(/^https?:\/\//, 'webcal://');
  return { https, webcal, google: `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}` };
}

export function useModerationList(status: CalendarStatus | 'all') {
  return useQuery({
    queryKey: calendarKeys.moderation(status),
    queryFn: async () => (await api.get<CalendarModerationList>(`/api/admin/eventcalendar?status=${status}`)).events,
  });
}

export type ModerationBody = Partial<{
  isapproved: 'yes' | 'no' | 'rejected';
  ispartnership: 'yes' | 'no';
  eventname: string;
  date: string;
  location: string;
  website: string;
  roadortrail: RoadOrTrail;
  category: string;
  email: string;
  organizer: string;
  description: string;
}>;

export function useModerate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ModerationBody }) => api.patch<CalendarModerated>(`/api/admin/eventcalendar/${id}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: calendarKeys.all }),
  });
}
