import { randomInt } from 'node:crypto';
import {
  type ManualPresale,
  type ManualPresaleStatus,
  manualPresaleStatusLabel,
} from '@app/protocol/calls/manual-presale';
import { CommodityType, SaleType } from '@app/protocol/commodity';
import { ErrorCode } from '@app/protocol/errors';
import { priceProblem, sellerReceives } from '@app/protocol/sell-rules';
import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { serverOf } from '../market/catalogue';
import { sellSetup } from '../market/sell-setup';
import type { ManualPresalesTable } from './consignment.tables';
import { consignmentDb } from './consignment.tables';
import { type ListingDeps, publishListing } from './listing.service';

type Row = Selectable<ManualPresalesTable>;

export const VERIFY_MINUTES = 30;
/** Letters and digits that cannot be misread (no 0/O, 1/I/L). */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

function newContent(): string {
  let code = '';
  for (let i = 0; i < 6; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `验证${code}`;
}

async function recordOf(db: Db, userId: number, recordId: number): Promise<Row> {
  const row = await consignmentDb(db)
    .selectFrom('manual_presales')
    .selectAll()
    .where('id', '=', recordId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new AppError(ErrorCode.BAD_PARAMS, '预售记录不存在');
  return row;
}

async function alreadySubmitted(db: Db, applicationId: string, roleId: string, exceptId: number): Promise<boolean> {
  const other = await consignmentDb(db)
    .selectFrom('manual_presales')
    .select('id')
    .where('application_id', '=', applicationId)
    .where('role_id', '=', roleId)
    .where('status', '=', 'published')
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return other !== undefined;
}

export async function toPresale(db: Db, row: Row, now = Date.now()): Promise<ManualPresale> {
  const setup = await sellSetup(db, row.application_id);
  const server = await serverOf(db, row.application_id, row.server_id);
  const { fee, receive } = sellerReceives(Number(row.price_fen), setup.rules);
  const live = row.verification_content && row.verification_expires_at && row.verification_expires_at.getTime() > now;
  return {
    recordId: row.id,
    applicationId: row.application_id,
    gameName: setup.gameName,
    serverId: row.server_id,
    serverName: server?.name ?? row.server_id,
    gameAccount: row.game_account_id,
    roleId: row.role_id,
    roleName: row.role_name,
    roleLevel: row.role_level,
    price: Number(row.price_fen),
    fee,
    receive,
    deliverDays: row.deliver_days,
    description: row.description,
    status: row.status,
    statusLabel: manualPresaleStatusLabel[row.status],
    verification: live
      ? {
          content: row.verification_content as string,
          expireTime: Math.floor((row.verification_expires_at as Date).getTime() / 1000),
        }
      : null,
    commodityId: row.commodity_id === null ? null : String(row.commodity_id),
    createdAt: Math.floor(row.created_at.getTime() / 1000),
  };
}

export async function createPresale(
  deps: ListingDeps,
  userId: number,
  input: {
    applicationId: string;
    serverId: string;
    price: number;
    deliverDays: number;
    description?: string | undefined;
  },
): Promise<Row> {
  const setup = await sellSetup(deps.db, input.applicationId);
  if (!setup.consignmentOpen || !setup.presaleOpen) throw new AppError(ErrorCode.BAD_PARAMS, '该游戏暂未开放预售');
  if (!(await serverOf(deps.db, input.applicationId, input.serverId)))
    throw new AppError(ErrorCode.BAD_PARAMS, '区服不存在');
  const problem = priceProblem(CommodityType.ROLE, input.price, setup.rules);
  if (problem) throw new AppError(ErrorCode.BAD_PARAMS, problem);
  return consignmentDb(deps.db)
    .insertInto('manual_presales')
    .values({
      user_id: userId,
      application_id: input.applicationId,
      server_id: input.serverId,
      price_fen: input.price,
      deliver_days: input.deliverDays,
      description: input.description ?? '',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

const EDITABLE: ManualPresaleStatus[] = ['draft', 'bound', 'verified'];

/** The account and role the seller claims; the game confirms the role is on that account and server. */
export async function bindAccount(
  deps: ListingDeps,
  userId: number,
  input: { recordId: number; gameAccount: string; roleName: string },
): Promise<Row> {
  const row = await recordOf(deps.db, userId, input.recordId);
  if (!EDITABLE.includes(row.status)) throw new AppError(ErrorCode.BAD_PARAMS, '该预售已提交，不能修改');
  const { roles } = await deps.gateway.roles(row.application_id, input.gameAccount, row.server_id).catch(() => {
    throw new AppError(ErrorCode.BAD_PARAMS, '游戏账号不存在');
  });
  const role = roles.find((r) => r.name === input.roleName);
  if (!role) throw new AppError(ErrorCode.BAD_PARAMS, '该账号在所选区服没有这个角色');
  if (await alreadySubmitted(deps.db, row.application_id, role.id, row.id))
    throw new AppError(ErrorCode.PRESALE_ALREADY_SUBMITTED);
  return consignmentDb(deps.db)
    .updateTable('manual_presales')
    .set({
      game_account_id: input.gameAccount,
      role_id: role.id,
      role_name: role.name,
      role_level: role.level,
      status: 'bound',
      verification_content: null,
      verification_expires_at: null,
      verified_at: null,
      updated_at: new Date(),
    })
    .where('id', '=', row.id)
    .where('status', 'in', EDITABLE)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The current verification content, or a new one when there is none, it expired, or `fresh`. */
export async function verificationContent(db: Db, userId: number, recordId: number, fresh: boolean, now = Date.now()) {
  const row = await recordOf(db, userId, recordId);
  if (row.status === 'draft') throw new AppError(ErrorCode.BAD_PARAMS, '请先绑定游戏账号和角色');
  if (!EDITABLE.includes(row.status)) throw new AppError(ErrorCode.BAD_PARAMS, '该预售已提交，无需验证');
  const live = row.verification_content && row.verification_expires_at && row.verification_expires_at.getTime() > now;
  if (live && !fresh)
    return {
      content: row.verification_content as string,
      expireTime: Math.floor((row.verification_expires_at as Date).getTime() / 1000),
    };
  const content = newContent();
  const expires = new Date(now + VERIFY_MINUTES * 60_000);
  await consignmentDb(db)
    .updateTable('manual_presales')
    .set({ verification_content: content, verification_expires_at: expires, updated_at: new Date() })
    .where('id', '=', row.id)
    .execute();
  return { content, expireTime: Math.floor(expires.getTime() / 1000) };
}

/** Reads the role's 个性签名 from the game: it must hold the live content. */
export async function checkVerification(deps: ListingDeps, userId: number, recordId: number, now = Date.now()) {
  const row = await recordOf(deps.db, userId, recordId);
  if (row.status === 'verified') return { passed: true, message: '验证已通过' };
  if (row.status !== 'bound' || !row.role_id) throw new AppError(ErrorCode.BAD_PARAMS, '请先绑定游戏账号和角色');
  if (!row.verification_content || !row.verification_expires_at || row.verification_expires_at.getTime() <= now)
    return { passed: false, message: '验证内容已过期，请刷新后重新设置' };
  const snap = await deps.gateway.snapshot(row.application_id, row.role_id);
  if (snap.accountId !== row.game_account_id) return { passed: false, message: '角色已不在该游戏账号下' };
  if (!snap.signature.includes(row.verification_content))
    return { passed: false, message: `未检测到验证内容，请将角色个性签名设置为「${row.verification_content}」后重试` };
  await consignmentDb(deps.db)
    .updateTable('manual_presales')
    .set({ status: 'verified', verified_at: new Date(now), updated_at: new Date() })
    .where('id', '=', row.id)
    .where('status', '=', 'bound')
    .execute();
  return { passed: true, message: '验证通过' };
}

/** Verified → the role is frozen and listed as 预售; the record becomes published once. */
export async function publishPresale(deps: ListingDeps, seller: { userId: number; uid: string }, recordId: number) {
  const row = await recordOf(deps.db, seller.userId, recordId);
  if (row.status === 'published') throw new AppError(ErrorCode.PRESALE_ALREADY_SUBMITTED);
  if (row.status !== 'verified' || !row.role_id || !row.game_account_id)
    throw new AppError(ErrorCode.BAD_PARAMS, '请先完成账号验证');
  if (await alreadySubmitted(deps.db, row.application_id, row.role_id, row.id))
    throw new AppError(ErrorCode.PRESALE_ALREADY_SUBMITTED);
  // Claim the record first: the unique index lets one pre-sale per role be published.
  const claimed = await consignmentDb(deps.db)
    .updateTable('manual_presales')
    .set({ status: 'published', updated_at: new Date() })
    .where('id', '=', row.id)
    .where('status', '=', 'verified')
    .returning('id')
    .executeTakeFirst()
    .catch((error: { code?: string }) => {
      if (error.code === '23505') return undefined; // the unique index: another record of the role won
      throw error;
    });
  if (!claimed) throw new AppError(ErrorCode.PRESALE_ALREADY_SUBMITTED);
  let answer: Awaited<ReturnType<typeof publishListing>>;
  try {
    answer = await publishListing(deps, {
      seller,
      gameId: row.application_id,
      accountId: row.game_account_id,
      roleId: row.role_id,
      goods: { kind: 'role', saleType: SaleType.PRESALE, deliverDays: row.deliver_days },
      price: Number(row.price_fen),
      description: row.description || undefined,
      source: 'manual',
      requireOnline: false,
      requireScreenshots: false,
    });
  } catch (error) {
    await consignmentDb(deps.db)
      .updateTable('manual_presales')
      .set({ status: 'verified' })
      .where('id', '=', row.id)
      .execute();
    throw error;
  }
  await consignmentDb(deps.db)
    .updateTable('manual_presales')
    .set({ commodity_id: Number(answer.commodityId) })
    .where('id', '=', row.id)
    .execute();
  return answer;
}

/** After verification only: a one-time game login for the role, to take its screenshots. */
export async function snapLogin(deps: ListingDeps, userId: number, recordId: number) {
  const row = await recordOf(deps.db, userId, recordId);
  if ((row.status !== 'verified' && row.status !== 'published') || !row.game_account_id || !row.role_id)
    throw new AppError(ErrorCode.BAD_PARAMS, '请先完成账号验证');
  const t = await deps.gateway.loginTicket(row.application_id, row.game_account_id, row.role_id);
  return { snapLoginToken: t.ticket, loginUrl: t.loginUrl, expireTime: Math.floor(t.expiresAt / 1000) };
}

export async function lastRecord(db: Db, userId: number): Promise<Row | null> {
  return (
    (await consignmentDb(db)
      .selectFrom('manual_presales')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', 'in', EDITABLE)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst()) ?? null
  );
}

export { recordOf as presaleRecord };
