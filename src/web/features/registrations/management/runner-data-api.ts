/**
 * The organizer's registration calls (events spec §7): an event's runner data, its CSV and .xlsx, one
 * registration by scanned value, the racepack hand-out and its 'Urungkan', 'Beri Nomor BIB', and a
 * self-managed payment's proof of transfer with its Verifikasi / Tolak.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BibNumbersAssigned,
  CsvSeparator,
  PaymentRejectionInput,
  RacepackBody,
  RegistrationDecision,
  RegistrationJson,
  RegistrationFilters,
  RegistrationPage,
  RegistrationResponse,
} from '../../../../domain/registrations/contract';
import type { UserResponse } from '../../../../domain/users/contract';
import { api, ApiError } from '../../../api/client';
import { eventKeys } from '../../../lib/query-keys';

/** Rows per page of Data Pelari; the exports carry every matching row. */
export const RUNNER_PAGE_SIZE = 50;

export const runnerDataKeys = {
  all: ['runner-registrations'] as const,
  event: (eventKey: string, filters: RegistrationFilters, offset: number) => ['runner-registrations', 'event', eventKey, { ...filters, offset }] as const,
};

/** The search and filters as query parameters (only those set), plus `extra`. */
function query(filters: RegistrationFilters, extra: Record<string, string> = {}) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    const text = typeof value === 'string' ? value.trim() : '';
    if (text) params.set(key, text);
  }
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

const eventPath = (eventKey: string) => `/api/runner-registrations/event/${encodeURIComponent(eventKey)}`;

/** One page (newest first) of the event's registrations matching `filters`. */
export function useRunnerRegistrations(eventKey: string, filters: RegistrationFilters, enabled: boolean, offset = 0, limit = RUNNER_PAGE_SIZE) {
  return useQuery({
    queryKey: runnerDataKeys.event(eventKey, filters, offset),
    queryFn: () => api.get<RegistrationPage>(`${eventPath(eventKey)}${query(filters, { limit: String(limit), offset: String(offset) })}`),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The CSV (`sep`: ',' as the spec, or ';' for Excel with Indonesian settings) or the .xlsx of what the filters keep. */
export function runnerExportUrl(eventKey: string, format: 'csv' | 'xlsx', filters: RegistrationFilters, sep: CsvSeparator = 'comma') {
  return `${eventPath(eventKey)}/${format}${query(filters, format === 'csv' && sep === 'semicolon' ? { sep } : {})}`;
}

/**
 * A download is a plain navigation that carries the session cookie; a cheap authenticated
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

/** 'Urungkan': takes back the hand-over this organizer just made. */
export function undoRacepack(registrationId: string) {
  return api.delete<RegistrationDecision>(`/api/runner-registrations/${encodeURIComponent(registrationId)}/racepack`);
}

/** 'Beri Nomor BIB': numbers the event's confirmed runners that have none; the list is read again. */
export function useAssignBibNumbers(eventKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<BibNumbersAssigned>(`${eventPath(eventKey)}/bib-numbers`),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: runnerDataKeys.all }),
  });
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
