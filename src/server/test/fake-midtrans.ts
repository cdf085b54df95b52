import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Midtrans on 127.0.0.1 with the same HTTP shapes: Snap `POST /snap/v1/transactions`
 * (201 `{ token, redirect_url }`, or 4xx `{ error_messages }`) and the Core API's
 * `POST /v2/{order_id}/expire` and `GET /v2/{order_id}/status`. It records every request and builds
 * notifications signed the way Midtrans signs them (computed here, independently of the adapter).
 * Like Midtrans, it keeps each order's current transaction: `notify` changes it and returns the
 * notification Midtrans would send, and the status API answers from it; `notification` only signs
 * (what an attacker replays or edits).
 */

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface FakeReply {
  /** 0: drop the connection without an answer. */
  status: number;
  body: unknown;
}

/** An order's transaction as Midtrans keeps it. */
export interface FakeTransaction {
  transactionStatus: string;
  grossAmount: number | string;
  fraudStatus?: string;
  paymentType?: string;
}

export interface FakeMidtrans {
  url: string;
  serverKey: string;
  requests: RecordedRequest[];
  /** The next Snap request gets this answer instead of a token. */
  failNextTransaction(reply: FakeReply): void;
  /** What `/v2/{order_id}/expire` answers for an order (default: 404, the payer never picked a method). */
  setExpireReply(orderId: string, reply: FakeReply): void;
  /** A raw answer of `/v2/{order_id}/status`, instead of the order's transaction. */
  setStatusReply(orderId: string, reply: FakeReply): void;
  /** Sets what Midtrans has for an order (what its status API answers). */
  setTransaction(orderId: string, transaction: FakeTransaction): void;
  /** The next status request waits until `release()`; `reached` resolves when it arrives. */
  pauseNextStatus(): { reached: Promise<void>; release: () => void };
  /** A notification as Midtrans signs it, changing nothing at the fake; `signWith` forges it with another key. */
  notification(input: NotificationInput): Record<string, string>;
  /** What Midtrans does when a transaction changes: records it, and returns the notification it sends. */
  notify(input: NotificationInput): Record<string, string>;
  reset(): void;
  close(): Promise<void>;
}

export interface NotificationInput {
  orderId: string;
  transactionStatus: string;
  grossAmount: number | string;
  statusCode?: string;
  fraudStatus?: string;
  paymentType?: string;
  signWith?: string;
}

const defaultStatusCode: Record<string, string> = {
  capture: '200',
  settlement: '200',
  authorize: '200',
  refund: '200',
  partial_refund: '200',
  chargeback: '200',
  pending: '201',
  deny: '202',
  cancel: '202',
  expire: '202',
  failure: '202',
};

/** The status code Midtrans sends with a status (a challenged card capture is 201, a denied one 202). */
function codeFor(transactionStatus: string, fraudStatus?: string): string {
  if (transactionStatus === 'capture' && fraudStatus === 'challenge') return '201';
  if (transactionStatus === 'capture' && fraudStatus === 'deny') return '202';
  return defaultStatusCode[transactionStatus] ?? '200';
}

const amountText = (amount: number | string) => (typeof amount === 'number' ? `${amount}.00` : amount);

/** What `GET /v2/{order_id}/status` answers for a transaction (Midtrans says 407 for an expired one). */
function statusBody(orderId: string, t: FakeTransaction, transactionId: string) {
  const code = t.transactionStatus === 'expire' ? '407' : codeFor(t.transactionStatus, t.fraudStatus);
  return {
    status_code: code,
    status_message: 'Success, transaction is found',
    transaction_id: transactionId,
    order_id: orderId,
    gross_amount: amountText(t.grossAmount),
    currency: 'IDR',
    payment_type: t.paymentType ?? 'bank_transfer',
    transaction_time: '2027-05-21 10:00:00',
    transaction_status: t.transactionStatus,
    fraud_status: t.fraudStatus ?? 'accept',
    merchant_id: 'G000000000',
  };
}

