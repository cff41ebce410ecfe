import { randomBytes } from 'node:crypto';
import { auctionBid, auctionCreate, h5sdkAuctionJoin } from '@app/protocol/calls/auction';
import { bargainSetting, h5sdkCreateOfferOrder, type Offer } from '@app/protocol/calls/bargain';
import { publishCoin } from '@app/protocol/calls/consignment';
import { downShelf, myCommodity, onShelf, type ShelfItem } from '@app/protocol/calls/consignment-shelf';
import { type CommodityDetail, commodityDetail } from '@app/protocol/calls/exchange';
import { h5sdkOrderPlace } from '@app/protocol/calls/orders';
import { wapAlipay } from '@app/protocol/calls/pay';
import type { ListingMoveAnswer } from '@app/protocol/ops-listings';
import { AuctionStatus } from '@app/protocol/statuses/auction-status';
import { BargainStatus } from '@app/protocol/statuses/bargain-status';
import { ListingStatus } from '@app/protocol/statuses/listing-status';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/modules/ledger/ledger-check';
import { expectCode, loginAs, sdkPlayer, testDb, useTestApp, useTestClient } from './helpers';
import { opsApi } from './ops-helpers';

/**
 * The console's actions on a listing (issue 34 item 3): 冻结 with a reason the buyer and the seller
 * see, 解冻 back to the status it had, 下架; refused without the permission or a reason; a frozen
 * listing refuses orders, 还价 and bids, and the proposals on it end with their deposits back.
 */
const t = useTestApp();
const sdk = useTestClient(t, 'H5SDK');
const app = useTestClient(t, 'APP');
const ops = opsApi(t);

type Player = Awaited<ReturnType<typeof sdkPlayer>>;
let seller: Player;
let buyer: Player;
let bidder: Player;
let cs: string;
let operator: string;
let admin: string;
let finance: string;

beforeAll(async () => {
  seller = await sdkPlayer(t, sdk, 'player1', '1387100');
  buyer = await sdkPlayer(t, sdk, 'buyer1', '1386100');
  bidder = await sdkPlayer(t, sdk, 'player2', '1385100');
  cs = await ops.login('ops-cs', 'demo-cs-123');
  operator = await ops.login('ops-operator', 'demo-ops-123');
  admin = await ops.login('ops-admin', 'demo-ops-123');
  finance = await ops.login('ops-finance', 'demo-fin-123');
});
// The books balance after every scenario (the deposits that went back included).
afterEach(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
});

const key = () => `freeze-${randomBytes(4).toString('hex')}`;
/** A coin lot of the seller's, 还价 allowed. */
const listCoins = async (price: number) => {
  // The game counts a role online for 30 s after its last heartbeat.
  await t.app.inject({
    method: 'POST',
    url: '/demo-game/api/heartbeat',
    headers: { 'x-game-token': seller.pt.gameToken },
  });
  const lot = await sdk.call(
    publishCoin,
    { ...seller.pt, coinType: 2, coinNum: 10_000, price },
    { token: seller.token },
  );
  expectCode(lot, '200');
  const commodityId = (lot.data as { commodityId: string }).commodityId;
  expectCode(
    await app.call(bargainSetting, { commodityId, allowBargain: true, floorPrice: null }, { token: seller.token }),
    '200',
  );
  return commodityId;
};
const move = (id: string, what: 'freeze' | 'unfreeze' | 'take-down', token: string, reason = '疑似被盗号出售') =>
  ops.call<ListingMoveAnswer>('POST', `/listings/${id}/${what}`, { token, body: { reason } });
const listingRow = (id: string) =>
  t.db
    .selectFrom('commodities')
    .select(['status', 'note', 'freeze_reason', 'frozen_from', 'auction_enable'])
    .where('id', '=', Number(id))
    .executeTakeFirstOrThrow();
const auditsOn = async (id: string) =>
  (
    await t.db.selectFrom('staff_audit').selectAll().where('action', 'like', 'listing.%').orderBy('id').execute()
  ).filter((r) => (r.after as { listingId?: string } | null)?.listingId === id);
const pay = async (p: Player, bizNo: string, amount: number) => {
  const started = await app.call(wapAlipay, { bizNo, totalAmount: amount, payPrice: amount }, { token: p.token });
  expectCode(started, '200');
  await t.app.inject({
    method: 'POST',
    url: `/sandbox/api/pay/${(started.data as { tradeNo: string }).tradeNo}/succeed`,
  });
};
const propose = (p: Player, commodityId: string, price: number) =>
  sdk.call(
    h5sdkCreateOfferOrder,
    { ...p.pt, commodityId, price, requestKey: key(), agreement: true },
    { token: p.token },
  );
const order = (p: Player, commodityId: string) =>
  sdk.call(h5sdkOrderPlace, { ...p.pt, commodityId, requestKey: key(), agreement: true }, { token: p.token });
