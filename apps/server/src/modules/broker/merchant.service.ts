import { type Merchant, merchantStatusLabel } from '@app/protocol/calls/broker';
import { ErrorCode } from '@app/protocol/errors';
import type { Selectable } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';
import { hasAny } from '../../platform/db/has-any';
import { AppError } from '../../platform/errors';
import { phoneAndRealName } from '../user/user.queries';
import { brokerDb, type MerchantState, type MerchantsTable } from './broker.tables';
import { brokerConfig } from './broker-config';

export type MerchantRow = Selectable<MerchantsTable>;

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export const toMerchant = (row: MerchantRow): Merchant => ({
  merchantId: String(row.id),
  applicationId: row.application_id,
  shopName: row.shop_name,
  status: row.status,
  statusLabel: merchantStatusLabel[row.status],
  note: row.note,
  createTime: seconds(row.created_at),
});

export async function merchantOf(
  db: DbHandle,
  userId: number,
  applicationId: string,
): Promise<MerchantRow | undefined> {
  return brokerDb(db)
    .selectFrom('merchants')
    .selectAll()
    .where('user_id', '=', userId)
    .where('application_id', '=', applicationId)
    .executeTakeFirst();
}

/** The approved merchant of a game the user is, or a clear refusal. */
export async function approvedMerchant(db: DbHandle, userId: number, applicationId: string): Promise<MerchantRow> {
  const row = await merchantOf(db, userId, applicationId);
  if (!row) throw new AppError(ErrorCode.BAD_PARAMS, '您还不是该游戏的商人，请先申请入驻');
  if (row.status === 'applied') throw new AppError(ErrorCode.BAD_PARAMS, '商人入驻审核中，请耐心等待');
  if (row.status === 'rejected') throw new AppError(ErrorCode.BAD_PARAMS, '商人入驻未通过审核');
  if (row.status === 'suspended') throw new AppError(ErrorCode.BAD_PARAMS, '您的商人资格已暂停，请联系客服');
  if (row.status === 'left') throw new AppError(ErrorCode.BAD_PARAMS, '您已退出该游戏的商户，如需经营请重新申请入驻');
  return row;
}

/**
 * In the caller's transaction: the merchant's row locked for share while it is approved, before
 * anything new of his is written (an order, a bid's fill, stock back on sale, a listing). His
 * leaving locks it for update, so either that write committed first and the leaving sees it, or
 * the leaving did and the write is refused here.
 */
export async function holdApprovedMerchant(trx: DbHandle, merchantId: number): Promise<void> {
  if (!(await approvedMerchantStep(trx, merchantId).executeTakeFirst())) throw merchantPaused();
}

/** What an order or a fill of a merchant who is not approved (any more) is told. */
export const merchantPaused = () => new AppError(ErrorCode.BAD_PARAMS, '该商人暂停营业');

/** holdApprovedMerchant as a step of a statement (an order's writes): the merchant's row, locked for share while approved. */
export function approvedMerchantStep(db: DbHandle, merchantId: number) {
  return brokerDb(db)
    .selectFrom('merchants')
    .select('id')
    .where('id', '=', merchantId)
    .where('status', '=', 'approved')
    .forShare();
}

/**
 * merchant/apply: a bound phone and a verified real name (the KYC the console sees), the channel
 * open in the game, the terms accepted. Applying again answers the standing one; a rejected
 * application may be made again, and so may a merchant who left.
 */
export async function applyAsMerchant(
  db: DbHandle,
  userId: number,
  input: { applicationId: string; shopName: string },
  now = new Date(),
): Promise<MerchantRow> {
  const config = await brokerConfig(db, input.applicationId);
  if (!config.enabled) throw new AppError(ErrorCode.BAD_PARAMS, '该游戏暂未开放商人入驻');
  const person = await phoneAndRealName(db, userId);
  if (!person.mobile) throw new AppError(ErrorCode.BAD_PARAMS, '请先绑定手机号');
  if (!person.hasAuthentication) throw new AppError(ErrorCode.BAD_PARAMS, '请先完成实名认证');
  const existing = await merchantOf(db, userId, input.applicationId);
  const mayApplyAgain = (s: MerchantState) => s === 'rejected' || s === 'left';
  if (existing && !mayApplyAgain(existing.status)) return existing;
  if (existing) {
    const again = await brokerDb(db)
      .updateTable('merchants')
      .set({ status: 'applied', shop_name: input.shopName, terms_accepted_at: now, note: '', updated_at: now })
      .where('id', '=', existing.id)
      .where('status', 'in', ['rejected', 'left'])
      .returningAll()
      .executeTakeFirst();
    return again ?? ((await merchantOf(db, userId, input.applicationId)) as MerchantRow);
  }
  await brokerDb(db)
    .insertInto('merchants')
    .values({
      user_id: userId,
      application_id: input.applicationId,
      shop_name: input.shopName,
      terms_accepted_at: now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'application_id']).doNothing())
    .execute();
  return (await merchantOf(db, userId, input.applicationId)) as MerchantRow;
}

