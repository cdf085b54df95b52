/**
 * The subscriptions API (spec §7 `POST /api/subscriptions/start-trial`, `POST /api/initiate-payment`,
 * plus `GET`/`PATCH /api/subscriptions/me`). A change of access also changes the signed-in user
 * (status, period end, trial used) and which AI runs are locked, so those caches follow it.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  InitiatePaymentBody,
  InitiatePaymentResponse,
  MySubscriptionResponse,
  PaidPlanType,
  SubscriptionChangeResponse,
} from '../../../domain/subscriptions/contract';
import { api, ApiError } from '../../api/client';
import { subscriptionKeys, trainingPlanRootKey } from '../../lib/query-keys';
import { sessionKeys } from '../../lib/session';
import { checkoutOutcome } from './purchase-model';

/** GET /api/subscriptions/me: the runner's subscription and their subscription payments, newest first. */
export function fetchMySubscription(): Promise<MySubscriptionResponse> {
  return api.get<MySubscriptionResponse>('/api/subscriptions/me');
}

export function useMySubscription(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: subscriptionKeys.me, queryFn: fetchMySubscription, enabled: options.enabled ?? true });
}

/**
 * The return from the checkout: GET /api/subscriptions/me every `intervalMs` while `polling` and the
 * order is still open (the gateway's notification may arrive a moment after the payer does).
 */
export function useCheckoutPolling(orderId: string, polling: boolean, intervalMs: number) {
  return useQuery({
    queryKey: subscriptionKeys.me,
    queryFn: fetchMySubscription,
    refetchInterval: (query) => (polling && checkoutOutcome(query.state.data?.payments ?? [], orderId).state === 'pending' ? intervalMs : false),
    refetchOnMount: 'always',
  });
}

/** The user and the subscription as the server answered them; AI runs may have locked or unlocked. */
function applyChange(queryClient: QueryClient, change: SubscriptionChangeResponse) {
  queryClient.setQueryData(sessionKeys.me, change.user);
  queryClient.setQueryData<MySubscriptionResponse>(subscriptionKeys.me, (old) => ({ payments: old?.payments ?? [], subscription: change.subscription }));
  void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
  void queryClient.invalidateQueries({ queryKey: trainingPlanRootKey });
}

/** After a confirmed payment: read the user (new status and end) and the plan (runs unlocked) again. */
export function refreshAfterPayment(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: sessionKeys.me });
  void queryClient.invalidateQueries({ queryKey: trainingPlanRootKey });
}

/** POST /api/subscriptions/start-trial (once per user; 409 with the server's message after that). */
export function useStartTrial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<SubscriptionChangeResponse>('/api/subscriptions/start-trial', {}),
    onSuccess: (change) => applyChange(queryClient, change),
  });
}

/** PATCH /api/subscriptions/me: stop at the period end (true) or keep going (false). */
export function useSetCancelAtPeriodEnd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cancelAtPeriodEnd: boolean) =>
      api.patch<SubscriptionChangeResponse>('/api/subscriptions/me', { cancel_at_period_end: cancelAtPeriodEnd }),
    onSuccess: (change) => applyChange(queryClient, change),
  });
}

export interface PaymentRequest {
  userId: string;
  plantype: PaidPlanType;
  /** Pay as you go: the days bought and the chosen end day (YYYY-MM-DD, Asia/Jakarta). */
  paygdays?: number;
  endDate?: string;
}

/** POST /api/initiate-payment: the server prices the plan itself and answers the checkout address. */
export function useInitiatePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, plantype, paygdays, endDate }: PaymentRequest) => {
      const body: InitiatePaymentBody = { user_id: userId, plantype, ...(plantype === 'payg' ? { paygdays, endDate } : {}) };
      return api.post<InitiatePaymentResponse>('/api/initiate-payment', body);
    },
    // The new order joins the payment history.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
  });
}

/** The server's own message for a refused request (a 4xx), else the dialog's fallback (spec §8). */
export function subscriptionErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401 && error.message) return error.message;
  return fallback;
}
