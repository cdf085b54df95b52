import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Midtrans on 127.0.0.1 with the same HTTP shapes: Snap `POST /snap/v1/transactions`
 * (201 `{ token, redirect_url }`, or 4xx `{ error_messages }`) and the Core API's
 * `POST /v2/{order_id}/expire` and `GET /v2/{order_id}/status`. It records every request and builds
 * notifications signed the way Midtrans signs them (computed here, independently of the adapter).
 */

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface FakeReply {
  status: number;
  body: unknown;
}

export interface FakeMidtrans {
  url: string;
  serverKey: string;
  requests: RecordedRequest[];
  /** The next Snap request gets this answer instead of a token. */
  failNextTransaction(reply: FakeReply): void;
  /** What `/v2/{order_id}/expire` answers for an order (default: 404, the payer never picked a method). */
  setExpireReply(orderId: string, reply: FakeReply): void;
  setStatusReply(orderId: string, reply: FakeReply): void;
  /** A notification as Midtrans sends it; `signWith` forges it with another key. */
  notification(input: NotificationInput): Record<string, string>;
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
  refund: '200',
  pending: '201',
  deny: '202',
  cancel: '202',
  expire: '202',
};

export async function startFakeMidtrans(serverKey = 'SB-Mid-server-fake-test-key'): Promise<FakeMidtrans> {
  const requests: RecordedRequest[] = [];
  let nextFailure: FakeReply | null = null;
  const expireReplies = new Map<string, FakeReply>();
  const statusReplies = new Map<string, FakeReply>();
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
        if (core[2] === 'status' && req.method === 'GET') return send(statusReplies.get(orderId) ?? fallback);
      }
      send({ status: 404, body: { error_messages: ['Not found'] } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

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
    notification(input) {
      const statusCode = input.statusCode ?? defaultStatusCode[input.transactionStatus] ?? '200';
      const grossAmount = typeof input.grossAmount === 'number' ? `${input.grossAmount}.00` : input.grossAmount;
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
    },
    reset() {
      requests.length = 0;
      nextFailure = null;
      expireReplies.clear();
      statusReplies.clear();
    },
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
