import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { startFake } from './fake-server';

/** RFC 3986 percent-encoding, as Alibaba Cloud's request signatures document it. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export interface SignedRequest {
  method: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * Alibaba Cloud's V3 request signature (ACS3-HMAC-SHA256, what the official SDK signs with):
 * HMAC-SHA256, hex, over "ACS3-HMAC-SHA256\n" + sha256(the canonical request: method, path,
 * sorted encoded query, the signed headers lowercase and sorted, their names, the body's sha256).
 */
export function acs3Signature(request: SignedRequest, signedHeaders: string[], secret: string): string {
  const query = Object.keys(request.query)
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(request.query[k] as string)}`)
    .join('&');
  const names = [...signedHeaders].sort();
  const headers = names.map((n) => `${n}:${String(request.headers[n] ?? '').trim()}\n`).join('');
  const payload = createHash('sha256').update(request.body).digest('hex');
  const canonical = [request.method, '/', query, headers, names.join(';'), payload].join('\n');
  const toSign = `ACS3-HMAC-SHA256\n${createHash('sha256').update(canonical).digest('hex')}`;
  return createHmac('sha256', secret).update(toSign).digest('hex');
}

const AUTHORIZATION = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/;

const answer = (Code: string, Message: string, status = 200) => ({
  status,
  body: { Code, Message, RequestId: randomUUID().toUpperCase() },
});

/**
 * Alibaba Cloud 号码认证 (Dypnsapi 2017-05-25) GetMobile as documented: an RPC-style call (action
 * and version in x-acs-action / x-acs-version, AccessToken in the query) under the V3 signature,
 * answering {Code, Message, RequestId, GetMobileResultDTO: {Mobile}}. The signature is recomputed
 * here from the AccessKey secret, nonces serve once, the date within 15 minutes, a token serves
 * once (isv.TOKEN_INVALID after, as the carriers' tokens do).
 */
export async function startDypnsFake(key: { accessKeyId: string; accessKeySecret: string }) {
  const tokens = new Map<string, { mobile: string; used: boolean }>();
  const nonces = new Set<string>();
  const fake = await startFake(({ method, url, headers, body }) => {
    const query: Record<string, string> = Object.fromEntries(url.searchParams);
    const auth = AUTHORIZATION.exec(String(headers.authorization ?? ''));
    if (!auth) return answer('MissingAuthorization', 'Authorization is mandatory for this action.', 400);
    const [, accessKeyId, signed = '', signature = ''] = auth;
    if (accessKeyId !== key.accessKeyId)
      return answer('InvalidAccessKeyId.NotFound', 'Specified access key is not found.', 404);
    const signedHeaders = signed.split(';');
    // Every x-acs- header and the host are signed, and the body is the one its hash names.
    const unsigned = Object.keys(headers).filter(
      (h) => (h === 'host' || h.startsWith('x-acs-')) && !signedHeaders.includes(h),
    );
    const bodyHash = createHash('sha256').update(body).digest('hex');
    if (unsigned.length > 0 || headers['x-acs-content-sha256'] !== bodyHash)
      return answer('IncompleteSignature', 'The request signature does not conform to Aliyun standards.', 400);
    const expected = Buffer.from(acs3Signature({ method, query, headers, body }, signedHeaders, key.accessKeySecret));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given))
      return answer('SignatureDoesNotMatch', 'Specified signature is not matched with our calculation.', 400);
    const at = Date.parse(String(headers['x-acs-date'] ?? ''));
    if (!Number.isFinite(at) || Math.abs(Date.now() - at) > 900_000)
      return answer('InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.', 400);
    const nonce = String(headers['x-acs-signature-nonce'] ?? '');
    if (!nonce || nonces.has(nonce))
      return answer('SignatureNonceUsed', 'Specified signature nonce was used already.', 400);
    nonces.add(nonce);
    const params: Record<string, string> = {
      ...query,
      Action: String(headers['x-acs-action']),
      Version: String(headers['x-acs-version']),
    };
    if (params.Action !== 'GetMobile' || params.Version !== '2017-05-25')
      return answer('InvalidAction.NotFound', 'Specified api is not found.', 404);
    const token = tokens.get(params.AccessToken ?? '');
    if (!token || token.used) return answer('isv.TOKEN_INVALID', '令牌无效');
    token.used = true;
    return { body: { ...answer('OK', '请求成功').body, GetMobileResultDTO: { Mobile: token.mobile } } };
  });
  return {
    ...fake,
    /** The token the app's one-click SDK obtains after the user agrees. */
    tokenFor(mobile: string): string {
      const token = randomBytes(24).toString('base64url');
      tokens.set(token, { mobile, used: false });
      return token;
    },
  };
}
