import { format } from 'date-fns';
import { id } from 'date-fns/locale';
import { ClipboardList, FileUp, UserRound, Users } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { connectionStatusLabels, FREESLOT } from '../../../../domain/coaching/coaching';
import { coachingMessages, type CoachConnection } from '../../../../domain/coaching/contract';
import { isoToLocalDate } from '../../../../domain/shared/wire-date';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { Select } from '../../../components/input';
import { ErrorRetry, LoadingSpinner, QueryState } from '../../../components/query-state';
import { ViewHeader } from '../../../components/view-header';
import type { DashboardViewProps } from '../../../lib/dashboard-view';
import { useCoachedRunners } from './schedule-api';
import { UploadScheduleDialog } from './upload-schedule-dialog';

export interface ScheduleViewProps extends DashboardViewProps {
  /**
   * The training calendar for a runner, in the coach's mode (the app layer passes the training-plan
   * feature's calendar: web features never import each other); `aside` goes beside it.
   */
  renderCalendar: (props: { runnerId: string; aside: ReactNode }) => ReactNode;
}

const dayText = (iso: string | null) => (iso ? format(isoToLocalDate(iso), 'd MMMM yyyy', { locale: id }) : '-');

/** 'Ubah Jadwal' (runner-and-coach §2): pick a connected runner, see their package, plan their calendar. */
export function ScheduleView({ renderCalendar }: ScheduleViewProps) {
  const ids = useId();
  const runners = useCoachedRunners();
  const [chosen, setChosen] = useState('');
  const [uploading, setUploading] = useState(false);
  const connection = runners.data?.find((c) => c.runnerId?._id === chosen) ?? null;

  return (
    <>
      <ViewHeader
        title="Ubah Jadwal"
        description="Susun dan ubah jadwal latihan pelari bimbinganmu."
        actions={
          connection && (
            <Button onClick={() => setUploading(true)}>
              <FileUp className="size-4" aria-hidden="true" />
              Unggah Jadwal
            </Button>
          )
        }
      />

      <QueryState
        query={runners}
        loading={<LoadingSpinner className="py-10" label="Memuat daftar pelari..." />}
        error={<ErrorRetry message={coachingMessages.listFailed} onRetry={() => void runners.refetch()} />}
        isEmpty={(list) => list.length === 0}
        empty={<EmptyState icon={Users} description={coachingMessages.noRunners} />}
      >
        {(list) => (
          <div className="space-y-4">
            <div className="max-w-xl">
              <label htmlFor={`${ids}-runner`} className="mb-1 block text-sm font-bold text-slate-900">
                Pilih pelari
              </label>
              <Select id={`${ids}-runner`} value={chosen} onChange={(event) => setChosen(event.target.value)}>
                <option value="">{coachingMessages.pickRunner}</option>
                {list.map((c) => (
                  <option key={c._id} value={c.runnerId!._id}>
                    {`${c.runnerId!.name} — ${c.runnerId!.email}`}
                  </option>
                ))}
              </Select>
            </div>
            {connection ? (
              // Keyed by runner: switching runners starts the calendar afresh (month, open dialogs).
              <div key={connection.runnerId!._id}>{renderCalendar({ runnerId: connection.runnerId!._id, aside: <ConnectionInfo connection={connection} /> })}</div>
            ) : (
              <EmptyState icon={ClipboardList} description={coachingMessages.selectRunner} />
            )}
          </div>
        )}
      </QueryState>

      {connection && (
        <UploadScheduleDialog open={uploading} onOpenChange={setUploading} runnerId={connection.runnerId!._id} runnerName={connection.runnerId!.name} />
      )}
    </>
  );
}

/** The info box (runner-and-coach §2): package, status, valid until. */
function ConnectionInfo({ connection }: { connection: CoachConnection }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" data-testid="connection-info">
      <h2 id={titleId} className="flex items-center gap-2 text-base font-bold text-slate-900">
        <UserRound className="size-5 text-brand-600" aria-hidden="true" />
        <span className="min-w-0 break-words">{connection.runnerId!.name}</span>
      </h2>
      <p className="mt-0.5 text-xs break-all text-slate-600">{connection.runnerId!.email}</p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-2 text-sm">
        <dt className="text-slate-600">Paket</dt>
        <dd className="font-semibold break-words text-slate-900">{connection.packages === FREESLOT ? 'Slot gratis' : connection.packages}</dd>
        <dt className="text-slate-600">Status</dt>
        <dd>
          <Badge tone={connection.displayStatus === 'active' ? 'green' : 'gray'}>{connectionStatusLabels[connection.displayStatus]}</Badge>
        </dd>
        <dt className="text-slate-600">Berlaku hingga</dt>
        <dd className="font-semibold text-slate-900">{dayText(connection.endDate)}</dd>
      </dl>
    </section>
  );
}
