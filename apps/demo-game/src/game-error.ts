import type { PartnerErrorCode } from '@app/game-partner/partner-errors';

/** A refusal of the game, with a stable code for partners and a zh-CN message for players. */
export type GameErrorCode =
  | PartnerErrorCode
  // The game's own (its login page and its players' actions), never answered to the exchange:
  | 'BAD_LOGIN'
  | 'LOGIN_LOCKED'
  | 'ITEM_FROZEN'
  | 'EXCHANGE_UNAVAILABLE'
  | 'ALREADY_REGISTERED';

export class GameError extends Error {
  constructor(
    readonly code: GameErrorCode,
    message: string,
  ) {
    super(message);
  }
}
