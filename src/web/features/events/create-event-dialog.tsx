import { zodResolver } from '@hookform/resolvers/zod';
import { Lock, Plus, Save, Trash2 } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Controller, get, useFieldArray, useForm, useWatch, type FieldPath, type Resolver } from 'react-hook-form';
import { eventChangeProblems } from '../../../domain/events/event-changes';
import { createEventInputSchema, eventFormMessages, toJakartaLocalInput, type EventPayload } from '../../../domain/events/event-form';
import { EVENT_ADMIN_FEE, slugify, normaliseEventCode } from '../../../domain/events/events';
import { formatRupiah } from '../../../domain/shared/money';
import { paymentOptionKeys, paymentOptionLabels, type PaymentOptionKey } from '../../../domain/payments/payments';
import { ApiError } from '../../api/client';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { cn } from '../../components/cn';
import { Dialog } from '../../components/dialog';
import { FormField } from '../../components/form-field';
import { FormSection } from '../../components/form-section';
import { FieldError, fieldClass, Input } from '../../components/input';
import { useCreateEvent, useUpdateEvent } from './events-api';
import { ImageUploadField } from './image-upload-field';
import { CategoryBibFields } from './category-bib-fields';
import type { OrganizerEvent } from '../../../domain/events/contract';

interface CategoryFormValues {
  /** The existing category's id on an edit (its name may change); '' for a new one. */
  categoryId: string;
  name: string;
  description: string;
  price: string;
  /** The normal price after early bird. */
  originalPrice: string;
  slots: string;
  earlyBird: boolean;
  /** A day (YYYY-MM-DD): early bird lasts to its end in WIB. */
  earlyBirdEndDate: string;
  /** Bib numbers: prefix, first and last number (empty: none). */
  bibPrefix: string;
  bibStart: string;
  bibEnd: string;
}

/** The form's own values: text inputs as strings; the shared schema turns them into the payload. */
export interface EventFormValues {
  name: string;
  description: string;
  code: string;
  location: string;
  headerImage: string;
  regOpen: string;
  regClose: string;
  eventDate: string;
  paymentType: 'platform' | 'self_managed';
  paymentOptions: PaymentOptionKey[];
  paymentInstruction: { qrImage: string; instructions: string };
  emailCodeRequired: boolean;
  categories: CategoryFormValues[];
}

const emptyCategory = (): CategoryFormValues => ({
  categoryId: '',
  name: '',
  description: '',
  price: '',
  originalPrice: '',
  slots: '',
  earlyBird: false,
  earlyBirdEndDate: '',
  bibPrefix: '',
  bibStart: '',
  bibEnd: '',
});

const emptyForm = (): EventFormValues => ({
  name: '',
  description: '',
  code: '',
  location: '',
  headerImage: '',
  regOpen: '',
  regClose: '',
  eventDate: '',
  paymentType: 'platform',
  paymentOptions: [],
  paymentInstruction: { qrImage: '', instructions: '' },
  emailCodeRequired: false,
  categories: [emptyCategory()],
});

const localInput = (iso: string) => toJakartaLocalInput(new Date(iso));

/** The edit form's values: the event as stored (dates as WIB wall clock). */
export function formValuesOf(event: OrganizerEvent): EventFormValues {
  return {
    name: event.name,
    description: event.description,
    code: event.code,
    location: event.location,
    headerImage: event.headerImage ?? '',
    regOpen: localInput(event.regOpen),
    regClose: localInput(event.regClose),
    eventDate: localInput(event.eventDate),
    paymentType: event.paymentType,
    paymentOptions: [...event.paymentOptions],
    paymentInstruction: { qrImage: event.paymentInstruction?.qrImage ?? '', instructions: event.paymentInstruction?.instructions ?? '' },
    emailCodeRequired: event.emailCodeRequired,
    categories: event.categories.map((c) => ({
      categoryId: c.categoryId,
      name: c.name,
      description: c.description,
      price: String(c.price),
      originalPrice: c.originalPrice === null ? '' : String(c.originalPrice),
      slots: String(c.slots),
      earlyBird: c.earlyBird,
      earlyBirdEndDate: c.earlyBirdEndDate ? localInput(c.earlyBirdEndDate).slice(0, 10) : '',
      bibPrefix: c.bibPrefix,
      bibStart: c.bibStart === null ? '' : String(c.bibStart),
      bibEnd: c.bibEnd === null ? '' : String(c.bibEnd),
    })),
  };
}

