import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { RegistrationEvent } from '../../../domain/events/contract';
import type { CreatedRegistration } from '../../../domain/registrations/contract';
import { bloodTypes, identityTypes, registrationTotal, sexes, tshirtSizes } from '../../../domain/events/events';
import { formatRupiah } from '../../../domain/shared/money';
import { jakartaToday } from '../../../domain/shared/wire-date';
import { paymentOptionLabels } from '../../../domain/payments/payments';
import {
  categoryIsFull,
  registrationMessages,
  registrationPayloadSchema,
  runnerDataInputSchema,
  validateEmail,
  type RegistrationPayloadInput,
} from '../../../domain/registrations/registration-form';
import { BIB_NAME_MAX } from '../../../domain/events/events';
import { ApiError } from '../../api/client';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { cn } from '../../components/cn';
import { FieldError, Input, Select } from '../../components/input';
import { CategoryChip } from './category-chip';
import { CheckCircle2 } from 'lucide-react';
import { Spinner } from '../../components/spinner';
import { challengeFailedMessage } from './challenge-solver';
import { useCreateRegistration } from './registrations-api';
import { useRegistrationChallenge } from './use-registration-challenge';
import { WaiverText } from './waiver';

type RunnerField = keyof typeof runnerDataInputSchema.shape;
type RunnerValues = Record<RunnerField, string>;

