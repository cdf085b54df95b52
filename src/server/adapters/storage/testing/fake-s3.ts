import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small S3-compatible server for tests (path-style URLs: /{bucket}/{key}): PutObject, GetObject,
 * HeadObject and DeleteObject on objects kept in memory. It refuses requests without an AWS
 * signature for its access key, as a real store would; it does not verify the signature itself.
 */
export interface FakeS3 {
  /** e.g. http://127.0.0.1:41234 (S3_ENDPOINT, with S3_FORCE_PATH_STYLE=true). */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  /** Every request seen: method and path, for assertions. */
  requests: { method: string; path: string; authorized: boolean }[];
  close(): Promise<void>;
}

const xmlError = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startFakeS3(opts: { bucket?: string; accessKeyId?: string; secretAccessKey?: string } = {}): Promise<FakeS3> {
  const bucket = opts.bucket ?? 'derap-test';
  const accessKeyId = opts.accessKeyId ?? 'FAKEACCESSKEY';
  const objects: FakeS3['objects'] = new Map();
  const requests: FakeS3['requests'] = [];

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const method = request.method ?? 'GET';
      const authorized = (request.headers.authorization ?? '').startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`);
      requests.push({ method, path: url.pathname, authorized });
      const send = (status: number, body = '', headers: Record<string, string> = {}) => {
        response.writeHead(status, { ...(body ? { 'content-type': 'application/xml' } : {}), ...headers });
        response.end(method === 'HEAD' ? undefined : body);
      };
      const body = await bodyOf(request);
      if (!authorized) return send(403, xmlError('AccessDenied', 'Access Denied'));
      const [, bucketName, ...rest] = url.pathname.split('/');
      const key = decodeURIComponent(rest.join('/'));
      if (bucketName !== bucket) return send(404, xmlError('NoSuchBucket', 'The specified bucket does not exist'));
      if (!key) return send(400, xmlError('InvalidRequest', 'Only object operations are supported'));
      const object = objects.get(key);
      switch (method) {
        case 'PUT': {
          // An aws-chunked (streaming-signed) body would need decoding; the adapter sends plain bodies.
          if ((request.headers['content-encoding'] ?? '').includes('aws-chunked')) return send(501, xmlError('NotImplemented', 'aws-chunked'));
          objects.set(key, { body, contentType: request.headers['content-type'] ?? 'application/octet-stream' });
          return send(200, '', { etag: `"${body.length}"` });
        }
        case 'GET':
        case 'HEAD':
          if (!object) return send(404, xmlError('NoSuchKey', 'The specified key does not exist.'));
          response.writeHead(200, { 'content-type': object.contentType, 'content-length': String(object.body.length), etag: `"${object.body.length}"` });
          return response.end(method === 'HEAD' ? undefined : object.body);
        case 'DELETE':
          objects.delete(key);
          return send(204);
        default:
          return send(405, xmlError('MethodNotAllowed', 'The specified method is not allowed'));
      }
    })().catch((err: unknown) => {
      response.writeHead(500);
      response.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey: opts.secretAccessKey ?? 'fake-secret-access-key',
    objects,
    requests,
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}

/** The S3_* environment that points the server at this fake. */
export function fakeS3Env(fake: FakeS3): Record<string, string> {
  return {
    S3_BUCKET: fake.bucket,
    S3_ENDPOINT: fake.endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: fake.accessKeyId,
    S3_SECRET_ACCESS_KEY: fake.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
}
