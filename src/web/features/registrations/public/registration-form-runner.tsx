/**
 * The runner's own parts of the public registration form: 'Data Pelari' and 'Kontak Darurat &
 * Kesehatan'. They render what `RegistrationForm` holds and hand every change back to it; the rules
 * are in `registration-form-model.ts`.
 */
import type { ReactNode } from 'react';
import { BIB_NAME_MAX, bloodTypes, identityTypes, sexes, tshirtSizes } from '../../../../domain/registrations/registrations';
import { jakartaToday } from '../../../../domain/shared/wire-date';
import { identityHint } from '../../../../domain/registrations/identity-number';
import { PHONE_TYPED_MAX, registrationMessages, type NormalizedField } from '../../../../domain/registrations/registration-form';
import { Button } from '../../../components/button';
import { cn } from '../../../components/cn';
import { FormField } from '../../../components/form-field';
import { FormSection } from '../../../components/form-section';
import { Input, Select } from '../../../components/input';
import { WireDateInput } from '../../../components/wire-date-input';
import { fieldLabels, type ClaimedOffer, type RegistrationField, type RegistrationFormValues, type RunnerField } from './registration-form-model';

/** What the runner fields need of the form: its values and errors, and what a change or a leave does. */
export interface RunnerFieldsState {
  values: RegistrationFormValues;
  errors: Partial<Record<RunnerField, string>>;
  /** What the server will store instead of what was typed (valid values only): said under the field. */
  stored: Partial<Record<NormalizedField, string>>;
  controlId: (field: RegistrationField) => string;
  /** A typed value, kept as typed; an error shown follows it. */
  change: (field: RunnerField, value: string) => void;
  /** Leaving a field checks it. */
  leave: (field: RunnerField) => void;
}

/** A runner field's value and handlers, spread on its input or select. */
function bind(form: RunnerFieldsState, field: RunnerField) {
  return {
    name: field,
    value: form.values[field],
    // Never filtered: a wrong character stays visible with its error instead of vanishing unseen.
    onChange: (e: { currentTarget: { value: string } }) => form.change(field, e.currentTarget.value),
    onBlur: () => form.leave(field),
  };
}

/** 'Disimpan sebagai +6281234567890.': the stored form of a field, when it differs from what was typed. */
function StoredAs({ value }: { value: string | undefined }) {
  if (!value) return null;
  return (
    <span className="block text-emerald-800" data-testid="stored-as">
      Disimpan sebagai <strong className="font-mono font-semibold">{value}</strong>.
    </span>
  );
}

interface TextOptions {
  type?: string;
  autoComplete?: string;
  inputMode?: 'tel' | 'email' | 'text' | 'numeric';
  hint?: ReactNode;
  maxLength?: number;
  optional?: boolean;
  placeholder?: string;
  readOnly?: boolean;
}

function RunnerText({ form, field, ...opts }: { form: RunnerFieldsState; field: RunnerField } & TextOptions) {
  const stored = form.errors[field] ? undefined : form.stored[field as NormalizedField];
  const hint =
    opts.hint || stored ? (
      <>
        {opts.hint}
        <StoredAs value={stored} />
      </>
    ) : undefined;
  return (
    <FormField layout="page" id={form.controlId(field)} label={fieldLabels[field]} mark={opts.optional ? 'optional' : 'required'} hint={hint} error={form.errors[field]}>
      {(fieldControl) => (
        <Input
          {...fieldControl}
          type={opts.type ?? 'text'}
          inputMode={opts.inputMode}
          autoComplete={opts.autoComplete}
          maxLength={opts.maxLength}
          placeholder={opts.placeholder}
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
}: {
  form: RunnerFieldsState;
  offer: ClaimedOffer | null;
  emailSuggestion: string | null;
  onUseSuggestion: (email: string) => void;
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
        <RunnerText form={form} field="phone" type="tel" autoComplete="tel" inputMode="tel" placeholder="0812-3456-7890" maxLength={PHONE_TYPED_MAX} />
        <RunnerText form={form} field="fullName" autoComplete="name" maxLength={100} />
        <RunnerText
          form={form}
          field="bibName"
          // No maxLength: the browser would cut 'RIZKY PRATAMA' to 'RIZKY PRAT' without a word; the
          // counter and the error say it is too long instead.
          hint={
            <span className="flex items-start justify-between gap-3">
              <span>Nama pada nomor dada, maksimal {BIB_NAME_MAX} karakter.</span>
              <span className={cn('shrink-0 font-mono tabular-nums', values.bibName.length > BIB_NAME_MAX ? 'font-semibold text-red-700' : values.bibName.length === BIB_NAME_MAX ? 'font-semibold text-slate-900' : '')} data-testid="bib-counter">
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
        <RunnerText
          form={form}
          field="identityNo"
          maxLength={50}
          inputMode={values.identityType === 'KTP' ? 'numeric' : undefined}
          autoComplete="off"
          hint={identityHint(values.identityType)}
        />
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
        <RunnerText form={form} field="emergencyContact" type="tel" inputMode="tel" maxLength={PHONE_TYPED_MAX} placeholder="0812-3456-7890" />
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

/**
 * Above the submit: every value that will be stored in another form than typed (issue 28 item 8),
 * so nothing the form changes goes out unseen, wherever the runner scrolled from.
 */
export function StoredChangesNote({ changes }: { changes: { field: RunnerField; value: string }[] }) {
  if (changes.length === 0) return null;
  return (
    <div className="rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-slate-800" data-testid="stored-changes">
      <p className="font-semibold text-slate-900">Kami simpan dalam format baku:</p>
      <ul className="mt-1.5 space-y-1 pl-5">
        {changes.map(({ field, value }) => (
          <li key={field} className="list-disc [overflow-wrap:anywhere]">
            {fieldLabels[field]}: <strong className="font-mono font-semibold">{value}</strong>
          </li>
        ))}
      </ul>
    </div>
  );
}
