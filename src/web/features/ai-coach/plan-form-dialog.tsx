import { toNestErrors } from '@hookform/resolvers';
import { Plus, Sparkles, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { get, useFieldArray, useForm, type FieldErrors, type Resolver, type UseFormRegister } from 'react-hook-form';
import {
  abilityLevels,
  experienceLevels,
  fitnessFocuses,
  genders,
  MAX_PROGRAMME_WEEKS,
  raceDistances,
  trackAccessOptions,
  weekdayNames,
  type CreatePlanRequest,
  type GoalAlternative,
  type PlanRefusal,
} from '../../../domain/ai-coach/contract';
import { addDays, type IsoDay } from '../../../domain/shared/wire-date';
import { WEEKDAY_SHORT_NAMES } from '../../../domain/training-plan/month-grid';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { cn } from '../../components/cn';
import { Dialog } from '../../components/dialog';
import { FormField } from '../../components/form-field';
import { FormSection } from '../../components/form-section';
import { FieldError, fieldClass, Input, Select } from '../../components/input';
import { Spinner } from '../../components/spinner';
import { checkPlanForm, emptyPersonalBest, MAX_PERSONAL_BESTS, sortWeekdays, type PlanFormErrors, type PlanFormValues } from './plan-form';
import { alternativeValues, MEDICAL_CLEARANCE_LABEL } from './plan-refusal';
import { RefusalPanel } from './refusal-panel';

export const PLAN_FORM_TITLE = 'Buat Program Latihan dengan AI';

export interface PlanFormDialogProps {
  today: IsoDay;
  /** The values to open with (the last form, remembered). */
  initialValues: PlanFormValues;
  /** Every change, so the form survives a step back or a reload. */
  onValuesChange: (values: PlanFormValues) => void;
  /** A checked request (startDate and endDate included); `confirmInputs` when the runner confirmed data the coach doubted. */
  onSubmit: (request: CreatePlanRequest, options?: { confirmInputs?: boolean }) => void;
  onClose: () => void;
  /** The AI is working on the request. */
  pending: boolean;
  /** Why the last request failed (shown under the form). */
  error: string | null;
  /** The server's messages per field (a 400 names the field, a CHECK_INPUT the doubtful ones). */
  serverFieldErrors?: PlanFormErrors;
  /** Why the AI coach made no plan, shown above the form with the ways on. */
  refusal?: PlanRefusal | null;
  /** The runner leaves the refusal to edit the form. */
  onDismissRefusal?: () => void;
  /** Offer 'Dokter sudah mengizinkan saya berlatih' under the health fields (after a SEE_A_DOCTOR). */
  showClearance?: boolean;
}

const textareaClass = (invalid: boolean) => fieldClass(invalid, 'h-auto min-h-20 py-2');

/** 'Buat Program Latihan dengan AI' (spec §2 AI screens, §3 form fields, §5 AI form, §9 options). */
export function PlanFormDialog({
  today,
  initialValues,
  onValuesChange,
  onSubmit,
  onClose,
  pending,
  error,
  serverFieldErrors,
  refusal = null,
  onDismissRefusal,
  showClearance = false,
}: PlanFormDialogProps) {
  const ids = useId();
  const formId = `${ids}-form`;
  const fieldId = (path: string) => `${ids}-${path.replaceAll('.', '-')}`;
  const errorRef = useRef<HTMLDivElement>(null);
  const refusalRef = useRef<HTMLDivElement>(null);

  const resolver: Resolver<PlanFormValues, unknown, CreatePlanRequest> = async (values, _context, options) => {
    const check = checkPlanForm(values, today);
    if (check.ok) return { values: check.request, errors: {} };
    const flat = Object.fromEntries(Object.entries(check.errors).map(([path, message]) => [path, { type: 'validate', message }]));
    return { values: {}, errors: toNestErrors(flat, options) };
  };
  const { register, control, handleSubmit, watch, getValues, setValue, setError, formState } = useForm<PlanFormValues, unknown, CreatePlanRequest>({
    resolver,
    defaultValues: initialValues,
    // Fields register in render order, not page order: focus the first invalid control on the page instead.
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const personalBests = useFieldArray({ control, name: 'personalBests' });
  const errors: FieldErrors<PlanFormValues> = formState.errors;
  const err = (path: string): string | undefined => (get(errors, path) as { message?: string } | undefined)?.message;

  useEffect(() => {
    const subscription = watch(() => onValuesChange(getValues()));
    return () => subscription.unsubscribe();
  }, [watch, getValues, onValuesChange]);

  useEffect(() => {
    for (const [path, message] of Object.entries(serverFieldErrors ?? {})) setError(path as keyof PlanFormValues, { type: 'server', message });
  }, [serverFieldErrors, setError]);

  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  // A refusal replaces the plan the runner waited for: read it first (it sits above the form).
  useEffect(() => {
    if (refusal) refusalRef.current?.focus();
  }, [refusal]);

  const goal = watch('targetLatihan');
  const start = watch('tanggalMulai');
  const trainingDays = sortWeekdays(watch('hariLatihan') ?? [], weekdayNames);
  const noPersonalBests = watch('noPersonalBests');

  const focusFirstInvalid = () => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  const submitWith = (options?: { confirmInputs: true }) => handleSubmit((request) => (options ? onSubmit(request, options) : onSubmit(request)), focusFirstInvalid);
  const submit = submitWith();

  /** Leaves the refusal for a field of the form (focused once the panel above it is gone, so it scrolls into view). */
  const editField = (path: string | undefined) => {
    onDismissRefusal?.();
    requestAnimationFrame(() => {
      const target = path ? document.getElementById(fieldId(path)) : null;
      (target ?? formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]'))?.focus();
    });
  };
  const chooseAlternative = (alternative: GoalAlternative) => {
    for (const [name, value] of Object.entries(alternativeValues(alternative))) {
      setValue(name as keyof PlanFormValues, value as never, { shouldDirty: true });
    }
    void submitWith()();
  };
  const medicalClearance = watch('medicalClearance');
  const clearance = (
    <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-slate-300 bg-white p-3 text-sm font-semibold text-slate-900 has-focus-visible:ring-2 has-focus-visible:ring-brand-300">
      <input type="checkbox" className="mt-0.5 size-4 shrink-0 accent-brand-600" aria-describedby={`${fieldId('medicalClearance')}-hint`} {...register('medicalClearance')} />
      <span>
        {MEDICAL_CLEARANCE_LABEL}
        <span id={`${fieldId('medicalClearance')}-hint`} className="mt-0.5 block text-xs font-normal text-slate-600">
          Centang hanya bila dokter atau fisioterapis sudah memeriksa dan mengizinkan Anda berlari.
        </span>
      </span>
    </label>
  );

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      size="lg"
      title={PLAN_FORM_TITLE}
      initialFocus={refusal ? refusalRef : undefined}
      description="Isi data larimu; AI menyusun program yang aman dan sesuai targetmu."
      footer={
        <>
          {pending && (
            <p role="status" className="mr-auto flex items-center gap-2 text-sm text-slate-700">
              <Spinner className="size-4 text-brand-600" label="" />
              AI sedang menyusun programmu…
            </p>
          )}
          <Button variant="outline" onClick={onClose}>
            Batal
          </Button>
          <Button type="submit" form={formId} loading={pending}>
            {!pending && <Sparkles className="size-4" aria-hidden="true" />}
            Buat Program
          </Button>
        </>
      }
    >
      <form ref={formRef} id={formId} noValidate
        onSubmit={(event) => {
          // One request at a time (the refusal's own button stays enabled, to keep its focus).
          if (pending) event.preventDefault();
          else void submit(event);
        }}
        className="space-y-6" aria-busy={pending || undefined}>
        {refusal && (
          <RefusalPanel
            ref={refusalRef}
            refusal={refusal}
            pending={pending}
            onChooseAlternative={chooseAlternative}
            onEditForm={() => editField(goal === 'Race Selanjutnya' ? 'tanggalRace' : undefined)}
            onConfirmInputs={() => void submitWith({ confirmInputs: true })()}
            onFixInputs={(path) => editField(path ?? refusal.errors?.[0]?.path)}
            clearance={clearance}
            formId={formId}
          />
        )}
        <FormSection layout="group" title="Tentang kamu">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Umur" id={fieldId('umur')} error={err('umur')} mark="required">
              {(c) => <Input {...c} type="number" inputMode="numeric" min={10} max={90} placeholder="mis. 28" {...register('umur')} />}
            </FormField>
            <ChoiceGroup legend="Jenis kelamin" name="jenisKelamin" id={fieldId('jenisKelamin')} error={err('jenisKelamin')} options={genders} register={register} />
            <FormField label="Pengalaman lari" id={fieldId('runningExperience')} error={err('runningExperience')} mark="required">
              {(c) => (
                <Select {...c} {...register('runningExperience')}>
                  <option value="">Pilih pengalaman</option>
                  {experienceLevels.map((v) => (
                    <option key={v}>{v}</option>
                  ))}
                </Select>
              )}
            </FormField>
            <FormField label="Kemampuan lari" id={fieldId('kemampuanLari')} error={err('kemampuanLari')} mark="required">
              {(c) => (
                <Select {...c} {...register('kemampuanLari')}>
                  <option value="">Pilih kemampuan</option>
                  {abilityLevels.map((v) => (
                    <option key={v}>{v}</option>
                  ))}
                </Select>
              )}
            </FormField>
            <div className="sm:col-span-2">
              <FormField
                label="Riwayat cedera"
                id={fieldId('riwayatCidera')}
                error={err('riwayatCidera')}
                mark="optional"
                hint={err('riwayatCidera') ? undefined : 'mis. cedera lutut 6 bulan lalu, shin splints.'}
              >
                {(c) => <textarea {...c} rows={2} maxLength={500} className={textareaClass(!!err('riwayatCidera'))} {...register('riwayatCidera')} />}
              </FormField>
            </div>
            {/* Only for a runner the coach sent to a doctor (or who said so): not a box every runner ticks past. While the refusal is shown it sits there. */}
            {(showClearance || medicalClearance) && refusal?.code !== 'SEE_A_DOCTOR' && (
              <div className="sm:col-span-2" data-testid="medical-clearance">
                {clearance}
              </div>
            )}
          </div>
        </FormSection>

        <FormSection layout="group" title="Catatan lari">
          <fieldset aria-describedby={`${fieldId('personalBests')}-hint`}>
            <legend className="text-sm font-semibold text-slate-800">
              Catatan waktu terbaik <span aria-hidden="true" className="text-red-600">*</span>
            </legend>
            <p id={`${fieldId('personalBests')}-hint`} className="text-xs text-slate-600">
              Waktu terbaikmu per jarak, dipakai untuk menghitung pace latihan.
            </p>
            {!noPersonalBests && (
              <ol className="mt-2 space-y-3">
                {personalBests.fields.map((row, index) => (
                  <li key={row.id} className="flex items-start gap-2" data-testid="personal-best-row">
                    <div className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)_minmax(0,8.5rem)] gap-2">
                      <FormField label={`Jarak ${index + 1}`} id={fieldId(`personalBests.${index}.distance`)} error={err(`personalBests.${index}.distance`)}>
                        {(c) => (
                          <Select {...c} {...register(`personalBests.${index}.distance`)}>
                            <option value="">Pilih jarak</option>
                            {raceDistances.map((v) => (
                              <option key={v}>{v}</option>
                            ))}
                          </Select>
                        )}
                      </FormField>
                      <FormField label={`Waktu ${index + 1}`} id={fieldId(`personalBests.${index}.time`)} error={err(`personalBests.${index}.time`)}>
                        {(c) => <Input {...c} inputMode="numeric" autoComplete="off" placeholder="hh:mm:ss" {...register(`personalBests.${index}.time`)} />}
                      </FormField>
                    </div>
                    {personalBests.fields.length > 1 && (
                      <button
                        type="button"
                        onClick={() => personalBests.remove(index)}
                        className="mt-6 flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-red-50 hover:text-red-700"
                        aria-label={`Hapus catatan ${index + 1}`}
                      >
                        <Trash2 className="size-4" aria-hidden="true" />
                      </button>
                    )}
                  </li>
                ))}
              </ol>
            )}
            <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
              <label className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" className="size-4 accent-brand-600" {...register('noPersonalBests')} />
                Belum punya catatan waktu
              </label>
              {!noPersonalBests && personalBests.fields.length < MAX_PERSONAL_BESTS && (
                <Button variant="outline" size="sm" onClick={() => personalBests.append(emptyPersonalBest())}>
                  <Plus className="size-4" aria-hidden="true" />
                  Tambah catatan
                </Button>
              )}
            </div>
          </fieldset>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <FormField
              label="Jarak mingguan (km)"
              id={fieldId('jarakMingguan')}
              error={err('jarakMingguan')}
              mark="required"
              hint={err('jarakMingguan') ? undefined : 'Rata-rata 4 minggu terakhir.'}
            >
              {(c) => <Input {...c} inputMode="decimal" autoComplete="off" placeholder="mis. 20" {...register('jarakMingguan')} />}
            </FormField>
            <FormField
              label="Lari terjauh (km)"
              id={fieldId('lariTerjauh')}
              error={err('lariTerjauh')}
              mark="required"
              hint={err('lariTerjauh') ? undefined : 'Dalam 4 minggu terakhir.'}
            >
              {(c) => <Input {...c} inputMode="decimal" autoComplete="off" placeholder="mis. 10" {...register('lariTerjauh')} />}
            </FormField>
          </div>
        </FormSection>

        <FormSection layout="group" title="Target">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Tanggal mulai" id={fieldId('tanggalMulai')} error={err('tanggalMulai')} mark="required">
              {(c) => <Input {...c} type="date" min={today} {...register('tanggalMulai')} />}
            </FormField>
          </div>
          <fieldset className="mt-4" aria-describedby={err('targetLatihan') ? `${fieldId('targetLatihan')}-error` : undefined}>
            <legend className="text-sm font-semibold text-slate-800">
              Target latihan <span aria-hidden="true" className="text-red-600">*</span>
            </legend>
            <div className="mt-1 grid gap-2 sm:grid-cols-2">
              {(
                [
                  ['Menjaga Kebugaran', 'Program 4 minggu untuk tetap bugar.'],
                  ['Race Selanjutnya', 'Program menuju hari race-mu.'],
                ] as const
              ).map(([value, hint]) => (
                <label
                  key={value}
                  className={cn(
                    'flex cursor-pointer gap-3 rounded-xl border p-3 text-sm has-focus-visible:ring-2 has-focus-visible:ring-brand-200',
                    goal === value ? 'border-brand-500 bg-brand-50' : 'border-slate-200 hover:bg-slate-50',
                  )}
                >
                  <input
                    type="radio"
                    value={value}
                    aria-invalid={err('targetLatihan') ? true : undefined}
                    className="mt-0.5 size-4 accent-brand-600"
                    {...register('targetLatihan')}
                  />
                  <span>
                    <span className="block font-semibold text-slate-900">{value}</span>
                    <span className="text-slate-600">{hint}</span>
                  </span>
                </label>
              ))}
            </div>
            <FieldError id={`${fieldId('targetLatihan')}-error`} message={err('targetLatihan')} />
          </fieldset>

          {goal === 'Race Selanjutnya' && (
            <div className="mt-4 grid gap-4 rounded-xl bg-slate-50 p-3 sm:grid-cols-2 sm:p-4" data-testid="race-fields">
              <FormField label="Tanggal race" id={fieldId('tanggalRace')} error={err('tanggalRace')} mark="required">
                {(c) => (
                  <Input
                    {...c}
                    type="date"
                    min={start && start >= today ? start : today}
                    max={start ? addDays(start, MAX_PROGRAMME_WEEKS * 7) : undefined}
                    {...register('tanggalRace')}
                  />
                )}
              </FormField>
              <FormField label="Kategori target race" id={fieldId('kategoriTargetRace')} error={err('kategoriTargetRace')} mark="required">
                {(c) => (
                  <Select {...c} {...register('kategoriTargetRace')}>
                    <option value="">Pilih kategori</option>
                    {raceDistances.map((v) => (
                      <option key={v}>{v}</option>
                    ))}
                  </Select>
                )}
              </FormField>
              <FormField
                label="Target waktu"
                id={fieldId('targetWaktu')}
                error={err('targetWaktu')}
                mark="required"
                hint={err('targetWaktu') ? undefined : 'Format hh:mm:ss, mis. 00:55:00.'}
              >
                {(c) => <Input {...c} inputMode="numeric" autoComplete="off" placeholder="hh:mm:ss" {...register('targetWaktu')} />}
              </FormField>
            </div>
          )}
          {goal === 'Menjaga Kebugaran' && (
            <div className="mt-4 grid gap-4 sm:grid-cols-2" data-testid="fitness-fields">
              <FormField label="Fokus kebugaran" id={fieldId('kebugaranFocus')} error={err('kebugaranFocus')} mark="required">
                {(c) => (
                  <Select {...c} {...register('kebugaranFocus')}>
                    <option value="">Pilih fokus</option>
                    {fitnessFocuses.map((v) => (
                      <option key={v}>{v}</option>
                    ))}
                  </Select>
                )}
              </FormField>
            </div>
          )}
        </FormSection>

        <FormSection layout="group" title="Jadwal">
          <fieldset aria-describedby={err('hariLatihan') ? `${fieldId('hariLatihan')}-error` : undefined}>
            <legend className="text-sm font-semibold text-slate-800">
              Hari latihan <span aria-hidden="true" className="text-red-600">*</span>
            </legend>
            <div className="mt-1 grid grid-cols-7 gap-1.5">
              {weekdayNames.map((day, i) => (
                <label key={day} className={toggleClass(trainingDays.includes(day), !!err('hariLatihan'))}>
                  <input
                    type="checkbox"
                    value={day}
                    aria-invalid={err('hariLatihan') ? true : undefined}
                    className="sr-only"
                    {...register('hariLatihan', {
                      // The long-run day is one of the training days: unticking it clears the choice.
                      onChange: () => {
                        const days = getValues('hariLatihan') ?? [];
                        if (!days.includes(getValues('hariLongRun'))) setValue('hariLongRun', '');
                      },
                    })}
                  />
                  <span aria-hidden="true">{WEEKDAY_SHORT_NAMES[i]}</span>
                  <span className="sr-only">{day}</span>
                </label>
              ))}
            </div>
            <FieldError id={`${fieldId('hariLatihan')}-error`} message={err('hariLatihan')} />
          </fieldset>

          <fieldset
            className="mt-4"
            aria-describedby={err('hariLongRun') ? `${fieldId('hariLongRun')}-error` : trainingDays.length === 0 ? `${fieldId('hariLongRun')}-hint` : undefined}
          >
            <legend className="text-sm font-semibold text-slate-800">
              Hari long run <span aria-hidden="true" className="text-red-600">*</span>
            </legend>
            {trainingDays.length === 0 ? (
              <p id={`${fieldId('hariLongRun')}-hint`} className="mt-1 text-sm text-slate-600">
                Pilih hari latihan dulu; long run dilakukan di salah satunya.
              </p>
            ) : (
              <div className="mt-1 flex flex-wrap gap-1.5">
                {trainingDays.map((day) => (
                  <label key={day} className={cn(toggleClass(watch('hariLongRun') === day, !!err('hariLongRun')), 'px-3')}>
                    <input type="radio" value={day} aria-invalid={err('hariLongRun') ? true : undefined} className="sr-only" {...register('hariLongRun')} />
                    {day}
                  </label>
                ))}
              </div>
            )}
            <FieldError id={`${fieldId('hariLongRun')}-error`} message={err('hariLongRun')} />
          </fieldset>

          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <ChoiceGroup
              legend="Akses ke trek lari"
              name="aksesTrek"
              id={fieldId('aksesTrek')}
              error={err('aksesTrek')}
              options={trackAccessOptions}
              register={register}
            />
          </div>
          <div className="mt-4">
            <FormField
              label="Catatan lainnya"
              id={fieldId('catatanLainnya')}
              error={err('catatanLainnya')}
              mark="optional"
              hint={err('catatanLainnya') ? undefined : 'mis. hanya bisa lari pagi, sering dinas ke luar kota.'}
            >
              {(c) => <textarea {...c} rows={2} maxLength={500} className={textareaClass(!!err('catatanLainnya'))} {...register('catatanLainnya')} />}
            </FormField>
          </div>
        </FormSection>

        {error && (
          <Alert ref={errorRef} tone="error">
            {error}
          </Alert>
        )}
      </form>
    </Dialog>
  );
}

