import { timingSafeEqual } from 'node:crypto';
import {
  type CircuitBreaker,
  type CircuitBreakerOptions,
  type CircuitState,
  createCircuitBreaker,
} from '@app/game-partner/circuit-breaker';
import {
  createPartnerClient,
  type PartnerCallTrace,
  type PartnerClient,
  type Transport,
} from '@app/game-partner/partner-client';
import { PartnerRefusal } from '@app/game-partner/partner-errors';
import { realNameHashes } from '@app/game-partner/partner-real-name';
import { type ReceiptFields, receiptSignature } from '@app/game-partner/partner-signing';
import type { FreezeInput, TransferInput } from '@app/game-partner/partner-types';
import type { AuthType } from '@app/protocol/auth-type';
import { CLIENT_MESSAGES, ErrorCode } from '@app/protocol/errors';
import { AppError } from '../../platform/errors';
import type { GamePlayer, GameTokenVerifier } from '../../platform/http/register-call';

/**
 * The only code that talks to games: one partner-API client per configured game. Game refusals
 * become envelope codes here (an expired token → 20018, offline → the spec's offline message).
 */
export interface GameConfig {
  gameId: string;
  name: string;
  iconUrl: string;
  /** The game lets players see listings of other servers in their master-server group. */
  crossServer: boolean;
  /** The real-name dialog the game asks for (its config's authType, decision 0034). */
  authType: AuthType;
  /**
   * Where the game's host keeps what its putFileToAliYun answers: an absolute URL, or (an embedded
   * demo game, on this origin) a path; none when the game's host keeps no files.
   */
  filesUrl?: string;
  partnerUrl: string;
  secret: string;
  transport?: Transport;
}

/** The external games of the GAMES setting, reached over HTTP. */
export function partnerGames(
  entries: ReadonlyArray<
    Pick<GameConfig, 'gameId' | 'name' | 'iconUrl' | 'crossServer' | 'authType' | 'secret'> & {
      filesUrl?: string | undefined;
    } & { baseUrl: string }
  >,
): GameConfig[] {
  return entries.map(({ baseUrl, filesUrl, ...game }) => ({
    ...game,
    ...(filesUrl ? { filesUrl } : {}),
    partnerUrl: baseUrl,
  }));
}

/** How the gateway calls games: its metrics, traces, limits and circuits. */
export interface GatewayOptions {
  observe?: (gameId: string, path: string, outcome: string, seconds: number) => void;
  /** The traces' client span of a call (configured-games.ts; none when tracing is off). */
  trace?: (gameId: string, path: string) => PartnerCallTrace;
  timeoutMs?: number;
  retries?: number;
  retryDelayMs?: (attempt: number) => number;
  /** Each game's circuit (decision 0073); none: every call goes out. */
  breaker?: Omit<CircuitBreakerOptions, 'onChange'> & { onChange?: (gameId: string, state: CircuitState) => void };
}

