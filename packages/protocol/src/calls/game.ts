import { z } from 'zod';
import { defineCall } from '../contract';
import { loginResultSchema } from './user';

/** Game-token fields every pt call carries (platform-shell §3 loginInfo). */
export const gameTokenFields = {
  gameId: z.string().min(1).max(64),
  gameToken: z.string().min(1).max(512),
  serverId: z.string().min(1).max(64),
};

export const gameTokenLogin = defineCall({
  service: 'user',
  call: 'gameTokenLogin',
  version: 1,
  access: 'pt',
  method: 'POST',
  scene: 'h5sdk',
  summary:
    'Logs the player in from inside the game: the game vouches for the token; the account is found by its game account',
  request: z.object({
    ...gameTokenFields,
    packageName: z.string().max(128).optional(),
    roleId: z.string().max(64).optional(),
    roleName: z.string().max(64).optional(),
  }),
  response: loginResultSchema,
});

export const checkGameTokenOnline = defineCall({
  service: 'exchange',
  call: 'checkGameTokenOnline',
  version: 1,
  access: 'pt',
  method: 'POST',
  scene: 'h5sdk',
  operationId: 'h5sdk.checkGameTokenOnline',
  summary: "Whether the token's role is online in the game now",
  request: z.object(gameTokenFields),
  response: z.object({ online: z.boolean(), roleId: z.string().nullable() }),
});

export const serverList = defineCall({
  service: 'market',
  call: 'serverList',
  version: 1,
  access: 'pb',
  method: 'GET',
  scene: 'app',
  requiresAppId: true,
  summary: 'Servers of the game in X-AppId, with their master-server groups',
  request: z.object({}),
  response: z.object({
    list: z.array(z.object({ serverId: z.string(), serverName: z.string(), masterServerId: z.string() })),
  }),
});
