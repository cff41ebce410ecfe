import { GCM_KEY_BYTES, gcmOpen, gcmSeal, randomBytes } from './aes-gcm';
import { base64ToBytes, bytesToBase64, utf8 } from './base64';
import { isKeyTicket, KEY_TICKET_HEADER, KEY_TICKET_MAX_USES, KEY_TICKET_WANT } from './key-ticket';
import { parsePublicKeyPem, publicEncrypt, publicOpen, type RsaPublicKey } from './rsa-public';
import { type Params, signParams, signValue } from './sign';

export interface ClientKeys {
  rsaPublicKey: string;
  signSecret: string;
  keyId: string;
}

export type HttpMethod = 'GET' | 'POST';

/** Opens the `data` field of a success envelope answering one version-2 request. */
export type OpenAnswer = (data: unknown) => unknown;

/** What a client reads of an answer's envelope to keep or drop its key ticket. */
export interface TicketEnvelope {
  code: string;
  keyTicket?: unknown;
  ticketTtl?: unknown;
}

/** One sealed request: how to open its answer, the headers it needs, and what its envelope says of the ticket. */
export interface SealedRequest {
  open: OpenAnswer;
  /** `X-Key-Ticket: want` on a plain version-2 request asking for a ticket; empty otherwise. */
  headers: Record<string, string>;
  /** Sent under a ticket: on the uniform refusal, seal it again (plain version 2) and send it once more. */
  ticketed: boolean;
  /** Every answer's envelope, or null when none came: keeps a ticket given, drops one refused. */
  settle(envelope: TicketEnvelope | null): void;
}

/** Codec version 2 (PROTOCOL.md), what every client should speak. */
export interface ClientCodecV2 {
  /** The POST body `{encryptKey, encryptData}` (or `{keyTicket, encryptData}`) and how to open its answer (only with its key). */
  post(params: Params): SealedRequest & { body: Params };
  /** The GET query (no '?') `encryptKey=…&encryptParams=…` (or `keyTicket=…`) and how to open its answer. */
  get(params: Params): SealedRequest & { query: string };
}

/** A held ticket as a keeper saves it: K in base64, the end in the client's clock, the uses so far. */
export interface HeldTicket {
  ticket: string;
  key: string;
  until: number;
  uses: number;
}

/** Where a ticket outlives the codec (the web: the tab's session storage, so a page load reuses it). */
export interface TicketKeeper {
  load(): HeldTicket | null;
  save(held: HeldTicket | null): void;
}

export interface CodecOptions {
  /** Ask for key tickets and use them (PROTOCOL.md "Version 2 with a key ticket"). */
  tickets?: boolean;
  keeper?: TicketKeeper;
  now?: () => number;
}

function loadHeld(
  keeper: TicketKeeper | undefined,
): { ticket: string; key: Uint8Array; until: number; uses: number } | null {
  const saved = keeper?.load();
  const key = saved && isKeyTicket(saved.ticket) ? base64ToBytes(saved.key) : null;
  if (!saved || !key || key.length !== GCM_KEY_BYTES || !Number.isFinite(saved.until) || !Number.isInteger(saved.uses))
    return null;
  return { ticket: saved.ticket, key, until: saved.until, uses: saved.uses };
}

/** A ticket is dropped this long before the server's end of it (clocks and the request's own flight). */
const TICKET_MARGIN_MS = 15_000;

/** Both versions and plain signed requests: for tests and benchmarks that speak each of them. */
export interface ClientCodec extends ClientCodecV2 {
  /** Version 1: the JSON body of a POST, `{encryptData}` or, with encrypt=false, the signed params. */
  sealPost(params: Params, encrypt: boolean): Params;
  /** Version 1: the query string (no '?') of a GET, `encryptParams=...` or the signed params as fields. */
  sealGet(params: Params, encrypt: boolean): string;
  /** Version 1: the real data inside a response envelope's `data` field. */
  openData(data: unknown, method: HttpMethod, encrypted: boolean): unknown;
}

class ResponseSealError extends Error {}

/** The sealed answer of a success envelope: `data` (POST) or `data.data` (GET), a base64 string. */
function sealedBytes(data: unknown, method: HttpMethod): Uint8Array {
  const sealed =
    method === 'POST' ? data : typeof data === 'object' && data !== null ? (data as { data?: unknown }).data : null;
  if (typeof sealed !== 'string') throw new ResponseSealError('response data is not sealed');
  const bytes = base64ToBytes(sealed);
  if (!bytes) throw new ResponseSealError('response data is not base64');
  return bytes;
}

