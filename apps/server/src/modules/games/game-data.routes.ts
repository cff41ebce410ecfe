import {
  accountList,
  checkSameMasterServer,
  coinNum,
  gameInfo,
  isShowCrossServerCommodity,
  itemBlacklist,
  roleList,
  serverAll,
} from '@app/protocol/calls/game';
import { ErrorCode } from '@app/protocol/errors';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors';
import { type CallPlatform, type GamePlayer, registerCall } from '../../platform/http/register-call';
import { gameAccountsOf } from '../user/game-accounts';
import type { GameGateway } from './game-gateway';

/** What the marketplace shows of a game: its servers, the user's accounts and roles, coins, blacklist. */
export function gameDataRoutes(app: FastifyInstance, platform: CallPlatform, gateway: GameGateway): void {
  const { db } = platform;
  const linkedAccounts = (userId: number, gameId: string) => gameAccountsOf(db, userId, gameId);
  /** Reading a role's coins or items needs the role in the game now: otherwise 20301 (不在线). */
  const roleOf = ({ player }: { player: GamePlayer }) => {
    if (!player.roleId) throw new AppError(ErrorCode.BAD_PARAMS, '请先在游戏中选择角色');
    if (!player.online) throw new AppError(ErrorCode.NOT_ONLINE);
    return { ...player, roleId: player.roleId };
  };

  registerCall(app, platform, serverAll, async (_i, ctx) => {
    const { servers } = await gateway.servers(ctx.appId);
    const groups = new Map<string, Array<{ serverId: string; serverName: string; masterServerId: string }>>();
    for (const s of servers)
      groups.set(s.masterServerId, [
        ...(groups.get(s.masterServerId) ?? []),
        { serverId: s.id, serverName: s.name, masterServerId: s.masterServerId },
      ]);
    return { groups: [...groups].map(([masterServerId, list]) => ({ masterServerId, servers: list })) };
  });

  registerCall(app, platform, accountList, async (_i, ctx) => ({
    list: (await linkedAccounts(ctx.user.userId, ctx.appId)).map((a) => ({
      accountId: a.accountId,
      linkedAt: Math.floor(a.linkedAt.getTime() / 1000),
    })),
  }));

  registerCall(app, platform, roleList, async (input, ctx) => {
    const accounts = await linkedAccounts(ctx.user.userId, ctx.appId);
    const lists = await Promise.all(accounts.map((a) => gateway.roles(ctx.appId, a.accountId, input.serverId)));
    return {
      list: lists.flatMap((l, i) =>
        l.roles.map((r) => ({
          roleId: r.id,
          roleName: r.name,
          serverId: r.serverId,
          jobName: r.roleClass,
          level: r.level,
          roleAtt: r.power,
          accountId: accounts[i]?.accountId ?? '',
        })),
      ),
    };
  });

  registerCall(app, platform, checkSameMasterServer, async (input, ctx) => {
    const { servers } = await gateway.servers(ctx.player.gameId);
    const group = (id: string) => servers.find((s) => s.id === id)?.masterServerId;
    return {
      same: Boolean(group(input.targetServerId)) && group(input.targetServerId) === group(ctx.player.serverId),
    };
  });

  registerCall(app, platform, isShowCrossServerCommodity, async (_i, ctx) => {
    const { player } = ctx;
    const { servers } = await gateway.servers(player.gameId);
    return {
      show: gateway.config(player.gameId).crossServer,
      masterServerId: servers.find((s) => s.id === player.serverId)?.masterServerId ?? '',
    };
  });

  registerCall(app, platform, coinNum, async (_i, ctx) => {
    const player = roleOf(ctx);
    const { coins } = await gateway.coins(player.gameId, player.roleId);
    return { list: coins.map((c, i) => ({ type: i + 1, ...c })) };
  });

  registerCall(app, platform, itemBlacklist, async (_i, ctx) => {
    const player = roleOf(ctx);
    const { items } = await gateway.items(player.gameId, player.roleId);
    return { list: items.filter((i) => !i.tradable).map((i) => ({ itemId: i.id, name: i.name, subType: i.subType })) };
  });

  registerCall(app, platform, gameInfo, (_i, ctx) => {
    const game = gateway.config(ctx.appId);
    return { iconUrl: game.iconUrl, gameName: game.name };
  });

  /** Logged in, rate limited, and only for the key's owner (another's key reads as unknown). */
}
