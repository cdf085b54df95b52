import { Save, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { ActivityReadingResponse } from '../../../../domain/activities/contract';
import { formatDuration } from '../../../../domain/training-plan/pace';
import { addDays, isoToPlanDate, jakartaToday, planDateToIso } from '../../../../domain/shared/wire-date';
import { HEAVY_CONFLICT_QUESTION, HEAVY_CONFLICT_TITLE, isSpecialRun, runColor, specialRunConflict } from '../../../../domain/training-plan/run-types';
import { canDeleteRun, messages, type GeneratedBy } from '../../../../domain/training-plan/training-plan';
import type { Run, RunPatch } from '../../../../domain/training-plan/contract';
import { ApiError } from '../../../api/client';
import { Alert } from '../../../components/alert';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { cn } from '../../../components/cn';
import { Dialog } from '../../../components/dialog';
import { FormField } from '../../../components/form-field';
import { Input } from '../../../components/input';
import { useToast } from '../../../components/toast';
import { fetchPlanRange, useDeleteRun, usePatchRun } from '../training-plan-api';
import { usePlanScope, type PlanScope } from '../plan-scope';
import { isStravaResult, STRAVA_RESULT_NOTE, StravaLabel } from '../result-source';
import { buildRunPatch, checkLogForm, formatDistanceKm, isEmptyPatch, logFormValues, type LogFormValues } from './log-form';
import { ScorePanel } from './score-panel';
import { ScreenshotDrop, type AnalyzeScreenshot, type ScreenshotReading } from './screenshot-drop';
import { ActivityFileDrop, readingFigures, type ActivityPrefill, type ReadActivityFile } from './activity-file-drop';

export interface LogResultDialogProps {
  /** The run to log; the dialog is open while it is non-null. */
  run: Run | null;
  planId: string | null;
  onOpenChange: (open: boolean) => void;
  /** The clock of the "no result before the run's day" rule (Asia/Jakarta); injectable for tests. */
  now?: Date;
  /** Behind 'Analisis dengan AI'; without it the button says the feature is coming. */
  analyzeScreenshot?: AnalyzeScreenshot;
  /** Figures read from an activity file, filled in when the dialog opens. */
  prefill?: ActivityPrefill | null;
  /** Reads an activity file (the API by default; injectable for tests). */
  readActivityFile?: ReadActivityFile;
}

export const DELETE_CONFIRM_TITLE = 'Hapus aktivitas ini?';

const sourceLabels: Record<GeneratedBy, string> = { user: 'Buatan sendiri', coach: 'Dari pelatih', ai: 'Dari AI Coach' };

/** 'Log Hasil Latihan' (spec §2, §4, §5): log a run's result, see pace and scores, move or delete it. */
export function LogResultDialog({ run, ...props }: LogResultDialogProps) {
  // A fresh form per run: keyed, so switching runs never carries typed values over.
  return run ? <LogResultForm key={run._id} run={run} {...props} /> : null;
}

/** The form's result fields from what an activity file holds; what it lacks (HR) stays as it was. */
function fromFile(values: LogFormValues, reading: ActivityReadingResponse): LogFormValues {
  return {
    ...values,
    distance: formatDistanceKm(reading.distance),
    time: formatDuration(reading.time),
    hr: reading.avgHeartRate !== null ? String(reading.avgHeartRate) : values.hr,
  };
}

function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/** Other heavy runs around `day`, for the same-or-adjacent-day confirmation when the date changes. */
async function heavyConflict(run: Run, day: string, scope: PlanScope) {
  const plans = await fetchPlanRange(addDays(day, -1), addDays(day, 1), scope.runnerId);
  const near = (plans[0]?.trainingPlan ?? []).flatMap((r) => {
    const iso = planDateToIso(r.date);
    // A locked run shows no title, so it cannot be told apart as a heavy one.
    return iso ? [{ _id: r._id, title: r.locked ? '' : r.title, day: iso }] : [];
  });
  return specialRunConflict(near, run, day, scope.view);
}

function LogResultForm({ run, planId, onOpenChange, now, analyzeScreenshot, prefill, readActivityFile }: LogResultDialogProps & { run: Run }) {
  const ids = useId();
  const toast = useToast();
  const patchRun = usePatchRun();
  const deleteRun = useDeleteRun();
  const scope = usePlanScope();
  const [values, setValues] = useState<LogFormValues>(() => (prefill ? fromFile(logFormValues(run), prefill.reading) : logFormValues(run)));
  const [actionError, setActionError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [pendingMove, setPendingMove] = useState<RunPatch | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const errorRef = useRef<HTMLDivElement>(null);

  const check = checkLogForm(values, run, jakartaToday(now), scope.view);
  // A result Strava filled is the runner's alone until Simpan keeps it (coaches never receive one).
  const fromStrava = scope.view === 'runner' && isStravaResult(run);
  // A run dated after today has not been run yet: nothing to log (while nothing is filled in).
  const resultDisabled = check.notYet && !check.futureError;
  const set = (field: keyof LogFormValues) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setActionError(null);
  };

  // A refusal or server error appears below the form: bring it into view (and to screen readers).
  useEffect(() => {
    if (actionError) errorRef.current?.focus();
  }, [actionError]);

  const close = () => onOpenChange(false);

  // What the AI read from a screenshot fills its fields; what it could not read stays as typed.
  const fillFromScreenshot = (reading: ScreenshotReading) => {
    setValues((v) => ({
      ...v,
      distance: reading.distance !== null ? formatDistanceKm(reading.distance) : v.distance,
      time: reading.time ?? v.time,
      hr: reading.avgHeartRate !== null ? String(reading.avgHeartRate) : v.hr,
    }));
    setActionError(null);
  };

  const fillFromFile = (reading: ActivityReadingResponse) => {
    setValues((v) => fromFile(v, reading));
    setActionError(null);
  };

  const send = (patch: RunPatch) => {
    if (!planId) return setActionError(messages.planNotFound);
    patchRun.mutate(
      { planId, runId: run._id, patch },
      {
        onSuccess: () => {
          const logged = 'trainingdistance' in patch;
          toast(logged ? 'Hasil latihan disimpan.' : 'Tanggal latihan diperbarui.', 'success');
          close();
        },
        onError: (error) => setActionError(errorText(error, messages.saveResultFailed)),
      },
    );
  };

  const save = async () => {
    if (!check.canSave) return;
    if (!run._id) return setActionError(messages.runNoId);
    const patch = buildRunPatch(run, values, check, { keepResult: fromStrava });
    if (isEmptyPatch(patch)) return close();
    if (patch.date && isSpecialRun(run.title, scope.view)) {
      setChecking(true);
      try {
        if (await heavyConflict(run, values.date, scope)) return setPendingMove(patch);
      } catch {
        // The check is advice; the move itself is still validated by the server.
      } finally {
        setChecking(false);
      }
    }
    send(patch);
  };

  // The server deletes only the writer's own runs (the runner's, or in Ubah Jadwal the coach's):
  // 'Hapus' is offered on those alone, never on a run it would refuse.
  const deletable = canDeleteRun(run, scope.view);
  const askDelete = () => {
    if (!run._id) return setActionError(messages.deleteNoId);
    setActionError(null);
    setConfirmDelete(true);
  };

  const doDelete = () =>
    deleteRun.mutate(run._id, {
      onSuccess: () => {
        setConfirmDelete(false);
        toast('Aktivitas dihapus.', 'success');
        close();
      },
      onError: (error) => {
        setConfirmDelete(false);
        setActionError(`Gagal menghapus aktivitas: ${errorText(error, 'Silakan coba lagi.')}`);
      },
    });

  const saving = checking || patchRun.isPending;

  return (
    <>
      <Dialog
        open
        onOpenChange={onOpenChange}
        title="Log Hasil Latihan"
        size="lg"
        footer={
          <>
            {deletable && (
              <Button variant="ghost" className="mr-auto text-red-700 hover:bg-red-50" onClick={askDelete} disabled={deleteRun.isPending}>
                <Trash2 className="size-4" aria-hidden="true" />
                Hapus
              </Button>
            )}
            <Button variant="outline" onClick={close}>
              Batal
            </Button>
            <Button onClick={() => void save()} disabled={!check.canSave} loading={saving}>
              <Save className="size-4" aria-hidden="true" />
              Simpan
            </Button>
          </>
        }
      >
        <form
          className="space-y-5"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          {prefill && (
            <Alert tone="info" title={`Hasil dari ${prefill.fileName} sudah diisi`}>
              {readingFigures(prefill.reading)}
              {prefill.reading.date !== run.date ? ` (file tercatat ${prefill.reading.date})` : ''}. Periksa, lalu tekan Simpan.
            </Alert>
          )}
          <section aria-label="Rencana latihan" className="rounded-xl bg-slate-50 p-4">
            <div className="flex items-start gap-2">
              <span className={cn('mt-1.5 size-3 shrink-0 rounded-full', runColor(run.title))} aria-hidden="true" />
              <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
                <p className="min-w-0 font-bold break-words text-slate-900" data-testid="log-run-title">
                  {run.title}
                </p>
                <Badge tone={run.generatedby === 'user' ? 'gray' : 'blue'}>{sourceLabels[run.generatedby]}</Badge>
                {fromStrava && <StravaLabel />}
              </div>
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
              <ReadOnly label="Program">{run.program || '-'}</ReadOnly>
              <ReadOnly label="Target pace">{run.paceRange ? `${run.paceRange} /km` : '-'}</ReadOnly>
            </dl>
          </section>

          {/* The hint gives way to the date's error, so the field is described by one line at a time. */}
          <FormField label="Tanggal" id={`${ids}-date`} error={check.dateError ?? undefined} hint={check.dateError ? undefined : 'Mengubah tanggal akan memindahkan latihan ini di kalender.'}>
            {(control) => <Input {...control} type="date" value={values.date} onChange={set('date')} />}
          </FormField>

          <fieldset aria-describedby={`${ids}-result-hint`} data-testid="log-result-fields">
            <legend className="text-sm font-bold text-slate-900">Hasil latihan</legend>
            <p
              id={`${ids}-result-hint`}
              className={cn('text-xs', check.notYet ? 'mt-1 rounded-lg bg-amber-50 px-3 py-2 font-semibold text-amber-900' : 'text-slate-600')}
            >
              {check.notYet
                ? messages.resultInFuture
                : scope.view === 'coach'
                  ? 'Isi jarak dan waktu (rata-rata HR boleh kosong), atau kosongkan semuanya.'
                  : 'Isi jarak, waktu dan rata-rata HR, atau kosongkan ketiganya.'}
            </p>
            {fromStrava && (
              <p className="mt-2 rounded-lg bg-orange-50 px-3 py-2 text-xs text-orange-900 ring-1 ring-orange-200" data-testid="strava-result-note">
                {STRAVA_RESULT_NOTE}
              </p>
            )}
            <div className="mt-2 grid grid-cols-2 gap-3">
              <FormField label="Jarak Lari (km)" id={`${ids}-distance`} error={check.fieldErrors.distance}>
                {(control) => <Input {...control} disabled={resultDisabled} inputMode="decimal" autoComplete="off" placeholder={resultDisabled ? undefined : "10,0"} value={values.distance} onChange={set('distance')} />}
              </FormField>
              <FormField label="Waktu (hh:mm:ss)" id={`${ids}-time`} error={check.fieldErrors.time}>
                {(control) => <Input {...control} disabled={resultDisabled} autoComplete="off" placeholder={resultDisabled ? undefined : "00:50:00"} value={values.time} onChange={set('time')} />}
              </FormField>
              <FormField label="Pace (otomatis)" id={`${ids}-pace`}>
                {(control) => <Input {...control} readOnly value={check.pace} className="bg-slate-100! font-semibold text-slate-900" />}
              </FormField>
              <FormField label="Rata-rata HR (bpm)" id={`${ids}-hr`} error={check.fieldErrors.hr}>
                {(control) => <Input {...control} disabled={resultDisabled} inputMode="numeric" autoComplete="off" placeholder={resultDisabled ? undefined : "150"} value={values.hr} onChange={set('hr')} />}
              </FormField>
            </div>
            {check.allOrNoneError && (
              <Alert tone="error" className="mt-3">
                {check.allOrNoneError}
              </Alert>
            )}
            {check.futureError && (
              <Alert tone="error" className="mt-3">
                {check.futureError}
              </Alert>
            )}
            {check.invalidError && (
              <Alert tone="error" className="mt-3">
                {check.invalidError}
              </Alert>
            )}
          </fieldset>

          <ScorePanel scores={check.scores} />
          <ActivityFileDrop
            onRead={fillFromFile}
            runDate={values.date ? isoToPlanDate(values.date) : undefined}
            disabled={resultDisabled}
            {...(readActivityFile ? { read: readActivityFile } : {})}
          />
          <ScreenshotDrop onAnalyze={analyzeScreenshot} onRead={fillFromScreenshot} />

          {actionError && (
            <Alert ref={errorRef} tone="error">
              {actionError}
            </Alert>
          )}
          {/* Enter in a field saves, like any form. */}
          <button type="submit" hidden disabled={!check.canSave} />
        </form>
      </Dialog>

      <Dialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        size="sm"
        title={DELETE_CONFIRM_TITLE}
        description={`"${run.title}" akan dihapus dari kalender latihanmu, beserta hasil yang sudah dicatat.`}
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirmDelete(false)}>
              Batal
            </Button>
            <Button variant="danger" onClick={doDelete} loading={deleteRun.isPending}>
              Ya, hapus
            </Button>
          </>
        }
      />

      <Dialog
        open={pendingMove !== null}
        onOpenChange={(open) => !open && setPendingMove(null)}
        size="sm"
        title={HEAVY_CONFLICT_TITLE}
        description={HEAVY_CONFLICT_QUESTION}
        footer={
          <>
            <Button variant="outline" onClick={() => setPendingMove(null)}>
              Batalkan
            </Button>
            <Button
              onClick={() => {
                const patch = pendingMove;
                setPendingMove(null);
                if (patch) send(patch);
              }}
            >
              Yakin
            </Button>
          </>
        }
      />
    </>
  );
}

function ReadOnly({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-semibold break-words text-slate-900">{children}</dd>
    </div>
  );
}

