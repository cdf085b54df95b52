/**
 * What an organizer may change in an event once runners have registered
 * (docs/decisions/020-event-changes-and-payouts.md): dates, texts, image, location and payment
 * instructions may change; a category that has sold a ticket (a held slot or any registration row)
 * keeps its name, price, normal price and early bird; its slots may grow, and shrink only down to
 * what is sold; it cannot be removed; new categories may be added. The event's code (the address
 * runners were given) and its payment type stay once anyone registered. Pure: no I/O.
 */
import { earlyBirdEndsAt } from './early-bird';
import type { EventCategoryPayload, EventPayload } from './event-form';
import type { EventPaymentType } from './events';

export const eventChangeMessages = {
  categoryRenamed: (name: string) => `Nama kategori "${name}" tidak dapat diubah karena sudah ada pendaftar.`,
  categoryPrice: (name: string) => `Harga kategori "${name}" tidak dapat diubah karena sudah ada pendaftar.`,
  categoryEarlyBird: (name: string) => `Harga normal dan early bird kategori "${name}" tidak dapat diubah karena sudah ada pendaftar.`,
  categoryRemoved: (name: string) => `Kategori "${name}" tidak dapat dihapus karena sudah ada pendaftar.`,
  slotsBelowSold: (name: string, sold: number) =>
    `Slot kategori "${name}" tidak boleh kurang dari ${sold.toLocaleString('id-ID')} (slot yang sudah terisi).`,
  codeLocked: 'Kode event tidak dapat diubah karena sudah ada pendaftar (tautan pendaftaran sudah dibagikan).',
  paymentTypeLocked: 'Tipe pembayaran tidak dapat diubah karena sudah ada pendaftar.',
} as const;

export interface StoredCategory {
  categoryId: string;
  name: string;
  price: number;
  originalPrice: number | null;
  slots: number;
  sold: number;
  earlyBird: boolean;
  earlyBirdEndDate: Date | string | null;
  /** Whether any registration row (any status) names this category. */
  hasRegistrations: boolean;
}

export interface StoredEvent {
  code: string;
  paymentType: EventPaymentType;
  categories: readonly StoredCategory[];
}

export interface ChangeProblem {
  /** The form field the problem belongs to, e.g. `categories.1.price`. */
  path: string;
  message: string;
}

/** A category "has sold tickets" once a slot was held or any registration names it. */
export const categoryIsLocked = (c: Pick<StoredCategory, 'sold' | 'hasRegistrations'>) => c.sold > 0 || c.hasRegistrations;

/**
 * Which existing category each row of the edited list changes: the one whose id the row sent
 * (`sourceCategoryId`), else the one with the row's own id. Null: a new category.
 */
export function matchCategories<C extends StoredCategory>(stored: readonly C[], next: readonly Pick<EventCategoryPayload, 'categoryId' | 'sourceCategoryId'>[]): (C | null)[] {
  const taken = new Set<string>();
  return next.map((row) => {
    const found =
      stored.find((c) => !taken.has(c.categoryId) && row.sourceCategoryId && c.categoryId === row.sourceCategoryId) ??
      stored.find((c) => !taken.has(c.categoryId) && c.categoryId === row.categoryId && !next.some((o) => o.sourceCategoryId === c.categoryId));
    if (!found) return null;
    taken.add(found.categoryId);
    return found;
  });
}

const sameDay = (a: Date | string | null, b: Date | string | null) => (earlyBirdEndsAt(a)?.getTime() ?? null) === (earlyBirdEndsAt(b)?.getTime() ?? null);

/** Every change the rules refuse, in form order (empty: the edit may be saved). */
export function eventChangeProblems(current: StoredEvent, next: Pick<EventPayload, 'code' | 'paymentType' | 'categories'>): ChangeProblem[] {
  const problems: ChangeProblem[] = [];
  const anyRegistration = current.categories.some(categoryIsLocked);
  if (anyRegistration && next.code !== current.code) problems.push({ path: 'code', message: eventChangeMessages.codeLocked });
  if (anyRegistration && next.paymentType !== current.paymentType) problems.push({ path: 'paymentType', message: eventChangeMessages.paymentTypeLocked });
  const matches = matchCategories(current.categories, next.categories);
  next.categories.forEach((row, index) => {
    const was = matches[index];
    if (!was) return;
    const at = (field: string) => `categories.${index}.${field}`;
    if (row.slots < was.sold) problems.push({ path: at('slots'), message: eventChangeMessages.slotsBelowSold(was.name, was.sold) });
    if (!categoryIsLocked(was)) return;
    if (row.categoryId !== was.categoryId || row.name !== was.name) problems.push({ path: at('name'), message: eventChangeMessages.categoryRenamed(was.name) });
    if (row.price !== was.price) problems.push({ path: at('price'), message: eventChangeMessages.categoryPrice(was.name) });
    if (row.earlyBird !== was.earlyBird || (row.originalPrice ?? null) !== (was.originalPrice ?? null) || (was.earlyBird && !sameDay(row.earlyBirdEndDate, was.earlyBirdEndDate))) {
      problems.push({ path: at(row.earlyBird !== was.earlyBird ? 'earlyBird' : 'originalPrice'), message: eventChangeMessages.categoryEarlyBird(was.name) });
    }
  });
  for (const c of current.categories) {
    if (categoryIsLocked(c) && !matches.includes(c)) problems.push({ path: 'categories', message: eventChangeMessages.categoryRemoved(c.name) });
  }
  return problems;
}
