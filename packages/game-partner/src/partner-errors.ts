/**
 * The codes a game answers the partner API with (docs/game-partner-api.md, "Codes"). Decide on the
 * code, never on the zh-CN message.
 */
export type PartnerErrorCode =
  | 'TOKEN_INVALID'
  | 'TOKEN_EXPIRED'
  | 'ROLE_OFFLINE'
  | 'NOT_FOUND'
  | 'ALREADY_FROZEN'
  | 'NOT_FROZEN'
  | 'FROZEN_BY_OTHER_LISTING'
  | 'INSUFFICIENT'
  | 'BLACKLISTED'
  | 'NO_ROLE_SLOT'
  | 'RECLAIM_IMPOSSIBLE'
  | 'SERVER_MISMATCH'
  | 'CONSIGNED_RECENTLY'
  | 'NOT_IN_SAFE_ZONE'
  | 'BAD_REQUEST'
  | 'BAD_SIGNATURE'
  | 'STALE'
  | 'REPLAY'
  | 'IDEMPOTENCY_CONFLICT';

/** A refusal from a game, with its stable code (TOKEN_EXPIRED, NOT_FROZEN, NO_ROLE_SLOT ...). */
export class PartnerRefusal extends Error {
  constructor(
    /** A PartnerErrorCode; kept a string since a game may answer a code this exchange does not know yet. */
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * No answer from a game: the call timed out, the network failed, the game answered something that
 * is not the partner API's JSON, or its circuit is open (the exchange stopped calling a game that
 * kept failing). Unlike a refusal, the outcome of a change is unknown: ask again under the same
 * requestId, and the game answers the first outcome.
 */
export class PartnerUnavailable extends Error {
  constructor(
    readonly reason: 'timeout' | 'network' | 'circuit_open',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
