import type { ClientSource } from '@app/protocol/calls/system';
import { clientSourceSchema } from '@app/protocol/calls/system';
import { isKeyTicket, KEY_TICKET_WANT } from '@app/protocol/codec/key-ticket';
import {
  ANSWER_CIPHER_V2,
  EnvelopeError,
  issueKeyTicket,
  openEnvelope,
  openUnderTicket,
  type ServerKey,
  sealData,
  sealDataV2,
  sealJsonV2Body,
  stripEnvelopeFields,
  TIMESTAMP_WINDOW_SECONDS,
  ticketKeyMemo,
  verifySigned,
} from '@app/protocol/codec/server';
import type { Params } from '@app/protocol/codec/sign';
import { type CallDef, type CallOutput, callPath } from '@app/protocol/contract';
import { ErrorCode } from '@app/protocol/errors';
import { CONTROL_CHARS, CONTROL_CHARS_REFUSAL } from '@app/protocol/validation';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type CallerAhead, type EndedSession, requireSession, sessionAhead, type UidOf } from '../auth/sessions';
import type { KeyRing } from '../codec/key-ring';
import type { KeyTicketStore } from '../codec/key-tickets';
import type { NonceStore } from '../codec/nonce-store';
import type { EnvelopeOpener } from '../codec/open-pool';
import type { Db } from '../db/database';
import { AppError, isAppError } from '../errors';
import { jsonBytesOf, jsonOf } from './answer-json';
import type { CallContext, ContextOf } from './call-context';

/** The game's answer for a pt call's gameId / gameToken / serverId (the game gateway implements it). */
export interface GameTokenVerifier {
  verify(input: { gameId: string; gameToken: string; serverId: string }): Promise<GamePlayer>;
}

export interface GamePlayer {
  gameId: string;
  serverId: string;
  accountId: string;
  roleId: string | null;
  online: boolean;
}

export interface CallPlatform {
  db: Db;
  /** Absent until a game gateway is configured: pt calls cannot be registered without it. */
  games?: GameTokenVerifier | undefined;
  keyRing: () => KeyRing;
  /** Opens version-2 envelopes, off the event loop where threads are configured. */
  opener: EnvelopeOpener;
  nonces: NonceStore;
  /** Key tickets (PROTOCOL.md "Version 2 with a key ticket"); absent: none issued, every ticket refused. */
  tickets?: KeyTicketStore | undefined;
  /** A session's user's 唯一码: set by the user module at startup (it owns users). */
  uidOf: UidOf;
  /** Why a session ended, when it says more than 20118 (a ban): set by the user module. */
  whyEnded?: EndedSession;
  validateResponses: boolean;
}

type Handler<D extends CallDef> = (
  input: z.output<D['request']>,
  ctx: ContextOf<D>,
) => Promise<CallOutput<D>> | CallOutput<D>;

export interface RegisteredCall {
  def: CallDef;
  path: string;
}

/** Every call the server serves, for the OpenAPI document; filled only through registerCall. */
export const callRegistry = new WeakMap<FastifyInstance, RegisteredCall[]>();

export function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** A string anywhere in a request holding NUL or another control character (never legitimate input). */
export function hasControlChars(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return CONTROL_CHARS.test(value);
  if (depth > 8 || value === null || typeof value !== 'object') return false;
  const items = Array.isArray(value) ? value : Object.entries(value).flat();
  return items.some((item) => hasControlChars(item, depth + 1));
}

/** X-AppId names a game: letters, digits, '-', '_' and '.'. */
const APP_ID = /^[\w.-]{1,64}$/;

/** GET sends undefined params as empty fields: they mean "absent". */
function dropEmpty(params: Params): Params {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== ''));
}

/** How the answer to an opened request is sealed: version 1 by the RSA key that opened it, version 2 under its K. */
interface AnswerSeal {
  seal(data: unknown): string;
  /** Version 2: the whole answer body of data in JSON, sealed (version 1 seals the object), with a ticket's fields when issued. */
  sealBody?: (json: string | Uint8Array, method: CallDef['method'], ticket?: IssuedTicket | null) => Buffer;
  cipher?: typeof ANSWER_CIPHER_V2;
  /** Plain version 2 (not ticketed): the key that unwrapped K, and K, for a ticket the client may ask for. */
  ticketable?: { key: ServerKey; answerKey: Buffer };
}

