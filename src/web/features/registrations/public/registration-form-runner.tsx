/**
 * The runner's own parts of the public registration form: 'Data Pelari' and 'Kontak Darurat &
 * Kesehatan'. They render what `RegistrationForm` holds and hand every change back to it; the rules
 * are in `registration-form-model.ts`.
 */
import type { ClipboardEvent, ReactNode } from 'react';
import { BIB_NAME_MAX, bloodTypes, identityTypes, sexes, tshirtSizes } from '../../../../domain/registrations/registrations';
import { jakartaToday } from '../../../../domain/shared/wire-date';
import { registrationMessages } from '../../../../domain/registrations/registration-form';
import { Button } from '../../../components/button';
import { cn } from '../../../components/cn';
import { FormField } from '../../../components/form-field';
import { FormSection } from '../../../components/form-section';
import { Input, Select } from '../../../components/input';
import { WireDateInput } from '../../../components/wire-date-input';
import { fieldLabels, inputFilterOf, type ClaimedOffer, type RegistrationField, type RegistrationFormValues, type RunnerField } from './registration-form-model';

/** What the runner fields need of the form: its values and errors, and what a change or a leave does. */
export interface RunnerFieldsState {
  values: RegistrationFormValues;
  errors: Partial<Record<RunnerField, string>>;
  controlId: (field: RegistrationField) => string;
  /** A typed value (already filtered); an error shown follows it. */
  change: (field: RunnerField, value: string) => void;
  /** Leaving a field checks it. */
  leave: (field: RunnerField) => void;
}

/** A runner field's value and handlers, spread on its input or select. */
function bind(form: RunnerFieldsState, field: RunnerField) {
  const filter = inputFilterOf(field);
  return {
    name: field,
    value: form.values[field],
    onChange: (e: { currentTarget: { value: string } }) => {
      const kept = filter ? filter(e.currentTarget.value) : e.currentTarget.value;
      // A refused character leaves the state as it was, so nothing re-renders to take it out.
      if (kept !== e.currentTarget.value) e.currentTarget.value = kept;
      form.change(field, kept);
    },
    onBlur: () => form.leave(field),
  };
}

interface TextOptions {
  type?: string;
  autoComplete?: string;
  inputMode?: 'tel' | 'email' | 'text';
  hint?: ReactNode;
  maxLength?: number;
  optional?: boolean;
  placeholder?: string;
  onPaste?: (e: ClipboardEvent<HTMLInputElement>) => void;
  readOnly?: boolean;
}

function RunnerText({ form, field, ...opts }: { form: RunnerFieldsState; field: RunnerField } & TextOptions) {
  return (
    <FormField layout="page" id={form.controlId(field)} label={fieldLabels[field]} mark={opts.optional ? 'optional' : 'required'} hint={opts.hint} error={form.errors[field]}>
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
          {...bind(form, field)}
        />
      )}
    </FormField>
  );
}

function RunnerSelect({ form, field, options }: { form: RunnerFieldsState; field: RunnerField; options: readonly string[] }) {
  return (
    <FormField layout="page" id={form.controlId(field)} label={fieldLabels[field]} mark="required" error={form.errors[field]}>
      {(fieldControl) => (
        <Select {...fieldControl} required {...bind(form, field)}>
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
}

/** 'Data Pelari': who runs, as on their identity card. */
export function RunnerDataSection({
  form,
  offer,
  emailSuggestion,
  onUseSuggestion,
  onBibPaste,
}: {
  form: RunnerFieldsState;
  offer: ClaimedOffer | null;
  emailSuggestion: string | null;
  onUseSuggestion: (email: string) => void;
  onBibPaste: (e: ClipboardEvent<HTMLInputElement>) => void;
}) {
  const { values } = form;
  return (
    <FormSection layout="page" title="Data Pelari" description="Isi sesuai identitas resmi. Kolom bertanda * wajib diisi.">
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <RunnerText
            form={form}
            field="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="nama@gmail.com"
            hint={offer ? 'Email penerima tautan klaim (tidak dapat diubah).' : 'Konfirmasi dan kode QR dikirim ke email ini.'}
            readOnly={!!offer}
          />
          {emailSuggestion && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="mt-2 h-auto! min-h-9 max-w-full py-1.5 text-left [overflow-wrap:anywhere]"
              onClick={() => onUseSuggestion(emailSuggestion)}
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
        <RunnerText form={form} field="phone" type="tel" autoComplete="tel" inputMode="tel" placeholder="081234567890" maxLength={20} />
        <RunnerText form={form} field="fullName" autoComplete="name" maxLength={100} />
        <RunnerText
          form={form}
          field="bibName"
          maxLength={BIB_NAME_MAX}
          onPaste={onBibPaste}
          hint={
            <span className="flex items-start justify-between gap-3">
              <span>Nama pada nomor dada, maksimal {BIB_NAME_MAX} karakter.</span>
              <span className={cn('shrink-0 font-mono tabular-nums', values.bibName.length >= BIB_NAME_MAX ? 'font-semibold text-slate-900' : '')} data-testid="bib-counter">
                <span className="sr-only">Terisi </span>
                {values.bibName.length}/{BIB_NAME_MAX}
              </span>
            </span>
          }
        />
        <RunnerText form={form} field="community" optional maxLength={100} />
        <RunnerSelect form={form} field="bloodType" options={bloodTypes} />
        <RunnerSelect form={form} field="tshirtSize" options={tshirtSizes} />
        <RunnerSelect form={form} field="sex" options={sexes} />
        <FormField layout="page" id={form.controlId('dob')} label={fieldLabels.dob} mark="required" error={form.errors.dob}>
          {(fieldControl) => (
            <WireDateInput
              {...fieldControl}
              name="dob"
              max={jakartaToday()}
              min="1900-01-01"
              autoComplete="bday"
              required
              value={values.dob}
              onValueChange={(dob) => form.change('dob', dob)}
              onBlur={() => form.leave('dob')}
            />
          )}
        </FormField>
        <RunnerSelect form={form} field="identityType" options={identityTypes} />
        <RunnerText form={form} field="identityNo" maxLength={50} />
      </div>
    </FormSection>
  );
}

/** 'Kontak Darurat & Kesehatan': whom to call, and what the medics should know. */
export function EmergencySection({ form }: { form: RunnerFieldsState }) {
  return (
    <FormSection layout="page" title="Kontak Darurat & Kesehatan">
      <div className="grid gap-4 sm:grid-cols-2">
        <RunnerText form={form} field="emergencyName" maxLength={100} />
        <RunnerText form={form} field="emergencyContact" type="tel" inputMode="tel" maxLength={20} placeholder="081234567890" />
        <div className="sm:col-span-2">
          <FormField
            layout="page"
            id={form.controlId('medicalNotes')}
            label={fieldLabels.medicalNotes}
            mark="optional"
            hint="Alergi, kondisi jantung, asma, obat rutin, dan sebagainya."
            error={form.errors.medicalNotes}
          >
            {(fieldControl) => (
              <textarea
                {...fieldControl}
                rows={3}
                maxLength={500}
                name="medicalNotes"
                value={form.values.medicalNotes}
                onChange={(e) => form.change('medicalNotes', e.currentTarget.value)}
                className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
              />
            )}
          </FormField>
        </div>
      </div>
    </FormSection>
  );
}