const sameMinute = (a: Date, b: string) => Math.floor(a.getTime() / 60_000) === Math.floor(new Date(b).getTime() / 60_000);

/** §8 event creation errors. */
export function createEventErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401 || error.status === 403) return eventFormMessages.sessionExpired;
    if (/already exists/i.test(error.message)) return eventFormMessages.duplicateCode;
    return error.message || eventFormMessages.createFailedStatus(error.status);
  }
  return eventFormMessages.createUnexpected;
}

export interface CreateEventDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (event: OrganizerEvent) => void;
}

/** 'Buat Event Baru' (§2, §3, §5): a fresh form on every opening. */
export function CreateEventDialog(props: CreateEventDialogProps) {
  return props.open ? <CreateEventForm {...props} /> : null;
}

function CreateEventForm({ onOpenChange, onCreated }: CreateEventDialogProps) {
  const create = useCreateEvent();
  return (
    <EventForm
      onOpenChange={onOpenChange}
      save={async (payload) => {
        onCreated(await create.mutateAsync(payload));
      }}
    />
  );
}

export interface EditEventDialogProps {
  /** The event to change; null: closed. */
  event: OrganizerEvent | null;
  onOpenChange: (open: boolean) => void;
  onSaved: (event: OrganizerEvent) => void;
}

/**
 * 'Ubah Event' (decision 020): the same form filled with the event. A category that sold tickets
 * keeps its name, prices and early bird and cannot be removed; the form says so before saving and
 * the server decides.
 */
export function EditEventDialog({ event, onOpenChange, onSaved }: EditEventDialogProps) {
  return event ? <EditEventForm key={event._id} event={event} onOpenChange={onOpenChange} onSaved={onSaved} /> : null;
}

function EditEventForm({ event, onOpenChange, onSaved }: { event: OrganizerEvent; onOpenChange: (open: boolean) => void; onSaved: (event: OrganizerEvent) => void }) {
  const update = useUpdateEvent();
  return (
    <EventForm
      edited={event}
      onOpenChange={onOpenChange}
      save={async (payload) => {
        onSaved(await update.mutateAsync({ id: event._id, payload }));
      }}
    />
  );
}

interface EventFormProps {
  /** The event being edited; absent: a new event. */
  edited?: OrganizerEvent;
  onOpenChange: (open: boolean) => void;
  /** Sends the payload; throws the API's error. */
  save: (payload: EventPayload) => Promise<void>;
}

