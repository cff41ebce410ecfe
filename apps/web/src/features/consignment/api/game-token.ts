import { storage } from '../../../lib/storage';

/** The game token fields of the player in this SDK view (storage loginInfoStr, platform-shell §3). */
export function gameToken(): { gameId: string; gameToken: string; serverId: string } | null {
  const info = storage.getJson<{ game_id: string; game_token: string; server_id: string }>('loginInfoStr');
  return info ? { gameId: info.game_id, gameToken: info.game_token, serverId: info.server_id } : null;
}

/** The game token fields a pt call needs; outside a game there are none to send. */
export function requireGameToken(): { gameId: string; gameToken: string; serverId: string } {
  const token = gameToken();
  if (!token) throw new Error('请从游戏内打开寄售');
  return token;
}
