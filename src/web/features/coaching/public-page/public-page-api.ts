/**
 * The public coach page's calls (events-and-coach-pages §7): the profile by unique link (no login)
 * and the start of a package purchase (signed in; the server prices it from the package).
 */
import { useQuery } from '@tanstack/react-query';
import type { PublicCoachProfile } from '../../../../domain/coaching/contract';
import { api, ApiError, createApiClient } from '../../../api/client';

/** A visitor's read must never bounce them to /login, whatever an old cookie says. */
const publicClient = createApiClient({ onSessionExpired: () => {} });

/** The coach's public profile, or null for an unknown link ('Profil tidak ditemukan.'). */
export function usePublicCoachProfile(uniquelink: string) {
  return useQuery({
    queryKey: ['coach-public', uniquelink.toLowerCase()],
    queryFn: async (): Promise<PublicCoachProfile | null> => {
      try {
        return (await publicClient.get<{ data: PublicCoachProfile }>(`/api/coach/public/profile/${encodeURIComponent(uniquelink)}`)).data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

/** POST /api/coach/initiate-payment → the checkout address (payment_url). */
export async function initiateCoachPayment(userId: string, packageId: string): Promise<string> {
  const answer = await api.post<{ payment_url: string }>('/api/coach/initiate-payment', { user_id: userId, package_id: packageId });
  return answer.payment_url;
}
