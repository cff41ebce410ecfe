import { randomInt } from 'node:crypto';
import { PRE_BUY_KEY_HOURS } from '@app/protocol/calls/pre-buy-key';
import { SaleType } from '@app/protocol/commodity';
import { ErrorCode } from '@app/protocol/errors';
import { ListingStatus } from '@app/protocol/statuses/listing-status';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { designateBuyer, listingById } from '../exchange/listings';
import { consignmentDb } from './consignment.tables';

/** No 0/O, 1/I: a key is read out and typed by people. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newKey = () => Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/**
 * 预购码 (docs/decisions/0021-deposits.md): the seller of a pre-sale on sale and not designated
 * yet makes a key for it; a new key ends the unused ones before it.
 */
export async function createPreBuyKey(db: Db, sellerUserId: number, commodityId: string, now = Date.now()) {
  const listing = await listingById(db, Number(commodityId));
  if (!listing || listing.seller_user_id !== sellerUserId) throw new AppError(ErrorCode.COMMODITY_NOT_EXIST);
  if (listing.sale_type !== SaleType.PRESALE) throw new AppError(ErrorCode.BAD_PARAMS, '只有预售商品可以生成预购码');
  if (listing.status !== ListingStatus.ON_SALE) throw new AppError(ErrorCode.BAD_PARAMS, '商品不在售，无法生成预购码');
  if (listing.designated_trade_id !== null) throw new AppError(ErrorCode.BAD_PARAMS, '该商品已指定买家');
  const expiresAt = new Date(now + PRE_BUY_KEY_HOURS * 3_600_000);
  const key = await db.transaction().execute(async (trx) => {
    await consignmentDb(trx)
      .updateTable('pre_buy_keys')
      .set({ expires_at: new Date(now) })
      .where('commodity_id', '=', listing.id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date(now))
      .execute();
    const row = await consignmentDb(trx)
      .insertInto('pre_buy_keys')
      .values({ key: newKey(), commodity_id: listing.id, seller_user_id: sellerUserId, expires_at: expiresAt })
      .returning('key')
      .executeTakeFirstOrThrow();
    return row.key;
  });
  return { preBuyKey: key, commodityId: String(listing.id), expireTime: Math.floor(expiresAt.getTime() / 1000) };
}

/**
 * The buyer binds himself with a key as the pre-sale's designated buyer: the key is claimed and the
 * listing designated in one transaction (a key used twice at once binds one buyer). The same buyer
 * again is answered the same listing.
 */
export async function bindByPreBuyKey(db: Db, buyer: { userId: number; uid: string }, key: string, now = Date.now()) {
  const row = await consignmentDb(db).selectFrom('pre_buy_keys').selectAll().where('key', '=', key).executeTakeFirst();
  if (!row) throw new AppError(ErrorCode.BAD_PARAMS, '预购码不存在，请向卖家确认');
  if (row.seller_user_id === buyer.userId) throw new AppError(ErrorCode.OWN_COMMODITY);
  const answer = async () => {
    const listing = await listingById(db, row.commodity_id);
    if (!listing) throw new AppError(ErrorCode.COMMODITY_NOT_EXIST);
    return { commodityId: String(listing.id), applicationId: listing.application_id, title: listing.title };
  };
  if (row.used_by === buyer.userId) return answer();
  if (row.used_at) throw new AppError(ErrorCode.BAD_PARAMS, '预购码已被使用');
  if (row.expires_at.getTime() <= now) throw new AppError(ErrorCode.BAD_PARAMS, '预购码已过期，请向卖家重新获取');
  await db.transaction().execute(async (trx) => {
    const claimed = await consignmentDb(trx)
      .updateTable('pre_buy_keys')
      .set({ used_by: buyer.userId, used_at: new Date(now) })
      .where('key', '=', key)
      .where('used_at', 'is', null)
      .returning('key')
      .executeTakeFirst();
    if (!claimed) throw new AppError(ErrorCode.BAD_PARAMS, '预购码已被使用');
    if (!(await designateBuyer(trx, row.commodity_id, row.seller_user_id, buyer.uid)))
      throw new AppError(ErrorCode.BAD_PARAMS, '该商品已指定其他买家或已不在售');
  });
  return answer();
}
