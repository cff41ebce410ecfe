import { z } from 'zod';
import { defineCall } from '../contract';

/** Games, the lobby, channels and server functions (business-flows §7 "Market"). */

const queryInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const applicationIdSchema = z.string().min(1).max(64);

/** A game as every list shows it, with the download info of business-flows §3. */
export const gameSchema = z.object({
  gameId: z.string(),
  applicationId: z.string(),
  gameName: z.string(),
  iconUrl: z.string(),
  description: z.string(),
  /** Initial of the name in pinyin, for the lobby's letter index. */
  initial: z.string(),
  tags: z.array(z.string()),
  onSaleCount: z.number().int(),
  soldCount: z.number().int(),
  /** 1 when the logged-in user has played the game. */
  isPlayed: z.union([z.literal(0), z.literal(1)]),
  h5IosDownloadUrl: z.string(),
  iosDownloadUrl: z.string(),
  h5AndroidDownloadUrl: z.string(),
  androidDownloadUrl: z.string(),
  pcDownloadUrl: z.string(),
  /** The game guide (攻略) link for the game-guide popup. */
  guideUrl: z.string(),
  crossServer: z.boolean(),
});
export type Game = z.infer<typeof gameSchema>;

/** Role classes and coin types of a game (platform-shell §3 game config: roleTypeList). */
const gameConfigSchema = z.object({
  roleTypeList: z.array(z.object({ type: z.number().int(), name: z.string(), icon: z.string() })),
  coinTypeList: z.array(z.object({ type: z.number().int(), name: z.string() })),
  authType: z.number().int(),
});

const pageRequest = z.object({ page: queryInt(1, 1_000).default(1), pageSize: queryInt(1, 50).default(20) });
const gamePage = z.object({ list: z.array(gameSchema), hasMore: z.boolean() });

export const recommendGameList = defineCall({
  service: 'market',
  call: 'recommendGameList',
  version: 1,
  access: 'pb',
  method: 'GET',
  scene: 'app',
  summary: 'Games to show on the home and the popular / recommended pages, busiest market first',
  request: pageRequest.extend({ kind: z.enum(['popular', 'recommend']).default('recommend') }),
  response: gamePage,
});

export const playedGameList = defineCall({
  service: 'market',
  call: 'playedGameList',
  version: 1,
  access: 'df',
  method: 'GET',
  scene: 'app',
  summary: 'Games the user has logged into through the marketplace, most recent first',
  request: z.object({}),
  response: z.object({ list: z.array(gameSchema.extend({ lastPlayedAt: z.number().int() })) }),
});

export const playedGameInfo = defineCall({
  service: 'market',
  call: 'playedGameInfo',
  version: 1,
  access: 'df',
  method: 'GET',
  scene: 'app',
  summary: "One played game with the user's roles seen in it (server, role, last login)",
  request: z.object({ applicationId: applicationIdSchema }),
  response: z.object({
    game: gameSchema,
    roles: z.array(
      z.object({
        serverId: z.string(),
        serverName: z.string(),
        roleId: z.string(),
        roleName: z.string(),
        lastLoginTime: z.number().int(),
      }),
    ),
  }),
});

export const lastPlayedGame = defineCall({
  service: 'market',
  call: 'lastPlayedGame',
  version: 1,
  access: 'pb',
  method: 'GET',
  scene: 'app',
  summary: "The game the home opens on: the user's last played game, else the busiest one",
  request: z.object({}),
  response: z.object({ game: gameSchema, played: z.boolean() }),
});

export const gameLobby = defineCall({
  service: 'market',
  call: 'gameLobby',
  version: 1,
  access: 'pb',
  method: 'GET',
  scene: 'app',
  summary: 'Every game, hot ones first and all of them grouped by pinyin initial',
  request: z.object({ keyword: z.string().max(30).optional() }),
  response: z.object({
    hot: z.array(gameSchema),
    groups: z.array(z.object({ initial: z.string(), games: z.array(gameSchema) })),
  }),
});

export const gameConfig = defineCall({
  service: 'market',
  call: 'gameConfig',
  version: 1,
  access: 'pb',
  method: 'GET',
  scene: 'app',
  requiresAppId: true,
  summary: 'Role classes and coin types of the game in X-AppId (the filter panel)',
  request: z.object({}),
  response: gameConfigSchema,
});

const channelSchema = z.object({
  channelId: z.string(),
  name: z.string(),
  /** Fixed channels cannot be removed. */
  fixed: z.boolean(),
  selected: z.boolean(),
});

export const channelList = defineCall({
  service: 'market',
  call: 'channelList',
  version: 1,
  access: 'pb',
  method: 'GET',
  scene: 'app',
  summary: "The home's channel tabs in the user's order (the default order when logged out)",
  request: z.object({}),
  response: z.object({ list: z.array(channelSchema) }),
});

export const updateChannelList = defineCall({
  service: 'market',
  call: 'updateChannelList',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary: 'Saves the order and choice of channel tabs; fixed channels stay selected',
  request: z.object({ channelIds: z.array(z.string().max(32)).min(1).max(20) }),
  response: z.object({ list: z.array(channelSchema) }),
});

export const serverFunctionList = defineCall({
  service: 'market',
  call: 'serverFunctionList',
  version: 1,
  access: 'pb',
  method: 'GET',
  scene: 'app',
  requiresAppId: true,
  summary: 'What a server of the game in X-AppId allows: selling each type, pre-sale, auction, cross-server',
  request: z.object({ serverId: z.string().max(64).optional() }),
  response: z.object({
    list: z.array(z.object({ code: z.string(), name: z.string(), enabled: z.boolean() })),
  }),
});

export const firstActivate = defineCall({
  service: 'market',
  call: 'firstActivate',
  version: 1,
  access: 'pb',
  method: 'POST',
  scene: 'app',
  summary: 'Records the first launch of a device; answers whether this launch was the first',
  request: z.object({ deviceId: z.string().min(1).max(128), channel: z.string().max(32).optional() }),
  response: z.object({ firstActivate: z.boolean(), activatedAt: z.number().int() }),
});

export const testPlayGameInfo = defineCall({
  service: 'market',
  call: 'testPlay/getGameInfo',
  version: 1,
  access: 'pb',
  method: 'GET',
  scene: 'app',
  summary: 'A game to try before buying: its downloads, guide and what is on sale',
  request: z.object({ applicationId: applicationIdSchema }),
  response: z.object({ game: gameSchema, serverCount: z.number().int() }),
});

export const testPlayStatus = defineCall({
  service: 'market',
  call: 'testPlay/status',
  version: 1,
  access: 'df',
  method: 'GET',
  scene: 'app',
  summary: 'Whether the user has logged into the game (tried it), and when',
  request: z.object({ applicationId: applicationIdSchema }),
  response: z.object({ played: z.boolean(), firstPlayedAt: z.number().int().nullable() }),
});

export const getUniqueIdList = defineCall({
  service: 'market',
  call: 'getUniqueIdList',
  version: 1,
  access: 'df',
  method: 'GET',
  scene: 'app',
  requiresAppId: true,
  summary:
    "The user's game accounts in the game of X-AppId as customer-account options (唯一码 tradeId, last role, last login)",
  request: z.object({}),
  response: z.object({
    list: z.array(z.object({ tradeId: z.string(), lastLoginRoleName: z.string(), lastLoginTime: z.number().int() })),
  }),
});
