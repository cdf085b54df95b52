import '../../../../domain/shared/zod-locale';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { RegistrationEvent } from '../../../../domain/events/contract';
import type { CreatedRegistration } from '../../../../domain/registrations/contract';
import { BIB_NAME_MAX } from '../../../../domain/registrations/registrations';
import { choiceErrors, registrationMessages, runnerDataInputSchema, storedChanges, suggestedEmail, type ChoiceField, type RegistrationPayloadInput } from '../../../../domain/registrations/registration-form';
import { ApiError } from '../../../api/client';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { FormSection } from '../../../components/form-section';
import { challengeFailedMessage } from './challenge-solver';
import { useCreateRegistration } from './registrations-api';
import { useRegistrationChallenge } from './use-registration-challenge';
import { loadDraft, retryDelayMs, saveDraft } from './registration-draft';
import { ErrorSummary, type SummaryItem } from './error-summary';
import { RetryNotice, type PendingRetry } from './retry-notice';
import { useSchemaForm } from './use-schema-form';
import { EmailCodeField } from './email-code-field';
import {
  emailCodeProblem as codeProblemOf,
  emptyForm,
  initialFormValues,
  isRunnerField,
  pageOrder,
  problemsInPageOrder,
  registrationPayload,
  remainingChoiceProblems,
  runnerFields,
  type ClaimedOffer,
  type RegistrationField,
  type RegistrationFormValues,
  type RunnerField,
} from './registration-form-model';
import { EmergencySection, RunnerDataSection, StoredChangesNote, type RunnerFieldsState } from './registration-form-runner';
import { CategorySection, ChallengeStatusLine, CostSummary, PaymentMethodSection, TermsSection } from './registration-form-choices';

export type { ClaimedOffer } from './registration-form-model';

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
  const [initialValues] = useState<RegistrationFormValues>(() => initialFormValues(loadDraft<RegistrationFormValues>(draftKey, emptyForm), event, offer));
  // The domain's runner schema checks the runner fields; the choices below them pass through. What
  // is sent is what the runner typed (the server trims and fills in the optional fields itself). No
  // automatic checks: a field is checked when it is left (below) and the whole form on submit.
  const { values, errors, getValues, setValue, errorOf, check } = useSchemaForm<RegistrationFormValues, RunnerField>(
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
  // What the server will store in another form (a phone as +62…, a NIK without spaces): shown before sending.
  const stored = storedChanges(values);

  useEffect(() => {
    setChoiceProblems((shown) =>
      remainingChoiceProblems(shown, { categoryId: values.categoryId, paymentMethod: values.paymentMethod, agree: values.agree }, hasOptions),
    );
  }, [values.categoryId, values.paymentMethod, values.agree, hasOptions]);

  const summaryItems: SummaryItem[] = problemsInPageOrder(errors, choiceProblems).map(({ field, label, message }) => ({ id: controlId(field), label, message }));

  /** The control a summary link (and the submit) moves to; for a choice, its first open option. */
  function controlId(field: RegistrationField) {
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

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setAlert(null);
    setRetry(null);
    const current = getValues();
    const choices = choiceErrors(current, hasOptions);
    // Every field at once, errors under each; the summary lists them and the first one gets the focus.
    const fieldsValid = check(runnerFields);
    setChoiceProblems(choices);
    const first = pageOrder.find((f) => (isRunnerField(f) ? errorOf(f) : choices[f]));
    if (!fieldsValid || first) {
      setSummaryShown((n) => n + 1);
      if (first) requestAnimationFrame(() => focusField(controlId(first)));
      return;
    }
    setSummaryShown(0);
    const codeProblem = codeRequired ? codeProblemOf(emailCode) : undefined;
    setEmailCodeProblem(codeProblem);
    if (codeProblem) {
      requestAnimationFrame(() => focusField(emailCodeId));
      return;
    }
    return send(registrationPayload(event, current, { emailCode: codeRequired ? emailCode : undefined, offer }));
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

  const form: RunnerFieldsState = {
    values,
    errors,
    stored,
    controlId,
    change: (field, value) => {
      setValue(field, value);
      // A BIB name too long is said at once, as the letter that makes it so is typed or pasted.
      if (field === 'bibName' && value.trim().length > BIB_NAME_MAX) check(field);
      else followError(field);
      // Another identity type reads the number typed by other rules (a NIK, a passport number).
      if (field === 'identityType' && getValues().identityNo.trim() !== '') check('identityNo');
    },
    leave: checkOnLeave,
  };
  /** Category and payment method: choosing one clears the alert. */
  const choice = (field: 'categoryId' | 'paymentMethod') => ({
    value: values[field],
    problem: choiceProblems[field],
    controlId,
    onChoose: (value: string) => {
      setValue(field, value);
      setAlert(null);
    },
  });

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-8" aria-label={`Formulir pendaftaran ${event.name}`}>
      {summaryShown > 0 && summaryItems.length > 0 && (
        <ErrorSummary key={summaryShown} title={registrationMessages.errorSummaryTitle(summaryItems.length)} items={summaryItems} onSelect={focusField} />
      )}
      <RunnerDataSection form={form} offer={offer} emailSuggestion={emailSuggestion} onUseSuggestion={applyEmailSuggestion} />
      <EmergencySection form={form} />
      <CategorySection event={event} offer={offer} {...choice('categoryId')} />
      {hasOptions && <PaymentMethodSection options={event.paymentOptions} {...choice('paymentMethod')} />}

      {codeRequired && (
        <FormSection layout="page" title="Verifikasi Pendaftar">
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

      <TermsSection
        id={controlId('agree')}
        waiverId={`${ids}-waiver`}
        agreed={values.agree}
        problem={choiceProblems.agree}
        onAgree={(agreed) => {
          setValue('agree', agreed);
          setAlert(null);
        }}
      />
      <CostSummary id={`${ids}-summary`} category={category} />
      <StoredChangesNote changes={Object.entries(stored).flatMap(([field, value]) => (errors[field as RunnerField] ? [] : [{ field: field as RunnerField, value }]))} />

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
