/**
 * The Google Calendar export's calls: the private feed (status, create/rotate, revoke) and the
 * one-off .ics download of upcoming runs.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedFeed, FeedStatus } from '../../../../domain/training-plan/contract';
import { api } from '../../../api/client';
import { planKeys } from '../training-plan-api';

export const FEED_PATH = '/api/training-plans/calendar-feed';
export const EXPORT_PATH = '/api/training-plans/export.ics';
export const EXPORT_FILENAME = 'derap-jadwal-latihan.ics';

/** Google Calendar's "add by URL" page for a feed (it takes the webcal:// form in `cid`). */
export function googleCalendarUrl(webcalUrl: string): string {
  return `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcalUrl)}`;
}

/** GET — whether the runner has a feed; the URL itself is only ever returned on creation. */
export function useFeedStatus(enabled = true) {
  return useQuery({
    queryKey: planKeys.feed,
    queryFn: () => api.get<FeedStatus>(FEED_PATH),
    enabled,
  });
}

/** POST — creates the feed or rotates its token (the old URL stops working). */
export function useCreateFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CreatedFeed>(FEED_PATH),
    onSuccess: (feed) => queryClient.setQueryData<FeedStatus>(planKeys.feed, { active: true, createdAt: feed.createdAt }),
  });
}

/** DELETE — revokes the feed; its URL answers 404 from then on. */
export function useRevokeFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<FeedStatus>(FEED_PATH),
    onSuccess: () => queryClient.setQueryData<FeedStatus>(planKeys.feed, { active: false, createdAt: null }),
  });
}

/**
 * Downloads the .ics through the API client rather than letting the link navigate: the client
 * refreshes an expired session first, and a failure can be shown in the dialog instead of a
 * browser error page.
 */
export function useDownloadIcs() {
  return useMutation({
    mutationFn: async () => {
      const text = await api.get<string>(EXPORT_PATH, { headers: { accept: 'text/calendar' } });
      const href = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = href;
      link.download = EXPORT_FILENAME;
      document.body.append(link);
      link.click();
      link.remove();
      // Give the browser a moment to start the download before the blob goes away.
      window.setTimeout(() => URL.revokeObjectURL(href), 10_000);
    },
  });
}