function toggleClass(checked: boolean, invalid: boolean) {
  return cn(
    'flex h-11 cursor-pointer items-center justify-center rounded-lg border text-sm font-semibold transition-colors select-none',
    'has-focus-visible:ring-2 has-focus-visible:ring-brand-300',
    checked ? 'border-brand-600 bg-brand-600 text-white' : invalid ? 'border-red-400 bg-white text-slate-700' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
  );
}

/** A few options as radio buttons in a row (gender, track access). */
function ChoiceGroup({
  legend,
  name,
  id,
  error,
  options,
  register,
}: {
  legend: string;
  name: 'jenisKelamin' | 'aksesTrek';
  id: string;
  error?: string;
  options: readonly string[];
  register: UseFormRegister<PlanFormValues>;
}) {
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} className="min-w-0">
      <legend className="text-sm font-semibold text-slate-800">
        {legend} <span aria-hidden="true" className="text-red-600">*</span>
      </legend>
      <div className="mt-1 grid grid-cols-2 gap-1.5">
        {options.map((option) => (
          <label
            key={option}
            className={cn(
              'flex h-11 cursor-pointer items-center justify-center gap-2 rounded-lg border px-3 text-sm font-semibold text-slate-700',
              'has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-800 has-focus-visible:ring-2 has-focus-visible:ring-brand-200',
              error ? 'border-red-400' : 'border-slate-300 hover:bg-slate-50',
            )}
          >
            <input type="radio" value={option} aria-invalid={error ? true : undefined} className="size-4 accent-brand-600" {...register(name)} />
            {option}
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
