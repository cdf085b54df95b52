import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminGrantBody, AdminSubscriptionResponse } from '../../../../domain/subscriptions/contract';
import { api } from '../../../api/client';

/** Query keys of the admin's view of one user's subscription (kept here: the admin screens own them). */
export const adminSubscriptionKeys = {
  all: ['admin', 'subscriptions'] as const,
  user: (userId: string) => ['admin', 'subscriptions', userId] as const,
};

const subscriptionPath = (userId: string) => `/api/admin/users/${encodeURIComponent(userId)}/subscription`;

/** GET /api/admin/users/{id}/subscription: status, payment history (newest first) and the ledger of grants. */
export function useAdminSubscription(userId: string) {
  return useQuery({
    queryKey: adminSubscriptionKeys.user(userId),
    queryFn: () => api.get<AdminSubscriptionResponse>(subscriptionPath(userId)),
    retry: false,
  });
}

/** POST /api/admin/users/{id}/subscription/grants {days, reason}: the answer is the user's subscription as it is now. */
export function useGrantSubscriptionDays(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminGrantBody) => api.post<AdminSubscriptionResponse>(`${subscriptionPath(userId)}/grants`, body),
    onSuccess: (data) => {
      queryClient.setQueryData(adminSubscriptionKeys.user(userId), data);
    },
  });
}
