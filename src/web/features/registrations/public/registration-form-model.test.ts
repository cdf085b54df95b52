import { describe, expect, it } from 'vitest';
import type { RegistrationEvent } from '../../../../domain/events/contract';
import { registrationMessages } from '../../../../domain/registrations/registration-form';
import {
  categoryOption,
  emailCodeProblem,
  emptyForm,
  initialFormValues,
  problemsInPageOrder,
  registrationPayload,
  remainingChoiceProblems,
  type ClaimedOffer,
  type RegistrationFormValues,
} from './registration-form-model';

type Category = RegistrationEvent['categories'][number];
const category = (id: string, over: Partial<Category> = {}): Category => ({
  categoryId: id,
  name: id.toUpperCase(),
  description: '',
  price: 185_000,
  adminFee: 10_000,
  slots: 100,
  sold: 0,
  originalPrice: null,
  earlyBird: false,
  earlyBirdEndDate: null,
  ...over,
});
const event = (over: Partial<RegistrationEvent> = {}): RegistrationEvent => ({
  _id: 'evt-1',
  eventId: 'jakarta-pagi-run',
  code: 'jpr',
  name: 'Jakarta Pagi Run',
  description: '',
  headerImage: null,
  location: 'Monas',
  timezone: 'Asia/Jakarta',
  status: 'diterima',
  eventDate: '2099-01-10T00:00:00.000Z',
  regOpen: '2020-01-01T00:00:00.000Z',
  regClose: '2099-01-01T00:00:00.000Z',
  earlyBirdEndDate: null,
  paymentType: 'platform',
  paymentOptions: ['gopay'],
  emailCodeRequired: false,
  paymentInstruction: null,
  organizer: { name: 'Panitia' },
  categories: [category('5k'), category('10k')],
  ...over,
});
const offer: ClaimedOffer = { categoryId: '10k', email: 'tunggu@gmail.com', fullName: 'Nyoman', token: 'tok-1' } as ClaimedOffer;
const filled = (over: Partial<RegistrationFormValues> = {}): RegistrationFormValues => ({
  ...emptyForm,
  email: 'putu@gmail.com',
  fullName: 'Putu Ayu',
  categoryId: '10k',
  paymentMethod: 'gopay',
  agree: true,
  ...over,
});

describe('initialFormValues', () => {
  it('keeps the draft, minus a category or payment method the event no longer offers', () => {
    expect(initialFormValues(filled(), event(), null)).toEqual(filled());
    const stale = initialFormValues(filled({ categoryId: 'ultra', paymentMethod: 'qris' }), event(), null);
    expect(stale).toMatchObject({ categoryId: '', paymentMethod: '', email: 'putu@gmail.com' });
  });

  it('a claim link fixes its category and email, and names the runner only when no name is typed', () => {
    expect(initialFormValues(filled({ categoryId: '5k' }), event(), offer)).toMatchObject({ categoryId: '10k', email: 'tunggu@gmail.com', fullName: 'Putu Ayu' });
    expect(initialFormValues(emptyForm, event(), offer)).toMatchObject({ fullName: 'Nyoman' });
  });
});

describe('remainingChoiceProblems', () => {
  it('shows nothing before a submit, and clears each problem once chosen', () => {
    expect(remainingChoiceProblems({}, emptyForm, true)).toEqual({});
    const shown = { categoryId: registrationMessages.categoryRequired, agree: registrationMessages.termsRequired };
    expect(remainingChoiceProblems(shown, emptyForm, true)).toBe(shown);
    expect(remainingChoiceProblems(shown, { ...emptyForm, categoryId: '5k' }, true)).toEqual({ agree: registrationMessages.termsRequired });
  });
});

describe('problemsInPageOrder', () => {
  it('lists the runner fields, then the choices, top to bottom with their labels', () => {
    const items = problemsInPageOrder({ phone: 'Nomor telepon wajib diisi', email: 'Email wajib diisi' }, { agree: 'Setujui dulu', categoryId: 'Pilih kategori' });
    expect(items.map((i) => i.field)).toEqual(['email', 'phone', 'categoryId', 'agree']);
    expect(items[1]).toEqual({ field: 'phone', label: 'Nomor Telepon', message: 'Nomor telepon wajib diisi' });
  });
});

describe('emailCodeProblem', () => {
  it('asks for the code when empty, refuses anything but six digits', () => {
    expect(emailCodeProblem('')).toMatch(/6 digit/);
    expect(emailCodeProblem('12345')).toBe(registrationMessages.emailCodeFormat);
    expect(emailCodeProblem('12345a')).toBe(registrationMessages.emailCodeFormat);
    expect(emailCodeProblem('123456')).toBeUndefined();
  });
});

describe('categoryOption', () => {
  const full = category('5k', { slots: 10, sold: 10 });
  const open = category('10k', { slots: 10, sold: 3 });
  it('a full category is closed, and the first open one takes the focus', () => {
    expect(categoryOption(full, [full, open], null)).toEqual({ reserved: false, soldOut: true, disabled: true, firstOpen: false, left: 0 });
    expect(categoryOption(open, [full, open], null)).toEqual({ reserved: false, soldOut: false, disabled: false, firstOpen: true, left: 7 });
  });

  it('a claim link offers only its own category, even a full one', () => {
    const claimed = category('10k', { slots: 10, sold: 10 });
    expect(categoryOption(claimed, [full, claimed], offer)).toMatchObject({ reserved: true, disabled: false, firstOpen: true });
    expect(categoryOption(open, [open, claimed], { ...offer, categoryId: '5k' })).toMatchObject({ reserved: false, disabled: true, firstOpen: false });
  });
});

describe('registrationPayload', () => {
  it('sends the database id, the category, the runner data as typed and the payment method', () => {
    const payload = registrationPayload(event(), filled({ phone: '0812' }), { offer: null });
    expect(payload).toMatchObject({ eventId: 'evt-1', categoryId: '10k', paymentMethod: 'gopay' });
    expect(payload.runnerData).toMatchObject({ email: 'putu@gmail.com', phone: '0812', fullName: 'Putu Ayu', medicalNotes: '' });
    expect(Object.keys(payload.runnerData)).not.toContain('agree');
    expect(payload).not.toHaveProperty('emailCode');
    expect(payload).not.toHaveProperty('waitingOffer');
  });

  it('adds the email code when asked, the claim token from a claim link, and no method when none is offered', () => {
    const payload = registrationPayload(event({ _id: '' }), filled({ paymentMethod: '' }), { emailCode: '123456', offer });
    expect(payload).toMatchObject({ eventId: 'jakarta-pagi-run', emailCode: '123456', waitingOffer: 'tok-1' });
    expect(payload).not.toHaveProperty('paymentMethod');
  });
});
