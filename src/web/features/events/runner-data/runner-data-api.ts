/**
 * The organizer's registration calls (events spec §7): an event's runner data, its CSV, one
 * registration by scanned value, and the racepack hand-out.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RegistrationPaymentStatus, RegistrationStatus } from '../../../../domain/events';
import type { RunnerExportSource } from '../../../../domain/runner-export';
import { api, ApiError } from '../../../api/client';

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
}

export interface RunnerRegistrationPage {
  registrations: RunnerRegistration[];
  total: number;
  eventTotal: number;
}

/** The dialog shows the newest rows; the CSV carries every one. */
export const RUNNER_TABLE_LIMIT = 500;

export const runnerDataKeys = {
  event: (eventKey: string, q: string) => ['runner-registrations', 'event', eventKey, { q }] as const,
};

const query = (q: string, extra: Record<string, string> = {}) => {
  const params = new URLSearchParams(extra);
  if (q) params.set('q', q);
  const text = params.toString();
  return text ? `?${text}` : '';
};

export function useRunnerRegistrations(eventKey: string, q: string, enabled: boolean) {
  return useQuery({
    queryKey: runnerDataKeys.event(eventKey, q),
    queryFn: () =>
      api.get<RunnerRegistrationPage>(
        `/api/runner-registrations/event/${encodeURIComponent(eventKey)}${query(q, { limit: String(RUNNER_TABLE_LIMIT) })}`,
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