function EventForm({ edited, onOpenChange, save }: EventFormProps) {
  const ids = useId();
  const formId = `${ids}-form`;
  const [serverError, setServerError] = useState<string | null>(null);
  const [uploads, setUploads] = useState(0);
  const errorRef = useRef<HTMLDivElement>(null);
  // The clock for "not before today" is read at each validation, like the server's; an edit may
  // keep a registration opening that is already past.
  const schema = useMemo(
    () => createEventInputSchema(undefined, edited ? { regOpenMayBePast: (open) => sameMinute(open, edited.regOpen) } : {}),
    [edited],
  );
  const storedCategories = useMemo(() => new Map((edited?.categories ?? []).map((c) => [c.categoryId, c])), [edited]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<EventFormValues, unknown, EventPayload>({
    resolver: zodResolver(schema) as unknown as Resolver<EventFormValues, unknown, EventPayload>,
    defaultValues: edited ? formValuesOf(edited) : emptyForm(),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // The form focuses the first invalid field on the page itself (below); the library's own pick
    // follows the order fields were registered in, which is not the order on screen.
    shouldFocusError: false,
  });
  const categories = useFieldArray({ control, name: 'categories' });
  const [name, paymentType] = useWatch({ control, name: ['name', 'paymentType'] });
  const watchedCategories = useWatch({ control, name: 'categories' });

  useEffect(() => {
    if (serverError) errorRef.current?.focus();
  }, [serverError]);

  const focusFirstInvalid = () =>
    // Move to the first invalid field so a phone user sees what to fix.
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`#${CSS.escape(formId)} [aria-invalid="true"]`)?.focus());

  const submit = handleSubmit(
    async (payload) => {
      setServerError(null);
      if (edited) {
        // The server's rules for sold categories, answered at once (the server checks them again).
        const problems = eventChangeProblems(
          {
            code: edited.code,
            paymentType: edited.paymentType,
            categories: edited.categories.map((c) => ({ ...c, hasRegistrations: c.locked })),
          },
          payload,
        );
        if (problems.length > 0) {
          for (const p of problems) setError(p.path as FieldPath<EventFormValues>, { message: p.message });
          setServerError(problems[0]!.message);
          focusFirstInvalid();
          return;
        }
      }
      try {
        await save(payload);
        onOpenChange(false);
      } catch (error) {
        // Field messages from the server's validation go next to their fields too.
        if (error instanceof ApiError && Array.isArray(error.details)) {
          for (const d of error.details as { path: string; message: string }[]) {
            if (d.path) setError(d.path as FieldPath<EventFormValues>, { message: d.message });
          }
        }
        setServerError(createEventErrorMessage(error));
      }
    },
    focusFirstInvalid,
  );

  const err = (path: string): string | undefined => (get(errors, path) as { message?: string } | undefined)?.message;
  const fieldId = (path: string) => `${ids}-${path.replace(/\./g, '-')}`;
  const categoriesError = errors.categories?.message ?? errors.categories?.root?.message;

  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={edited ? 'Ubah Event' : 'Buat Event Baru'}
      description={
        edited
          ? edited.registrations > 0
            ? 'Sudah ada pendaftar: tanggal, teks, gambar, lokasi dan instruksi pembayaran boleh diubah; nama, harga dan early bird kategori yang sudah terjual tetap.'
            : edited.status === 'ditolak'
              ? 'Setelah disimpan, event diajukan ulang (status Diajukan) untuk ditinjau admin.'
              : 'Belum ada pendaftar: semua detail event masih bisa diubah.'
          : 'Isi detail event. Event akan ditinjau admin (status Diajukan) sebelum tampil di daftar publik.'
      }
      size="xl"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Batal
          </Button>
          <Button type="submit" form={formId} loading={isSubmitting} disabled={uploads > 0}>
            {edited ? <Save className="size-4" aria-hidden="true" /> : <Plus className="size-4" aria-hidden="true" />}
            {edited ? 'Simpan Perubahan' : 'Buat Event'}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(e) => void submit(e)} className="space-y-6">
        <FormSection title="Informasi Event">
          <FormField
            label="Nama Event"
            id={fieldId('name')}
            error={err('name')}
            hint={
              edited ? (
                <>
                  ID Event (tetap sejak dibuat): <span className="font-mono font-semibold text-slate-800">{edited.eventId}</span>
                </>
              ) : (
                <>
                  ID Event (otomatis dari nama): <span className="font-mono font-semibold text-slate-800">{slugify(name ?? '') || '-'}</span>
                </>
              )
            }
          >
            {(control) => <Input {...control} autoComplete="off" maxLength={120} {...register('name')} />}
          </FormField>
          <FormField label="Deskripsi" id={fieldId('description')} error={err('description')}>
            {(control) => <textarea {...control} rows={4} maxLength={5000} className={fieldClass(!!err('description'), 'h-auto py-2')} {...register('description')} />}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Kode Event" id={fieldId('code')} error={err('code')} hint="Huruf kecil, angka dan tanda hubung. Alamat pendaftaran: /register/kode">
              {(control) => (
                <Input
                  {...control}
                  autoComplete="off"
                  autoCapitalize="none"
                  spellCheck={false}
                  maxLength={50}
                  placeholder="mis. jakarta-run-2027"
                  {...register('code', { onChange: (e: { target: HTMLInputElement }) => setValue('code', normaliseEventCode(e.target.value)) })}
                />
              )}
            </FormField>
            <FormField label="Lokasi" id={fieldId('location')} error={err('location')}>
              {(control) => <Input {...control} maxLength={200} {...register('location')} />}
            </FormField>
          </div>
          <Controller
            control={control}
            name="headerImage"
            render={({ field }) => (
              <ImageUploadField
                label="Gambar Header"
                value={field.value}
                onChange={field.onChange}
                error={err('headerImage')}
                onBusyChange={(busy) => setUploads((n) => n + (busy ? 1 : -1))}
              />
            )}
          />
        </FormSection>

        <FormSection title="Tanggal" description="Waktu dalam WIB.">
          <div className="grid gap-4 sm:grid-cols-3">
            {(
              [
                ['regOpen', 'Pendaftaran Dibuka'],
                ['regClose', 'Pendaftaran Ditutup'],
                ['eventDate', 'Tanggal Event'],
              ] as const
            ).map(([key, label]) => (
              <FormField key={key} label={label} id={fieldId(key)} error={err(key)}>
                {(control) => <Input {...control} type="datetime-local" {...register(key)} />}
              </FormField>
            ))}
          </div>
        </FormSection>

        <FormSection title="Kategori" description={`Biaya admin per pendaftar ${formatRupiah(EVENT_ADMIN_FEE)} (tetap).`}>
          {categoriesError && (
            <p id={`${ids}-categories-error`} role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
              {categoriesError}
            </p>
          )}
          <ol className="space-y-4">
            {categories.fields.map((field, index) => {
              const base = `categories.${index}`;
              const earlyBird = watchedCategories?.[index]?.earlyBird ?? false;
              const stored = field.categoryId ? storedCategories.get(field.categoryId) : undefined;
              const locked = stored?.locked ?? false;
              return (
                <li key={field.id} className="rounded-xl border border-slate-200 p-4" aria-label={`Kategori ${index + 1}`}>
                  <div className="mb-3 flex items-center justify-between gap-2">
                    <p className="text-sm font-bold text-slate-900">Kategori {index + 1}</p>
                    {locked ? (
                      <span className="inline-flex items-center gap-1 text-xs font-semibold text-slate-600">
                        <Lock className="size-3.5" aria-hidden="true" />
                        {stored!.sold.toLocaleString('id-ID')} slot terisi
                      </span>
                    ) : categories.fields.length > 1 && (
                      <Button variant="ghost" size="sm" onClick={() => categories.remove(index)} className="text-red-700 hover:bg-red-50">
                        <Trash2 className="size-4" aria-hidden="true" />
                        Hapus<span className="sr-only"> kategori {index + 1}</span>
                      </Button>
                    )}
                  </div>
                  {locked && (
                    <p className="mb-3 rounded-lg bg-slate-50 px-3 py-2 text-xs text-slate-700">
                      Kategori ini sudah ada pendaftar: nama, harga dan early bird tidak dapat diubah, kategori tidak dapat dihapus, dan slot
                      minimal {stored!.sold.toLocaleString('id-ID')}.
                    </p>
                  )}
                  <div className="grid gap-4 sm:grid-cols-2">
                    <FormField label="Nama Kategori" id={fieldId(`${base}.name`)} error={err(`${base}.name`)}>
                      {(control) => <Input {...control} placeholder="mis. 10K" maxLength={80} {...register(`categories.${index}.name`)} />}
                    </FormField>
                    <FormField label="Deskripsi Kategori (opsional)" id={fieldId(`${base}.description`)} error={err(`${base}.description`)}>
                      {(control) => <Input {...control} maxLength={1000} {...register(`categories.${index}.description`)} />}
                    </FormField>
                    {(['price', 'slots'] as const).map((key) => (
                      <FormField
                        key={key}
                        label={key === 'slots' ? 'Slot' : earlyBird ? 'Harga Early Bird (Rp)' : 'Harga (Rp)'}
                        id={fieldId(`${base}.${key}`)}
                        error={err(`${base}.${key}`)}
                      >
                        {(fieldControl) => (
                          <Controller
                            control={control}
                            name={`categories.${index}.${key}`}
                            render={({ field: f }) => (
                              <Input
                                {...fieldControl}
                                inputMode="numeric"
                                autoComplete="off"
                                maxLength={key === 'price' ? 9 : 6}
                                placeholder={key === 'price' ? 'mis. 150000' : 'mis. 500'}
                                name={f.name}
                                ref={f.ref}
                                onBlur={f.onBlur}
                                value={f.value}
                                // Numeric fields keep digits only (§5).
                                onChange={(e) => f.onChange(e.target.value.replace(/\D/g, ''))}
                              />
                            )}
                          />
                        )}
                      </FormField>
                    ))}
                    <FormField label="Biaya Admin" id={fieldId(`${base}.adminFee`)} hint="Terkunci, ditambahkan ke harga pendaftar.">
                      {(control) => (
                        <div className="relative">
                          <Input {...control} value={formatRupiah(EVENT_ADMIN_FEE)} readOnly disabled />
                          <Lock className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
                        </div>
                      )}
                    </FormField>
                    <div className="sm:col-span-2">
                      <label className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-slate-800">
                        <input
                          type="checkbox"
                          className="size-4 accent-brand-600"
                          {...register(`categories.${index}.earlyBird`, {
                            // Unchecking early bird clears its end date (§5) and its normal price.
                            onChange: (e: { target: HTMLInputElement }) => {
                              if (!e.target.checked) {
                                setValue(`categories.${index}.earlyBirdEndDate`, '');
                                setValue(`categories.${index}.originalPrice`, '');
                              }
                            },
                          })}
                        />
                        Early bird
                      </label>
                      <FieldError id={`${fieldId(`${base}.earlyBird`)}-error`} message={err(`${base}.earlyBird`)} />
                      {earlyBird && (
                        <div className="mt-2 grid gap-4 sm:grid-cols-2">
                          <FormField
                            label="Harga Normal (Rp)"
                            id={fieldId(`${base}.originalPrice`)}
                            error={err(`${base}.originalPrice`)}
                            hint="Harga setelah early bird berakhir."
                          >
                            {(fieldControl) => (
                              <Controller
                                control={control}
                                name={`categories.${index}.originalPrice`}
                                render={({ field: f }) => (
                                  <Input
                                    {...fieldControl}
                                    inputMode="numeric"
                                    autoComplete="off"
                                    maxLength={9}
                                    placeholder="mis. 200000"
                                    name={f.name}
                                    ref={f.ref}
                                    onBlur={f.onBlur}
                                    value={f.value}
                                    onChange={(e) => f.onChange(e.target.value.replace(/\D/g, ''))}
                                  />
                                )}
                              />
                            )}
                          </FormField>
                          <FormField
                            label="Early Bird Sampai"
                            id={fieldId(`${base}.earlyBirdEndDate`)}
                            error={err(`${base}.earlyBirdEndDate`)}
                            hint="Berlaku sampai pukul 23.59 WIB di tanggal ini."
                          >
                            {(control) => <Input {...control} type="date" {...register(`categories.${index}.earlyBirdEndDate`)} />}
                          </FormField>
                        </div>
                      )}
                    </div>
                    <CategoryBibFields
                      index={index}
                      control={control}
                      register={register}
                      values={watchedCategories?.[index]}
                      err={err}
                      fieldId={fieldId}
                      sold={locked}
                    />
                  </div>
                </li>
              );
            })}
          </ol>
          {categories.fields.length < 20 && (
            <Button variant="outline" size="sm" onClick={() => categories.append(emptyCategory())}>
              <Plus className="size-4" aria-hidden="true" />
              Tambah Kategori
            </Button>
          )}
        </FormSection>

        <FormSection title="Pembayaran">
          <fieldset>
            <legend className="text-sm font-semibold text-slate-800">Tipe Pembayaran</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {(
                [
                  ['platform', 'Melalui Derap', 'Pelari membayar online (VA, e-wallet, QRIS).'],
                  ['self_managed', 'Dikelola Sendiri', 'Pelari transfer ke rekening/QR Anda.'],
                ] as const
              ).map(([value, label, hint]) => (
                <label
                  key={value}
                  className={cn(
                    'flex cursor-pointer gap-3 rounded-xl border p-3 text-sm',
                    paymentType === value ? 'border-brand-500 bg-brand-50' : 'border-slate-200 hover:bg-slate-50',
                  )}
                >
                  <input type="radio" value={value} className="mt-0.5 size-4 accent-brand-600" {...register('paymentType')} />
                  <span>
                    <span className="block font-semibold text-slate-900">{label}</span>
                    <span className="text-slate-600">{hint}</span>
                  </span>
                </label>
              ))}
            </div>
            <FieldError id={`${fieldId('paymentType')}-error`} message={err('paymentType')} />
          </fieldset>

          {paymentType === 'platform' ? (
            <fieldset aria-describedby={err('paymentOptions') ? `${fieldId('paymentOptions')}-error` : undefined}>
              <legend className="text-sm font-semibold text-slate-800">Metode Pembayaran</legend>
              <div className="mt-2 grid gap-1 sm:grid-cols-2">
                {paymentOptionKeys.map((key) => (
                  <label key={key} className="flex min-h-10 items-center gap-2 text-sm text-slate-800">
                    <input type="checkbox" value={key} className="size-4 accent-brand-600" aria-invalid={!!err('paymentOptions') || undefined} {...register('paymentOptions')} />
                    {paymentOptionLabels[key]}
                  </label>
                ))}
              </div>
              <FieldError id={`${fieldId('paymentOptions')}-error`} message={err('paymentOptions')} />
            </fieldset>
          ) : (
            <div className="space-y-4">
              <Controller
                control={control}
                name="paymentInstruction.qrImage"
                render={({ field }) => (
                  <ImageUploadField
                    label="Gambar QR Pembayaran"
                    value={field.value}
                    onChange={field.onChange}
                    error={err('paymentInstruction.qrImage')}
                    onBusyChange={(busy) => setUploads((n) => n + (busy ? 1 : -1))}
                    previewClassName="aspect-square sm:w-32"
                  />
                )}
              />
              <FormField label="Deskripsi Pembayaran" id={fieldId('paymentInstruction.instructions')} error={err('paymentInstruction.instructions')}>
                {(control) => (
                  <textarea
                    {...control}
                    rows={3}
                    maxLength={2000}
                    placeholder="mis. Transfer ke BCA 1234567890 a.n. Panitia, lalu konfirmasi."
                    className={fieldClass(!!err('paymentInstruction.instructions'), 'h-auto py-2')}
                    {...register('paymentInstruction.instructions')}
                  />
                )}
              </FormField>
            </div>
          )}
        </FormSection>

        <FormSection title="Keamanan Pendaftaran">
          <label className="flex items-start gap-3 text-sm text-slate-800">
            <input type="checkbox" className="mt-0.5 size-4 shrink-0 accent-brand-600" aria-describedby={`${fieldId('emailCodeRequired')}-hint`} {...register('emailCodeRequired')} />
            <span>
              <span className="font-semibold">Wajibkan kode verifikasi email</span>
              <span id={`${fieldId('emailCodeRequired')}-hint`} className="block text-xs text-slate-600">
                Slot baru disimpan setelah pelari mengetik kode 6 angka yang dikirim ke emailnya. Mencegah satu orang memborong slot dengan identitas palsu.
              </span>
            </span>
          </label>
        </FormSection>

        {serverError && (
          <Alert ref={errorRef} tone="error">
            {serverError}
          </Alert>
        )}
      </form>
    </Dialog>
  );
}
