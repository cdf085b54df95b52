/**
 * The Strava API (issue 15, `src/domain/strava/contract.ts`): the link's status, the connect
 * navigation, disconnect, 'Sinkronkan sekarang' and the synced runs that wait for keep or discard.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { StravaActivityView, StravaMessage, StravaStatus } from '../../../domain/strava/contract';
import type { Run } from '../../../domain/training-plan/contract';
import { api } from '../../api/client';
import { trainingPlanRootKey } from '../../lib/query-keys';
import { sessionKeys } from '../../lib/session';

export const stravaKeys = {
  all: ['strava'] as const,
  status: ['strava', 'status'] as const,
  unplanned: ['strava', 'activities', 'unplanned'] as const,
};

const CONNECT_PATH = '/api/strava/connect';

/** GET /api/strava/status: configured on this server, linked, last sync, waiting runs. */
export function useStravaStatus(options: { refetchInterval?: number | false } = {}) {
  return useQuery({
    queryKey: stravaKeys.status,
    queryFn: () => api.get<StravaStatus>('/api/strava/status'),
    refetchInterval: options.refetchInterval,
  });
}

/**
 * GET /api/strava/connect is a browser navigation (Strava's consent page, then back to
 * /dashboard with a flag): the session cookie goes with it, nothing is fetched.
 */
export function startStravaConnect() {
  window.location.href = CONNECT_PATH;
}

/** POST /api/strava/sync → 202 {message}; the server reads the last 30 days in the background. */
export function useStravaSync() {
  return useMutation({ mutationFn: () => api.post<StravaMessage>('/api/strava/sync') });
}

/**
 * POST /api/strava/disconnect: the server deletes the tokens and the Strava data Derap keeps
 * (results the runner kept stay), so the user, the plan and the waiting runs are read again.
 */
export function useStravaDisconnect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<StravaMessage>('/api/strava/disconnect'),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: stravaKeys.all }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.me }),
        queryClient.invalidateQueries({ queryKey: trainingPlanRootKey }),
      ]),
  });
}

/** A finished sync changed the plan (results filled) and the waiting runs: read them again. */
export function useRefreshSyncedData() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: stravaKeys.unplanned }),
        queryClient.invalidateQueries({ queryKey: trainingPlanRootKey }),
      ]),
    [queryClient],
  );
}

/** GET /api/strava/activities?status=unplanned: synced runs on days without a planned run. */
export function useUnplannedActivities(enabled: boolean) {
  return useQuery({
    queryKey: stravaKeys.unplanned,
    queryFn: async () => (await api.get<{ data: StravaActivityView[] }>('/api/strava/activities?status=unplanned')).data,
    enabled,
  });
}

/** What keep and discard change: the waiting list, the status count, and (keep) the plan. */
function useSettleActivity() {
  const queryClient = useQueryClient();
  return (planChanged: boolean) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: stravaKeys.all }),
      planChanged ? queryClient.invalidateQueries({ queryKey: trainingPlanRootKey }) : null,
    ]);
}

/** POST /api/strava/activities/{id}/keep → the run it made in the runner's own log. */
export function useKeepActivity() {
  const settle = useSettleActivity();
  return useMutation({
    mutationFn: (id: string) => api.post<Run>(`/api/strava/activities/${encodeURIComponent(id)}/keep`),
    onSuccess: () => settle(true),
  });
}

/** POST /api/strava/activities/{id}/discard → {message}. */
export function useDiscardActivity() {
  const settle = useSettleActivity();
  return useMutation({
    mutationFn: (id: string) => api.post<StravaMessage>(`/api/strava/activities/${encodeURIComponent(id)}/discard`),
    onSuccess: () => settle(false),
  });
}