/**
 * A merchant admitted at once, as an operator records an approval (shop, credit line, who
 * decided): for a seed whose merchants apply nowhere. Answers the new merchant's id, or undefined
 * when the user is a merchant of the game already (left as he is).
 */
export async function admitMerchant(
  db: DbHandle,
  input: {
    userId: number;
    applicationId: string;
    shopName: string;
    creditFen: number;
    decidedBy: string;
    note: string;
  },
  now = new Date(),
): Promise<number | undefined> {
  const row = await brokerDb(db)
    .insertInto('merchants')
    .values({
      user_id: input.userId,
      application_id: input.applicationId,
      shop_name: input.shopName,
      status: 'approved',
      credit_fen: input.creditFen,
      terms_accepted_at: now,
      decided_by: input.decidedBy,
      decided_at: now,
      note: input.note,
    })
    .onConflict((oc) => oc.columns(['user_id', 'application_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * Whether the user is a merchant of some game, approved or suspended: the operator recorded his
 * deposit or credit line, which only customer service settles.
 */
export async function isStandingMerchant(db: DbHandle, userId: number): Promise<boolean> {
  return hasAny(
    brokerDb(db)
      .selectFrom('merchants')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', 'in', ['approved', 'suspended']),
  );
}

/** The console's decisions, each one guarded move: from → to. */
const DECISIONS = {
  approve: { from: ['applied'], to: 'approved' },
  reject: { from: ['applied'], to: 'rejected' },
  suspend: { from: ['approved'], to: 'suspended' },
  restore: { from: ['suspended'], to: 'approved' },
} as const satisfies Record<string, { from: readonly MerchantState[]; to: MerchantState }>;
export type MerchantDecision = keyof typeof DECISIONS;

/**
 * An operator decides on a merchant: approve (recording the deposit or credit line, the real name
 * checked again), reject, suspend, restore. Answers the merchant before and after (for the audit).
 */
export async function decideMerchant(
  db: DbHandle,
  staffName: string,
  merchantId: number,
  decision: MerchantDecision,
  input: { creditFen?: number; note?: string },
  now = new Date(),
): Promise<{ before: MerchantRow; after: MerchantRow }> {
  const before = await brokerDb(db).selectFrom('merchants').selectAll().where('id', '=', merchantId).executeTakeFirst();
  if (!before) throw new AppError(ErrorCode.BAD_PARAMS, '商人不存在');
  const { from, to } = DECISIONS[decision];
  if (decision === 'approve') {
    if (input.creditFen === undefined) throw new AppError(ErrorCode.BAD_PARAMS, '请填写保证金或授信额度');
    if (!(await phoneAndRealName(db, before.user_id)).hasAuthentication)
      throw new AppError(ErrorCode.BAD_PARAMS, '该用户未完成实名认证，不能开通');
  }
  if ((decision === 'reject' || decision === 'suspend') && !input.note?.trim())
    throw new AppError(ErrorCode.BAD_PARAMS, '请填写原因');
  const after = await brokerDb(db)
    .updateTable('merchants')
    .set({
      status: to,
      ...(input.creditFen !== undefined ? { credit_fen: input.creditFen } : {}),
      note: input.note?.trim() ?? '',
      decided_by: staffName,
      decided_at: now,
      updated_at: now,
    })
    .where('id', '=', merchantId)
    .where('status', 'in', from)
    .returningAll()
    .executeTakeFirst();
  if (!after)
    throw new AppError(ErrorCode.BAD_PARAMS, `商人当前状态为「${merchantStatusLabel[before.status]}」，无法操作`);
  return { before, after };
}

/** The console's list: the applications waiting first, then the rest, newest first. */
export async function merchantsForConsole(db: DbHandle, status?: MerchantState) {
  let q = brokerDb(db).selectFrom('merchants').selectAll();
  if (status) q = q.where('status', '=', status);
  return q.orderBy('id', 'desc').limit(200).execute();
}
