import {
  channelList,
  firstActivate,
  gameConfig,
  gameLobby,
  getUniqueIdList,
  lastPlayedGame,
  playedGameInfo,
  playedGameList,
  recommendGameList,
  serverFunctionList,
  testPlayGameInfo,
  testPlayStatus,
  updateChannelList,
} from '@app/protocol/calls/market-games';
import { ErrorCode } from '@app/protocol/errors';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import type { GameGateway } from '../games/game-gateway';
import { gameAccountsOf } from '../user/game-accounts';
import { allGames, gameById } from './catalogue';
import { CHANNELS, orderChannels } from './channels';
import { type CountCache, playedGames, toGame } from './games.queries';
import { marketDb } from './market.tables';
import { sellSetup } from './sell-setup';

/** Games as the market shows them: lists, the lobby, played games, a game's config and functions. */
export function gameRoutes(
  app: FastifyInstance,
  platform: CallPlatform,
  deps: { counts: CountCache; gateway: GameGateway },
): void {
  const { counts, gateway } = deps;
  const { db } = platform;
  const market = marketDb(db);
  const gamesFor = async (userId: number | null) => {
    const [rows, c, played] = await Promise.all([allGames(db), counts.get(), playedGames(db, userId)]);
    const playedIds = new Set(played.map((p) => p.applicationId));
    return { games: rows.map((r) => toGame(r, c, playedIds)), played };
  };
  const requireGame = async (applicationId: string) => {
    const row = await gameById(db, applicationId);
    if (!row) throw new AppError(ErrorCode.APP_ID_INVALID);
    return row;
  };

  registerCall(app, platform, recommendGameList, async (input, ctx) => {
    const { games } = await gamesFor(ctx.user?.userId ?? null);
    const ordered =
      input.kind === 'popular'
        ? [...games].sort((a, b) => b.soldCount + b.onSaleCount - (a.soldCount + a.onSaleCount))
        : games;
    const start = (input.page - 1) * input.pageSize;
    return { list: ordered.slice(start, start + input.pageSize), hasMore: ordered.length > start + input.pageSize };
  });

  registerCall(app, platform, playedGameList, async (_input, ctx) => {
    const { games, played } = await gamesFor(ctx.user.userId);
    return {
      list: played.flatMap((p) => {
        const game = games.find((g) => g.applicationId === p.applicationId);
        return game ? [{ ...game, lastPlayedAt: Math.floor(p.at / 1000) }] : [];
      }),
    };
  });

  registerCall(app, platform, playedGameInfo, async (input, ctx) => {
    const { games } = await gamesFor(ctx.user.userId);
    const game = games.find((g) => g.applicationId === input.applicationId);
    if (!game) throw new AppError(ErrorCode.APP_ID_INVALID);
    const accounts = await gameAccountsOf(db, ctx.user.userId, input.applicationId);
    const servers = await market
      .selectFrom('game_servers')
      .selectAll()
      .where('application_id', '=', game.applicationId)
      .execute();
    const perAccount = await Promise.all(
      accounts.map(async (a) => ({ account: a, roles: (await gateway.roles(game.applicationId, a.accountId)).roles })),
    );
    return {
      game,
      roles: perAccount.flatMap(({ account, roles }) =>
        roles.map((r) => ({
          serverId: r.serverId,
          serverName: servers.find((s) => s.server_id === r.serverId)?.name ?? '',
          roleId: r.id,
          roleName: r.name,
          lastLoginTime:
            r.name === account.lastRoleName
              ? Math.floor((account.lastLoginAt ?? account.linkedAt).getTime() / 1000)
              : 0,
        })),
      ),
    };
  });

  registerCall(app, platform, lastPlayedGame, async (_input, ctx) => {
    const { games, played } = await gamesFor(ctx.user?.userId ?? null);
    const last = played.map((p) => games.find((g) => g.applicationId === p.applicationId)).find(Boolean);
    const busiest = [...games].sort((a, b) => b.onSaleCount - a.onSaleCount)[0];
    const game = last ?? busiest;
    if (!game) throw new AppError(ErrorCode.NOT_FOUND, '暂无游戏');
    return { game, played: Boolean(last) };
  });

  registerCall(app, platform, gameLobby, async (input, ctx) => {
    const { games } = await gamesFor(ctx.user?.userId ?? null);
    const keyword = input.keyword?.trim().toLowerCase();
    const matched = keyword
      ? games.filter((g) => g.gameName.toLowerCase().includes(keyword) || g.initial.toLowerCase() === keyword)
      : games;
    const groups = new Map<string, typeof games>();
    for (const g of [...matched].sort(
      (a, b) => a.initial.localeCompare(b.initial) || a.gameName.localeCompare(b.gameName),
    ))
      groups.set(g.initial, [...(groups.get(g.initial) ?? []), g]);
    return {
      hot: [...matched].sort((a, b) => b.onSaleCount - a.onSaleCount).slice(0, 8),
      groups: [...groups].map(([initial, list]) => ({ initial, games: list })),
    };
  });

  registerCall(app, platform, gameConfig, async (_input, ctx) => {
    const row = await requireGame(ctx.appId);
    return { roleTypeList: row.role_types, coinTypeList: row.coin_types, authType: row.auth_type };
  });

  registerCall(app, platform, serverFunctionList, async (input, ctx) => {
    const row = await requireGame(ctx.appId);
    if (input.serverId) {
      const server = await market
        .selectFrom('game_servers')
        .select('server_id')
        .where('application_id', '=', row.application_id)
        .where('server_id', '=', input.serverId)
        .executeTakeFirst();
      if (!server) throw new AppError(ErrorCode.BAD_PARAMS, '区服不存在');
    }
    const fn = (code: string, name: string, enabled: boolean) => ({ code, name, enabled });
    const { rules } = await sellSetup(db, row.application_id);
    return {
      list: [
        fn('sellRole', '寄售角色', true),
        fn('sellCoin', '寄售游戏币', true),
        fn('sellItem', '寄售道具', true),
        fn('preSale', '角色预售', true),
        fn('auction', '拍卖', rules.auctionOpen),
        fn('bargain', '还价', rules.bargainOpen),
        fn('crossServer', '跨服交易', row.cross_server),
      ],
    };
  });

  registerCall(app, platform, testPlayGameInfo, async (input, ctx) => {
    const { games } = await gamesFor(ctx.user?.userId ?? null);
    const game = games.find((g) => g.applicationId === input.applicationId);
    if (!game) throw new AppError(ErrorCode.APP_ID_INVALID);
    const servers = await market
      .selectFrom('game_servers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('application_id', '=', input.applicationId)
      .executeTakeFirstOrThrow();
    return { game, serverCount: Number(servers.n) };
  });

  registerCall(app, platform, testPlayStatus, async (input, ctx) => {
    await requireGame(input.applicationId);
    const played = (await playedGames(db, ctx.user.userId)).filter((p) => p.applicationId === input.applicationId);
    const first = played.length ? Math.min(...played.map((p) => p.firstAt)) : null;
    return { played: played.length > 0, firstPlayedAt: first === null ? null : Math.floor(first / 1000) };
  });

  registerCall(app, platform, getUniqueIdList, async (_input, ctx) => {
    await requireGame(ctx.appId);
    const rows = await gameAccountsOf(db, ctx.user.userId, ctx.appId, { recentFirst: true });
    return {
      list: rows.map((r) => ({
        tradeId: ctx.user.uid,
        lastLoginRoleName: r.lastRoleName ?? '',
        lastLoginTime: Math.floor((r.lastLoginAt ?? r.linkedAt).getTime() / 1000),
      })),
    };
  });

  registerCall(app, platform, firstActivate, async (input) => {
    const inserted = await market
      .insertInto('device_activations')
      .values({ device_id: input.deviceId, channel: input.channel ?? '' })
      .onConflict((oc) => oc.column('device_id').doNothing())
      .returning('activated_at')
      .executeTakeFirst();
    const row =
      inserted ??
      (await market
        .selectFrom('device_activations')
        .select('activated_at')
        .where('device_id', '=', input.deviceId)
        .executeTakeFirstOrThrow());
    return { firstActivate: Boolean(inserted), activatedAt: Math.floor(row.activated_at.getTime() / 1000) };
  });

  registerCall(app, platform, channelList, async (_input, ctx) => {
    if (!ctx.user) return { list: orderChannels(null) };
    const saved = await market
      .selectFrom('user_channels')
      .select('channel_ids')
      .where('user_id', '=', ctx.user.userId)
      .executeTakeFirst();
    return { list: orderChannels(saved?.channel_ids ?? null) };
  });

  registerCall(app, platform, updateChannelList, async (input, ctx) => {
    const known = new Set<string>(CHANNELS.map((c) => c.channelId));
    const unknown = input.channelIds.find((id) => !known.has(id));
    if (unknown) throw new AppError(ErrorCode.BAD_PARAMS, `频道不存在：${unknown}`);
    const ids = [...new Set(input.channelIds)];
    const value = JSON.stringify(ids);
    await market
      .insertInto('user_channels')
      .values({ user_id: ctx.user.userId, channel_ids: value })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ channel_ids: value, updated_at: new Date() }))
      .execute();
    return { list: orderChannels(ids) };
  });
}