/** GET sends undefined params as empty fields, so that the sign covers them as the server sees them. */
function withEmptyFields(params: Params): Params {
  const out: Params = {};
  for (const [key, value] of Object.entries(params)) out[key] = value === undefined ? '' : value;
  return out;
}

const signerOf = (keys: ClientKeys, now: () => number) => (params: Params) =>
  signParams(params, keys.signSecret, keys.keyId, Math.floor(now() / 1000));

/**
 * Version 2 only (the web's): a fresh key K per request under RSA (one block), the signed params
 * and the answer under K with AES-256-GCM. With `tickets`, the first request asks for a key
 * ticket and the following ones send it instead of `encryptKey` (no RSA operation on either side)
 * until it lapses, is used up or is refused. Nothing of version 1 is bundled with it.
 */
export function createClientCodecV2(keys: ClientKeys, options: CodecOptions = {}): ClientCodecV2 {
  const now = options.now ?? Date.now;
  const publicKey: RsaPublicKey = parsePublicKeyPem(keys.rsaPublicKey);
  const sign = signerOf(keys, now);
  const keeper = options.tickets ? options.keeper : undefined;
  let held = loadHeld(keeper);
  const keep = (next: typeof held) => {
    held = next;
    keeper?.save(next && { ticket: next.ticket, key: bytesToBase64(next.key), until: next.until, uses: next.uses });
  };
  let asking = false;
  const seal = (
    params: Params,
    method: HttpMethod,
  ): SealedRequest & { field: Record<string, string>; encryptData: string } => {
    if (held && (now() >= held.until || held.uses >= KEY_TICKET_MAX_USES)) keep(null);
    const ticket = options.tickets ? held : null;
    const aesKey = ticket ? ticket.key : randomBytes(GCM_KEY_BYTES);
    const encryptData = bytesToBase64(gcmSeal(aesKey, utf8.encode(JSON.stringify(sign(params)))));
    const open: OpenAnswer = (data) => JSON.parse(utf8.decode(gcmOpen(aesKey, sealedBytes(data, method))));
    if (ticket) {
      ticket.uses++;
      keep(ticket);
      const settle = (envelope: TicketEnvelope | null) => {
        if (envelope?.code === '10001' && held === ticket) keep(null);
      };
      return { field: { keyTicket: ticket.ticket }, encryptData, open, headers: {}, ticketed: true, settle };
    }
    const wants = Boolean(options.tickets) && !asking;
    if (wants) asking = true;
    const settle = (envelope: TicketEnvelope | null) => {
      if (!wants) return;
      asking = false;
      const ttl = envelope?.ticketTtl;
      if (envelope?.code !== '200' || !isKeyTicket(envelope.keyTicket) || typeof ttl !== 'number' || ttl <= 0) return;
      keep({ ticket: envelope.keyTicket, key: aesKey, until: now() + ttl * 1000 - TICKET_MARGIN_MS, uses: 0 });
    };
    return {
      field: { encryptKey: publicEncrypt(publicKey, aesKey) },
      encryptData,
      open,
      headers: wants ? { [KEY_TICKET_HEADER]: KEY_TICKET_WANT } : {},
      ticketed: false,
      settle,
    };
  };
  return {
    post(params) {
      const { field, encryptData, ...rest } = seal(params, 'POST');
      return { body: { ...field, encryptData }, ...rest };
    },
    get(params) {
      const { field, encryptData, ...rest } = seal(withEmptyFields(params), 'GET');
      return { query: new URLSearchParams({ ...field, encryptParams: encryptData }).toString(), ...rest };
    },
  };
}

/** Version 2, version 1 and plain signed requests. */
export function createClientCodec(keys: ClientKeys, now: () => number = Date.now): ClientCodec {
  const publicKey: RsaPublicKey = parsePublicKeyPem(keys.rsaPublicKey);
  const sign = signerOf(keys, now);
  const encrypt = (params: Params): string => publicEncrypt(publicKey, utf8.encode(JSON.stringify(params)));
  return {
    ...createClientCodecV2(keys, { now }),
    sealPost(params, shouldEncrypt) {
      const signed = sign(params);
      return shouldEncrypt ? { encryptData: encrypt(signed) } : signed;
    },
    sealGet(params, shouldEncrypt) {
      const signed = sign(withEmptyFields(params));
      const query = new URLSearchParams();
      if (shouldEncrypt) query.set('encryptParams', encrypt(signed));
      else for (const [key, value] of Object.entries(signed)) query.set(key, signValue(value));
      return query.toString();
    },
    openData(data, method, encrypted) {
      if (!encrypted || data === null || data === undefined) return data;
      return JSON.parse(utf8.decode(publicOpen(publicKey, sealedBytes(data, method))));
    },
  };
}
