/**
 * Profil Pelatih's calls (events-and-coach-pages §7): the coach's own profile (POST when none,
 * PUT otherwise), packages and Keuangan.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CoachEarnings, CoachPackage, CoachPackageDeleted, CoachPackageInput, CoachPackageResponse, CoachProfile, CoachProfileInput, CoachProfileResponse, MyCoachPackages, VerificationDocument } from '../../../../domain/coaching/contract';
import { api, ApiError } from '../../../api/client';

export const coachProfileKeys = {
  all: ['coach-profile'] as const,
  profile: ['coach-profile', 'profile'] as const,
  packages: ['coach-profile', 'packages'] as const,
  earnings: ['coach-profile', 'earnings'] as const,
};

/** The caller's profile, or null when they have none yet (404 'Anda belum memiliki profile!'). */
export function useMyCoachProfile() {
  return useQuery({
    queryKey: coachProfileKeys.profile,
    queryFn: async (): Promise<CoachProfile | null> => {
      try {
        return (await api.get<CoachProfileResponse>('/api/coach/profile')).profile;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/** 'Buat Profil' (POST) or 'Simpan' (PUT). */
export function useSaveCoachProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, exists }: { input: CoachProfileInput; exists: boolean }) =>
      (await (exists ? api.put : api.post)<{ profile: CoachProfile }>('/api/coach/profile', input)).profile,
    onSuccess: (profile) => queryClient.setQueryData(coachProfileKeys.profile, profile),
  });
}

export function useMyPackages() {
  return useQuery({
    queryKey: coachProfileKeys.packages,
    queryFn: async () => (await api.get<MyCoachPackages>('/api/coach/my-packages')).packages,
  });
}

/** Adds (no id) or edits a package; the list is refetched after. */
export function useSavePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id?: string; input: CoachPackageInput }) =>
      (id ? await api.put<CoachPackageResponse>(`/api/coach/package/${encodeURIComponent(id)}`, input) : await api.post<CoachPackageResponse>('/api/coach/package', input)).package,
    onSuccess: (saved) => {
      queryClient.setQueryData<CoachPackage[]>(coachProfileKeys.packages, (old) =>
        old ? (old.some((p) => p._id === saved._id) ? old.map((p) => (p._id === saved._id ? saved : p)) : [...old, saved]) : [saved],
      );
      void queryClient.invalidateQueries({ queryKey: coachProfileKeys.packages });
    },
  });
}

export function useDeletePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => api.delete<CoachPackageDeleted>(`/api/coach/package/${encodeURIComponent(id)}`),
    onSuccess: (_result, id) => {
      queryClient.setQueryData<CoachPackage[]>(coachProfileKeys.packages, (old) => old?.filter((p) => p._id !== id));
      void queryClient.invalidateQueries({ queryKey: coachProfileKeys.packages });
    },
  });
}

export function useCoachEarnings() {
  return useQuery({
    queryKey: coachProfileKeys.earnings,
    queryFn: () => api.get<CoachEarnings>('/api/coach/earnings'),
  });
}

/** Verification (issue 14 item 6): upload identity/certificate images as private files, then ask an admin to review them. */
export function useRequestVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (files: File[]) => {
      const keys: string[] = [];
      for (const file of files) {
        const form = new FormData();
        form.append('file', file);
        keys.push((await api.post<VerificationDocument>('/api/coach/verification/documents', form)).key);
      }
      return api.post<{ verification: string; message: string }>('/api/coach/verification', { documents: keys });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: coachProfileKeys.profile }),
  });
}
