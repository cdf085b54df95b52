/**
 * The organizer's registration calls (events spec §7): an event's runner data, its CSV, one
 * registration by scanned value, the racepack hand-out, and a self-managed payment's proof of
 * transfer with its Verifikasi / Tolak.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RegistrationPaymentStatus, RegistrationStatus } from '../../../../domain/events/events';
import type { RunnerExportSource } from '../../../../domain/registrations/runner-export';
import { api, ApiError } from '../../../api/client';
import { eventKeys } from '../../../lib/query-keys';

/** The API's registration (GET /api/runner-registrations/...). */
export interface RunnerRegistration extends RunnerExportSource {
  _id: string;
  eventId: string;
  eventName: string;
  eventCode: string;
  categoryId: string;
  status: RegistrationStatus;
  createdAt: string;
  updatedAt: string;
  payment: { status: RegistrationPaymentStatus; amount: number; eventFee: number; adminFee: number; method: string | null };
  racepackCollectedAt: string | null;
  confirmedAt: string | null;
  expiresAt: string | null;
  /** Self-managed events: the latest proof of transfer (only organizer and admins may load `url`). */
  paymentProof: { url: string; submittedAt: string } | null;
  paymentVerifiedAt: string | null;
  paymentRejection: { reason: string; rejectedAt: string } | null;
}

export interface RunnerRegistrationPage {
  registrations: RunnerRegistration[];
  total: number;
  eventTotal: number;
}

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
      api.get<RunnerRegistrationPage>(
        `/api/runner-registrations/event/${encodeURIComponent(eventKey)}${query(q, { limit: String(RUNNER_TABLE_LIMIT), ...(status ? { status } : {}) })}`,
      ),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export const runnerCsvUrl = (eventKey: string, q: string) =>
  `/api/runner-registrations/event/${encodeURIComponent(eventKey)}/csv${query(q)}`;

/** §8 runner list errors. */
export function runnerListErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return `Gagal memuat data pelari. Server merespon dengan status ${error.status}.`;
  return 'Gagal memuat data pelari. Silakan coba lagi nanti.';
}

export function lookupRegistration(value: string) {
  return api.get<{ registration: RunnerRegistration }>(`/api/runner-registrations/${encodeURIComponent(value)}`);
}

export function collectRacepack(registrationId: string) {
  return api.patch<{ registration: RunnerRegistration; message: string }>(
    `/api/runner-registrations/${encodeURIComponent(registrationId)}/racepack`,
    { racePackStatus: 'racepack_collected' },
  );
}

/**
 * The proof of transfer as a Blob (it needs the session, so it is fetched through the API client,
 * which refreshes an expired one; a plain <img src> could not). Keyed by when it was sent: a
 * replaced proof is a new image.
 */
export function usePaymentProof(proof: { url: string; submittedAt: string } | null) {
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
    mutationFn: (input: { registration: RunnerRegistration; action: 'verify' } | { registration: RunnerRegistration; action: 'reject'; reason: string }) =>
      api.patch<{ registration: RunnerRegistration; message: string }>(
        `/api/runner-registrations/${encodeURIComponent(input.registration._id)}/payment-${input.action}`,
        {
          proofSubmittedAt: input.registration.paymentProof?.submittedAt,
          ...(input.action === 'reject' ? { reason: input.reason } : {}),
        },
      ),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: runnerDataKeys.all });
      void queryClient.invalidateQueries({ queryKey: eventKeys.all });
    },
  });
}
