import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the Gemini API on 127.0.0.1 with its REST shapes: `POST
 * /v1beta/models/{model}:generateContent` with the key in `x-goog-api-key`, answering
 * `{ candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP' }] }`, or
 * Google's error body `{ error: { code, message, status } }`. Replies are scripted per request (a
 * queue, then a default), and every request is recorded so tests can read what the adapter sent.
 */

export interface RecordedGeminiRequest {
  method: string;
  path: string;
  /** The model named in the path (`models/{model}:generateContent`), or null. */
  model: string | null;
  headers: IncomingHttpHeaders;
  body: GeminiRequestBody | null;
}

/** The parts of a generateContent request body the tests read. */
export interface GeminiRequestBody {
  contents?: { role?: string; parts?: GeminiPart[] }[];
  systemInstruction?: { role?: string; parts?: GeminiPart[] };
  generationConfig?: { responseMimeType?: string; responseSchema?: unknown; responseJsonSchema?: unknown; [key: string]: unknown };
  [key: string]: unknown;
}

export interface GeminiPart {
  text?: string;
  inlineData?: { mimeType: string; data: string };
  [key: string]: unknown;
}

export type FakeGeminiReply =
  /** The model answers this value as JSON text. */
  | { kind: 'json'; value: unknown; delayMs?: number }
  /** The model answers this text (garbage, malformed JSON, prose around JSON). */
  | { kind: 'text'; text: string; delayMs?: number }
  /** A raw HTTP answer (an error, a body in the wrong shape). */
  | { kind: 'http'; status: number; body: unknown; delayMs?: number }
  /** Drops the connection without an answer. */
  | { kind: 'drop' };

export interface FakeGemini {
  url: string;
  apiKey: string;
  requests: RecordedGeminiRequest[];
  /** The next requests get these replies, in order; after them, the default. */
  enqueue(...replies: FakeGeminiReply[]): void;
  /** The reply when the queue is empty (default: `{}` as JSON). */
  setDefault(reply: FakeGeminiReply): void;
  reset(): void;
  close(): Promise<void>;
}

/** Google's error body for an HTTP status, as the Gemini API sends it. */
export function googleError(status: number, message = 'error'): FakeGeminiReply {
  const names: Record<number, string> = { 400: 'INVALID_ARGUMENT', 403: 'PERMISSION_DENIED', 429: 'RESOURCE_EXHAUSTED', 500: 'INTERNAL', 503: 'UNAVAILABLE' };
  return { kind: 'http', status, body: { error: { code: status, message, status: names[status] ?? 'UNKNOWN' } } };
}

/** Every text the request carries (system instruction and contents), joined: what the model reads. */
export function promptText(request: RecordedGeminiRequest): string {
  const body = request.body;
  if (!body) return '';
  const parts = [...(body.systemInstruction?.parts ?? []), ...(body.contents ?? []).flatMap((c) => c.parts ?? [])];
  return parts.map((p) => p.text ?? '').join('\n');
}

const PATH = /^\/v1beta\/models\/([^/:]+):generateContent$/;

export async function startFakeGemini(apiKey = 'fake-gemini-key-123'): Promise<FakeGemini> {
  const requests: RecordedGeminiRequest[] = [];
  let queue: FakeGeminiReply[] = [];
  const initialDefault: FakeGeminiReply = { kind: 'json', value: {} };
  let fallback: FakeGeminiReply = initialDefault;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    res.end(JSON.stringify(body));
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: GeminiRequestBody | null = null;
      try {
        body = raw ? (JSON.parse(raw) as GeminiRequestBody) : null;
      } catch {
        body = null;
      }
      const model = PATH.exec(path)?.[1] ?? null;
      requests.push({ method: req.method ?? '', path, model, headers: req.headers, body });

      if (req.method !== 'POST' || !model) return send(res, 404, { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } });
      if (req.headers['x-goog-api-key'] !== apiKey) {
        return send(res, 400, { error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT' } });
      }
      const reply = queue.shift() ?? fallback;
      if (reply.kind === 'drop') {
        req.socket.destroy();
        return;
      }
      const answer = () => {
        if (res.destroyed) return;
        if (reply.kind === 'http') return send(res, reply.status, reply.body);
        const text = reply.kind === 'json' ? JSON.stringify(reply.value) : reply.text;
        send(res, 200, {
          candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 }],
          usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 10, totalTokenCount: 20 },
          modelVersion: model,
        });
      };
      if (reply.delayMs) setTimeout(answer, reply.delayMs).unref();
      else answer();
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    requests,
    enqueue: (...replies) => void queue.push(...replies),
    setDefault: (reply) => void (fallback = reply),
    reset: () => {
      requests.length = 0;
      queue = [];
      fallback = initialDefault;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        // A slow reply still holds its socket: end it rather than wait for it.
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
