import '../../../../domain/shared/zod-locale';
import { useEffect, useId, useRef, useState, type ClipboardEvent, type FormEvent, type ReactNode } from 'react';
import type { RegistrationEvent } from '../../../../domain/events/contract';
import type { CreatedRegistration, WaitingOffer } from '../../../../domain/registrations/contract';
import { bloodTypes, identityTypes, registrationTotal, sexes, tshirtSizes } from '../../../../domain/registrations/registrations';
import { formatRupiah } from '../../../../domain/shared/money';
import { jakartaToday } from '../../../../domain/shared/wire-date';
import { paymentOptionLabels } from '../../../../domain/payments/payments';
import {
  bibPasteError,
  categoryIsFull,
  choiceErrors,
  registrationMessages,
  runnerDataInputSchema,
  suggestedEmail,
  type ChoiceField,
  type RegistrationPayloadInput,
} from '../../../../domain/registrations/registration-form';
import { BIB_NAME_MAX } from '../../../../domain/registrations/registrations';
import { ApiError } from '../../../api/client';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { cn } from '../../../components/cn';
import { FormField } from '../../../components/form-field';
import { FieldError, Input, Select } from '../../../components/input';
import { CategoryChip } from '../../../components/category-chip';
import { CheckCircle2 } from 'lucide-react';
import { Spinner } from '../../../components/spinner';
import { challengeFailedMessage } from './challenge-solver';
import { useCreateRegistration } from './registrations-api';
import { useRegistrationChallenge } from './use-registration-challenge';
import { WaiverText } from './waiver';
import { loadDraft, retryDelayMs, saveDraft } from './registration-draft';
import { ErrorSummary, type SummaryItem } from './error-summary';
import { RetryNotice, type PendingRetry } from './retry-notice';
import { useSchemaForm } from './use-schema-form';
import { EmailCodeField } from './email-code-field';

/** A 'Daftar Tunggu' claim link's offer, with its token (sent as `waitingOffer`). */
export type ClaimedOffer = WaitingOffer & { token: string };

type RunnerField = keyof typeof runnerDataInputSchema.shape;

/** The form's own values: each runner field as typed (a select not chosen yet is ''), then the choices below them. */
type RegistrationFormValues = Record<RunnerField, string> & { categoryId: string; paymentMethod: string; agree: boolean };

const emptyRunner: Record<RunnerField, string> = {
  email: '',
  phone: '',
  fullName: '',
  bibName: '',
  community: '',
  bloodType: '',
  tshirtSize: '',
  sex: '',
  dob: '',
  identityType: '',
  identityNo: '',
  emergencyName: '',
  emergencyContact: '',
  medicalNotes: '',
};
const runnerFields = Object.keys(emptyRunner) as RunnerField[];

/** The labels the fields show, also the error summary's words for them. */
const fieldLabels: Record<RunnerField | ChoiceField, string> = {
  email: 'Email',
  phone: 'Nomor Telepon',
  fullName: 'Nama Lengkap',
  bibName: 'Nama BIB',
  community: 'Komunitas',
  bloodType: 'Golongan Darah',
  tshirtSize: 'Ukuran Kaos',
  sex: 'Jenis Kelamin',
  dob: 'Tanggal Lahir',
  identityType: 'Jenis Identitas',
  identityNo: 'Nomor Identitas',
  emergencyName: 'Nama Kontak Darurat',
  emergencyContact: 'Nomor Kontak Darurat',
  medicalNotes: 'Catatan Medis',
  categoryId: 'Kategori Lomba',
  paymentMethod: 'Metode Pembayaran',
  agree: 'Syarat & Ketentuan',
};
/** Top to bottom as on the page: the order of the error summary and of "the first wrong field". */
const pageOrder: (RunnerField | ChoiceField)[] = [...runnerFields, 'categoryId', 'paymentMethod', 'agree'];

