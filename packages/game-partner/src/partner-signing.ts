import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Signing of the game partner API (docs/game-partner-api.md), used by both sides:
 * X-Signature = lowercase hex HMAC-SHA256(secret, METHOD \n PATH \n TIMESTAMP \n NONCE \n REQUEST-ID \n hex SHA-256(body)).
 */
export type SignedHeaders = {
  'x-partner-id': string;
  'x-timestamp': string;
  'x-nonce': string;
  'x-request-id': string;
  'x-signature': string;
};

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

export function partnerSignature(
  secret: string,
  method: string,
  path: string,
  timestamp: string,
  nonce: string,
  requestId: string,
  body: string,
): string {
  return createHmac('sha256', secret)
    .update(`${method.toUpperCase()}\n${path}\n${timestamp}\n${nonce}\n${requestId}\n${sha256Hex(body)}`)
    .digest('hex');
}

export function signPartnerRequest(input: {
  secret: string;
  partnerId: string;
  method: string;
  path: string;
  body: string;
  requestId: string;
  now?: number;
  nonce?: string;
}): SignedHeaders {
  const timestamp = String(Math.floor((input.now ?? Date.now()) / 1000));
  const nonce = input.nonce ?? randomBytes(16).toString('hex');
  return {
    'x-partner-id': input.partnerId,
    'x-timestamp': timestamp,
    'x-nonce': nonce,
    'x-request-id': input.requestId,
    'x-signature': partnerSignature(
      input.secret,
      input.method,
      input.path,
      timestamp,
      nonce,
      input.requestId,
      input.body,
    ),
  };
}

export function signatureMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(given, 'hex');
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

/** What a delivery receipt says: which listing moved what, to whom, when (unix ms). */
export interface ReceiptFields {
  listingId: string;
  kind: string;
  to: string;
  at: number;
  coinType?: string | undefined;
  amount?: number | undefined;
  itemIds?: string[] | undefined;
}

/**
 * The game's signature of a delivery receipt: HMAC-SHA256(secret, canonical JSON of its fields), so
 * buyer, seller and customer service can check the order's receipt is what the game said.
 */
export function receiptSignature(secret: string, r: ReceiptFields): string {
  const canonical = JSON.stringify([
    r.listingId,
    r.kind,
    r.to,
    r.at,
    r.coinType ?? null,
    r.amount ?? null,
    r.itemIds ?? null,
  ]);
  return createHmac('sha256', secret).update(canonical).digest('hex');
}
