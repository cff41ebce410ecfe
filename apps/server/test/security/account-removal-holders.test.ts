import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { auctionCreate, h5sdkAuctionJoin } from '@app/protocol/calls/auction';
import { type CoinBid, cancelBid, postBid } from '@app/protocol/calls/bid-book';
import { type BrokerListing, brokerDownShelf, merchantApply, publishCommodity } from '@app/protocol/calls/broker';
import { type BrokerOrder, brokerCancelOrder, brokerOrderPlace } from '@app/protocol/calls/broker-orders';
import { publishCoin } from '@app/protocol/calls/consignment';
import { downShelf, takeBack } from '@app/protocol/calls/consignment-shelf';
import { wapAlipay } from '@app/protocol/calls/pay';
import { checkRemoveAccount, removeAccount } from '@app/protocol/calls/user';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/modules/ledger/ledger-check';
import { BID_GAME, BID_TOTAL_FEN, bidRequest, bidWallet, openBidChannel } from '../bid-fixture';
import { expectCode, sdkPlayer, testDb, useTestApp, useTestClient } from '../helpers';
import { opsApi } from '../ops-helpers';

/**
 * Issue 31, item 1: every module that can hold a user's money or goods answers the account removal
 * through its own check, registered at composition (the user module's RemovalChecks). A live 求购,
 * a merchant with stock, a running auction, a bidder: each refuses with its own reason.
 */
type Player = Awaited<ReturnType<typeof sdkPlayer>>;
const GAME = BID_GAME;
const t = useTestApp({}, { timeout: 120_000 });
const sdk = useTestClient(t, 'H5SDK');
const app = useTestClient(t, 'APP');
let seller: Player;
let buyer: Player;
let merchant: Player;
let bidder: Player;
beforeAll(async () => {
  seller = await sdkPlayer(t, sdk, 'player1', '1364100');
  buyer = await sdkPlayer(t, sdk, 'buyer1', '1364200');
  merchant = await sdkPlayer(t, sdk, 'player2', '1364300');
  bidder = await sdkPlayer(t, sdk, 'player3', '1364400');
  await openBidChannel(t);
});
afterEach(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
});

const BALANCE = (amount: string) => `您的账户还有余额 ${amount}，请先提现后再注销`;
const LISTINGS = '您有寄售中的商品，请下架并取回后再注销';
const DEPOSITS = '您有冻结中的保证金，请等待还价、出价或竞拍结束后再注销';
const BID = '您有进行中的求购，请撤销求购后再注销';
const BROKER_ORDER = '您有进行中的商人交易订单，请完成或取消后再注销';
const BROKER_STOCK = '您有出售中的商人商品，请下架后再注销';
const MERCHANT = '您已入驻为商人，请先在商户中心退出商户后再注销';
const AUCTION_SELLER = '您有进行中的拍卖，请等待拍卖结束后再注销';
const AUCTION_BIDDER = '您正在参与竞拍，请等待拍卖结束后再注销';

const reasonsOf = async (p: Player) =>
  ((await app.call(checkRemoveAccount, {}, { token: p.token })).data as { reasons: string[] }).reasons;
/** A removal refused before the code is looked at (any code). */
const refusedRemoval = (p: Player) => app.call(removeAccount, { code: '0000' }, { token: p.token });
const wallet = bidWallet(t);
const topUp = (p: Player, amount: number) => wallet.topUp(p.userId, amount);
/** What is available leaves the balance (paid out), so only the check under test speaks. */
const drain = (p: Player) => wallet.drain(p.userId);
const modulesDir = path.resolve(import.meta.dirname, '../../src/modules');

