import { Save, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { StravaActivityView } from '../../../domain/strava/contract';
import { stravaMessages } from '../../../domain/strava/strava';
import { ApiError } from '../../api/client';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { ErrorRetry, LoadingSpinner } from '../../components/query-state';
import { useToast } from '../../components/toast';
import { activityFigures, formatActivityDay } from './strava-format';
import { useDiscardActivity, useKeepActivity, useStravaStatus, useUnplannedActivities } from './strava-api';

export const UNPLANNED_TITLE = 'Lari dari Strava';
export const DISCARD_TITLE = 'Buang lari ini?';
const LOAD_FAILED = 'Gagal memuat lari dari Strava.';
const KEEP_FAILED = 'Gagal menyimpan lari ke log. Silakan coba lagi.';
const DISCARD_FAILED = 'Gagal membuang lari. Silakan coba lagi.';

function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status < 500 && error.message ? error.message : fallback;
}

/**
 * 'Lari dari Strava' beside the training calendar: synced runs on days without a planned run, each
 * kept in the runner's own log ('Simpan ke Log', then it is on the calendar) or discarded ('Buang',
 * confirmed). Shown only while there are such runs; the runner alone ever sees them.
 */
export function UnplannedRunsPanel() {
  const status = useStravaStatus();
  const waiting = (status.data?.unplanned ?? 0) > 0;
  const list = useUnplannedActivities(waiting);
  const keep = useKeepActivity();
  const discard = useDiscardActivity();
  const toast = useToast();
  const [discarding, setDiscarding] = useState<StravaActivityView | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (actionError) errorRef.current?.focus();
  }, [actionError]);

  if (!waiting) return null;
  // The status counted runs that are gone by now (kept on another device): nothing to show.
  if (list.isSuccess && list.data.length === 0) return null;

  // The row the runner acted on leaves the list: focus stays in the panel, on its title.
  const afterAction = () => headingRef.current?.focus();

  const onKeep = (activity: StravaActivityView) => {
    setActionError(null);
    keep.mutate(activity._id, {
      onSuccess: () => {
        toast(stravaMessages.activityKept, 'success');
        afterAction();
      },
      onError: (error) => setActionError(errorText(error, KEEP_FAILED)),
    });
  };

  const onDiscard = () => {
    const activity = discarding;
    if (!activity) return;
    discard.mutate(activity._id, {
      onSuccess: (res) => {
        setDiscarding(null);
        toast(res.message || stravaMessages.activityDiscarded, 'success');
        afterAction();
      },
      onError: (error) => {
        setDiscarding(null);
        setActionError(errorText(error, DISCARD_FAILED));
      },
    });
  };

  const busyId = keep.isPending ? keep.variables : discard.isPending ? discard.variables : null;

  return (
    <section
      aria-labelledby="strava-unplanned-title"
      data-testid="strava-unplanned"
      className="flex min-w-0 flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="mb-1 flex items-center justify-between gap-2">
        <h2 id="strava-unplanned-title" ref={headingRef} tabIndex={-1} className="flex items-center gap-2 text-base font-bold text-slate-900 outline-none">
          <span className="size-2.5 shrink-0 rounded-full bg-[#fc4c02]" aria-hidden="true" />
          {UNPLANNED_TITLE}
        </h2>
        {list.isSuccess && <span className="text-xs font-semibold text-slate-600">{list.data.length} lari</span>}
      </div>
      <p className="mb-3 text-xs text-slate-600">Lari pada hari tanpa jadwal. Simpan ke log latihan Anda, atau buang. Hanya Anda yang melihatnya.</p>

      {list.isPending ? (
        <LoadingSpinner className="py-6" label="Memuat lari dari Strava..." />
      ) : list.isError ? (
        <ErrorRetry message={LOAD_FAILED} onRetry={() => void list.refetch()} />
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="strava-unplanned-list">
          {list.data.map((activity) => (
            <ActivityRow
              key={activity._id}
              activity={activity}
              busy={busyId === activity._id}
              disabled={busyId !== null}
              keeping={keep.isPending && keep.variables === activity._id}
              onKeep={() => onKeep(activity)}
              onDiscard={() => {
                setActionError(null);
                setDiscarding(activity);
              }}
            />
          ))}
        </ul>
      )}

      {actionError && (
        <Alert ref={errorRef} tone="error" className="mt-3">
          {actionError}
        </Alert>
      )}

      <Dialog
        open={discarding !== null}
        onOpenChange={(open) => !open && !discard.isPending && setDiscarding(null)}
        size="sm"
        title={DISCARD_TITLE}
        footer={
          <>
            <Button variant="outline" onClick={() => setDiscarding(null)} disabled={discard.isPending}>
              Batal
            </Button>
            <Button variant="danger" onClick={onDiscard} loading={discard.isPending}>
              Ya, Buang
            </Button>
          </>
        }
      >
        {discarding && (
          <p className="text-sm text-slate-700">
            &ldquo;{discarding.name}&rdquo; ({formatActivityDay(discarding.date)}, {activityFigures(discarding).distance}) tidak disimpan ke log latihan Anda
            dan tidak akan muncul lagi di sini.
          </p>
        )}
      </Dialog>
    </section>
  );
}

function ActivityRow({
  activity,
  busy,
  disabled,
  keeping,
  onKeep,
  onDiscard,
}: {
  activity: StravaActivityView;
  busy: boolean;
  disabled: boolean;
  keeping: boolean;
  onKeep: () => void;
  onDiscard: () => void;
}) {
  const figures = activityFigures(activity);
  const day = formatActivityDay(activity.date);
  return (
    <li className="py-3 first:pt-1" data-testid="strava-unplanned-run" aria-busy={busy || undefined}>
      <p className="text-xs font-semibold text-slate-600">{day}</p>
      <p className="font-semibold break-words text-slate-900">{activity.name}</p>
      <dl className="mt-1.5 grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
        <Figure label="Jarak" value={figures.distance} />
        <Figure label="Waktu" value={figures.time} />
        <Figure label="Pace" value={figures.pace} />
        <Figure label="Rata-rata HR" value={figures.heartRate} />
      </dl>
      <div className="mt-2.5 flex flex-wrap gap-2">
        {/* The names start with the visible words (voice control) and say which run. */}
        <Button size="sm" onClick={onKeep} loading={keeping} disabled={disabled} aria-label={`Simpan ke Log: ${activity.name}, ${day}`}>
          {!keeping && <Save className="size-4" aria-hidden="true" />}
          Simpan ke Log
        </Button>
        <Button
          variant="outline"
          size="sm"
          className="text-red-700"
          onClick={onDiscard}
          disabled={disabled}
          aria-haspopup="dialog"
          aria-label={`Buang: ${activity.name}, ${day}`}
        >
          <Trash2 className="size-4" aria-hidden="true" />
          Buang
        </Button>
      </div>
    </li>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex min-w-0 gap-1">
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-semibold text-slate-900">{value}</dd>
    </div>
  );
}
