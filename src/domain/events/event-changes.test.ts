import { describe, expect, it } from 'vitest';
import { eventChangeMessages as m, eventChangeProblems, matchCategories, type StoredCategory, type StoredEvent } from './event-changes';
import type { EventCategoryPayload } from './event-form';

const stored = (over: Partial<StoredCategory> = {}): StoredCategory => ({
  categoryId: '10k',
  name: '10K',
  price: 250_000,
  originalPrice: null,
  slots: 100,
  sold: 0,
  earlyBird: false,
  earlyBirdEndDate: null,
  hasRegistrations: false,
  ...over,
});
const row = (c: StoredCategory, over: Partial<EventCategoryPayload> = {}): EventCategoryPayload => ({
  categoryId: c.categoryId,
  sourceCategoryId: c.categoryId,
  name: c.name,
  description: '',
  price: c.price,
  originalPrice: c.originalPrice,
  slots: c.slots,
  adminFee: 10_000,
  earlyBird: c.earlyBird,
  earlyBirdEndDate: c.earlyBirdEndDate ? new Date(c.earlyBirdEndDate).toISOString() : null,
  bibPrefix: '',
  bibStart: null,
  bibEnd: null,
  ...over,
});
const event = (categories: StoredCategory[]): StoredEvent => ({ code: 'jnr', paymentType: 'platform', categories });
const problems = (current: StoredEvent, categories: EventCategoryPayload[], over: { code?: string; paymentType?: 'platform' | 'self_managed' } = {}) =>
  eventChangeProblems(current, { code: 'jnr', paymentType: 'platform', categories, ...over }).map((p) => `${p.path}: ${p.message}`);

describe('what may change once runners registered', () => {
  const sold = stored({ sold: 21, hasRegistrations: true });
  const unsold = stored({ categoryId: '5k', name: '5K', price: 150_000 });

  it('anything of an event nobody registered for', () => {
    const current = event([stored(), unsold]);
    expect(problems(current, [row(stored(), { name: '12K', categoryId: '12k', price: 1, slots: 1 })], { code: 'lain', paymentType: 'self_managed' })).toEqual([]);
  });

  it('a sold category keeps its name, price and early bird; slots grow or shrink down to what is sold', () => {
    const current = event([sold, unsold]);
    expect(problems(current, [row(sold, { slots: 500, description: 'baru' }), row(unsold, { price: 175_000 })])).toEqual([]);
    expect(problems(current, [row(sold, { slots: 21 }), row(unsold)])).toEqual([]);
    expect(problems(current, [row(sold, { price: 300_000 }), row(unsold)])).toEqual([`categories.0.price: ${m.categoryPrice('10K')}`]);
    expect(problems(current, [row(sold, { name: '10 K Baru', categoryId: '10-k-baru' }), row(unsold)])).toEqual([`categories.0.name: ${m.categoryRenamed('10K')}`]);
    expect(problems(current, [row(sold, { slots: 20 }), row(unsold)])).toEqual([`categories.0.slots: ${m.slotsBelowSold('10K', 21)}`]);
    expect(problems(current, [row(sold, { earlyBird: true, originalPrice: 300_000, earlyBirdEndDate: '2027-05-20T00:00:00.000Z' }), row(unsold)])).toEqual([
      `categories.0.earlyBird: ${m.categoryEarlyBird('10K')}`,
    ]);
  });

  it('a sold category cannot be removed; an unsold one can, and new ones can be added', () => {
    const current = event([sold, unsold]);
    expect(problems(current, [row(unsold)])).toEqual([`categories: ${m.categoryRemoved('10K')}`]);
    const added = row(stored({ categoryId: 'hm', name: 'HM' }), { sourceCategoryId: null });
    expect(problems(current, [row(sold), added])).toEqual([]);
  });

  it('a category with only an expired registration row counts as sold', () => {
    const expired = stored({ sold: 0, hasRegistrations: true });
    expect(problems(event([expired]), [row(expired, { price: 1 })])).toEqual([`categories.0.price: ${m.categoryPrice('10K')}`]);
  });

  it('the code and the payment type stay once anyone registered', () => {
    expect(problems(event([sold]), [row(sold)], { code: 'baru', paymentType: 'self_managed' })).toEqual([`code: ${m.codeLocked}`, `paymentType: ${m.paymentTypeLocked}`]);
  });

  it('an early bird end date is compared by its Jakarta day', () => {
    const eb = stored({ sold: 1, earlyBird: true, originalPrice: 300_000, earlyBirdEndDate: '2027-05-19T17:00:00.000Z' });
    expect(problems(event([eb]), [row(eb, { earlyBirdEndDate: '2027-05-20T10:00:00.000Z' })])).toEqual([]);
    expect(problems(event([eb]), [row(eb, { earlyBirdEndDate: '2027-05-21T10:00:00.000Z' })])).toEqual([`categories.0.originalPrice: ${m.categoryEarlyBird('10K')}`]);
  });

  it('matches rows to categories by the id they came with, else by their own id', () => {
    const a = stored({ categoryId: 'a', name: 'A' });
    const b = stored({ categoryId: 'b', name: 'B' });
    // Swapped names: each row still changes the category it came from.
    expect(matchCategories([a, b], [row(a, { categoryId: 'b', name: 'B' }), row(b, { categoryId: 'a', name: 'A' })])).toEqual([a, b]);
    expect(matchCategories([a, b], [{ categoryId: 'b', sourceCategoryId: null }, { categoryId: 'z', sourceCategoryId: null }])).toEqual([b, null]);
  });
});
