import { createDecipheriv, createSign, createVerify, randomBytes } from 'node:crypto';

/** The Authorization header of WeChat Pay API v3 (WECHATPAY2-SHA256-RSA2048). */
export function wechatAuthorization(
  o: { mchId: string; serialNo: string; privateKey: string },
  method: string,
  path: string,
  body: string,
  timestamp: number,
  nonce: string,
) {
  const message = `${method}\n${path}\n${timestamp}\n${nonce}\n${body}\n`;
  const signature = createSign('RSA-SHA256').update(message).sign(o.privateKey, 'base64');
  return `WECHATPAY2-SHA256-RSA2048 mchid="${o.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${o.serialNo}"`;
}

/** Decrypts a notification's resource (AEAD_AES_256_GCM with the APIv3 key; the tag is the last 16 bytes). */
export function decryptResource(
  apiV3Key: string,
  r: { ciphertext: string; nonce: string; associated_data?: string },
): string {
  const data = Buffer.from(r.ciphertext, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(r.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  if (r.associated_data) decipher.setAAD(Buffer.from(r.associated_data, 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

const header = (h: Record<string, string | string[] | undefined>, name: string) => {
  const v = h[name] ?? h[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};

/**
 * Whether WeChat Pay really sent this (a notification or an API answer): its RSA-SHA256 signature
 * over "timestamp\nnonce\nbody\n" holds with the platform key, it is at most 5 minutes old, and,
 * when the key's serial is known, Wechatpay-Serial names that key.
 */
export function wechatpaySigned(
  o: { platformPublicKey: string; platformSerial?: string | undefined; now: () => number },
  headers: Record<string, string | string[] | undefined>,
  body: string,
): boolean {
  const timestamp = header(headers, 'wechatpay-timestamp');
  const nonce = header(headers, 'wechatpay-nonce');
  const signature = header(headers, 'wechatpay-signature');
  if (!timestamp || !nonce || !signature) return false;
  if (o.platformSerial && header(headers, 'wechatpay-serial') !== o.platformSerial) return false;
  if (Math.abs(o.now() / 1000 - Number(timestamp)) > 300) return false;
  try {
    return createVerify('RSA-SHA256')
      .update(`${timestamp}\n${nonce}\n${body}\n`)
      .verify(o.platformPublicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/** What a signed API v3 call needs: the merchant's key to sign, the platform's to check the answer. */
export interface WechatpayCaller {
  mchId: string;
  serialNo: string;
  privateKey: string;
  platformPublicKey: string;
  /** When known, sent as Wechatpay-Serial (encrypted fields name the key) and required of answers. */
  platformSerial?: string | undefined;
  /** https://api.mch.weixin.qq.com by default. */
  baseUrl?: string | undefined;
  timeoutMs?: number | undefined;
  fetch?: typeof fetch | undefined;
  now?: (() => number) | undefined;
}

/**
 * One signed call of WeChat Pay API v3 whose answer counts only when WeChat signed it: the status
 * and the JSON answer, or null when there is no trustworthy answer (a timeout, a lost connection,
 * an unsigned, forged or unreadable body): the outcome is unknown and the caller asks again later.
 */
export async function signedWechatpayCall<T>(
  o: WechatpayCaller,
  method: 'GET' | 'POST',
  path: string,
  payload?: object,
): Promise<{ status: number; answer: T } | null> {
  const now = o.now ?? Date.now;
  const body = payload ? JSON.stringify(payload) : '';
  const nonce = randomBytes(16).toString('hex');
  let res: Response;
  let text: string;
  try {
    res = await (o.fetch ?? fetch)(`${o.baseUrl ?? 'https://api.mch.weixin.qq.com'}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        ...(o.platformSerial ? { 'wechatpay-serial': o.platformSerial } : {}),
        authorization: wechatAuthorization(o, method, path, body, Math.floor(now() / 1000), nonce),
      },
      ...(payload ? { body } : {}),
      signal: AbortSignal.timeout(o.timeoutMs ?? 10_000),
    });
    text = await res.text();
  } catch {
    return null;
  }
  const answerHeaders: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    answerHeaders[name] = value;
  });
  if (!wechatpaySigned({ ...o, now }, answerHeaders, text)) return null;
  try {
    return { status: res.status, answer: JSON.parse(text) as T };
  } catch {
    return null;
  }
}
