/**
 * The organizer's registration calls (events spec §7): an event's runner data, its CSV, one
 * registration by scanned value, the racepack hand-out, and a self-managed payment's proof of
 * transfer with its Verifikasi / Tolak.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RegistrationStatus } from '../../../../domain/events/events';
import type {
  PaymentRejectionInput,
  RacepackBody,
  RegistrationDecision,
  RegistrationJson,
  RegistrationPage,
  RegistrationResponse,
} from '../../../../domain/registrations/contract';
import type { UserResponse } from '../../../../domain/users/contract';
import { api, ApiError } from '../../../api/client';
import { eventKeys } from '../../../lib/query-keys';

/** The dialog shows the newest rows; the CSV carries every one. */
export const RUNNER_TABLE_LIMIT = 500;

export const runnerDataKeys = {
  all: ['runner-registrations'] as const,
  event: (eventKey: string, q: string, status?: RegistrationStatus) => ['runner-registrations', 'event', eventKey, { q, status }] as const,
};

const query = (q: string, extra: Record<string, string> = {}) => {
  const params = new URLSearchParams(extra);
  if (q) params.set('q', q);
  const text = params.toString();
  return text ? `?${text}` : '';
};

export function useRunnerRegistrations(eventKey: string, q: string, enabled: boolean, status?: RegistrationStatus) {
  return useQuery({
    queryKey: runnerDataKeys.event(eventKey, q, status),
    queryFn: () =>
      api.get<RegistrationPage>(
        `/api/runner-registrations/event/${encodeURIComponent(eventKey)}${query(q, { limit: String(RUNNER_TABLE_LIMIT), ...(status ? { status } : {}) })}`,
      ),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export const runnerCsvUrl = (eventKey: string, q: string) =>
  `/api/runner-registrations/event/${encodeURIComponent(eventKey)}/csv${query(q)}`;

/**
 * The CSV download is a plain navigation that carries the session cookie; a cheap authenticated
 * call first lets the API client refresh an expired access token, so the file is never a 401 page.
 */
export function renewSessionForDownload() {
  return api.get<UserResponse>('/api/auth/me');
}

/** §8 runner list errors. */
export function runnerListErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return `Gagal memuat data pelari. Server merespon dengan status ${error.status}.`;
  return 'Gagal memuat data pelari. Silakan coba lagi nanti.';
}

export function lookupRegistration(value: string) {
  return api.get<RegistrationResponse>(`/api/runner-registrations/${encodeURIComponent(value)}`);
}

export function collectRacepack(registrationId: string) {
  return api.patch<RegistrationDecision>(`/api/runner-registrations/${encodeURIComponent(registrationId)}/racepack`, {
    racePackStatus: 'racepack_collected',
  } satisfies RacepackBody);
}

/**
 * The proof of transfer as a Blob (it needs the session, so it is fetched through the API client,
 * which refreshes an expired one; a plain <img src> could not). Keyed by when it was sent: a
 * replaced proof is a new image.
 */
export function usePaymentProof(proof: RegistrationJson['paymentProof']) {
  return useQuery({
    queryKey: ['payment-proof', proof?.url, proof?.submittedAt],
    queryFn: () => api.blob(proof!.url),
    enabled: Boolean(proof),
    staleTime: Infinity,
    retry: false,
  });
}

/** Verifikasi and Tolak; afterwards the runner data and the event figures (revenue) are read again. */
export function usePaymentDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { registration: RegistrationJson; action: 'verify' } | { registration: RegistrationJson; action: 'reject'; reason: string }) =>
      api.patch<RegistrationDecision>(
        `/api/runner-registrations/${encodeURIComponent(input.registration._id)}/payment-${input.action}`,
        {
          proofSubmittedAt: input.registration.paymentProof?.submittedAt,
          ...(input.action === 'reject' ? { reason: input.reason } : {}),
        } satisfies Partial<PaymentRejectionInput>,
      ),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: runnerDataKeys.all });
      void queryClient.invalidateQueries({ queryKey: eventKeys.all });
    },
  });
}