interface IssuedTicket {
  ticket: string;
  ttlSeconds: number;
}

/** A version-2 answer's envelope around the sealed data (in data.data for a GET, as PROTOCOL.md says). */
const V2_BEFORE = {
  GET: `{"code":"${ErrorCode.OK}","msg":"success","data":{"data":"`,
  POST: `{"code":"${ErrorCode.OK}","msg":"success","data":"`,
} as const;
const V2_AFTER = { GET: `"},"cipher":"${ANSWER_CIPHER_V2}"`, POST: `","cipher":"${ANSWER_CIPHER_V2}"` } as const;
/** The envelope's end: with a ticket, its fields (the ticket is base64url, nothing to escape). */
const v2End = (ticket: IssuedTicket | null | undefined) =>
  ticket ? `,"keyTicket":"${ticket.ticket}","ticketTtl":${ticket.ttlSeconds}}` : '}';

const v2Answer = (answerKey: Buffer, ticketable?: AnswerSeal['ticketable']): AnswerSeal => ({
  seal: (data) => sealDataV2(answerKey, data),
  sealBody: (json, method, ticket) =>
    sealJsonV2Body(answerKey, json, V2_BEFORE[method], V2_AFTER[method] + v2End(ticket)),
  cipher: ANSWER_CIPHER_V2,
  ...(ticketable ? { ticketable } : {}),
});

/** K of the tickets this process has opened (server.ts ticketKeyMemo: the store still decides each use). */
const ticketKeyOf = ticketKeyMemo();

/**
 * The envelope of a request: plain (signed), version 1 (`encryptData` / `encryptParams` alone) or
 * version 2 (`encryptKey` beside it, nothing else). Every fault is one EnvelopeError (PROTOCOL.md).
 */
async function openSealed(
  ring: KeyRing,
  platform: Pick<CallPlatform, 'opener' | 'tickets'>,
  raw: Params | undefined,
  method: CallDef['method'],
): Promise<{ params: Params; answer: AnswerSeal | null }> {
  const sealed = method === 'GET' ? raw?.encryptParams : raw?.encryptData;
  const wrappedKey = raw?.encryptKey;
  const ticket = raw?.keyTicket;
  if (sealed === undefined && wrappedKey === undefined && ticket === undefined)
    return { params: { ...(raw ?? {}) }, answer: null };
  if (typeof sealed !== 'string') throw new EnvelopeError('sealed field type');
  if (wrappedKey !== undefined && typeof wrappedKey !== 'string') throw new EnvelopeError('encryptKey type');
  if (wrappedKey !== undefined && ticket !== undefined) throw new EnvelopeError('encryptKey beside a ticket');
  if (Object.keys(raw ?? {}).length !== (wrappedKey === undefined && ticket === undefined ? 1 : 2))
    throw new EnvelopeError('extra fields beside the sealed ones');
  if (ticket !== undefined) {
    // A ticketed request: K from the ticket's record, no RSA operation. Unknown, expired, used up,
    // malformed: the uniform refusal like every other fault.
    if (!isKeyTicket(ticket)) throw new EnvelopeError('ticket shape');
    const record = platform.tickets ? await platform.tickets.take(ticket) : null;
    if (!record) throw new EnvelopeError('ticket unknown, expired or used up');
    const { params, answerKey } = openUnderTicket(ticketKeyOf(ring.keys, ticket, record), sealed);
    return { params, answer: v2Answer(answerKey) };
  }
  if (wrappedKey === undefined) {
    const { params, key } = openEnvelope(ring.keys, sealed);
    // Sealed with the key that opened the request, so a client still on a retired key can read it.
    return { params, answer: { seal: (data) => sealData(key, data) } };
  }
  const { params, key, answerKey } = await platform.opener.openV2(ring.keys, wrappedKey, sealed);
  return { params, answer: v2Answer(answerKey, { key, answerKey }) };
}

/**
 * A ticket for a plain version-2 request that asked for one (`X-Key-Ticket: want`). A store that
 * fails (Redis gone) costs the ticket, never the answer: the handler has already run.
 */
