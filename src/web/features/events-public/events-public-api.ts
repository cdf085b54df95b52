/**
 * The public registration flow's calls (events-and-coach-pages §7): the accepted events, one
 * event by code, the registration and the self-managed payment confirmation. No sign-in needed.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { registrationEventSchema, type PublicEventCard, type RegistrationEvent } from '../../../domain/event-contract';
import type { RegistrationPayloadInput } from '../../../domain/registration-form';
import { api, ApiError } from '../../api/client';

export const DEFAULT_EVENT_IMAGE = '/event-default.svg';

export const publicEventKeys = {
  list: ['events-public', 'list'] as const,
  event: (code: string) => ['events-public', 'event', code] as const,
};

export function usePublicEvents() {
  return useQuery({
    queryKey: publicEventKeys.list,
    queryFn: async () => (await api.get<{ events: PublicEventCard[] }>('/api/events/status?status=diterima')).events,
  });
}

/** Why the registration page could not show its event (§8 "Registration page"). */
export class EventLoadError extends Error {}

export const eventLoadMessages = {
  missing: 'Event tidak ditemukan.',
  notFound: 'Event dengan kode tersebut tidak ditemukan.',
  malformed: 'Detail event tidak dapat dimuat atau format data tidak sesuai.',
} as const;

export function useRegistrationEvent(code: string | undefined) {
  return useQuery({
    queryKey: publicEventKeys.event(code ?? ''),
    enabled: Boolean(code),
    retry: (count, error) => !(error instanceof EventLoadError) && count < 1,
    queryFn: async (): Promise<RegistrationEvent> => {
      let body: unknown;
      try {
        body = await api.get<unknown>(`/api/events/${encodeURIComponent(code!)}`);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) throw new EventLoadError(eventLoadMessages.notFound);
        throw new EventLoadError(eventLoadMessages.malformed);
      }
      const parsed = registrationEventSchema.safeParse((body as { event?: unknown } | null)?.event);
      if (!parsed.success) throw new EventLoadError(eventLoadMessages.malformed);
      return parsed.data;
    },
  });
}

export interface CreatedRegistration {
  registration: {
    registrationId: string;
    status: string;
    categoryId: string;
    payment: { amount: number; status: string; method?: string | null };
    /** Until when the unpaid registration holds its slot (ISO). */
    expiresAt?: string | null;
  };
  payment_url: string | null;
  /** The runner's earlier, still unpaid registration was answered instead of a new one. */
  resumed?: boolean;
}

/** GET /api/runner-registrations/{id}/payment: where a registration stands after the payment page. */
export interface PaymentState {
  registration: {
    registrationId: string;
    status: string;
    payment: { status: string; amount: number };
    expiresAt: string | null;
    eventCode: string;
    eventName: string;
    categoryName: string;
  };
  payment_url: string | null;
}

export function usePaymentState(registrationId: string | null, orderRef: string | null) {
  return useQuery({
    queryKey: ['events-public', 'payment-state', registrationId, orderRef],
    enabled: Boolean(registrationId && orderRef),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    queryFn: () =>
      api.get<PaymentState>(`/api/runner-registrations/${encodeURIComponent(registrationId!)}/payment?order=${encodeURIComponent(orderRef!)}`),
  });
}

export function useCreateRegistration() {
  return useMutation({
    mutationFn: (payload: RegistrationPayloadInput) => api.post<CreatedRegistration>('/api/runner-registrations', payload),
  });
}

export function useConfirmSelfManagedPayment() {
  return useMutation({
    mutationFn: (registrationId: string) =>
      api.patch<{ registration: { registrationId: string; status: string } }>(
        `/api/runner-registrations/${encodeURIComponent(registrationId)}/payment-status-paid`,
      ),
  });
}
