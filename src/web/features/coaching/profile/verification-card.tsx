import { BadgeCheck, FileUp, ShieldQuestion } from 'lucide-react';
import { useId, useState } from 'react';
import { coachVerificationLabels } from '../../../../domain/coaching/coaching';
import type { CoachProfile } from '../../../../domain/coaching/contract';
import { ApiError } from '../../../api/client';
import { Alert } from '../../../components/alert';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { useRequestVerification } from './profile-api';

const MAX_FILES = 5;
const MAX_BYTES = 10 * 1024 * 1024;
const tone = { none: 'gray', pending: 'yellow', verified: 'green', rejected: 'red' } as const;

/**
 * 'Verifikasi Pelatih': the coach sends a photo of their identity card and certificates; an admin
 * reviews them and the public page shows 'Terverifikasi' (a check of identity and certificates, not
 * an endorsement). The files are private: only admins can open them.
 */
export function VerificationCard({ profile }: { profile: CoachProfile }) {
  const id = useId();
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const request = useRequestVerification();
  const status = profile.verification;

  const choose = (list: FileList | null) => {
    const picked = Array.from(list ?? []);
    if (picked.length > MAX_FILES) return setProblem(`Maksimal ${MAX_FILES} file.`);
    if (picked.some((f) => !f.type.startsWith('image/'))) return setProblem('File harus berupa gambar.');
    if (picked.some((f) => f.size > MAX_BYTES)) return setProblem('Ukuran file maksimal 10MB');
    setProblem(null);
    setFiles(picked);
  };

  return (
    <section aria-labelledby={`${id}-title`} className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="flex items-center gap-2 text-base font-bold text-slate-900">
          {status === 'verified' ? <BadgeCheck className="size-5 text-green-600" aria-hidden="true" /> : <ShieldQuestion className="size-5 text-slate-500" aria-hidden="true" />}
          Verifikasi Pelatih
        </h2>
        <Badge tone={tone[status]}>{coachVerificationLabels[status]}</Badge>
      </div>
      {status === 'verified' ? (
        <p className="mt-2 text-sm text-slate-600">Identitas dan sertifikat Anda sudah diperiksa. Halaman publik Anda menampilkan lencana 'Terverifikasi'.</p>
      ) : status === 'pending' ? (
        <p className="mt-2 text-sm text-slate-600">Dokumen Anda sedang ditinjau admin. Kami kabari setelah selesai.</p>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-600">
            Kirim foto KTP dan sertifikat kepelatihan Anda. Setelah diperiksa admin, halaman publik Anda menampilkan lencana 'Terverifikasi'. Dokumen hanya dapat dibuka admin.
          </p>
          {status === 'rejected' && profile.verificationNote && (
            <Alert tone="error" className="mt-3" title="Verifikasi sebelumnya ditolak">
              {profile.verificationNote}
            </Alert>
          )}
          <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center">
            <label htmlFor={`${id}-files`} className="sr-only">
              Dokumen verifikasi
            </label>
            <input
              id={`${id}-files`}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              multiple
              onChange={(e) => choose(e.target.files)}
              aria-describedby={problem ? `${id}-problem` : undefined}
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-800 hover:file:bg-slate-200"
            />
            <Button
              className="shrink-0"
              disabled={files.length === 0}
              loading={request.isPending}
              onClick={() => request.mutate(files, { onSuccess: () => setFiles([]) })}
            >
              <FileUp className="size-4" aria-hidden="true" /> Kirim untuk Verifikasi
            </Button>
          </div>
          {problem && (
            <p id={`${id}-problem`} className="mt-2 text-sm text-red-700">
              {problem}
            </p>
          )}
          {request.isError && (
            <Alert tone="error" className="mt-3">
              {request.error instanceof ApiError && request.error.status < 500 ? request.error.message : 'Gagal mengirim dokumen. Silakan coba lagi.'}
            </Alert>
          )}
        </>
      )}
      {request.isSuccess && (
        <p role="status" className="mt-3 text-sm font-medium text-green-700">
          {request.data.message}
        </p>
      )}
    </section>
  );
}
