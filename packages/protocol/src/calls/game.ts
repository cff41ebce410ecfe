import { z } from 'zod';
import { jyhKeySchema } from '../consignment-key';
import { defineCall } from '../contract';
import { phoneSchema, smsCodeSchema } from '../validation';
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

/** The same login under the name the specs' game client uses (payload gameId, gameToken, packageName, serverId). */
export const gameLogin = defineCall({ ...gameTokenLogin, call: 'gameLogin', operationId: 'user.gameLogin' });

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

const serverSchema = z.object({ serverId: z.string(), serverName: z.string(), masterServerId: z.string() });

export const serverAll = defineCall({
  service: 'market',
  call: 'serverAll',
  version: 1,
  access: 'pb',
  method: 'GET',
  scene: 'app',
  requiresAppId: true,
  summary: 'Every server of the game in X-AppId, grouped by master server',
  request: z.object({}),
  response: z.object({ groups: z.array(z.object({ masterServerId: z.string(), servers: z.array(serverSchema) })) }),
});

export const accountList = defineCall({
  service: 'market',
  call: 'accountList',
  version: 1,
  access: 'df',
  method: 'GET',
  scene: 'app',
  requiresAppId: true,
  summary: "The logged-in user's game accounts in this game (linked by game logins)",
  request: z.object({}),
  response: z.object({ list: z.array(z.object({ accountId: z.string(), linkedAt: z.number().int() })) }),
});

export const roleList = defineCall({
  service: 'market',
  call: 'roleList',
  version: 1,
  access: 'df',
  method: 'GET',
  scene: 'app',
  requiresAppId: true,
  summary: "The user's roles in this game, optionally on one server",
  request: z.object({ serverId: z.string().max(64).optional() }),
  response: z.object({
    list: z.array(
      z.object({
        roleId: z.string(),
        roleName: z.string(),
        serverId: z.string(),
        jobName: z.string(),
        level: z.number().int(),
        roleAtt: z.number().int(),
        accountId: z.string(),
      }),
    ),
  }),
});

export const checkSameMasterServer = defineCall({
  service: 'exchange',
  call: 'checkSameMasterServer',
  version: 1,
  access: 'pt',
  method: 'POST',
  scene: 'h5sdk',
  operationId: 'h5sdk.checkSameMasterServer',
  summary: "Whether another server is in the player's master-server group (cross-server trading)",
  request: z.object({ ...gameTokenFields, targetServerId: z.string().min(1).max(64) }),
  response: z.object({ same: z.boolean() }),
});

export const isShowCrossServerCommodity = defineCall({
  service: 'exchange',
  call: 'isShowCrossServerCommodity',
  version: 1,
  access: 'pt',
  method: 'POST',
  scene: 'h5sdk',
  operationId: 'h5sdk.isShowCrossServerCommodity',
  summary: 'Whether this game shows listings of other servers of the same master group',
  request: z.object(gameTokenFields),
  response: z.object({ show: z.boolean(), masterServerId: z.string() }),
});

export const coinNum = defineCall({
  service: 'exchange',
  call: 'coinNum',
  version: 1,
  access: 'pt',
  method: 'POST',
  scene: 'h5sdk',
  operationId: 'h5sdk.coinNum',
  summary: "The player's coins per coin type: total and what is free to sell",
  request: z.object(gameTokenFields),
  response: z.object({
    list: z.array(
      z.object({ type: z.number().int(), coinType: z.string(), total: z.number().int(), available: z.number().int() }),
    ),
  }),
});

export const itemBlacklist = defineCall({
  service: 'exchange',
  call: 'itemBlacklist',
  version: 1,
  access: 'pt',
  method: 'POST',
  scene: 'h5sdk',
  operationId: 'h5sdk.itemBlacklist',
  summary: "The player's items the game does not allow to trade",
  request: z.object(gameTokenFields),
  response: z.object({ list: z.array(z.object({ itemId: z.string(), name: z.string(), subType: z.number().int() })) }),
});

export const gameInfo = defineCall({
  service: 'market',
  call: 'gameInfo',
  version: 1,
  access: 'pb',
  method: 'GET',
  scene: 'app',
  requiresAppId: true,
  summary: 'Icon and name of the game in X-AppId (the 20301 no-line state)',
  request: z.object({}),
  response: z.object({ iconUrl: z.string(), gameName: z.string() }),
});

export const getJyhKeyInfo = defineCall({
  service: 'exchange',
  call: 'getJyhKeyInfo',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary:
    "The game (applicationId) of a consignment key (寄售码) issued to a game account linked to this user, while it is valid; an unknown key and another's key both answer 31001; 10005 past 20 a minute per user or 60 an hour per address",
  request: z.object({ jyhKey: jyhKeySchema }),
  response: z.object({ applicationId: z.string(), expireTime: z.number().int() }),
});

export const h5sdkSendSms = defineCall({
  service: 'user',
  call: 'sendSms',
  version: 1,
  access: 'pt',
  method: 'POST',
  scene: 'h5sdk',
  operationId: 'h5sdk.user.sendSms',
  summary: 'Sends an SMS code from inside a game (the game vouches for the player)',
  request: z.object({ ...gameTokenFields, phone: phoneSchema, smsType: z.literal('phoneLogin') }),
  response: z.object({ sent: z.literal(true), cooldownSeconds: z.number().int() }),
});

export const h5sdkPhoneLogin = defineCall({
  service: 'user',
  call: 'phoneLogin',
  version: 1,
  access: 'pt',
  method: 'POST',
  scene: 'h5sdk',
  operationId: 'h5sdk.user.phoneLogin',
  summary:
    "Logs in by phone from inside a game and links the player's game account to that phone's user (a game login's phoneless user takes a new phone); 10002 when the game account is another phone's, or when its phoneless user still holds money or something in flight",
  request: z.object({ ...gameTokenFields, phone: phoneSchema, code: smsCodeSchema }),
  response: loginResultSchema,
});
