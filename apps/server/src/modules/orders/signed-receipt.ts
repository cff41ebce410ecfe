import type { GameGateway } from '../games/game-gateway';

/**
 * Whether a game's signed delivery receipt holds (partner API, docs/game-partner-api.md): checked
 * against the game's key; a game no longer configured cannot be checked and answers false. The
 * exchange's orders and the broker's show it the same way (buyer, merchant, customer service).
 */
export function signedReceiptHolds(
  gateway: Pick<GameGateway, 'receiptHolds'>,
  gameId: string,
  receipt: Parameters<GameGateway['receiptHolds']>[1],
  signature: string | null,
): boolean {
  try {
    return gateway.receiptHolds(gameId, receipt, signature);
  } catch {
    return false;
  }
}
