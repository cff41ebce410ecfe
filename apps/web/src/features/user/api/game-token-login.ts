import { gameTokenLogin } from '@app/protocol/calls/game';
import { callApi } from '../../../lib/api/call-api';
import { callHost, hasHost, hostGameId } from '../../../lib/bridge';
import { saveLogin, storage } from '../../../lib/storage';

/** loginInfo of platform-shell §3 as the host answers getGameInfoJson. */
export interface GameLoginInfo {
  game_id: string;
  server_id: string;
  game_token: string;
  role: string;
  role_id: string;
  server_name: string;
  role_level: number;
  job_id: number;
  job_name: string;
  roleAtt: number;
}

/**
 * In a game scene: asks the host who plays (getGameInfoJson), keeps it as loginInfoStr, and logs
 * in with the game token unless this token's session already exists. When the host has no player
 * to tell (no role chosen), the view still shows its game: the host's getGameAppID.
 */
export async function loginFromGame(): Promise<GameLoginInfo | null> {
  if (!hasHost()) return null;
  const info = await callHost<GameLoginInfo>('getGameInfoJson').catch(async (error: unknown) => {
    const gameId = await hostGameId();
    if (gameId) storage.set('currentAppId', gameId);
    throw error;
  });
  const previous = storage.getJson<GameLoginInfo>('loginInfoStr');
  storage.setJson('loginInfoStr', info);
  storage.set('currentAppId', info.game_id);
  storage.set('role_strong', String(info.roleAtt));
  if (storage.get('token') && previous?.game_token === info.game_token) return info;
  const login = await callApi(gameTokenLogin, {
    gameId: info.game_id,
    gameToken: info.game_token,
    serverId: info.server_id,
    roleId: info.role_id,
    roleName: info.role,
    packageName: 'h5sdk',
  });
  saveLogin(login);
  return info;
}