/** DD-MM-YYYY (the payload) ⇄ YYYY-MM-DD (the date input). */
const dobToInput = (dob: string) => (/^\d{2}-\d{2}-\d{4}$/.test(dob) ? `${dob.slice(6)}-${dob.slice(3, 5)}-${dob.slice(0, 2)}` : '');
const inputToDob = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value.slice(8)}-${value.slice(5, 7)}-${value.slice(0, 4)}` : '');
const todayInput = () => jakartaToday();

/** Keeps what a phone field may hold: digits and plus signs (§5). */
const phoneChars = (value: string) => value.replace(/[^0-9+]/g, '');

/** A 503 (server busy, database unreachable) or no answer at all: worth trying again by itself. */
const isRetryable = (error: unknown) => (error instanceof ApiError ? error.status === 503 : error instanceof TypeError);

export function RegistrationForm({
  event,
  onRegistered,
  offer = null,
}: {
  event: RegistrationEvent;
  onRegistered: (created: CreatedRegistration) => void;
  /** Opened from a claim link: the offered category and the offer's name and email, fixed. */
  offer?: ClaimedOffer | null;
}) {
  const ids = useId();
  const draftKey = event._id || event.eventId;
  // What the runner typed survives a reload of this tab (a rush is when people reload).
  const [initialValues] = useState<RegistrationFormValues>(() => {
    const draft = loadDraft<RegistrationFormValues>(draftKey, { ...emptyRunner, categoryId: '', paymentMethod: '', agree: false });
    return {
      ...draft,
      categoryId: event.categories.some((c) => c.categoryId === draft.categoryId) ? draft.categoryId : '',
      paymentMethod: (event.paymentOptions as string[]).includes(draft.paymentMethod) ? draft.paymentMethod : '',
      ...(offer ? { categoryId: offer.categoryId, email: offer.email, fullName: draft.fullName || offer.fullName } : {}),
    };
  });
  // The domain's runner schema checks the runner fields; the choices below them pass through. What
  // is sent is what the runner typed (the server trims and fills in the optional fields itself). No
  // automatic checks: a field is checked when it is left (below) and the whole form on submit.
  const { values, errors, getValues, setValue, setError, errorOf, check } = useSchemaForm<RegistrationFormValues, RunnerField>(
    runnerDataInputSchema,
    initialValues,
  );
  const [alert, setAlert] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const create = useCreateRegistration();
  // The proof of work is solved while the runner fills in the form; the submit only waits if it is not done yet.
  const challenge = useRegistrationChallenge(event._id || event.eventId);
  // The server asked for a harder proof of work (more unpaid holds from this address): said politely while it is solved.
  const [reverifying, setReverifying] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  // A registration refused because the servers are busy (or unreachable) is sent again by itself.
  const [retry, setRetry] = useState<PendingRetry | null>(null);
  // The organizer's email code (decision 033); a claim link already proved the mailbox.
  const codeRequired = event.emailCodeRequired && !offer;
  const [emailCode, setEmailCode] = useState('');
  const [emailCodeProblem, setEmailCodeProblem] = useState<string | undefined>();
  const emailCodeId = `${ids}-emailCode`;

  useEffect(() => {
    saveDraft(draftKey, values);
  }, [values, draftKey]);

  const hasOptions = event.paymentOptions.length > 0;
  const category = event.categories.find((c) => c.categoryId === values.categoryId) ?? null;
  const busy = create.isPending || verifying;
  // Category, payment method and terms, checked on submit like the fields; each clears once chosen.
  const [choiceProblems, setChoiceProblems] = useState<Partial<Record<ChoiceField, string>>>({});
  // The error summary at the top, shown from a submit with errors (remounted on each, so it is announced again).
  const [summaryShown, setSummaryShown] = useState(0);
  const emailSuggestion = errors.email ? suggestedEmail(values.email) : null;

  useEffect(() => {
    setChoiceProblems((shown) => {
      if (Object.keys(shown).length === 0) return shown;
      const now = choiceErrors(
        { categoryId: values.categoryId, paymentMethod: values.paymentMethod, agree: values.agree },
        hasOptions,
      );
      const still = Object.fromEntries(Object.keys(shown).flatMap((k) => (now[k as ChoiceField] ? [[k, now[k as ChoiceField]]] : [])));
      return Object.keys(still).length === Object.keys(shown).length ? shown : still;
    });
  }, [values.categoryId, values.paymentMethod, values.agree, hasOptions]);

  const problemOf = (field: RunnerField | ChoiceField): string | undefined =>
    field in emptyRunner ? errors[field as RunnerField] : choiceProblems[field as ChoiceField];
  const summaryItems: SummaryItem[] = pageOrder.flatMap((field) => {
    const message = problemOf(field);
    return message ? [{ id: controlId(field), label: fieldLabels[field], message }] : [];
  });

  /** The control a summary link (and the submit) moves to; for a choice, its first open option. */
  function controlId(field: RunnerField | ChoiceField) {
    return `${ids}-${field}`;
  }

  function focusField(id: string) {
    // Focusing scrolls the field into view.
    document.getElementById(id)?.focus();
  }

  /** An error already shown follows the typing, so it disappears as soon as the value is right. */
  function followError(field: RunnerField) {
    if (errorOf(field)) check(field);
  }

  /** Leaving a field checks it; an empty one only when it already showed an error (the email always). */
  function checkOnLeave(field: RunnerField) {
    if (field !== 'email' && getValues()[field].trim() === '' && !errorOf(field)) return;
    check(field);
  }

  /** A runner field's value and handlers, spread on its input or select. */
  const runnerField = (field: RunnerField, filter?: (value: string) => string) => ({
    name: field,
    value: values[field],
    onChange: (e: { currentTarget: { value: string } }) => {
      const kept = filter ? filter(e.currentTarget.value) : e.currentTarget.value;
      // A refused character leaves the state as it was, so nothing re-renders to take it out.
      if (kept !== e.currentTarget.value) e.currentTarget.value = kept;
      setValue(field, kept);
      followError(field);
    },
    onBlur: () => checkOnLeave(field),
  });

  /** Category and payment method: one radio per option; choosing one clears the alert. */
  const choiceRadio = (field: 'categoryId' | 'paymentMethod', value: string) => ({
    type: 'radio' as const,
    name: field,
    value,
    checked: values[field] === value,
    onChange: () => {
      setValue(field, value);
      setAlert(null);
    },
  });

  function showAlert(message: string) {
    setAlert(message);
    requestAnimationFrame(() => alertRef.current?.focus());
  }

  /** One tap on 'Gunakan …': the suggested address replaces the typed one and is checked again. */
  function applyEmailSuggestion(email: string) {
    setValue('email', email);
    check('email');
    focusField(controlId('email'));
  }

  /** A paste the BIB name cannot hold is refused whole, with why, instead of being cut by maxLength. */
  function onBibPaste(e: ClipboardEvent<HTMLInputElement>) {
    const input = e.currentTarget;
    const problem = bibPasteError(input.value, { start: input.selectionStart ?? input.value.length, end: input.selectionEnd ?? input.value.length }, e.clipboardData.getData('text'));
    if (!problem) return;
    e.preventDefault();
    setError('bibName', problem);
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setAlert(null);
    setRetry(null);
    const current = getValues();
    const choices = choiceErrors(current, hasOptions);
    // Every field at once, errors under each; the summary lists them and the first one gets the focus.
    const fieldsValid = check(runnerFields);
    setChoiceProblems(choices);
    const first = pageOrder.find((f) => (f in emptyRunner ? errorOf(f as RunnerField) : choices[f as ChoiceField]));
    if (!fieldsValid || first) {
      setSummaryShown((n) => n + 1);
      if (first) requestAnimationFrame(() => focusField(controlId(first)));
      return;
    }
    setSummaryShown(0);
    if (codeRequired && !/^\d{6}$/.test(emailCode)) {
      setEmailCodeProblem(emailCode ? registrationMessages.emailCodeFormat : 'Masukkan kode verifikasi 6 digit yang kami kirim ke email Anda.');
      requestAnimationFrame(() => focusField(emailCodeId));
      return;
    }
    setEmailCodeProblem(undefined);
    const chosen = event.categories.find((c) => c.categoryId === current.categoryId)!;
    const payload: RegistrationPayloadInput = {
      // The database id names exactly one event; a slug or code could also be another event's.
      eventId: event._id || event.eventId,
      categoryId: chosen.categoryId,
      runnerData: Object.fromEntries(runnerFields.map((f) => [f, current[f]])) as RegistrationPayloadInput['runnerData'],
      ...(current.paymentMethod ? { paymentMethod: current.paymentMethod as RegistrationPayloadInput['paymentMethod'] } : {}),
      ...(codeRequired ? { emailCode } : {}),
      ...(offer ? { waitingOffer: offer.token } : {}),
    };
    return send(payload);
  }

  async function send(payload: RegistrationPayloadInput, harderTries = 0) {
    let altcha: string | undefined;
    setVerifying(true);
    try {
      altcha = await challenge.take();
    } catch {
      return showAlert(challengeFailedMessage);
    } finally {
      setVerifying(false);
    }
    create.mutate(altcha ? { ...payload, altcha } : payload, {
      onSuccess: (created) => {
        setReverifying(null);
        if (!created?.registration?.registrationId) return showAlert('Terjadi kesalahan saat mendaftar: Gagal mendapatkan ID pendaftaran.');
        if (event.paymentType === 'platform' && !created.payment_url) return showAlert('Terjadi kesalahan saat mendaftar: Gagal mendapatkan URL pembayaran.');
        // The draft stays until the registration is paid: a failed or abandoned payment is retried without typing again.
        onRegistered(created);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'CHALLENGE_TOO_EASY' && harderTries < 3) {
          // Solve the harder challenge and send the same form again, without the runner doing anything.
          setReverifying(error.message);
          challenge.renew();
          return void send(payload, harderTries + 1);
        }
        setReverifying(null);
        if (isRetryable(error)) {
          // Never a raw error here: a calm notice, the form as typed, and a retry after Retry-After (with jitter).
          const busy = error instanceof ApiError && error.code === 'REGISTRATION_BUSY';
          const retryAfter = error instanceof ApiError ? error.retryAfter : undefined;
          return setRetry({ payload, dueAt: Date.now() + retryDelayMs(retryAfter), busy });
        }
        if (error instanceof ApiError && error.code?.startsWith('EMAIL_CODE_')) {
          // Said under the code field, where it is fixed.
          setEmailCodeProblem(error.message);
          return requestAnimationFrame(() => focusField(emailCodeId));
        }
        const message = error instanceof ApiError ? error.message : 'Gagal melakukan pendaftaran.';
        showAlert(`Terjadi kesalahan saat mendaftar: ${message}`);
      },
    });
  }

  const text = (
    field: RunnerField,
    opts: {
      type?: string;
      autoComplete?: string;
      inputMode?: 'tel' | 'email' | 'text';
      hint?: ReactNode;
      maxLength?: number;
      optional?: boolean;
      placeholder?: string;
      onPaste?: (e: ClipboardEvent<HTMLInputElement>) => void;
      readOnly?: boolean;
    } = {},
  ) => (
    <FormField layout="page" id={controlId(field)} label={fieldLabels[field]} mark={opts.optional ? 'optional' : 'required'} hint={opts.hint} error={errors[field]}>
      {(fieldControl) => (
        <Input
          {...fieldControl}
          type={opts.type ?? 'text'}
          inputMode={opts.inputMode}
          autoComplete={opts.autoComplete}
          maxLength={opts.maxLength}
          placeholder={opts.placeholder}
          onPaste={opts.onPaste}
          readOnly={opts.readOnly}
          className={opts.readOnly ? 'bg-slate-100' : undefined}
          required={!opts.optional}
          {...runnerField(field, field === 'phone' || field === 'emergencyContact' ? phoneChars : undefined)}
        />
      )}
    </FormField>
  );

  const select = (field: RunnerField, options: readonly string[]) => (
    <FormField layout="page" id={controlId(field)} label={fieldLabels[field]} mark="required" error={errors[field]}>
      {(fieldControl) => (
        <Select {...fieldControl} required {...runnerField(field)}>
          <option value="">Pilih {fieldLabels[field].toLowerCase()}</option>
          {options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </Select>
      )}
    </FormField>
  );

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-8" aria-label={`Formulir pendaftaran ${event.name}`}>
      {summaryShown > 0 && summaryItems.length > 0 && (
        <ErrorSummary key={summaryShown} title={registrationMessages.errorSummaryTitle(summaryItems.length)} items={summaryItems} onSelect={focusField} />
      )}
      <FormSection title="Data Pelari" description="Isi sesuai identitas resmi. Kolom bertanda * wajib diisi.">
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            {text('email', { type: 'email', autoComplete: 'email', inputMode: 'email', placeholder: 'nama@gmail.com', hint: offer ? 'Email penerima tautan klaim (tidak dapat diubah).' : 'Konfirmasi dan kode QR dikirim ke email ini.', readOnly: !!offer })}
            {emailSuggestion && (
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="mt-2 h-auto! min-h-9 max-w-full py-1.5 text-left [overflow-wrap:anywhere]"
                onClick={() => applyEmailSuggestion(emailSuggestion)}
                // The <wbr> below would put a space into the spoken address.
                aria-label={registrationMessages.useSuggestedEmail(emailSuggestion)}
              >
                {/* A long address wraps after its @ rather than anywhere. */}
                {registrationMessages.useSuggestedEmail(emailSuggestion).split('@')[0]}@
                <wbr />
                {emailSuggestion.split('@')[1]}
              </Button>
            )}
          </div>
          {text('phone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel', placeholder: '081234567890', maxLength: 20 })}
          {text('fullName', { autoComplete: 'name', maxLength: 100 })}
          {text('bibName', {
            maxLength: BIB_NAME_MAX,
            onPaste: onBibPaste,
            hint: (
              <span className="flex items-start justify-between gap-3">
                <span>Nama pada nomor dada, maksimal {BIB_NAME_MAX} karakter.</span>
                <span className={cn('shrink-0 font-mono tabular-nums', values.bibName.length >= BIB_NAME_MAX ? 'font-semibold text-slate-900' : '')} data-testid="bib-counter">
                  <span className="sr-only">Terisi </span>
                  {values.bibName.length}/{BIB_NAME_MAX}
                </span>
              </span>
            ),
          })}
          {text('community', { optional: true, maxLength: 100 })}
          {select('bloodType', bloodTypes)}
          {select('tshirtSize', tshirtSizes)}
          {select('sex', sexes)}
          <FormField layout="page" id={controlId('dob')} label={fieldLabels.dob} mark="required" error={errors.dob}>
            {(fieldControl) => (
              <Input
                {...fieldControl}
                name="dob"
                type="date"
                max={todayInput()}
                min="1900-01-01"
                autoComplete="bday"
                required
                // The date input speaks YYYY-MM-DD, the payload DD-MM-YYYY.
                value={dobToInput(values.dob)}
                onChange={(e) => {
                  setValue('dob', inputToDob(e.currentTarget.value));
                  followError('dob');
                }}
                onBlur={() => checkOnLeave('dob')}
              />
            )}
          </FormField>
          {select('identityType', identityTypes)}
          {text('identityNo', { maxLength: 50 })}
        </div>
      </FormSection>

      <FormSection title="Kontak Darurat & Kesehatan">
        <div className="grid gap-4 sm:grid-cols-2">
          {text('emergencyName', { maxLength: 100 })}
          {text('emergencyContact', { type: 'tel', inputMode: 'tel', maxLength: 20, placeholder: '081234567890' })}
          <div className="sm:col-span-2">
            <FormField
              layout="page"
              id={controlId('medicalNotes')}
              label={fieldLabels.medicalNotes}
              mark="optional"
              hint="Alergi, kondisi jantung, asma, obat rutin, dan sebagainya."
              error={errors.medicalNotes}
            >
              {(fieldControl) => (
                <textarea
                  {...fieldControl}
                  rows={3}
                  maxLength={500}
                  name="medicalNotes"
                  value={values.medicalNotes}
                  onChange={(e) => {
                    setValue('medicalNotes', e.currentTarget.value);
                    followError('medicalNotes');
                  }}
                  className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
                />
              )}
            </FormField>
          </div>
        </div>
      </FormSection>

      <FormSection title="Kategori Lomba">
        <fieldset aria-describedby={choiceProblems.categoryId ? `${controlId('categoryId')}-error` : undefined}>
          <legend className="sr-only">Pilih kategori</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {event.categories.map((c) => {
              // A claim link's slot is kept for this runner in its category only.
              const reserved = offer?.categoryId === c.categoryId;
              const full = offer ? !reserved : categoryIsFull(c);
              const firstOpen = offer ? reserved : c === event.categories.find((x) => !categoryIsFull(x));
              const left = Math.max(c.slots - c.sold, 0);
              return (
                <label
                  key={c.categoryId}
                  className={cn(
                    'relative flex gap-3 rounded-xl border-2 p-4 transition-colors',
                    full ? 'cursor-not-allowed border-slate-200 bg-slate-50 opacity-70' : 'cursor-pointer hover:border-brand-300',
                    values.categoryId === c.categoryId ? 'border-brand-600 bg-brand-50' : !full && (choiceProblems.categoryId ? 'border-red-300 bg-white' : 'border-slate-200 bg-white'),
                  )}
                >
                  <input
                    {...choiceRadio('categoryId', c.categoryId)}
                    disabled={full}
                    id={firstOpen ? controlId('categoryId') : undefined}
                    aria-describedby={choiceProblems.categoryId ? `${controlId('categoryId')}-error` : undefined}
                    className="mt-1 size-4 shrink-0 accent-brand-600"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="flex flex-wrap items-center gap-2">
                      <CategoryChip name={c.name} />
                      {reserved ? (
                        <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-bold text-green-800">Disimpan untuk Anda</span>
                      ) : categoryIsFull(c) ? (
                        <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-bold text-red-800">Slot Habis</span>
                      ) : (
                        <span className="text-xs text-slate-600">Sisa {left} slot</span>
                      )}
                    </span>
                    {c.description && <span className="mt-1.5 block text-sm text-slate-600">{c.description}</span>}
                    <span className="mt-2 flex flex-wrap items-baseline gap-x-2 text-base font-bold text-slate-900">
                      {formatRupiah(c.price)}
                      {c.originalPrice && c.originalPrice > c.price && (
                        <s className="text-sm font-normal text-slate-500">
                          <span className="sr-only">harga normal </span>
                          {formatRupiah(c.originalPrice)}
                        </s>
                      )}
                      {c.earlyBird && <span className="text-xs font-semibold text-green-700">Early bird</span>}
                    </span>
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
        <FieldError id={`${controlId('categoryId')}-error`} message={choiceProblems.categoryId} />
      </FormSection>

      {hasOptions && (
        <FormSection title="Metode Pembayaran">
          <fieldset aria-describedby={choiceProblems.paymentMethod ? `${controlId('paymentMethod')}-error` : undefined}>
            <legend className="sr-only">Pilih metode pembayaran</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {event.paymentOptions.map((key, i) => (
                <label
                  key={key}
                  className={cn(
                    'flex cursor-pointer items-center gap-3 rounded-xl border-2 px-4 py-3 text-sm font-semibold transition-colors hover:border-brand-300',
                    values.paymentMethod === key
                      ? 'border-brand-600 bg-brand-50 text-slate-900'
                      : cn('bg-white text-slate-800', choiceProblems.paymentMethod ? 'border-red-300' : 'border-slate-200'),
                  )}
                >
                  <input
                    {...choiceRadio('paymentMethod', key)}
                    id={i === 0 ? controlId('paymentMethod') : undefined}
                    aria-describedby={choiceProblems.paymentMethod ? `${controlId('paymentMethod')}-error` : undefined}
                    className="size-4 shrink-0 accent-brand-600"
                  />
                  {paymentOptionLabels[key]}
                </label>
              ))}
            </div>
          </fieldset>
          <FieldError id={`${controlId('paymentMethod')}-error`} message={choiceProblems.paymentMethod} />
        </FormSection>
      )}

      {codeRequired && (
        <FormSection title="Verifikasi Pendaftar">
          <EmailCodeField
            id={emailCodeId}
            eventId={event._id || event.eventId}
            email={values.email}
            checkEmail={() => check(['email'])}
            value={emailCode}
            onChange={(code) => {
              setEmailCode(code);
              if (emailCodeProblem && /^\d{6}$/.test(code)) setEmailCodeProblem(undefined);
            }}
            error={emailCodeProblem}
          />
        </FormSection>
      )}

      <FormSection title="Syarat & Ketentuan">
        <WaiverText id={`${ids}-waiver`} />
        <label className="mt-4 flex cursor-pointer items-start gap-3 text-sm text-slate-800">
          <input
            type="checkbox"
            id={controlId('agree')}
            aria-describedby={choiceProblems.agree ? `${ids}-waiver ${controlId('agree')}-error` : `${ids}-waiver`}
            aria-invalid={choiceProblems.agree ? true : undefined}
            className="mt-0.5 size-5 shrink-0 accent-brand-600"
            name="agree"
            checked={values.agree}
            onChange={(e) => {
              setValue('agree', e.currentTarget.checked);
              setAlert(null);
            }}
          />
          <span>Saya telah membaca, memahami, dan menyetujui seluruh Syarat & Ketentuan di atas.</span>
        </label>
        <FieldError id={`${controlId('agree')}-error`} message={choiceProblems.agree} />
      </FormSection>

      <section aria-labelledby={`${ids}-summary`} className="rounded-2xl border border-slate-200 bg-slate-50 p-5">
        <h2 id={`${ids}-summary`} className="text-base font-bold text-slate-900">
          Rincian Biaya
        </h2>
        <dl className="mt-3 space-y-2 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">Biaya event{category ? ` (${category.name})` : ''}</dt>
            <dd className="font-semibold text-slate-900">{category ? formatRupiah(category.price) : '-'}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">Biaya platform</dt>
            <dd className="font-semibold text-slate-900">{category ? formatRupiah(category.adminFee) : '-'}</dd>
          </div>
          <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-base">
            <dt className="font-bold text-slate-900">Total</dt>
            <dd className="font-extrabold text-brand-700" aria-live="polite">
              {category ? formatRupiah(registrationTotal(category)) : '-'}
            </dd>
          </div>
        </dl>
      </section>

      {retry && (
        <RetryNotice
          retry={retry}
          onRetry={() => {
            setRetry(null);
            // A fresh proof of work each time: a refused request may already have used its one.
            void send(retry.payload);
          }}
          onCancel={() => setRetry(null)}
        />
      )}

      {reverifying && <Alert tone="info">{reverifying}</Alert>}

      {alert && (
        <Alert ref={alertRef} tone="error">
          {alert}
        </Alert>
      )}

      <div>
        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={busy}
          loading={busy}
          // Pressing the button would otherwise move the focus out of the field being typed in, whose
          // check on leaving adds its error above the button and can move the button away before the
          // press ends (the click is then lost). The submit checks every field anyway.
          onMouseDown={(e) => e.preventDefault()}
        >
          Lanjutkan Pembayaran
        </Button>
        <ChallengeStatusLine status={challenge.status} onRetry={challenge.retry} />
        {/* Spoken only when the submit itself waits for the verification, not while the runner types. */}
        <p className="sr-only" aria-live="polite">
          {verifying ? 'Memverifikasi…' : ''}
        </p>
      </div>
    </form>
  );
}

/** The background verification, visible but quiet: it usually finishes before the form is filled in. */
function ChallengeStatusLine({ status, onRetry }: { status: ReturnType<typeof useRegistrationChallenge>['status']; onRetry: () => void }) {
  if (status === 'off' || status === 'idle') return null;
  return (
    <div className="mt-2 flex min-h-6 items-center justify-center gap-2 text-xs text-slate-600" data-testid="challenge-status">
      {status === 'solving' && (
        <>
          <Spinner className="size-3.5 text-brand-600" label="" />
          Memverifikasi…
        </>
      )}
      {status === 'ready' && (
        <>
          <CheckCircle2 className="size-3.5 text-green-700" aria-hidden="true" />
          Terverifikasi
        </>
      )}
      {status === 'error' && (
        <>
          <span className="text-red-700">Verifikasi keamanan gagal dimuat.</span>
          <button type="button" onClick={onRetry} className="font-semibold text-brand-700 underline">
            Coba lagi
          </button>
        </>
      )}
    </div>
  );
}

function FormSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}
