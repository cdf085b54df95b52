import { FileText } from 'lucide-react';
import { useId, useState } from 'react';
import { coachAdminMessages, type AdminCoach } from '../../../../domain/coaching/admin-contract';
import { ApiError } from '../../../api/client';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { FormField } from '../../../components/form-field';
import { fieldClass } from '../../../components/input';
import { useDecideVerification } from './coach-admin-api';
import { VerificationBadge } from './verification-badge';

const NOTE_MAX = 500;

/**
 * The review of a coach's identity and certificates: the documents (private, opened through the
 * admin-only route), then Verifikasi, or Tolak with a reason after a confirmation.
 */
export function VerificationDialog({ coach, onClose, onDone }: { coach: AdminCoach; onClose: () => void; onDone: (message: string) => void }) {
  const id = useId();
  const decide = useDecideVerification();
  const [note, setNote] = useState(coach.verification === 'rejected' ? (coach.verificationNote ?? '') : '');
  const [noteError, setNoteError] = useState<string | undefined>();
  const [confirmReject, setConfirmReject] = useState(false);

  const send = (status: 'verified' | 'rejected') =>
    decide.mutate({ coachId: coach._id, status, note: note.trim() }, { onSuccess: (res) => onDone(res.message) });
  const reject = () => {
    if (!note.trim()) {
      setNoteError(coachAdminMessages.noteRequired);
      document.getElementById(`${id}-note`)?.focus();
      return;
    }
    setConfirmReject(true);
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !decide.isPending) onClose();
      }}
      size="md"
      title={confirmReject ? 'Tolak verifikasi pelatih?' : 'Tinjau Verifikasi Pelatih'}
      description={`${coach.profile?.shownName ?? coach.name} · ${coach.email}`}
      footer={
        confirmReject ? (
          <>
            <Button variant="outline" onClick={() => setConfirmReject(false)} disabled={decide.isPending}>
              Kembali
            </Button>
            <Button variant="danger" loading={decide.isPending} onClick={() => send('rejected')}>
              Ya, Tolak
            </Button>
          </>
        ) : (
          <>
            <Button variant="outline" onClick={reject} disabled={decide.isPending}>
              Tolak
            </Button>
            <Button onClick={() => send('verified')} loading={decide.isPending} disabled={coach.verification === 'verified'}>
              Verifikasi
            </Button>
          </>
        )
      }
    >
      {confirmReject ? (
        <div className="space-y-3 text-sm text-slate-700">
          <p>
            Badge &lsquo;Terverifikasi&rsquo; tidak tampil di halaman publik {coach.profile?.shownName ?? coach.name}. Pelatih melihat alasan berikut dan dapat
            mengajukan ulang:
          </p>
          <blockquote className="rounded-lg border-l-4 border-red-300 bg-red-50 px-3 py-2 text-slate-800 whitespace-pre-line">{note.trim()}</blockquote>
        </div>
      ) : (
        <div className="space-y-4 text-sm text-slate-700">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-slate-800">Status:</span>
            <VerificationBadge status={coach.verification} />
            {coach.verifiedAt && <span className="text-xs text-slate-500">sejak {new Date(coach.verifiedAt).toLocaleDateString('id-ID', { day: 'numeric', month: 'short', year: 'numeric' })}</span>}
          </div>
          <div>
            <h3 className="font-semibold text-slate-800">Dokumen identitas & sertifikat</h3>
            {coach.documents.length === 0 ? (
              <p className="mt-1 text-slate-600">Pelatih belum mengunggah dokumen. Anda tetap dapat memverifikasi setelah memeriksa identitasnya dengan cara lain.</p>
            ) : (
              <ul className="mt-2 space-y-1.5">
                {coach.documents.map((doc, i) => (
                  <li key={doc.key}>
                    <a
                      href={doc.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex items-center gap-2 font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
                    >
                      <FileText className="size-4 shrink-0" aria-hidden="true" /> Dokumen {i + 1}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <p className="rounded-lg bg-slate-50 px-3 py-2 text-xs text-slate-600">
            Verifikasi menandakan identitas dan sertifikat telah diperiksa. Badge &lsquo;Terverifikasi&rsquo; bukan bentuk dukungan (endorsement) dari Derap.
          </p>
          <FormField id={`${id}-note`} label="Catatan (wajib jika ditolak)" error={noteError} hint={`${note.length}/${NOTE_MAX}`}>
            {(control) => (
              <textarea
                {...control}
                rows={3}
                maxLength={NOTE_MAX}
                value={note}
                onChange={(e) => {
                  setNote(e.target.value);
                  setNoteError(undefined);
                }}
                placeholder="mis. Foto KTP tidak terbaca, unggah ulang."
                className={fieldClass(!!noteError, 'h-auto py-2')}
              />
            )}
          </FormField>
        </div>
      )}
      {decide.isError && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {decide.error instanceof ApiError ? decide.error.message : 'Gagal menyimpan keputusan. Coba lagi.'}
        </p>
      )}
    </Dialog>
  );
}