export function createGameGateway(games: GameConfig[], partnerId: string, options: GatewayOptions = {}) {
  const { observe, trace, breaker } = options;
  const breakers = new Map<string, CircuitBreaker>();
  const clients = new Map<string, PartnerClient>(
    games.map((g) => {
      const circuit = breaker
        ? createCircuitBreaker({ ...breaker, onChange: (state) => breaker.onChange?.(g.gameId, state) })
        : undefined;
      if (circuit) breakers.set(g.gameId, circuit);
      return [
        g.gameId,
        createPartnerClient({
          baseUrl: g.partnerUrl,
          partnerId,
          secret: g.secret,
          ...(g.transport ? { fetch: g.transport } : {}),
          ...(observe
            ? { observe: (path: string, outcome: string, s: number) => observe(g.gameId, path, outcome, s) }
            : {}),
          ...(trace ? { trace: (path: string) => trace(g.gameId, path) } : {}),
          ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
          ...(options.retries !== undefined ? { retries: options.retries } : {}),
          ...(options.retryDelayMs ? { retryDelayMs: options.retryDelayMs } : {}),
          ...(circuit ? { breaker: circuit } : {}),
        }),
      ];
    }),
  );
  const client = (gameId: string): PartnerClient => {
    const found = clients.get(gameId);
    if (!found) throw new AppError(ErrorCode.APP_ID_INVALID);
    return found;
  };
  const translate = (error: unknown): never => {
    if (error instanceof PartnerRefusal) {
      if (error.code === 'TOKEN_EXPIRED' || error.code === 'TOKEN_INVALID')
        throw new AppError(ErrorCode.LOGIN_TIMEOUT_GAME);
      if (error.code === 'ROLE_OFFLINE') throw new AppError(ErrorCode.BAD_PARAMS, CLIENT_MESSAGES.roleOffline);
      throw new AppError(ErrorCode.BAD_PARAMS, error.message);
    }
    // No answer: the error handler answers 503 with Retry-After and 10000 (游戏服务暂时无法连接).
    throw error;
  };
  const verifier: GameTokenVerifier = {
    async verify({ gameId, gameToken, serverId }): Promise<GamePlayer> {
      const who = await client(gameId).verifyToken(gameToken).catch(translate);
      if (who.serverId && who.serverId !== serverId) throw new AppError(ErrorCode.LOGIN_TIMEOUT_GAME);
      return { gameId, serverId, accountId: who.accountId, roleId: who.roleId, online: who.online };
    },
  };
  const config = (gameId: string): GameConfig => {
    const found = games.find((g) => g.gameId === gameId);
    if (!found) throw new AppError(ErrorCode.APP_ID_INVALID);
    return found;
  };
  return {
    verifier,
    client,
    config,
    /** Whether a game's circuit is open now (calls to it fail at once): the buyer is told his delivery waits. */
    unreachable: (gameId: string) => breakers.get(gameId)?.state() === 'open',
    servers: (gameId: string) => client(gameId).servers().catch(translate),
    roles: (gameId: string, accountId: string, serverId?: string) =>
      client(gameId).roles(accountId, serverId).catch(translate),
    coins: (gameId: string, roleId: string) => client(gameId).coins(roleId).catch(translate),
    items: (gameId: string, roleId: string) => client(gameId).items(roleId).catch(translate),
    snapshot: (gameId: string, roleId: string) => client(gameId).snapshot(roleId).catch(translate),
    /**
     * Whether a game account's registered real name and ID number are this person's, asked as keyed
     * hashes with the game's key (the name never leaves the exchange): none when the account holds
     * no registration, unsupported when the game does not answer the call (NOT_FOUND).
     */
    registeredRealName: async (
      gameId: string,
      accountId: string,
      person: { name: string; idCard: string },
    ): Promise<'match' | 'mismatch' | 'none' | 'unsupported'> => {
      try {
        const answer = await client(gameId).realName(accountId, realNameHashes(config(gameId).secret, person));
        if (answer?.registration === 'match' || answer?.registration === 'mismatch' || answer?.registration === 'none')
          return answer.registration;
        throw new AppError(ErrorCode.BAD_PARAMS, '游戏暂时无法核对实名信息，请稍后再试');
      } catch (error) {
        if (error instanceof PartnerRefusal && error.code === 'NOT_FOUND') return 'unsupported';
        return translate(error);
      }
    },
    /**
     * Changes in the game, repeatable under the same requestId. A PartnerRefusal means the game
     * said no (nothing changed); any other error leaves the outcome unknown.
     */
    freeze: (gameId: string, input: FreezeInput, requestId: string) => client(gameId).freeze(input, requestId),
    unfreeze: (gameId: string, input: { listingId: string; roleId: string }, requestId: string) =>
      client(gameId).unfreeze(input, requestId),
    /** A one-time login link to the game for an account's role (a verified seller's snapshot login). */
    loginTicket: async (gameId: string, accountId: string, roleId: string) => {
      const t = await client(gameId)
        .call('/login-ticket', { accountId, roleId }, `ticket-${gameId}-${roleId}-${Date.now()}`)
        .catch(translate);
      const base = config(gameId).partnerUrl.replace(/\/partner\/v1\/?$/, '');
      return { ticket: t.ticket, expiresAt: t.expiresAt, loginUrl: `${base}${t.loginPath}` };
    },
    /** Moves what a listing froze to the buyer; repeatable under the listing (the game answers the first transfer). */
    transfer: (gameId: string, input: TransferInput, requestId: string) => client(gameId).transfer(input, requestId),
    /** Customer service: what a listing's transfer moved goes back to the seller; repeatable. */
    reclaim: (gameId: string, input: { listingId: string; roleId: string }, requestId: string) =>
      client(gameId).reclaim(input, requestId),
    /** Whether a delivery receipt carries the game's own signature. */
    receiptHolds: (gameId: string, receipt: ReceiptFields, signature: string | null) => {
      if (!signature) return false;
      const expected = Buffer.from(receiptSignature(config(gameId).secret, receipt));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
    /** The envelope error of a game's refusal (rethrows anything else). */
    refusal: translate,
    /** Checks a game's signed callback (game → exchange), same scheme as the partner API. */
    verifyCallback: (gameId: string, secretCheck: (secret: string) => boolean) => secretCheck(config(gameId).secret),
  };
}
export type GameGateway = ReturnType<typeof createGameGateway>;