async function ticketFor(
  platform: CallPlatform,
  request: FastifyRequest,
  answer: AnswerSeal,
): Promise<IssuedTicket | null> {
  if (!answer.ticketable || !platform.tickets || headerOf(request, 'x-key-ticket') !== KEY_TICKET_WANT) return null;
  const { ticket, record } = issueKeyTicket(answer.ticketable.key, answer.ticketable.answerKey);
  try {
    await platform.tickets.put(ticket, record);
    return { ticket, ttlSeconds: platform.tickets.ttlSeconds };
  } catch (error) {
    request.log.warn({ err: error }, 'key ticket not stored; answered without one');
    return null;
  }
}

async function openRequest(platform: CallPlatform, request: FastifyRequest, def: CallDef) {
  const raw = (def.method === 'GET' ? request.query : request.body) as Params | undefined;
  if (def.plain) return { params: raw ?? {}, answer: null, source: null };
  const source = clientSourceSchema.safeParse(headerOf(request, 'x-source'));
  if (!source.success) throw new EnvelopeError('x-source');
  const ring = platform.keyRing();
  const { params, answer } = await openSealed(ring, platform, raw, def.method);
  const { nonce } = verifySigned(params, {
    secret: ring.signSecrets[source.data],
    nowSeconds: Math.floor(Date.now() / 1000),
  });
  if (!(await platform.nonces.claim(nonce, TIMESTAMP_WINDOW_SECONDS * 2))) throw new EnvelopeError('nonce replay');
  const input = stripEnvelopeFields(params);
  return {
    params: def.method === 'GET' ? dropEmpty(input) : input,
    answer,
    source: source.data as ClientSource,
  };
}

const gameTokenFields = z.object({
  gameId: z.coerce.string().min(1).max(64),
  gameToken: z.string().min(1).max(512),
  serverId: z.coerce.string().min(1).max(64),
});

/** pt calls carry the game's token in their params; the game says whose it is (20301 offline). */
async function verifyGamePlayer(platform: CallPlatform, params: Params): Promise<GamePlayer> {
  const fields = gameTokenFields.safeParse(params);
  if (!fields.success) throw new AppError(ErrorCode.LOGIN_TIMEOUT);
  return (platform.games as GameTokenVerifier).verify(fields.data);
}

/** A reading-session handler's outcome, held to its caller's confirmation (registerCallReadingSession). */
export async function answeredConfirmed<T>(def: CallDef, caller: CallerAhead, run: () => Promise<T> | T): Promise<T> {
  const unconfirmed = () => new Error(`${def.operationId}: the handler did not confirm its caller's session first`);
  let data: T;
  try {
    data = await run();
  } catch (error) {
    // The session's own refusal comes from confirm (still unconfirmed then): it goes out as it is.
    if (caller.confirmed === undefined && isAppError(error) && error !== caller.refusal) throw unconfirmed();
    throw error;
  }
  if (caller.confirmed === undefined) throw unconfirmed();
  return data;
}

/**
 * Registers one call: the only way a route of the exchange API comes to exist, so a call
 * without request and response schemas cannot be served. Decrypts and verifies the envelope,
 * checks access and X-AppId, validates, runs the handler, seals the answer.
 */
export function registerCall<D extends CallDef>(
  app: FastifyInstance,
  platform: CallPlatform,
  def: D,
  handler: Handler<D>,
): void {
  register(app, platform, def, handler, false);
}

/** What the handler of a call registered with registerCallReadingSession gets: its caller still to confirm. */
export type ReadingSessionContext<D extends CallDef> = Omit<ContextOf<D>, 'user'> & { caller: CallerAhead };

/**
 * A df call whose handler reads the session with its own first statement (decision 0081): the
 * handler gets `ctx.caller` (sessions.ts CallerAhead) instead of `ctx.user`, puts `caller.step` in
 * that statement and `caller.confirm`s what it read before anything else. 50000 for a missing
 * token still comes first, as on every df call. A handler that answers unconfirmed, or refuses
 * with a business error before confirming (which would tell a caller without a session about the
 * data), fails as a fault of the server: no answer and no refusal of the business reach him.
 */
