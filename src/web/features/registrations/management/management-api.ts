/**
 * The organizer's management calls (issue 13 item 2, decision 021): cancel a registration, resend its
 * confirmation, correct its data and read the corrections, settle a manual refund; an event's
 * cancellation (what it would do, then its progress) and the cancellation itself.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RegistrationDecision } from '../../../../domain/registrations/contract';
import type {
  CancelEventBody,
  CancelRegistrationBody,
  EventCancellation,
  RegistrationCorrectionInput,
  RegistrationHistory,
  ResendResponse,
} from '../../../../domain/registrations/management';
import { api, ApiError } from '../../../api/client';
import { eventKeys } from '../../../lib/query-keys';
import { runnerDataKeys } from './runner-data-api';

export const managementKeys = {
  history: (id: string) => ['runner-registrations', 'history', id] as const,
  cancellation: (eventId: string) => ['events', 'cancellation', eventId] as const,
};

const path = (id: string) => `/api/runner-registrations/${encodeURIComponent(id)}`;

/** The server's Indonesian message, or a plain one when the connection failed. */
export function managementErrorMessage(error: unknown, fallback = 'Gagal menyimpan. Periksa koneksi internet Anda lalu coba lagi.'): string {
  return error instanceof ApiError ? error.message : fallback;
}

/** After a change: the runner list and the event figures (participants, revenue) are read again. */
function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: runnerDataKeys.all });
    void queryClient.invalidateQueries({ queryKey: eventKeys.all });
  };
}

export function useCancelRegistration() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & CancelRegistrationBody) => api.post<RegistrationDecision>(`${path(id)}/cancel`, body satisfies CancelRegistrationBody),
    onSettled: refresh,
  });
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: (id: string) => api.post<ResendResponse>(`${path(id)}/resend`) });
}

export function useCorrectRegistration() {
  const refresh = useRefreshAfter();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: RegistrationCorrectionInput }) =>
      api.patch<RegistrationDecision & { changes: number }>(path(id), changes satisfies RegistrationCorrectionInput),
    onSettled: (_data, _error, { id }) => {
      refresh();
      void queryClient.invalidateQueries({ queryKey: managementKeys.history(id) });
    },
  });
}

export function useRegistrationHistory(id: string, enabled: boolean) {
  return useQuery({
    queryKey: managementKeys.history(id),
    queryFn: () => api.get<RegistrationHistory>(`${path(id)}/history`),
    enabled,
    retry: false,
  });
}

export function useSettleManualRefund() {
  const refresh = useRefreshAfter();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<RegistrationDecision>(`${path(id)}/refund-settled`),
    onSettled: () => {
      refresh();
      void queryClient.invalidateQueries({ queryKey: ['events', 'cancellation'] });
    },
  });
}

/**
 * What canceling the event would do, then its progress: read again every 2 seconds while refunds
 * are still running.
 */
export function useEventCancellation(eventId: string, enabled: boolean) {
  return useQuery({
    queryKey: managementKeys.cancellation(eventId),
    queryFn: () => api.get<EventCancellation>(`/api/events/${encodeURIComponent(eventId)}/cancellation`),
    enabled,
    retry: false,
    refetchInterval: (query) => (query.state.data?.progress?.state === 'running' ? 2000 : false),
  });
}

export function useCancelEvent(eventId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (body: CancelEventBody) => api.post<EventCancellation>(`/api/events/${encodeURIComponent(eventId)}/cancel`, body satisfies CancelEventBody),
    onSuccess: (state) => queryClient.setQueryData(managementKeys.cancellation(eventId), state),
    onSettled: refresh,
  });
}