const offerRow = (id: string) =>
  t.db.selectFrom('offers').select(['status', 'note']).where('id', '=', Number(id)).executeTakeFirstOrThrow();
const depositsRefunded = async (p: Player) =>
  (
    await t.db
      .selectFrom('refunds')
      .select(['amount_fen'])
      .where('purpose', '=', 'deposit')
      .where('user_id', '=', p.userId)
      .execute()
  ).map((r) => Number(r.amount_fen));
const detail = async (id: string, p: Player) =>
  (await app.call(commodityDetail, { commodityId: id }, { token: p.token })).data as CommodityDetail;

describe(`the console's listings (${testDb})`, () => {
  it('refuses 冻结, 解冻 and 下架 to 客服, 财务 and a player, and without a reason; nothing changes', async () => {
    const id = await listCoins(3_000);
    const player = (await loginAs(t, '13900039999')).token;
    for (const what of ['freeze', 'unfreeze', 'take-down'] as const) {
      for (const token of [cs, finance]) {
        const res = await move(id, what, token);
        expect([what, res.status, res.code]).toEqual([what, 403, '60004']);
        expect(res.msg).toContain('仅运营和管理员可以冻结、解冻或下架商品');
      }
      const asPlayer = await move(id, what, player);
      expect([what, asPlayer.status, asPlayer.code]).toEqual([what, 401, '60001']);
    }
    for (const reason of ['', '  ', '冻']) {
      const res = await move(id, 'freeze', operator, reason);
      expect([res.code, res.msg]).toEqual(['10002', '请填写原因（至少2个字）']);
    }
    const none = await ops.call('POST', `/listings/${id}/freeze`, { token: operator, body: {} });
    expect([none.code, none.msg]).toEqual(['10002', '请填写原因']);
    expect(await listingRow(id)).toMatchObject({ status: ListingStatus.ON_SALE, freeze_reason: null });
    expect(await auditsOn(id)).toEqual([]);
    const missing = await move('99999999', 'freeze', operator);
    expect([missing.code, missing.msg]).toEqual(['10004', '商品不存在']);
  });

  it('freezes once of two staff at once; the buyer and the seller see 已冻结 and why; order, 还价 and edits are refused; open offers end with deposits back', async () => {
    const id = await listCoins(5_000);
    const paid = await propose(buyer, id, 4_000);
    expectCode(paid, '200');
    const paidOffer = paid.data as Offer;
    await pay(buyer, paidOffer.deposit!.bizNo, paidOffer.deposit!.amount);
    await expect.poll(async () => (await offerRow(paidOffer.offerId)).status).toBe(BargainStatus.AWAITING_SELLER);
    const unpaid = await propose(bidder, id, 4_200);
    expectCode(unpaid, '200');
    const unpaidOffer = unpaid.data as Offer;

    const [a, b] = await Promise.all([move(id, 'freeze', operator), move(id, 'freeze', admin)]);
    expect([a.code, b.code].sort()).toEqual(['10002', '200']);
    const won = [a, b].find((r) => r.code === '200')!;
    expect(won.data).toMatchObject({
      from: ListingStatus.ON_SALE,
      to: ListingStatus.FROZEN,
      statusLabel: '已冻结',
      offersEnded: 2,
    });
    expect([a, b].find((r) => r.code === '10002')?.msg).toMatch(/已被冻结/);
    const audits = await auditsOn(id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: 'listing.freeze', target_user_id: seller.userId, ip: '127.0.0.1' });
    expect(audits[0]!.after).toMatchObject({ status: ListingStatus.FROZEN, reason: '疑似被盗号出售' });

    // The proposals ended, the paid deposit went back its way (原路退回).
    expect(await offerRow(paidOffer.offerId)).toMatchObject({ status: BargainStatus.SYSTEM_CANCELLED_REFUNDED });
    expect(await offerRow(unpaidOffer.offerId)).toMatchObject({ status: BargainStatus.SYSTEM_CANCELLED });
    expect(await depositsRefunded(buyer)).toEqual([paidOffer.deposit!.amount]);

    // The buyer sees 已冻结 and the reason; he cannot order it or 还价.
    const seen = await detail(id, buyer);
    expect([seen.status, seen.statusName, seen.frozenReason]).toEqual([
      ListingStatus.FROZEN,
      '已冻结',
      '疑似被盗号出售',
    ]);
    const ordered = await order(buyer, id);
    expect([ordered.code, ordered.msg]).toEqual(['10002', '该商品已被平台冻结，暂不能购买']);
    const offered = await propose(bidder, id, 4_500);
    expect([offered.code, offered.msg]).toEqual(['10002', '该商品已被平台冻结，暂不能还价']);

    // The seller sees it on his shelf with the reason, and can neither delist, relist nor change it.
    const shelf = await app.call(myCommodity, { tab: 'selling', page: 1, pageSize: 20 }, { token: seller.token });
    const item = (shelf.data as { list: ShelfItem[] }).list.find((i) => i.id === id)!;
    expect([item.statusLabel, item.note, item.actions]).toEqual(['已冻结', '平台冻结：疑似被盗号出售', []]);
    for (const call of [downShelf, onShelf]) {
      const res = await app.call(call, { commodityId: id }, { token: seller.token });
      expect([res.code, res.msg]).toEqual(['10002', '商品已被平台冻结，请联系客服']);
    }
    const setting = await app.call(
      bargainSetting,
      { commodityId: id, allowBargain: false, floorPrice: null },
      { token: seller.token },
    );
    expect(setting.code).toBe('10002');
    expect(setting.msg).toContain('已被平台冻结');

    // 解冻: back on sale, once; the buyer may order again.
    expectCode(await move(id, 'unfreeze', operator, '核实为本人出售'), '200');
    const again = await move(id, 'unfreeze', admin, '核实为本人出售');
    expect([again.code, again.msg]).toEqual(['10002', '该商品未被冻结']);
    expect(await listingRow(id)).toMatchObject({
      status: ListingStatus.ON_SALE,
      note: null,
      freeze_reason: null,
      frozen_from: null,
    });
    expect((await detail(id, buyer)).frozenReason).toBeNull();
    expectCode(await order(buyer, id), '200');
    // An order holds it now (出售中): staff are sent to the order, the listing is not frozen under it.
    const held = await move(id, 'freeze', operator);
    expect([held.code, held.msg]).toEqual(['10002', '该商品有进行中的订单，暂不能操作；请在订单中处理']);
    expect((await listingRow(id)).status).toBe(ListingStatus.SELLING);
    expect((await auditsOn(id)).map((r) => r.action)).toEqual(['listing.freeze', 'listing.unfreeze']);
  });

  it('a frozen auction refuses bids, is cancelled and its bidder gets his deposit back; 解冻 of a delisted one keeps it delisted; 下架', async () => {
    const id = await listCoins(12_000);
    expectCode(
      await app.call(
        auctionCreate,
        { commodityId: id, startPrice: 10_000, increment: 500, hours: 2 },
        { token: seller.token },
      ),
      '200',
    );
    const joined = await sdk.call(
      h5sdkAuctionJoin,
      { ...bidder.pt, commodityId: id, agreement: true },
      { token: bidder.token },
    );
    expectCode(joined, '200');
    const deposit = joined.data as { bizNo: string; amount: number };
    await pay(bidder, deposit.bizNo, deposit.amount);
    const seat = () =>
      t.db
        .selectFrom('auction_bidders')
        .innerJoin('auctions', 'auctions.id', 'auction_bidders.auction_id')
        .select(['auction_bidders.status', 'auctions.status as auctionStatus'])
        .where('auctions.commodity_id', '=', Number(id))
        .where('auction_bidders.user_id', '=', bidder.userId)
        .executeTakeFirstOrThrow();
    await expect.poll(async () => (await seat()).status).toBe(BargainStatus.AWAITING_SELLER);
    expectCode(
      await app.call(auctionBid, { commodityId: id, price: 10_000, requestKey: key() }, { token: bidder.token }),
      '200',
    );

    const frozen = await move(id, 'freeze', admin, '账号异常登录');
    expectCode(frozen, '200');
    expect(frozen.data.biddersSettled).toBe(1);
    expect(await seat()).toEqual({
      status: BargainStatus.SYSTEM_CANCELLED_REFUNDED,
      auctionStatus: AuctionStatus.CANCELLED,
    });
    expect(await depositsRefunded(bidder)).toEqual([deposit.amount]);
    expect(await listingRow(id)).toMatchObject({ status: ListingStatus.FROZEN, auction_enable: 0 });
    const bid = await app.call(
      auctionBid,
      { commodityId: id, price: 11_000, requestKey: key() },
      { token: bidder.token },
    );
    expect([bid.code, bid.msg]).toEqual(['10002', '该商品已被平台冻结，暂不能竞拍']);

    // 下架 of the frozen listing: delisted, the reason in the seller's note; a second 下架 is refused.
    expectCode(await move(id, 'take-down', operator, '确认盗号，下架处理'), '200');
    expect(await listingRow(id)).toMatchObject({
      status: ListingStatus.DELISTED,
      note: '平台下架：确认盗号，下架处理',
      freeze_reason: null,
    });
    const twice = await move(id, 'take-down', admin);
    expect([twice.code, twice.msg]).toEqual(['10002', '该商品已下架']);
    // Frozen while delisted, 解冻 leaves it delisted (the status it had).
    expectCode(await move(id, 'freeze', operator), '200');
    expect((await listingRow(id)).frozen_from).toBe(ListingStatus.DELISTED);
    const back = await move(id, 'unfreeze', operator, '申诉通过');
    expect(back.data).toMatchObject({ from: ListingStatus.FROZEN, to: ListingStatus.DELISTED });
    expect((await listingRow(id)).status).toBe(ListingStatus.DELISTED);
  });
});
