/** A refusal of the game, with a stable code for partners and a zh-CN message for players. */
export type GameErrorCode =
  | 'BAD_LOGIN'
  | 'LOGIN_LOCKED'
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
  | 'ITEM_FROZEN'
  | 'EXCHANGE_UNAVAILABLE'
  | 'BAD_REQUEST'
  | 'BAD_SIGNATURE'
  | 'STALE'
  | 'REPLAY'
  | 'IDEMPOTENCY_CONFLICT';

export class GameError extends Error {
  constructor(
    readonly code: GameErrorCode,
    message: string,
  ) {
    super(message);
  }
}