export async function startFakeMidtrans(serverKey = 'SB-Mid-server-fake-test-key'): Promise<FakeMidtrans> {
  const requests: RecordedRequest[] = [];
  let nextFailure: FakeReply | null = null;
  const expireReplies = new Map<string, FakeReply>();
  const statusReplies = new Map<string, FakeReply>();
  const transactions = new Map<string, FakeTransaction & { transactionId: string }>();
  let statusGate: { arrived: () => void; wait: Promise<void> } | null = null;
  let url = '';

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = raw;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        // keep the raw text
      }
      const path = req.url ?? '/';
      requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body });
      const send = (reply: FakeReply) => {
        if (reply.status === 0) return void req.socket.destroy();
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(reply.body));
      };
      const expected = `Basic ${Buffer.from(`${serverKey}:`).toString('base64')}`;
      if (req.headers.authorization !== expected) {
        return send({ status: 401, body: { error_messages: ['Access denied due to unauthorized transaction, please check client or server key'] } });
      }
      if (req.method === 'POST' && path === '/snap/v1/transactions') {
        if (nextFailure) {
          const failure = nextFailure;
          nextFailure = null;
          return send(failure);
        }
        const token = randomUUID();
        return send({ status: 201, body: { token, redirect_url: `${url}/snap/v4/redirection/${token}` } });
      }
      const core = /^\/v2\/([^/]+)\/(expire|status)$/.exec(path);
      if (core) {
        const orderId = decodeURIComponent(core[1]!);
        const fallback = { status: 404, body: { status_code: '404', status_message: "Transaction doesn't exist." } };
        if (core[2] === 'expire' && req.method === 'POST') return send(expireReplies.get(orderId) ?? fallback);
        if (core[2] === 'status' && req.method === 'GET') {
          const answer = () => {
            const t = transactions.get(orderId);
            send(statusReplies.get(orderId) ?? (t ? { status: 200, body: statusBody(orderId, t, t.transactionId) } : fallback));
          };
          const gate = statusGate;
          statusGate = null;
          if (!gate) return answer();
          gate.arrived();
          return void gate.wait.then(answer);
        }
      }
      send({ status: 404, body: { error_messages: ['Not found'] } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** Signed as Midtrans signs: SHA512(order_id + status_code + gross_amount + server key). */
  function sign(input: NotificationInput): Record<string, string> {
    const statusCode = input.statusCode ?? codeFor(input.transactionStatus, input.fraudStatus);
    const grossAmount = amountText(input.grossAmount);
    const signature = createHash('sha512')
      .update(`${input.orderId}${statusCode}${grossAmount}${input.signWith ?? serverKey}`)
      .digest('hex');
    return {
      transaction_time: '2027-05-21 10:00:00',
      transaction_status: input.transactionStatus,
      transaction_id: randomUUID(),
      status_message: 'midtrans payment notification',
      status_code: statusCode,
      signature_key: signature,
      payment_type: input.paymentType ?? 'bank_transfer',
      order_id: input.orderId,
      merchant_id: 'G000000000',
      gross_amount: grossAmount,
      fraud_status: input.fraudStatus ?? 'accept',
      currency: 'IDR',
    };
  }

  return {
    url,
    serverKey,
    requests,
    failNextTransaction(reply) {
      nextFailure = reply;
    },
    setExpireReply(orderId, reply) {
      expireReplies.set(orderId, reply);
    },
    setStatusReply(orderId, reply) {
      statusReplies.set(orderId, reply);
    },
    setTransaction(orderId, transaction) {
      transactions.set(orderId, { ...transaction, transactionId: randomUUID() });
    },
    pauseNextStatus() {
      let arrived!: () => void;
      let release!: () => void;
      const reached = new Promise<void>((resolve) => (arrived = resolve));
      const wait = new Promise<void>((resolve) => (release = resolve));
      statusGate = { arrived, wait };
      return { reached, release };
    },
    notify(input) {
      const body = sign(input);
      transactions.set(input.orderId, {
        transactionStatus: input.transactionStatus,
        grossAmount: input.grossAmount,
        fraudStatus: input.fraudStatus,
        paymentType: input.paymentType,
        transactionId: body.transaction_id!,
      });
      return body;
    },
    notification: sign,
    reset() {
      requests.length = 0;
      nextFailure = null;
      expireReplies.clear();
      statusReplies.clear();
      transactions.clear();
      statusGate = null;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
