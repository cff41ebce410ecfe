import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of the Tencent Cloud API 3.0 wire as faceid and OCR speak it: a POST of JSON to /,
 * the action and version in X-TC-* headers, a TC3-HMAC-SHA256 signature the fake recomputes from
 * the shared secret key (refused with AuthFailure.SignatureFailure / SignatureExpire when wrong or
 * old), answers {Response: {…, RequestId}} or {Response: {Error: {Code, Message}, RequestId}}.
 * A script decides each answer: a value, an error code, a hang (timeout) or garbage.
 */
export type FakeAnswer =
  | { kind: 'ok'; body: Record<string, unknown> }
  | { kind: 'error'; code: string }
  | { kind: 'hang' }
  | { kind: 'garbage'; raw: string };

export interface TencentCloudFake {
  endpoint: string;
  /** Requests per action that passed the signature check. */
  calls: Record<string, number>;
  /** Every request seen (headers and JSON body). */
  seen: Array<{ action: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown> }>;
  /** What an action answers for a body; the default answers its `ok` value. */
  script: (action: string, body: Record<string, unknown>) => FakeAnswer;
  close(): Promise<void>;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const hmac = (key: Buffer | string, s: string) => createHmac('sha256', key).update(s).digest();

/** The signature of a request as the TC3-HMAC-SHA256 document describes it, recomputed here. */
function expectedSignature(
  secretKey: string,
  req: http.IncomingMessage,
  raw: string,
  scope: { date: string; service: string },
  signedHeaders: string,
): string {
  const canonicalHeaders = signedHeaders
    .split(';')
    .map((name) => {
      const value = String(req.headers[name] ?? '').trim();
      // The signed host is the host name (the SDK signs no port).
      return `${name}:${(name === 'host' ? value.replace(/:\d+$/, '') : value).toLowerCase()}\n`;
    })
    .join('');
  const canonical = ['POST', '/', '', canonicalHeaders, signedHeaders, sha256(raw)].join('\n');
  const timestamp = String(req.headers['x-tc-timestamp']);
  const credentialScope = `${scope.date}/${scope.service}/tc3_request`;
  const toSign = ['TC3-HMAC-SHA256', timestamp, credentialScope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(`TC3${secretKey}`, scope.date), scope.service), 'tc3_request');
  return createHmac('sha256', key).update(toSign).digest('hex');
}

export async function startTencentCloudFake(options: {
  secretId: string;
  secretKey: string;
}): Promise<TencentCloudFake> {
  const sockets = new Set<import('node:net').Socket>();
  const fake: TencentCloudFake = {
    endpoint: '',
    calls: {},
    seen: [],
    script: () => ({ kind: 'ok', body: {} }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const action = String(req.headers['x-tc-action'] ?? '');
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      fake.seen.push({ action, headers: req.headers, body });
      const RequestId = `req-${fake.seen.length}`;
      const send = (response: Record<string, unknown>) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ Response: { ...response, RequestId } }));
      };
      const refuse = (Code: string, Message: string) => send({ Error: { Code, Message } });
      const auth =
        /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d\d-\d\d)\/([^/]+)\/tc3_request, SignedHeaders=(\S+), Signature=([0-9a-f]{64})$/.exec(
          String(req.headers.authorization ?? ''),
        );
      if (!auth) return refuse('AuthFailure.InvalidAuthorization', 'Authorization malformed');
      const [, secretId, date, service, signedHeaders, signature] = auth as unknown as string[];
      if (secretId !== options.secretId) return refuse('AuthFailure.SecretIdNotFound', 'unknown SecretId');
      const timestamp = Number(req.headers['x-tc-timestamp']);
      if (!Number.isFinite(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300)
        return refuse('AuthFailure.SignatureExpire', 'signature expired');
      const scope = { date: date as string, service: service as string };
      if (
        !String(signedHeaders).split(';').includes('host') ||
        expectedSignature(options.secretKey, req, raw, scope, signedHeaders as string) !== signature
      )
        return refuse('AuthFailure.SignatureFailure', 'signature mismatch');
      fake.calls[action] = (fake.calls[action] ?? 0) + 1;
      const answer = fake.script(action, body);
      if (answer.kind === 'hang') return; // never answers: the client's timeout decides
      if (answer.kind === 'garbage') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(answer.raw);
      }
      if (answer.kind === 'error') return refuse(answer.code, `fake ${answer.code}`);
      send(answer.body);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