describe('the removal checks are registered by the modules that hold money or goods', () => {
  it('names each module that registered, and every module that moves a user’s balance is among them', () => {
    const registered = t.app.removalChecks.modules();
    for (const holder of [
      'ledger',
      'consignment',
      'deposits',
      'orders',
      'bargain',
      'auction',
      'withdrawal',
      'broker',
      'bid-book',
    ])
      expect(registered).toContain(holder);
    // Whoever moves money on a user's balance (a transfer to or from it, demo seeding aside) must
    // answer for it. payments is the one exception: each payment pays a payable another module
    // owns (an order, a deposit, a broker order, a bid), and that module's check refuses while it is open.
    const movers = new Set<string>();
    for (const module of readdirSync(modulesDir)) {
      for (const file of readdirSync(path.join(modulesDir, module))) {
        if (!file.endsWith('.ts') || file.endsWith('-demo.ts')) continue;
        const text = readFileSync(path.join(modulesDir, module, file), 'utf8');
        if (/(debit|credit):\s*Accounts\.userAvailable\(/.test(text)) movers.add(module);
      }
    }
    movers.delete('payments');
    // dev's /dev/topup (a test hook, never registered in production) only credits the balance,
    // which the ledger's own check answers for.
    movers.delete('dev');
    expect(movers.size).toBeGreaterThan(4);
    for (const module of movers) expect(registered, `${module} moves a user's money`).toContain(module);
  });
});

describe(`closing an account while a module holds something (${testDb})`, () => {
  it('refuses while a 求购 bid holds the money, and closes the way once it is cancelled', async () => {
    // 100,000 coins at 200 fen per 万: ¥20.00, the whole balance, held by the bid.
    await topUp(buyer, BID_TOTAL_FEN);
    const posted = await app.call(postBid, bidRequest(buyer, 'buyer1'), { token: buyer.token });
    expectCode(posted, '200');
    expect(await wallet.available(buyer.userId)).toBe(0);
    expect(await reasonsOf(buyer)).toEqual([BID]);
    expectCode(await refusedRemoval(buyer), '10002', BID);
    expectCode(await app.call(cancelBid, { bidId: (posted.data as CoinBid).bidId }, { token: buyer.token }), '200');
    expect(await reasonsOf(buyer)).toEqual([BALANCE('¥20.00')]);
    await drain(buyer);
    expect(await reasonsOf(buyer)).toEqual([]);
  });

  it('refuses a merchant while he stands, his stock is on sale or a broker order is open; the buyer while his order is open', async () => {
    const applied = await app.call(
      merchantApply,
      { applicationId: GAME, shopName: '注销金铺', agreement: true },
      { token: merchant.token },
    );
    expectCode(applied, '200');
    // Only applied: nothing recorded yet, nothing stands in the way.
    expect(await reasonsOf(merchant)).toEqual([]);
    const ops = opsApi(t);
    const decided = await ops.call('POST', `/merchants/${(applied.data as { merchantId: string }).merchantId}/decide`, {
      token: await ops.login('ops-admin', 'demo-ops-123'),
      body: { decision: 'approve', creditFen: 100_000 },
    });
    expect(decided.data).toMatchObject({ status: 'approved' });
    expect(await reasonsOf(merchant)).toEqual([MERCHANT]);
    const listing = await app.call(
      publishCommodity,
      {
        applicationId: GAME,
        serverId: merchant.pt.serverId,
        goldType: 2,
        unitPrice: 260,
        stock: 200_000,
        minPerOrder: 20_000,
        maxPerOrder: 200_000,
        deliverMinutes: 30,
      },
      { token: merchant.token },
    );
    expectCode(listing, '200');
    const { commodityId } = listing.data as BrokerListing;
    expect(await reasonsOf(merchant)).toEqual([BROKER_STOCK, MERCHANT]);
    expectCode(await refusedRemoval(merchant), '10002', BROKER_STOCK);

    const order = await app.call(
      brokerOrderPlace,
      {
        commodityId,
        quantity: 50_000,
        gameAccountId: 'buyer1',
        gameRoleId: buyer.info.roleId,
        requestKey: 'holders-broker-1',
        agreement: true,
      },
      { token: buyer.token },
    );
    expectCode(order, '200');
    expect(await reasonsOf(buyer)).toEqual([BROKER_ORDER]);
    expectCode(await refusedRemoval(buyer), '10002', BROKER_ORDER);
    expect(await reasonsOf(merchant)).toEqual([BROKER_ORDER, BROKER_STOCK, MERCHANT]);

    const { orderId } = order.data as BrokerOrder;
    expectCode(await app.call(brokerCancelOrder, { orderId }, { token: buyer.token }), '200');
    expect(await reasonsOf(buyer)).toEqual([]);
    expectCode(await app.call(brokerDownShelf, { commodityId }, { token: merchant.token }), '200');
    // Delisted, no buyer can order from it: only the merchant's standing is left, for customer service.
    expect(await reasonsOf(merchant)).toEqual([MERCHANT]);
  });

  it('refuses the seller of a running auction and each of its bidders, paid or not', async () => {
    const lot = await sdk.call(
      publishCoin,
      { ...seller.pt, coinType: 2, coinNum: 1_000, price: 12_000 },
      { token: seller.token },
    );
    expectCode(lot, '200');
    const { commodityId } = lot.data as { commodityId: string };
    expect(await reasonsOf(seller)).toEqual([LISTINGS]);
    expectCode(
      await app.call(
        auctionCreate,
        { commodityId, startPrice: 10_000, increment: 500, hours: 2 },
        { token: seller.token },
      ),
      '200',
    );
    expect(await reasonsOf(seller)).toEqual([LISTINGS, AUCTION_SELLER]);

    // Joined, the deposit not paid yet: a payment may still come, the bidder stays.
    const joined = await sdk.call(
      h5sdkAuctionJoin,
      { ...bidder.pt, commodityId, agreement: true },
      { token: bidder.token },
    );
    expectCode(joined, '200');
    expect(await reasonsOf(bidder)).toEqual([AUCTION_BIDDER]);
    expectCode(await refusedRemoval(bidder), '10002', AUCTION_BIDDER);

    // Paid: the deposit is held as well.
    const paying = await sdk.call(
      h5sdkAuctionJoin,
      { ...buyer.pt, commodityId, agreement: true },
      { token: buyer.token },
    );
    expectCode(paying, '200');
    const { bizNo, amount } = paying.data as { bizNo: string; amount: number };
    const started = await app.call(wapAlipay, { bizNo, totalAmount: amount, payPrice: amount }, { token: buyer.token });
    expectCode(started, '200');
    await t.app.inject({
      method: 'POST',
      url: `/sandbox/api/pay/${(started.data as { tradeNo: string }).tradeNo}/succeed`,
    });
    await expect.poll(() => reasonsOf(buyer)).toEqual([DEPOSITS, AUCTION_BIDDER]);

    // It ends without a bid: the deposits go back, the listing is an ordinary one again.
    await t.app.inject({ method: 'POST', url: '/dev/auction/end', payload: { commodityId, inSeconds: -1 } });
    await t.app.inject({ method: 'POST', url: '/dev/sweep', payload: { aheadMinutes: 0 } });
    expect(await reasonsOf(bidder)).toEqual([]);
    // The buyer's deposit, paid through 支付宝, went back that way (原路退回): nothing of his is left here.
    expect(await reasonsOf(buyer)).toEqual([]);
    expect(await reasonsOf(seller)).toEqual([LISTINGS]);
    expectCode(await app.call(downShelf, { commodityId }, { token: seller.token }), '200');
    expectCode(await app.call(takeBack, { commodityId }, { token: seller.token }), '200');
    expect(await reasonsOf(seller)).toEqual([]);
  });
});
