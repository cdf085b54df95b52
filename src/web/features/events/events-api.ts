/**
 * The organizer's and admin's event calls (events spec §7): the list with its figures, creation,
 * image uploads with progress, and the admin's moderation.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminLedger } from '../../../domain/payments/contract';
import type {
  DeleteEventResponse,
  EventFinance,
  EventResponse,
  EventStatusBody,
  OrganizerEvent,
  OrganizerEventList,
  OrganizerFinance,
} from '../../../domain/events/contract';
import type { ErrorResponse } from '../../../domain/shared/error-response';
import type { UploadResult } from '../../../domain/uploads/contract';
import type { EventPayload } from '../../../domain/events/event-form';
import type { EventStatus } from '../../../domain/events/events';
import { api, ApiError } from '../../api/client';
import { tokenStore } from '../../api/tokens';
import { eventKeys } from '../../lib/query-keys';

/** §8 event list: the server's message, else the status, else "try again later". */
export function eventListErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    return error.code ? error.message : `Gagal memuat data. Server merespon dengan status ${error.status}.`;
  }
  return 'Gagal memuat daftar kegiatan. Silakan coba lagi nanti.';
}

export function useMyEvents() {
  return useQuery({
    queryKey: eventKeys.mine,
    queryFn: async () => (await api.get<OrganizerEventList>('/api/events')).events,
  });
}

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payload: EventPayload) => (await api.post<EventResponse>('/api/events', payload)).event,
    onSuccess: (event) => {
      // Show the new row at once (as Diajukan), then refetch the real figures.
      queryClient.setQueryData<OrganizerEvent[]>(eventKeys.mine, (old) => (old ? [event, ...old.filter((e) => e._id !== event._id)] : [event]));
      void queryClient.invalidateQueries({ queryKey: eventKeys.all });
    },
  });
}

/** Puts a changed event into the organizer's list at once, then refetches every event query. */
function useEventChanged() {
  const queryClient = useQueryClient();
  return (event: OrganizerEvent) => {
    queryClient.setQueryData<OrganizerEvent[]>(eventKeys.mine, (old) => old?.map((e) => (e._id === event._id ? event : e)));
    void queryClient.invalidateQueries({ queryKey: eventKeys.all });
  };
}

/** PUT /api/events/{id} ('Ubah Event'). */
export function useUpdateEvent() {
  const changed = useEventChanged();
  return useMutation({
    mutationFn: async ({ id, payload }: { id: string; payload: EventPayload }) => (await api.put<EventResponse>(`/api/events/${id}`, payload)).event,
    onSuccess: changed,
  });
}

/** POST /api/events/{id}/close-registration ('Tutup Pendaftaran'). */
export function useCloseRegistration() {
  const changed = useEventChanged();
  return useMutation({
    mutationFn: async (id: string) => (await api.post<EventResponse>(`/api/events/${id}/close-registration`)).event,
    onSuccess: changed,
  });
}

/** DELETE /api/events/{id} ('Hapus Event'). */
export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => api.delete<DeleteEventResponse>(`/api/events/${id}`),
    onSuccess: (_, id) => {
      queryClient.setQueryData<OrganizerEvent[]>(eventKeys.mine, (old) => old?.filter((e) => e._id !== id));
      void queryClient.invalidateQueries({ queryKey: eventKeys.all });
    },
  });
}

/** GET /api/events/finance: Keuangan of all the organizer's events, for a month ('YYYY-MM') or all time (null). */
export function useOrganizerFinance(month: string | null) {
  return useQuery({
    queryKey: [...eventKeys.all, 'finance', month ?? 'all'],
    queryFn: async () => api.get<OrganizerFinance>(`/api/events/finance${month ? `?month=${month}` : ''}`),
  });
}

/** GET /api/admin/finance: the admin's money ledger of a month or all time (decision 035); `enabled` for admins only. */
export function useAdminLedger(month: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...eventKeys.all, 'finance', 'ledger', month ?? 'all'],
    queryFn: async () => api.get<AdminLedger>(`/api/admin/finance${month ? `?month=${month}` : ''}`),
    enabled,
  });
}

/** GET /api/events/{id}/finance. */
export function useEventFinance(id: string | null) {
  return useQuery({
    queryKey: [...eventKeys.all, 'finance', 'event', id],
    queryFn: async () => api.get<EventFinance>(`/api/events/${id}/finance`),
    enabled: id !== null,
  });
}

export function useAdminEvents(status: EventStatus | 'all') {
  return useQuery({
    queryKey: eventKeys.admin(status),
    queryFn: async () => {
      const query = status === 'all' ? '' : `?status=${status}`;
      return (await api.get<OrganizerEventList>(`/api/admin/events${query}`)).events;
    },
  });
}

export function useMoveEventStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: { id: string } & EventStatusBody) =>
      (await api.patch<EventResponse>(`/api/admin/events/${id}/status`, { status } satisfies EventStatusBody)).event,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  });
}

function sendUpload(file: File, onProgress: (fraction: number) => void): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/uploads');
    xhr.withCredentials = true;
    const token = tokenStore.token;
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new Error('network'));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

/**
 * POST /api/uploads with upload progress (fetch cannot report it). An expired access token is
 * renewed through the API client's refresh queue, then the upload is tried once more.
 */
export async function uploadImage(file: File, onProgress: (fraction: number) => void): Promise<UploadResult> {
  let res = await sendUpload(file, onProgress);
  if (res.status === 401) {
    await api.get('/api/auth/me');
    res = await sendUpload(file, onProgress);
  }
  if (res.status === 201) return res.body as UploadResult;
  const body = (res.body ?? {}) as Partial<ErrorResponse>;
  throw new ApiError(res.status, body.message ?? `Gagal mengunggah gambar. Status: ${res.status}`, body.code);
}
