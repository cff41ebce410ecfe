import { ErrorCode } from '@app/protocol/errors';
import { lockMessage } from '@app/protocol/format';
import { ListingStatus } from '@app/protocol/statuses/listing-status';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { knownServerOf } from '../market/catalogue';
import { isLinkedGameAccount } from '../user/game-accounts';
import { type OrderParties, phoneAndRealName } from '../user/user.queries';
import type { OrderDeps, PlaceInput } from './order.service';

/** The buyer: bound phone and real name (business-flows §6). */
export async function checkBuyer(db: Db, userId: number) {
  const user = await phoneAndRealName(db, userId);
  checkBuyerFacts({ hasPhone: Boolean(user.mobile), hasAuthentication: user.hasAuthentication });
}

/** checkBuyer on what the caller read already (placing an order reads the buyer with the seller: orderParties). */
export function checkBuyerFacts(user: OrderParties['buyer']) {
  if (!user) throw new Error('placing an order for a user that does not exist');
  if (!user.hasPhone) throw new AppError(ErrorCode.BAD_PARAMS, '请先绑定手机号');
  if (!user.hasAuthentication) throw new AppError(ErrorCode.BAD_PARAMS, '请先完成实名认证');
}

/** Where the goods go, checked with the game: a free role slot for a role, a role in the group for goods. */
export async function deliveryTarget(
  deps: OrderDeps,
  input: PlaceInput,
  listing: {
    application_id: string;
    type: number;
    server_id: string;
    master_server_id: string;
    game_account_id: string | null;
  },
) {
  const { db, gateway } = deps;
  let accountId = input.player?.accountId ?? input.gameAccountId;
  let roleId = input.player ? input.player.roleId : (input.gameRoleId ?? null);
  if (!accountId) throw new AppError(ErrorCode.BAD_PARAMS, '请选择收货的游戏账号');
  if (!input.player) {
    if (!(await isLinkedGameAccount(db, input.buyer.userId, listing.application_id, accountId)))
      throw new AppError(ErrorCode.BAD_PARAMS, '请选择您已登录过的游戏账号收货');
  }
  if (listing.type === 1) {
    // The game cannot move a role to the account it is on.
    if (listing.game_account_id === accountId) throw new AppError(ErrorCode.BAD_PARAMS, '不能购买自己游戏账号下的角色');
    const account = await gateway.client(listing.application_id).account(accountId).catch(gateway.refusal);
    const slot = account.slots.find((s) => s.serverId === listing.server_id);
    if (slot && slot.used >= slot.limit) throw new AppError(ErrorCode.NO_ROLE_SLOT);
    return { accountId, roleId: null, roleName: null };
  }
  if (!roleId) throw new AppError(ErrorCode.BAD_PARAMS, '请选择收货角色');
  const { roles } = await gateway.roles(listing.application_id, accountId);
  const role = roles.find((r) => r.id === roleId);
  if (!role) throw new AppError(ErrorCode.BAD_PARAMS, '收货角色不存在');
  const server = await knownServerOf(db, listing.application_id, role.serverId);
  if (server?.masterServerId !== listing.master_server_id)
    throw new AppError(ErrorCode.BAD_PARAMS, '收货角色须与商品在同一主服');
  accountId = role.accountId;
  roleId = role.id;
  return { accountId, roleId, roleName: role.name };
}

/** A listing staff froze (docs/decisions/0064-freeze-listings.md): what a buyer is told when he would 购买, 还价, 出价 or 竞拍. */
export const FROZEN_REFUSAL = (verb: string) => `该商品已被平台冻结，暂不能${verb}`;

/**
 * The listing is on sale to this buyer now: not taken (40010), on sale (30001), the designated
 * buyer only, not locked (40050 with the time left). `verb` names the act in the refusal (购买, 出价).
 */
export function checkListingOpen(
  listing: {
    status: number;
    designated_trade_id: string | null;
    lock_until: Date | null;
  },
  buyerUid: string,
  now: number,
  verb: string,
): void {
  if (listing.status === ListingStatus.FROZEN) throw new AppError(ErrorCode.BAD_PARAMS, FROZEN_REFUSAL(verb));
  if (listing.status === ListingStatus.SELLING) throw new AppError(ErrorCode.COMMODITY_TAKEN);
  if (listing.status !== ListingStatus.ON_SALE) throw new AppError(ErrorCode.COMMODITY_NOT_EXIST);
  if (listing.designated_trade_id && listing.designated_trade_id !== buyerUid)
    throw new AppError(ErrorCode.BAD_PARAMS, `该商品为指定买家商品，您无法${verb}`);
  if (listing.lock_until && listing.lock_until.getTime() > now)
    throw new AppError(
      ErrorCode.COMMODITY_LOCKED,
      lockMessage(Math.floor(listing.lock_until.getTime() / 1000), new Date(now)),
    );
}
