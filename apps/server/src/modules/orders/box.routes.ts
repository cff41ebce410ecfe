import {
  boxOrderPlace,
  boxOrderStatus,
  boxRoleList,
  boxServerList,
  checkBoxAccount,
  checkUser,
} from '@app/protocol/calls/box';
import { CommodityType } from '@app/protocol/commodity';
import { ErrorCode } from '@app/protocol/errors';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import { listingById } from '../exchange/listings';
import type { GameGateway } from '../games/game-gateway';
import { serverOf } from '../market/catalogue';
import { gameAccountsOf } from '../user/game-accounts';
import { type OrderDeps, placeOrder, viewerOrder } from './order.service';
import type { OrderEvents } from './order-events';
import { toOrder } from './order-view';

/** The buyer's game accounts of a game (the accounts they logged into the game with). */
const linkedAccounts = async (db: Db, userId: number, applicationId: string) =>
  (await gameAccountsOf(db, userId, applicationId)).map((a) => a.accountId);

/** The box flow: servers, the buyer's roles there, whether one can receive, and ordering for it. */
export function boxRoutes(
  app: FastifyInstance,
  platform: CallPlatform,
  gateway: GameGateway,
  events?: OrderEvents,
): void {
  const { db } = platform;
  const deps: OrderDeps = { db, gateway, ...(events ? { events } : {}) };
  const myRoles = async (userId: number, applicationId: string) => {
    const accounts = await linkedAccounts(db, userId, applicationId);
    return (await Promise.all(accounts.map((a) => gateway.roles(applicationId, a)))).flatMap((r) => r.roles);
  };
  /** The buyer's role, or a clear refusal. */
  const roleOf = async (userId: number, applicationId: string, roleId: string) => {
    const role = (await myRoles(userId, applicationId)).find((r) => r.id === roleId);
    if (!role) throw new AppError(ErrorCode.BAD_PARAMS, '请选择您账号下的角色');
    return role;
  };

  registerCall(app, platform, boxServerList, async (input, ctx) => {
    const roles = await myRoles(ctx.user.userId, input.applicationId);
    const { servers } = await gateway.servers(input.applicationId);
    return {
      list: servers.map((s) => ({
        serverId: s.id,
        serverName: s.name,
        masterServerId: s.masterServerId,
        myRoles: roles.filter((r) => r.serverId === s.id).length,
      })),
    };
  });
  registerCall(app, platform, checkBoxAccount, async (input, ctx) => {
    const accounts = await linkedAccounts(db, ctx.user.userId, input.applicationId);
    return { bound: accounts.length > 0, accounts };
  });
  registerCall(app, platform, boxRoleList, async (input, ctx) => ({
    list: (await myRoles(ctx.user.userId, input.applicationId))
      .filter((r) => r.serverId === input.serverId)
      .map((r) => ({ roleId: r.id, roleName: r.name, accountId: r.accountId, level: r.level, online: r.online })),
  }));
  registerCall(app, platform, checkUser, async (input, ctx) => {
    const listing = await listingById(db, Number(input.commodityId));
    if (!listing) throw new AppError(ErrorCode.COMMODITY_NOT_EXIST);
    const role = await roleOf(ctx.user.userId, listing.application_id, input.gameRoleId);
    const server = await serverOf(db, listing.application_id, role.serverId);
    if (server?.masterServerId !== listing.master_server_id)
      return { ok: false, msg: '该角色与商品不在同一主服，无法收货' };
    if (listing.type === CommodityType.ROLE) {
      const account = await gateway.client(listing.application_id).account(role.accountId).catch(gateway.refusal);
      const slot = account.slots.find((s) => s.serverId === listing.server_id);
      if (slot && slot.used >= slot.limit)
        return { ok: false, msg: '该账号在此区服没有足够的空闲角色位，请重新预留角色位后重试' };
    }
    return { ok: true, msg: '可以收货' };
  });
  registerCall(app, platform, boxOrderPlace, async (input, ctx) => {
    const listing = await listingById(db, Number(input.commodityId));
    if (!listing) throw new AppError(ErrorCode.COMMODITY_NOT_EXIST);
    const role = await roleOf(ctx.user.userId, listing.application_id, input.gameRoleId);
    const buyer = { userId: ctx.user.userId, uid: ctx.user.uid };
    const row = await placeOrder(deps, {
      buyer,
      commodityId: input.commodityId,
      requestKey: input.requestKey,
      gameAccountId: role.accountId,
      gameRoleId: role.id,
      couponId: input.couponId,
    });
    return toOrder(db, row, buyer.userId, gateway.receiptHolds);
  });
  registerCall(app, platform, boxOrderStatus, async (input, ctx) => {
    const view = await toOrder(db, await viewerOrder(db, ctx.user.userId, input.orderId), ctx.user.userId);
    return { orderId: view.orderId, status: view.status, statusLabel: view.statusLabel, expireTime: view.expireTime };
  });
}
