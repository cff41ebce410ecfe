import { gameToken } from '../../../lib/game-token';

export { gameToken };

/** The game token fields a pt call needs; outside a game there are none to send. */
export function requireGameToken(): { gameId: string; gameToken: string; serverId: string } {
  const token = gameToken();
  if (!token) throw new Error('请从游戏内打开寄售');
  return token;
}
