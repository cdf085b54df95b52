/**
 * The public registration form as pure functions: its fields and their labels, the values it starts
 * from (a draft, a claim link), the problems in page order, the state of each category, and the
 * payload it sends. `registration-form.tsx` holds the state and renders this.
 */
import type { RegistrationEvent } from '../../../../domain/events/contract';
import type { WaitingOffer } from '../../../../domain/registrations/contract';
import { categoryIsFull, choiceErrors, registrationMessages, type ChoiceField, type RegistrationPayloadInput, type runnerDataInputSchema } from '../../../../domain/registrations/registration-form';

/** A 'Daftar Tunggu' claim link's offer, with its token (sent as `waitingOffer`). */
export type ClaimedOffer = WaitingOffer & { token: string };

export type RunnerField = keyof typeof runnerDataInputSchema.shape;
export type RegistrationField = RunnerField | ChoiceField;

/** The form's own values: each runner field as typed (a select not chosen yet is ''), then the choices below them. */
export type RegistrationFormValues = Record<RunnerField, string> & { categoryId: string; paymentMethod: string; agree: boolean };

type Category = RegistrationEvent['categories'][number];
type ChoiceProblems = Partial<Record<ChoiceField, string>>;

export const emptyRunner: Record<RunnerField, string> = {
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
export const runnerFields = Object.keys(emptyRunner) as RunnerField[];
export const emptyForm: RegistrationFormValues = { ...emptyRunner, categoryId: '', paymentMethod: '', agree: false };

export const isRunnerField = (field: RegistrationField): field is RunnerField => field in emptyRunner;

/** The labels the fields show, also the error summary's words for them. */
export const fieldLabels: Record<RegistrationField, string> = {
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
export const pageOrder: RegistrationField[] = [...runnerFields, 'categoryId', 'paymentMethod', 'agree'];

/**
 * The values the form opens with: the tab's draft, minus a category or payment method the event no
 * longer offers; a claim link fixes its category and email and fills in its name when none is typed.
 */
export function initialFormValues(draft: RegistrationFormValues, event: RegistrationEvent, offer: ClaimedOffer | null): RegistrationFormValues {
  return {
    ...draft,
    categoryId: event.categories.some((c) => c.categoryId === draft.categoryId) ? draft.categoryId : '',
    paymentMethod: (event.paymentOptions as string[]).includes(draft.paymentMethod) ? draft.paymentMethod : '',
    ...(offer ? { categoryId: offer.categoryId, email: offer.email, fullName: draft.fullName || offer.fullName } : {}),
  };
}

/**
 * The choice problems still shown once the choices changed: each clears when it is chosen, none
 * appears before a submit. The same object when nothing changed (no re-render).
 */
export function remainingChoiceProblems(shown: ChoiceProblems, values: Pick<RegistrationFormValues, ChoiceField>, paymentOptionsOffered: boolean): ChoiceProblems {
  if (Object.keys(shown).length === 0) return shown;
  const now = choiceErrors({ categoryId: values.categoryId, paymentMethod: values.paymentMethod, agree: values.agree }, paymentOptionsOffered);
  const still = Object.fromEntries(Object.keys(shown).flatMap((k) => (now[k as ChoiceField] ? [[k, now[k as ChoiceField]]] : [])));
  return Object.keys(still).length === Object.keys(shown).length ? shown : still;
}

/** Every problem shown, top to bottom: what the error summary lists. */
export function problemsInPageOrder(fieldErrors: Partial<Record<RunnerField, string>>, choiceProblems: ChoiceProblems): { field: RegistrationField; label: string; message: string }[] {
  return pageOrder.flatMap((field) => {
    const message = isRunnerField(field) ? fieldErrors[field] : choiceProblems[field];
    return message ? [{ field, label: fieldLabels[field], message }] : [];
  });
}

/** Why the organizer's email code cannot be sent yet, or undefined when it is six digits. */
export function emailCodeProblem(code: string): string | undefined {
  if (/^\d{6}$/.test(code)) return undefined;
  return code ? registrationMessages.emailCodeFormat : 'Masukkan kode verifikasi 6 digit yang kami kirim ke email Anda.';
}

/** How a category shows as an option: a claim link offers only its own, else a full one is closed. */
export function categoryOption(category: Category, categories: readonly Category[], offer: ClaimedOffer | null) {
  // A claim link's slot is kept for this runner in its category only.
  const reserved = offer?.categoryId === category.categoryId;
  return {
    reserved,
    soldOut: categoryIsFull(category),
    disabled: offer ? !reserved : categoryIsFull(category),
    /** The option a summary link and the submit move the focus to. */
    firstOpen: offer ? reserved : category === categories.find((x) => !categoryIsFull(x)),
    left: Math.max(category.slots - category.sold, 0),
  };
}

/** What is sent: what the runner typed (the server trims and fills in the optional fields itself). */
export function registrationPayload(
  event: RegistrationEvent,
  values: RegistrationFormValues,
  extra: { emailCode?: string; offer: ClaimedOffer | null },
): RegistrationPayloadInput {
  const chosen = event.categories.find((c) => c.categoryId === values.categoryId)!;
  return {
    // The database id names exactly one event; a slug or code could also be another event's.
    eventId: event._id || event.eventId,
    categoryId: chosen.categoryId,
    runnerData: Object.fromEntries(runnerFields.map((f) => [f, values[f]])) as RegistrationPayloadInput['runnerData'],
    ...(values.paymentMethod ? { paymentMethod: values.paymentMethod as RegistrationPayloadInput['paymentMethod'] } : {}),
    ...(extra.emailCode !== undefined ? { emailCode: extra.emailCode } : {}),
    ...(extra.offer ? { waitingOffer: extra.offer.token } : {}),
  };
}
