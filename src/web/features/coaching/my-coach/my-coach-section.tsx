import { ExternalLink, GraduationCap, UserX } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { FREESLOT } from '../../../../domain/coaching/coaching';
import { connectionMessages, type MyCoach } from '../../../../domain/coaching/contract';
import { formatJakartaDate } from '../../../../domain/shared/jakarta-time';
import { ApiError } from '../../../api/client';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { ErrorRetry, LoadingMessage } from '../../../components/query-state';
import { SectionCard } from '../../../components/section-card';
import { useToast } from '../../../components/toast';
import { useEndCoaching, useMyCoaches } from './my-coach-api';

const day = (value: string | null) => formatJakartaDate(value, 'd MMM yyyy');
const period = (c: MyCoach) => (c.endDate ? `${day(c.startDate)} – ${day(c.endDate)}` : `Sejak ${day(c.startDate)}`);

/**
 * 'Pelatih Saya' (runner-and-coach §4 "Coaching relationship"): the coaches who see the runner's
 * profile and plan now, each with 'Akhiri Hubungan' behind a confirmation. Pengaturan (users
 * feature) shows it through the slot the app layer fills.
 */
export function MyCoachSection() {
  const coaches = useMyCoaches();
  const [ending, setEnding] = useState<MyCoach | null>(null);

  return (
    <SectionCard iconStyle="plain" title="Pelatih Saya" titleId="my-coach-panel-title" icon={GraduationCap}>
      {coaches.isPending ? (
        <LoadingMessage variant="inline">Memuat pelatih...</LoadingMessage>
      ) : coaches.isError ? (
        <ErrorRetry message={connectionMessages.coachesFailed} onRetry={() => void coaches.refetch()} />
      ) : coaches.data.length === 0 ? (
        <p className="text-sm text-slate-600">Anda belum terhubung dengan pelatih. Saat terhubung, pelatih dapat melihat profil dan program latihan Anda.</p>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600">Pelatih di bawah ini dapat melihat profil dan program latihan Anda serta mengubah jadwal latihan Anda.</p>
          <ul className="divide-y divide-slate-100">
            {coaches.data.map((c) => (
              <li key={c.connectionId} data-testid="my-coach" className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-semibold break-words text-slate-900">
                    {c.coach.uniquelink ? (
                      <Link to={`/coaching/${c.coach.uniquelink}`} className="inline-flex items-center gap-1 hover:text-brand-700 hover:underline">
                        {c.coach.name}
                        <ExternalLink className="size-3.5" aria-hidden="true" />
                      </Link>
                    ) : (
                      c.coach.name
                    )}
                  </p>
                  <p className="text-xs text-slate-500">
                    {c.packages === FREESLOT ? 'Slot gratis' : c.packages} · {period(c)}
                  </p>
                </div>
                <Button variant="outline" size="sm" onClick={() => setEnding(c)} className="self-start text-red-700 sm:self-auto">
                  <UserX className="size-4" aria-hidden="true" />
                  Akhiri Hubungan
                  <span className="sr-only"> dengan {c.coach.name}</span>
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
      <EndCoachingDialog coach={ending} onOpenChange={(open) => !open && setEnding(null)} />
    </SectionCard>
  );
}

function EndCoachingDialog({ coach, onOpenChange }: { coach: MyCoach | null; onOpenChange: (open: boolean) => void }) {
  const end = useEndCoaching();
  const toast = useToast();
  const close = (next: boolean) => {
    if (end.isPending) return;
    if (!next) end.reset();
    onOpenChange(next);
  };
  return (
    <Dialog
      open={coach !== null}
      onOpenChange={close}
      title={coach ? `Akhiri hubungan dengan ${coach.coach.name}?` : 'Akhiri hubungan?'}
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={() => close(false)} disabled={end.isPending}>
            Batal
          </Button>
          <Button
            variant="danger"
            loading={end.isPending}
            onClick={() =>
              coach &&
              end.mutate(coach.connectionId, {
                onSuccess: (res) => {
                  end.reset();
                  onOpenChange(false);
                  toast(res.message, 'success');
                },
              })
            }
          >
            Ya, Akhiri Hubungan
          </Button>
        </>
      }
    >
      <div className="space-y-3 text-sm text-slate-700">
        <p>Setelah hubungan diakhiri, pelatih tidak akan lagi dapat melihat profil dan data latihan Anda, dan tidak dapat mengubah jadwal latihan Anda.</p>
        <p>Program latihan Anda tetap tersimpan. Tindakan ini tidak dapat dibatalkan; untuk dilatih lagi, Anda perlu terhubung kembali melalui paket pelatih.</p>
        {end.isError && <Alert tone="error">{end.error instanceof ApiError && end.error.code ? end.error.message : connectionMessages.endFailed}</Alert>}
      </div>
    </Dialog>
  );
}
