import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Info } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { calendarMessages, calendarSubmissionSchema, websiteUrl } from '../../../domain/event-calendar/contract';
import { formatDayLong } from '../../../domain/shared/jakarta-time';
import { jakartaToday } from '../../../domain/shared/wire-date';
import { ApiError } from '../../api/client';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FormField } from '../../components/form-field';
import { fieldClass, Input } from '../../components/input';
import { useSubmitCalendarEvent, type CalendarSubmissionBody } from './event-calendar-api';

// The form keeps the typed text (categories as one comma-separated line); the server reads the same rules.
const formSchema = z.object({
  eventname: z.string(),
  date: z.string(),
  location: z.string(),
  website: z.string(),
  roadortrail: z.string(),
  category: z.string(),
  email: z.string(),
  organizer: z.string(),
  description: z.string(),
  website2: z.string().optional(),
});
type FormValues = z.infer<typeof formSchema>;

const empty: FormValues = { eventname: '', date: '', location: '', website: '', roadortrail: '', category: '', email: '', organizer: '', description: '', website2: '' };

/** 'Ajukan Event' (the spec's 'Submit Event' form, §5): every submission waits for an admin. */
export function SubmitEventDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const firstField = useRef<HTMLInputElement | null>(null);
  const submit = useSubmitCalendarEvent();
  const [done, setDone] = useState<string | null>(null);
  const today = jakartaToday();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<FormValues>({
    defaultValues: empty,
    // The domain's rules (date not before today, categories split and trimmed) with their messages.
    resolver: zodResolver(formSchema.superRefine((values, ctx) => {
      const result = calendarSubmissionSchema(today).safeParse(values);
      if (result.success) return;
      for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    })),
  });

  const close = (next: boolean) => {
    if (!next) {
      if (done) {
        reset(empty);
        setDone(null);
      }
      submit.reset();
    }
    onOpenChange(next);
  };

  const onSubmit = handleSubmit((values) =>
    submit.mutate(values as CalendarSubmissionBody, {
      onSuccess: (res) => setDone(`${res.event.eventname} (${formatDayLong(res.event.date)})`),
    }),
  );
  const { ref: nameRef, ...nameField } = register('eventname');
  const typedWebsite = watch('website').trim();
  const storedWebsite = typedWebsite && websiteUrl(typedWebsite) !== typedWebsite ? websiteUrl(typedWebsite) : null;

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      size="lg"
      title="Ajukan Event"
      description={done ? undefined : calendarMessages.moderationNote}
      initialFocus={firstField}
      footer={
        done ? (
          <Button onClick={() => close(false)}>Tutup</Button>
        ) : (
          <>
            <Button variant="outline" onClick={() => close(false)} disabled={submit.isPending}>
              Batal
            </Button>
            <Button type="submit" form={`${id}-form`} loading={submit.isPending}>
              Kirim Event
            </Button>
          </>
        )
      }
    >
      {done ? (
        <div role="status" className="flex flex-col items-center gap-3 py-6 text-center">
          <CheckCircle2 className="size-12 text-green-600" aria-hidden="true" />
          <p className="text-lg font-bold text-slate-900">{calendarMessages.submitted}</p>
          <p className="max-w-md text-sm text-slate-600">
            {done} sudah kami terima. {calendarMessages.moderationNote} Penyelenggara akan mendapat email setelah event disetujui.
          </p>
        </div>
      ) : (
        <form id={`${id}-form`} noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4 sm:grid-cols-2">
          {submit.isError && (
            <div className="sm:col-span-2">
              <Alert tone={submit.error instanceof ApiError && submit.error.status === 409 ? 'info' : 'error'}>
                {submit.error instanceof ApiError && submit.error.status < 500 ? submit.error.message : calendarMessages.submitFailed}
              </Alert>
            </div>
          )}
          <div className="sm:col-span-2">
            <FormField id={`${id}-name`} label="Nama event" mark="required" error={errors.eventname?.message}>
              {(control) => (
                <Input
                  {...control}
                  {...nameField}
                  ref={(el) => {
                    nameRef(el);
                    firstField.current = el;
                  }}
                  maxLength={150}
                  placeholder="mis. Borobudur Marathon 2027"
                />
              )}
            </FormField>
          </div>
          <FormField id={`${id}-date`} label="Tanggal" mark="required" error={errors.date?.message}>
            {(control) => <Input {...control} type="date" min={today} {...register('date')} />}
          </FormField>
          <fieldset aria-describedby={errors.roadortrail ? `${id}-kind-error` : undefined}>
            <legend className="text-sm font-semibold text-slate-800">
              Jenis <span aria-hidden="true" className="text-red-600">*</span>
            </legend>
            <div className="mt-1 flex gap-2">
              {(['road', 'trail'] as const).map((kind) => (
                <label key={kind} className="flex h-11 flex-1 cursor-pointer items-center justify-center gap-2 rounded-lg border border-slate-300 text-sm font-medium has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-800">
                  <input type="radio" value={kind} className="accent-brand-600" {...register('roadortrail')} />
                  {kind === 'road' ? 'Road' : 'Trail'}
                </label>
              ))}
            </div>
            {errors.roadortrail && (
              <p id={`${id}-kind-error`} className="mt-1 text-xs text-red-700">
                {errors.roadortrail.message}
              </p>
            )}
          </fieldset>
          <div className="sm:col-span-2">
            <FormField id={`${id}-location`} label="Lokasi" mark="required" error={errors.location?.message}>
              {(control) => <Input {...control} maxLength={150} placeholder="mis. Candi Borobudur, Magelang" {...register('location')} />}
            </FormField>
          </div>
          <div className="sm:col-span-2">
            <FormField id={`${id}-category`} label="Kategori" mark="required" hint="Pisahkan dengan koma, mis. 5K, 10K, Half Marathon" error={errors.category?.message}>
              {(control) => <Input {...control} placeholder="5K, 10K, Half Marathon" {...register('category')} />}
            </FormField>
          </div>
          <FormField id={`${id}-organizer`} label="Penyelenggara" mark="required" error={errors.organizer?.message}>
            {(control) => <Input {...control} maxLength={150} {...register('organizer')} />}
          </FormField>
          <FormField id={`${id}-email`} label="Email penyelenggara" mark="required" hint="Kami kabari ke email ini setelah event disetujui." error={errors.email?.message}>
            {(control) => <Input {...control} type="email" autoComplete="email" {...register('email')} />}
          </FormField>
          <div className="sm:col-span-2">
            {/* Text, not type=url: the browser would refuse 'instagram.com/larikota', which is taken with https:// added (shown before sending). */}
            <FormField
              id={`${id}-website`}
              label="Website"
              mark="optional"
              hint={storedWebsite ? `Disimpan sebagai ${storedWebsite}.` : undefined}
              error={errors.website?.message}
            >
              {(control) => <Input {...control} type="text" inputMode="url" autoComplete="url" placeholder="larikota.id atau instagram.com/larikota" {...register('website')} />}
            </FormField>
          </div>
          <div className="sm:col-span-2">
            <FormField id={`${id}-description`} label="Deskripsi" mark="required" error={errors.description?.message}>
              {(control) => <textarea {...control} rows={4} maxLength={3000} className={fieldClass(!!errors.description, 'h-auto py-2')} {...register('description')} />}
            </FormField>
          </div>
          {/* Honeypot: hidden from people and screen readers; a bot that fills it is dropped by the server. */}
          <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
            <label htmlFor={`${id}-website2`}>Jangan isi kolom ini</label>
            <input id={`${id}-website2`} tabIndex={-1} autoComplete="off" {...register('website2')} />
          </div>
          <p className="flex gap-2 text-xs text-slate-600 sm:col-span-2">
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {calendarMessages.moderationNote}
          </p>
        </form>
      )}
    </Dialog>
  );
}
