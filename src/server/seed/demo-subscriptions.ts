import { SUBSCRIPTION_PLANS, TRIAL_DAYS, planDays } from '../../domain/subscriptions/pricing';
import { DAY_MS as DAY } from '../../domain/subscriptions/subscription';
import type { Db } from '../db/client';
import { orders } from '../db/schema/payments';
import { subscriptionGrants } from '../db/schema/subscriptions';
import { newOrderRef } from '../features/payments/service';
import { SUBSCRIPTION_FINISH_PATH } from '../features/subscriptions/service';


/** Who has what in the demo (issue 10 item 7): the ledger and paid orders behind each period. */
export interface DemoSubscription {
  email: string;
  /** Days from now the period ends (negative: ended). */
  endsInDays: number;
  /** What made the period, oldest first: the trial and paid plans. */
  history: ('trial' | '1month' | '6month' | '12month')[];
}

export const demoSubscriptions: DemoSubscription[] = [
  // Active: a trial, then 6 months paid.
  { email: 'rina.wulandari@derap.id', endsInDays: 180, history: ['trial', '6month'] },
  // Trialing, 10 days left.
  { email: 'budi.santoso@derap.id', endsInDays: 10, history: ['trial'] },
  // The trial was used and ended a month ago: status none.
  { email: 'agus.setiawan@derap.id', endsInDays: -30, history: ['trial'] },
  // Paid one month, which ended two days ago: past_due ('Lewat').
  { email: 'yoga.prasetyo@derap.id', endsInDays: -2, history: ['trial', '1month'] },
  { email: 'andi.pratama@derap.id', endsInDays: 365, history: ['12month'] },
];

/** Writes the ledger (and a paid sandbox order per plan) so that it ends exactly at each user's period end. */
export async function seedDemoSubscriptions(tx: Db, usersByEmail: Map<string, string>, now: Date) {
  for (const demo of demoSubscriptions) {
    const userId = usersByEmail.get(demo.email);
    if (!userId) continue;
    const lengths = demo.history.map((kind) => (kind === 'trial' ? TRIAL_DAYS : planDays(SUBSCRIPTION_PLANS[kind])));
    let start = new Date(now.getTime() + (demo.endsInDays - lengths.reduce((a, b) => a + b, 0)) * DAY);
    for (const [i, kind] of demo.history.entries()) {
      const end = new Date(start.getTime() + lengths[i]! * DAY);
      let orderId: string | null = null;
      if (kind !== 'trial') {
        const [order] = await tx
          .insert(orders)
          .values({
            kind: 'subscription',
            userId,
            amount: SUBSCRIPTION_PLANS[kind].total,
            status: 'paid',
            gateway: 'sandbox',
            gatewayRef: newOrderRef('subscription'),
            description: `Derap AI Coaching Premium — Langganan ${SUBSCRIPTION_PLANS[kind].months} Bulan`,
            metadata: { plantype: kind, days: lengths[i] },
            finishUrl: `http://localhost${SUBSCRIPTION_FINISH_PATH}`,
            paymentType: 'qris',
            expiresAt: new Date(start.getTime() + DAY),
            paidAt: start,
            createdAt: start,
            updatedAt: start,
          })
          .returning({ id: orders.id });
        orderId = order!.id;
      }
      await tx.insert(subscriptionGrants).values({ userId, kind, days: lengths[i]!, periodStart: start, periodEnd: end, orderId, createdAt: start });
      start = end;
    }
  }
}