export function registerCallReadingSession<D extends CallDef & { access: 'df' }>(
  app: FastifyInstance,
  platform: CallPlatform,
  def: D,
  handler: (input: z.output<D['request']>, ctx: ReadingSessionContext<D>) => Promise<CallOutput<D>>,
): void {
  register(app, platform, def, handler as unknown as Handler<D>, true);
}

function register<D extends CallDef>(
  app: FastifyInstance,
  platform: CallPlatform,
  def: D,
  handler: Handler<D>,
  readingSession: boolean,
): void {
  if (readingSession && def.access !== 'df') throw new Error(`${def.operationId}: only a df call reads its session`);
  if (!def.request || !def.response) throw new Error(`${def.operationId}: a call needs request and response schemas`);
  if (def.access === 'pt' && !platform.games) throw new Error(`${def.operationId}: a pt call needs a game gateway`);
  const path = callPath(def);
  const list = callRegistry.get(app) ?? [];
  if (list.some((c) => c.def.operationId === def.operationId)) throw new Error(`${def.operationId} registered twice`);
  list.push({ def, path });
  callRegistry.set(app, list);

  app.route({
    method: def.method,
    url: path,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const opened = await openRequest(platform, request, def);
      if (hasControlChars(opened.params)) throw new AppError(ErrorCode.BAD_PARAMS, CONTROL_CHARS_REFUSAL);
      const token = headerOf(request, 'x-token');
      // A pt call's game token and its session (optional there) do not depend on each other: both asked at once.
      const asked = def.access === 'pt' ? verifyGamePlayer(platform, opened.params) : null;
      asked?.catch(() => {});
      // df needs a session; pb and pt take one when a valid token comes along (never refuse for it).
      const caller = readingSession ? sessionAhead(token, platform.uidOf, platform.whyEnded) : null;
      const user = caller
        ? null
        : def.access === 'df'
          ? await requireSession(platform.db, token, platform.uidOf, platform.whyEnded)
          : token
            ? await requireSession(platform.db, token, platform.uidOf, platform.whyEnded).catch((error: unknown) => {
                // A token that is not (or no longer) a session; a database that cannot answer is no such thing.
                if (isAppError(error)) return null;
                throw error;
              })
            : null;
      const player = await asked;
      const appId = headerOf(request, 'x-appid')?.trim() || null;
      if ((def.requiresAppId && !appId) || (appId && !APP_ID.test(appId))) throw new AppError(ErrorCode.APP_ID_INVALID);
      const parsed = def.request.safeParse(opened.params);
      if (!parsed.success) {
        const first = parsed.error.issues[0];
        throw new AppError(
          ErrorCode.BAD_PARAMS,
          first?.message && /[\u4e00-\u9fa5]/.test(first.message) ? first.message : undefined,
        );
      }
      const ctx: CallContext = {
        request,
        source: opened.source ?? 'H5',
        user,
        appId,
        player,
        gray: headerOf(request, 'x-env') === 'gray',
      };
      // What the checks above established (session on df, player on pt, X-AppId where required).
      const data = caller
        ? await answeredConfirmed(def, caller, () =>
            handler(parsed.data as z.output<D['request']>, { ...ctx, caller } as unknown as ContextOf<D>),
          )
        : await handler(parsed.data as z.output<D['request']>, ctx as ContextOf<D>);
      if (platform.validateResponses) def.response.parse(data);
      const { answer } = opened;
      // An answer kept serialised (answer-json.ts) is not serialised again.
      const json = jsonOf(data);
      if (!answer && json !== undefined) {
        reply.type('application/json; charset=utf-8').send(`{"code":"${ErrorCode.OK}","msg":"success","data":${json}}`);
        return reply;
      }
      if (answer?.sealBody) {
        // Version 2: the answer's JSON (kept, or serialised here once) sealed straight into the body.
        const ticket = await ticketFor(platform, request, answer);
        const body = answer.sealBody(jsonBytesOf(data) ?? JSON.stringify(data ?? null), def.method, ticket);
        reply.type('application/json; charset=utf-8').send(body);
        return reply;
      }
      const sealedData = answer ? answer.seal(data) : data;
      reply.send({
        code: ErrorCode.OK,
        msg: 'success',
        data: answer && def.method === 'GET' ? { data: sealedData } : sealedData,
        ...(answer?.cipher ? { cipher: answer.cipher } : {}),
      });
      return reply;
    },
  });
}