const emptyRunner: RunnerValues = {
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

const optionalFields: RunnerField[] = ['community', 'medicalNotes'];
const requiredFields = (Object.keys(emptyRunner) as RunnerField[]).filter((f) => !optionalFields.includes(f));

/** DD-MM-YYYY (the payload) ⇄ YYYY-MM-DD (the date input). */
const dobToInput = (dob: string) => (/^\d{2}-\d{2}-\d{4}$/.test(dob) ? `${dob.slice(6)}-${dob.slice(3, 5)}-${dob.slice(0, 2)}` : '');
const inputToDob = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value.slice(8)}-${value.slice(5, 7)}-${value.slice(0, 4)}` : '');
const todayInput = () => jakartaToday();

/** Keeps what a phone field may hold: digits and plus signs (§5). */
const phoneChars = (value: string) => value.replace(/[^0-9+]/g, '');

export function RegistrationForm({ event, onRegistered }: { event: RegistrationEvent; onRegistered: (created: CreatedRegistration) => void }) {
  const ids = useId();
  const [runner, setRunner] = useState<RunnerValues>(emptyRunner);
  const [errors, setErrors] = useState<Partial<Record<RunnerField, string>>>({});
  const [categoryId, setCategoryId] = useState('');
  const [paymentMethod, setPaymentMethod] = useState('');
  const [agree, setAgree] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const fieldRefs = useRef<Partial<Record<RunnerField, HTMLInputElement | HTMLSelectElement | null>>>({});
  const create = useCreateRegistration();
  // The proof of work is solved while the runner fills in the form; the submit only waits if it is not done yet.
  const challenge = useRegistrationChallenge();
  const [verifying, setVerifying] = useState(false);

  const hasOptions = event.paymentOptions.length > 0;
  const category = event.categories.find((c) => c.categoryId === categoryId) ?? null;
  const emailError = errors.email ?? null;
  const filled = requiredFields.every((f) => runner[f].trim() !== '');
  const busy = create.isPending || verifying;
  const canSubmit = filled && !emailError && !busy;

  function fieldError(field: RunnerField, value: string): string | undefined {
    if (field === 'email') return validateEmail(value) ?? undefined;
    const result = runnerDataInputSchema.shape[field].safeParse(value);
    return result.success ? undefined : result.error.issues[0]?.message;
  }

  function set(field: RunnerField, value: string) {
    setRunner((r) => ({ ...r, [field]: value }));
    // An error already shown follows the typing, so it disappears as soon as the value is right.
    if (errors[field]) setErrors((e) => ({ ...e, [field]: fieldError(field, value) }));
  }

  function blur(field: RunnerField) {
    const value = runner[field];
    if (field !== 'email' && value.trim() === '' && !errors[field]) return;
    setErrors((e) => ({ ...e, [field]: fieldError(field, value) }));
  }

  function showAlert(message: string) {
    setAlert(message);
    requestAnimationFrame(() => alertRef.current?.focus());
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setAlert(null);
    const emailProblem = validateEmail(runner.email);
    if (emailProblem) {
      setErrors((x) => ({ ...x, email: emailProblem }));
      showAlert(registrationMessages.fixEmailFirst);
      return;
    }
    if (!category || !agree) return showAlert(registrationMessages.categoryAndTerms);
    if (hasOptions && !paymentMethod) return showAlert(registrationMessages.paymentMethodRequired);
    const payload: RegistrationPayloadInput = {
      // The database id names exactly one event; a slug or code could also be another event's.
      eventId: event._id || event.eventId,
      categoryId: category.categoryId,
      runnerData: runner as RegistrationPayloadInput['runnerData'],
      ...(paymentMethod ? { paymentMethod: paymentMethod as RegistrationPayloadInput['paymentMethod'] } : {}),
    };
    const parsed = registrationPayloadSchema.safeParse(payload);
    if (!parsed.success) {
      const next: Partial<Record<RunnerField, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[1] as RunnerField | undefined;
        if (issue.path[0] === 'runnerData' && field && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      const first = requiredFields.concat(optionalFields).find((f) => next[f]);
      if (first) fieldRefs.current[first]?.focus();
      return;
    }
    void send(payload);
  }

  async function send(payload: RegistrationPayloadInput) {
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
        if (!created?.registration?.registrationId) return showAlert('Terjadi kesalahan saat mendaftar: Gagal mendapatkan ID pendaftaran.');
        if (event.paymentType === 'platform' && !created.payment_url) return showAlert('Terjadi kesalahan saat mendaftar: Gagal mendapatkan URL pembayaran.');
        onRegistered(created);
      },
      onError: (error) => {
        const message = error instanceof ApiError ? error.message : 'Gagal melakukan pendaftaran.';
        showAlert(`Terjadi kesalahan saat mendaftar: ${message}`);
      },
    });
  }

  const text = (field: RunnerField, label: string, opts: { type?: string; autoComplete?: string; inputMode?: 'tel' | 'email' | 'text'; hint?: string; maxLength?: number; optional?: boolean; placeholder?: string } = {}) => (
    <Field id={`${ids}-${field}`} label={label} optional={opts.optional} hint={opts.hint} error={errors[field]}>
      {(describedBy) => (
        <Input
          ref={(el) => {
            fieldRefs.current[field] = el;
          }}
          id={`${ids}-${field}`}
          name={field}
          type={opts.type ?? 'text'}
          inputMode={opts.inputMode}
          autoComplete={opts.autoComplete}
          maxLength={opts.maxLength}
          placeholder={opts.placeholder}
          value={runner[field]}
          required={!opts.optional}
          invalid={Boolean(errors[field])}
          aria-describedby={describedBy}
          onChange={(e) => set(field, field === 'phone' || field === 'emergencyContact' ? phoneChars(e.target.value) : e.target.value)}
          onBlur={() => blur(field)}
        />
      )}
    </Field>
  );

  const select = (field: RunnerField, label: string, options: readonly string[]) => (
    <Field id={`${ids}-${field}`} label={label} error={errors[field]}>
      {(describedBy) => (
        <Select
          ref={(el) => {
            fieldRefs.current[field] = el;
          }}
          id={`${ids}-${field}`}
          name={field}
          value={runner[field]}
          required
          invalid={Boolean(errors[field])}
          aria-describedby={describedBy}
          onChange={(e) => set(field, e.target.value)}
          onBlur={() => blur(field)}
        >
          <option value="">Pilih {label.toLowerCase()}</option>
          {options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-8" aria-label={`Formulir pendaftaran ${event.name}`}>
      <FormSection title="Data Pelari" description="Isi sesuai identitas resmi. Kolom bertanda * wajib diisi.">
        <div className="grid gap-4 sm:grid-cols-2">
          {text('email', 'Email', { type: 'email', autoComplete: 'email', inputMode: 'email', placeholder: 'nama@gmail.com', hint: 'Konfirmasi dan kode QR dikirim ke email ini.' })}
          {text('phone', 'Nomor Telepon', { type: 'tel', autoComplete: 'tel', inputMode: 'tel', placeholder: '081234567890', maxLength: 20 })}
          {text('fullName', 'Nama Lengkap', { autoComplete: 'name', maxLength: 100 })}
          {text('bibName', 'Nama BIB', { maxLength: BIB_NAME_MAX, hint: `Nama pada nomor dada, maksimal ${BIB_NAME_MAX} karakter.` })}
          {text('community', 'Komunitas', { optional: true, maxLength: 100 })}
          {select('bloodType', 'Golongan Darah', bloodTypes)}
          {select('tshirtSize', 'Ukuran Kaos', tshirtSizes)}
          {select('sex', 'Jenis Kelamin', sexes)}
          <Field id={`${ids}-dob`} label="Tanggal Lahir" error={errors.dob}>
            {(describedBy) => (
              <Input
                ref={(el) => {
                  fieldRefs.current.dob = el;
                }}
                id={`${ids}-dob`}
                name="dob"
                type="date"
                max={todayInput()}
                min="1900-01-01"
                autoComplete="bday"
                required
                value={dobToInput(runner.dob)}
                invalid={Boolean(errors.dob)}
                aria-describedby={describedBy}
                onChange={(e) => set('dob', inputToDob(e.target.value))}
                onBlur={() => blur('dob')}
              />
            )}
          </Field>
          {select('identityType', 'Jenis Identitas', identityTypes)}
          {text('identityNo', 'Nomor Identitas', { maxLength: 50 })}
        </div>
      </FormSection>

      <FormSection title="Kontak Darurat & Kesehatan">
        <div className="grid gap-4 sm:grid-cols-2">
          {text('emergencyName', 'Nama Kontak Darurat', { maxLength: 100 })}
          {text('emergencyContact', 'Nomor Kontak Darurat', { type: 'tel', inputMode: 'tel', maxLength: 20, placeholder: '081234567890' })}
          <div className="sm:col-span-2">
            <Field id={`${ids}-medicalNotes`} label="Catatan Medis" optional hint="Alergi, kondisi jantung, asma, obat rutin, dan sebagainya." error={errors.medicalNotes}>
              {(describedBy) => (
                <textarea
                  id={`${ids}-medicalNotes`}
                  name="medicalNotes"
                  rows={3}
                  maxLength={500}
                  value={runner.medicalNotes}
                  aria-describedby={describedBy}
                  onChange={(e) => set('medicalNotes', e.target.value)}
                  className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
                />
              )}
            </Field>
          </div>
        </div>
      </FormSection>

      <FormSection title="Kategori Lomba">
        <fieldset>
          <legend className="sr-only">Pilih kategori</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {event.categories.map((c) => {
              const full = categoryIsFull(c);
              const left = Math.max(c.slots - c.sold, 0);
              return (
                <label
                  key={c.categoryId}
                  className={cn(
                    'relative flex gap-3 rounded-xl border-2 p-4 transition-colors',
                    full ? 'cursor-not-allowed border-slate-200 bg-slate-50 opacity-70' : 'cursor-pointer hover:border-brand-300',
                    categoryId === c.categoryId ? 'border-brand-600 bg-brand-50' : !full && 'border-slate-200 bg-white',
                  )}
                >
                  <input
                    type="radio"
                    name="categoryId"
                    value={c.categoryId}
                    checked={categoryId === c.categoryId}
                    disabled={full}
                    onChange={() => {
                      setCategoryId(c.categoryId);
                      setAlert(null);
                    }}
                    className="mt-1 size-4 shrink-0 accent-brand-600"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="flex flex-wrap items-center gap-2">
                      <CategoryChip name={c.name} />
                      {full ? (
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
      </FormSection>

      {hasOptions && (
        <FormSection title="Metode Pembayaran">
          <fieldset>
            <legend className="sr-only">Pilih metode pembayaran</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {event.paymentOptions.map((key) => (
                <label
                  key={key}
                  className={cn(
                    'flex cursor-pointer items-center gap-3 rounded-xl border-2 px-4 py-3 text-sm font-semibold transition-colors hover:border-brand-300',
                    paymentMethod === key ? 'border-brand-600 bg-brand-50 text-slate-900' : 'border-slate-200 bg-white text-slate-800',
                  )}
                >
                  <input
                    type="radio"
                    name="paymentMethod"
                    value={key}
                    checked={paymentMethod === key}
                    onChange={() => {
                      setPaymentMethod(key);
                      setAlert(null);
                    }}
                    className="size-4 shrink-0 accent-brand-600"
                  />
                  {paymentOptionLabels[key]}
                </label>
              ))}
            </div>
          </fieldset>
        </FormSection>
      )}

      <FormSection title="Syarat & Ketentuan">
        <WaiverText id={`${ids}-waiver`} />
        <label className="mt-4 flex cursor-pointer items-start gap-3 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={agree}
            onChange={(e) => {
              setAgree(e.target.checked);
              setAlert(null);
            }}
            aria-describedby={`${ids}-waiver`}
            className="mt-0.5 size-5 shrink-0 accent-brand-600"
          />
          <span>Saya telah membaca, memahami, dan menyetujui seluruh Syarat & Ketentuan di atas.</span>
        </label>
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

      {alert && (
        <Alert ref={alertRef} tone="error">
          {alert}
        </Alert>
      )}

      <div>
        <Button type="submit" size="lg" className="w-full" disabled={!canSubmit} loading={busy}>
          Lanjutkan Pembayaran
        </Button>
        {!filled && <p className="mt-2 text-center text-xs text-slate-600">Lengkapi semua kolom wajib untuk melanjutkan.</p>}
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

function Field({
  id,
  label,
  optional,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  optional?: boolean;
  hint?: string;
  error?: string;
  children: (describedBy: string | undefined) => ReactNode;
}) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-slate-800">
        {label}
        {optional ? <span className="font-normal text-slate-500"> (opsional)</span> : <span aria-hidden="true" className="text-red-600"> *</span>}
      </label>
      {children(described)}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
