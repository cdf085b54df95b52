import { asc, eq } from 'drizzle-orm';
import type { OrderKind } from '../../../domain/payments/payments';
import { recordSandboxTransaction, sandboxKey, type SandboxStatus } from '../../adapters/payments/sandbox';
import { orders, paymentNotificationRejections, paymentNotifications, users, type OrderRow } from '../../db/schema';
import type { TestApp } from '../../test/build-test-app';
import type { CreateOrderInput } from './service';

/** Shared by the payment tests: an order to pay for, hooks that record what they were called with. */

export const sampleOrder = (over: Partial<CreateOrderInput> = {}): CreateOrderInput => ({
  kind: 'registration',
  userId: null,
  amount: 150_000,
  description: 'Derap Run 2027 — 10K',
  metadata: { registrationId: 'reg-1' },
  enabledPayments: ['bni_va', 'gopay'],
  customer: { name: 'Rina Wulandari', email: 'rina@contoh.id', phone: '081234567890' },
  finishUrl: '/registration-success?id=reg-1',
  expiresInMinutes: 60,
  ...over,
});

export interface HookLog {
  fulfilled: OrderRow[];
  expired: OrderRow[];
  /** When set, the next fulfilment throws after writing (to prove the write is rolled back). */
  failNext: boolean;
  clear(): void;
}

/**
 * Registers hooks for every kind. The fulfilment grants a "subscription" to the order's user inside
 * the webhook's transaction, like the real subscription feature will.
 */
export function recordHooks(t: TestApp, kinds: OrderKind[] = ['registration', 'subscription', 'coach_package']): HookLog {
  const log: HookLog = {
    fulfilled: [],
    expired: [],
    failNext: false,
    clear() {
      this.fulfilled.length = 0;
      this.expired.length = 0;
      this.failNext = false;
    },
  };
  for (const kind of kinds) {
    // `replace`: the features that own these kinds register their real hooks on the same app.
    t.app.payments.registerFulfilment(
      kind,
      async (tx, order) => {
      if (order.userId) await tx.update(users).set({ subscriptionStatus: 'active' }).where(eq(users.id, order.userId));
      if (log.failNext) {
        log.failNext = false;
        throw new Error('fulfilment failed');
      }
        log.fulfilled.push(order);
      },
      { replace: true },
    );
    t.app.payments.registerOnExpired(
      kind,
      async (_tx, order) => {
        log.expired.push(order);
      },
      { replace: true },
    );
  }
  return log;
}

export async function readOrder(t: TestApp, id: string): Promise<OrderRow> {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error(`order ${id} not found`);
  return row;
}

export async function notificationLog(t: TestApp) {
  return t.database.db.select().from(paymentNotifications).orderBy(asc(paymentNotifications.receivedAt));
}

export const postNotification = (t: TestApp, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/payments/notification', payload: payload as Record<string, unknown> });

export async function rejectionLog(t: TestApp) {
  return t.database.db.select().from(paymentNotificationRejections).orderBy(asc(paymentNotificationRejections.firstAt));
}

/**
 * With the sandbox gateway: what its checkout (or an operator refunding or voiding) does — record
 * the order's new status at the "gateway", which its status call then confirms — and deliver the
 * notification to the webhook.
 */
export async function sandboxEvent(t: TestApp, orderRef: string, amount: number, transactionStatus: SandboxStatus, paymentType = 'bank_transfer') {
  const notification = await recordSandboxTransaction(t.database.db, sandboxKey(t.config.jwtSecret), { orderRef, amount, transactionStatus, paymentType });
  return postNotification(t, notification);
}
