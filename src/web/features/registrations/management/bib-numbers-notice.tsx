import { Hash } from 'lucide-react';
import { bibMessages } from '../../../../domain/events/bib-numbers';
import type { RegistrationPage } from '../../../../domain/registrations/contract';
import { ApiError } from '../../../api/client';
import { Button } from '../../../components/button';
import { useToast } from '../../../components/toast';
import { useAssignBibNumbers } from './runner-data-api';

/**
 * Data Pelari's word on bib numbers (issue 28 §6): confirmed runners without one — confirmed before
 * the event had ranges, or after a range ran out — and 'Beri Nomor BIB', which numbers them in the
 * order they were confirmed. Without any range yet it says where to set them.
 */
export function BibNumbersNotice({ eventKey, bibNumbers }: { eventKey: string; bibNumbers: RegistrationPage['bibNumbers'] }) {
  const assign = useAssignBibNumbers(eventKey);
  const toast = useToast();
  if (bibNumbers.missing === 0) return null;
  if (!bibNumbers.rangesSet) {
    return (
      <p className="flex gap-2 rounded-xl border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="bib-numbers-notice">
        <Hash className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
        {bibMessages.notSet}
      </p>
    );
  }
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between"
      data-testid="bib-numbers-notice"
    >
      <p className="flex gap-2">
        <Hash className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          <strong>{bibMessages.missing(bibNumbers.missing)}</strong> Nomor diberikan menurut urutan konfirmasi, dari rentang kategori masing-masing.
        </span>
      </p>
      <Button
        size="sm"
        variant="outline"
        className="shrink-0 bg-white"
        loading={assign.isPending}
        onClick={() =>
          assign.mutate(undefined, {
            onSuccess: (res) => toast(res.message, res.missing > 0 ? 'info' : 'success'),
            onError: (error) => toast(error instanceof ApiError ? error.message : 'Nomor BIB gagal diberikan. Periksa koneksi internet Anda lalu coba lagi.', 'error'),
          })
        }
      >
        Beri Nomor BIB
      </Button>
    </div>
  );
}
