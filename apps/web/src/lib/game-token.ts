import { storage } from './storage';

/** The game token fields of the player in this SDK view (storage loginInfoStr, platform-shell §3); null outside a game. */
export function gameToken(): { gameId: string; gameToken: string; serverId: string } | null {
  const info = storage.getJson<{ game_id: string; game_token: string; server_id: string }>('loginInfoStr');
  return info ? { gameId: info.game_id, gameToken: info.game_token, serverId: info.server_id } : null;
}
