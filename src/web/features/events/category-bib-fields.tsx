import { Hash } from 'lucide-react';
import { Controller, type Control, type UseFormRegister } from 'react-hook-form';
import { BIB_PREFIX_MAX, bibMessages, describeBibRange } from '../../../domain/events/bib-numbers';
import { FormField } from '../../components/form-field';
import { Input } from '../../components/input';
import type { EventPayload } from '../../../domain/events/event-form';
import type { EventFormValues } from './create-event-dialog';

interface CategoryBibFieldsProps {
  index: number;
  control: Control<EventFormValues, unknown, EventPayload>;
  register: UseFormRegister<EventFormValues>;
  /** The row as typed now (for the example and the warning). */
  values: { bibPrefix?: string; bibStart?: string; bibEnd?: string; slots?: string } | undefined;
  err: (path: string) => string | undefined;
  fieldId: (path: string) => string;
  /** The category already has runners: numbers given stay as they are. */
  sold: boolean;
}

const whole = (v: string | undefined) => (v && /^\d+$/.test(v) ? Number(v) : null);

/**
 * 'Nomor BIB' of one category (issue 28 §6): a prefix and the first and last number. Runners get the
 * next number when their registration is confirmed; the example shows what the bibs will read, and a
 * range smaller than the slots is pointed out (not refused: a second range can follow later).
 */
export function CategoryBibFields({ index, control, register, values, err, fieldId, sold }: CategoryBibFieldsProps) {
  const base = `categories.${index}`;
  const start = whole(values?.bibStart);
  const end = whole(values?.bibEnd);
  const slots = whole(values?.slots);
  const range = start !== null && end !== null && end >= start ? { prefix: (values?.bibPrefix ?? '').trim(), start, end } : null;
  const size = range ? range.end - range.start + 1 : 0;
  return (
    <fieldset className="sm:col-span-2">
      <legend className="flex items-center gap-1.5 text-sm font-semibold text-slate-800">
        <Hash className="size-4 text-slate-500" aria-hidden="true" />
        Nomor BIB <span className="font-normal text-slate-500">(opsional)</span>
      </legend>
      <p className="mt-0.5 text-xs text-slate-600">
        Pelari mendapat nomor berikutnya saat pendaftarannya terkonfirmasi{sold ? '; nomor yang sudah diberikan tidak berubah' : ''}.
      </p>
      <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3">
        <div className="col-span-2 sm:col-span-1">
          <FormField label="Awalan" id={fieldId(`${base}.bibPrefix`)} error={err(`${base}.bibPrefix`)}>
            {(fieldControl) => (
              <Input {...fieldControl} autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={BIB_PREFIX_MAX} placeholder="mis. 10K-" {...register(`categories.${index}.bibPrefix`)} />
            )}
          </FormField>
        </div>
        {(['bibStart', 'bibEnd'] as const).map((key) => (
          <FormField key={key} label={key === 'bibStart' ? 'Nomor Awal' : 'Nomor Akhir'} id={fieldId(`${base}.${key}`)} error={err(`${base}.${key}`)}>
            {(fieldControl) => (
              <Controller
                control={control}
                name={`categories.${index}.${key}`}
                render={({ field: f }) => (
                  <Input
                    {...fieldControl}
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={6}
                    placeholder={key === 'bibStart' ? 'mis. 1' : 'mis. 2000'}
                    name={f.name}
                    ref={f.ref}
                    onBlur={f.onBlur}
                    value={f.value ?? ''}
                    onChange={(e) => f.onChange(e.target.value.replace(/\D/g, ''))}
                  />
                )}
              />
            )}
          </FormField>
        ))}
      </div>
      {range && (
        <p className="mt-2 text-xs text-slate-700" data-testid="bib-example">
          Nomor BIB: <span className="font-mono font-semibold text-slate-900">{describeBibRange(range)}</span>
        </p>
      )}
      {range && slots !== null && size < slots && (
        <p className="mt-1 rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900">{bibMessages.fewerThanSlots(size, slots)}</p>
      )}
    </fieldset>
  );
}
