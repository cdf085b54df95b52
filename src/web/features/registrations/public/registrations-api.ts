/**
 * The public registration flow's calls (events-and-coach-pages §7): the accepted events, one
 * event by code, the proof-of-work challenge, the registration and the self-managed payment
 * confirmation. No sign-in needed.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RegistrationEvent } from '../../../../domain/events/contract';
import type {
  ChallengeResponse,
  CreatedRegistration,
  EmailCodeResponse,
  JoinWaitingListResponse,
  PaymentStateJson,
  WaitingOffer,
  ResendConfirmationResponse,
  SelfManagedPaymentResponse,
} from '../../../../domain/registrations/contract';
import type { RegistrationPayloadInput } from '../../../../domain/registrations/registration-form';
import { api, ApiError } from '../../../api/client';
import { publicEventKeys } from './public-events-api';

export { publicEventKeys, usePublicEvents } from './public-events-api';

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
      // The schema (zod) loads beside the request, not before the page (issue 12: the page's weight).
      const schema = import('../../../../domain/events/registration-event-contract').then((m) => m.registrationEventResponseSchema);
      let body: unknown;
      try {
        body = await api.get<unknown>(`/api/events/${encodeURIComponent(code!)}`);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) throw new EventLoadError(eventLoadMessages.notFound);
        throw new EventLoadError(eventLoadMessages.malformed);
      }
      const parsed = (await schema).safeParse(body);
      if (!parsed.success) throw new EventLoadError(eventLoadMessages.malformed);
      return parsed.data.event;
    },
  });
}

/** GET /api/runner-registrations/challenge: the registration form's proof of work (or enabled=false). */
export function fetchRegistrationChallenge(eventId: string): Promise<ChallengeResponse> {
  return api.get<ChallengeResponse>(`/api/runner-registrations/challenge?eventId=${encodeURIComponent(eventId)}`);
}

/** GET /api/runner-registrations/{id}/payment-state: where a registration stands after the payment page. */
export function usePaymentState(registrationId: string | null, orderRef: string | null, opts: { awaitPayment?: boolean; receiptKey?: string | null } = {}) {
  // The receipt key of Derap's link; the runner's own browser sends its httpOnly cookie instead.
  const key = opts.receiptKey ? `&key=${encodeURIComponent(opts.receiptKey)}` : '';
  return useQuery({
    queryKey: ['events-public', 'payment-state', registrationId, orderRef, opts.receiptKey ?? null],
    enabled: Boolean(registrationId && orderRef),
    // The gateway said paid (or pending) but its notification may land a moment after the runner: ask
    // again every 5 s while the registration still waits, for at most 2 minutes.
    refetchInterval: (query) =>
      opts.awaitPayment && query.state.data?.registration.status === 'pending' && query.state.dataUpdateCount < 24 ? 5_000 : false,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    queryFn: () =>
      api.get<PaymentStateJson>(`/api/runner-registrations/${encodeURIComponent(registrationId!)}/payment-state?order=${encodeURIComponent(orderRef!)}${key}`),
  });
}

/** 'Kirim ulang email' on the success page (POST …/resend-confirmation with the gateway's order reference). */
export function useResendConfirmation() {
  return useMutation({
    mutationFn: ({ registrationId, order }: { registrationId: string; order: string }) =>
      api.post<ResendConfirmationResponse>(`/api/runner-registrations/${encodeURIComponent(registrationId)}/resend-confirmation`, { order }),
  });
}

export function useCreateRegistration() {
  return useMutation({
    mutationFn: (payload: RegistrationPayloadInput) => api.post<CreatedRegistration>('/api/runner-registrations', payload),
  });
}

export const selfManagedPaymentKey = (registrationId: string) => ['events-public', 'payment', registrationId] as const;

/** The runner's payment page (GET /api/runner-registrations/{id}/payment); the id is its credential. */
export function useSelfManagedPayment(registrationId: string | undefined) {
  return useQuery({
    queryKey: selfManagedPaymentKey(registrationId ?? ''),
    enabled: Boolean(registrationId),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
    queryFn: async () => {
      const [{ selfManagedPaymentResponseSchema }, body] = await Promise.all([
        import('../../../../domain/registrations/contract'),
        api.get<unknown>(`/api/runner-registrations/${encodeURIComponent(registrationId!)}/payment`),
      ]);
      return selfManagedPaymentResponseSchema.parse(body).registration;
    },
  });
}

/**
 * 'Saya Sudah Membayar' with the proof of transfer (multipart, field `file`): the registration then
 * awaits the organizer's verification; sending again while it waits replaces the proof.
 */
export function useSubmitPaymentProof() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ registrationId, file, key }: { registrationId: string; file: File; key: string | null }) => {
      const form = new FormData();
      form.append('file', file);
      // The secret of the runner's own payment link: the id alone may not send or replace a proof.
      const query = key ? `?key=${encodeURIComponent(key)}` : '';
      const body = await api.patch<SelfManagedPaymentResponse>(
        `/api/runner-registrations/${encodeURIComponent(registrationId)}/payment-status-paid${query}`,
        form,
      );
      return body.registration;
    },
    onSuccess: (registration) => queryClient.setQueryData(selfManagedPaymentKey(registration.registrationId), registration),
  });
}

/** §8 'Payment confirm' messages: the spec's text, with the server's reason when it gave one. */
export function paymentConfirmErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return error.message;
  return `Gagal mengkonfirmasi pembayaran.${error instanceof ApiError ? ` ${error.message}` : ' Periksa koneksi internet Anda lalu coba lagi.'}`;
}

/** 'Kirim kode' (decision 033): the 6-digit code mailed to the address about to register. */
export function useSendEmailCode() {
  return useMutation({
    mutationFn: (input: { eventId: string; email: string }) => api.post<EmailCodeResponse>('/api/runner-registrations/email-code', input),
  });
}

/** 'Masuk Daftar Tunggu' of a full category. */
export function useJoinWaitingList() {
  return useMutation({
    mutationFn: (input: { eventId: string; categoryId: string; fullName: string; email: string }) =>
      api.post<JoinWaitingListResponse>('/api/runner-registrations/waiting-list', input),
  });
}

/** What a 'Daftar Tunggu' claim link (?klaim=) offers; the token is its credential. */
export function useWaitingOffer(token: string | null) {
  return useQuery({
    queryKey: ['events-public', 'waiting-offer', token],
    enabled: Boolean(token),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
    staleTime: Infinity,
    queryFn: () => api.get<WaitingOffer>(`/api/runner-registrations/waiting-list/offer?token=${encodeURIComponent(token!)}`),
  });
}
