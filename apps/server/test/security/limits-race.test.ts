import { h5sdkCreateOfferOrder } from '@app/protocol/calls/bargain';
import { publishCoin, publishItem, sellableItems } from '@app/protocol/calls/consignment';
import { identification } from '@app/protocol/calls/identity';
import { feedback, userFeedbackTypeList } from '@app/protocol/calls/user-help';
import { extractSave } from '@app/protocol/calls/withdrawal';
import { ErrorCode } from '@app/protocol/errors';
import { BargainStatus } from '@app/protocol/statuses/bargain-status';
import { ListingStatus } from '@app/protocol/statuses/listing-status';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { Accounts, transfer, userBalances } from '../../src/modules/ledger/ledger';
import { checkLedger } from '../../src/modules/ledger/ledger-check';
import { FEEDBACK_PER_DAY } from '../../src/modules/user/feedback.routes';
import {
  allowBargain,
  type Envelope,
  idNumber,
  loginAs,
  sdkPlayer,
  setPayPin,
  TEST_PAY_PIN,
  testDb,
  useTestApp,
  useTestClient,
} from '../helpers';

/**
 * Every count-then-insert limit, asked many times at once through the HTTP API. PGlite runs one
 * query at a time and hides a missing guard; on PostgreSQL (TEST_DB=postgres) the requests
 * really overlap, and exactly the limit must get through.
 */
const t = useTestApp();
const app = useTestClient(t, 'APP');
const sdk = useTestClient(t, 'H5SDK');

/** The answers split into accepted and refused, the refusals as [code, msg]. */
function split(results: Envelope[]) {
  return {
    accepted: results.filter((r) => r.code === '200'),
    refused: results.filter((r) => r.code !== '200').map((r) => [r.code, r.msg]),
  };
}

const userIdOf = async (uid: string) =>
  (await t.db.selectFrom('users').select('id').where('uid', '=', uid).executeTakeFirstOrThrow()).id;

describe(`limits under concurrency (${testDb})`, () => {
  it('verifies at most three accounts with one ID number when eight ask at once', async () => {
    const idCard = idNumber('19800808', '321');
    const users = await Promise.all(Array.from({ length: 8 }, (_, i) => loginAs(t, `1351000000${i}`)));
    const results = await Promise.all(
      users.map((u) => app.call(identification, { realName: '王五', idCard }, { token: u.token })),
    );
    const { accepted, refused } = split(results);
    expect(accepted).toHaveLength(3);
    expect(refused).toEqual(Array(5).fill(['10002', '该身份证已认证3个账号，无法继续认证']));
    const ids = await Promise.all(users.map((u) => userIdOf(u.uid)));
    const verified = await t.db.selectFrom('identities').select('user_id').where('user_id', 'in', ids).execute();
    expect(verified).toHaveLength(3);
    const flagged = await t.db
      .selectFrom('users')
      .select('id')
      .where('id', 'in', ids)
      .where('has_authentication', '=', true)
      .execute();
    expect(flagged.map((u) => u.id).sort()).toEqual(verified.map((v) => v.user_id).sort());
  });

  it('takes three withdrawal requests a day when ten come at once, and reserves only those', async () => {
    const { token, uid } = await loginAs(t, '13510000100');
    const userId = await userIdOf(uid);
    expect(
      (await app.call(identification, { realName: '林小雨', idCard: idNumber('19920202', '901') }, { token })).code,
    ).toBe('200');
    await setPayPin(t, userId);
    await transfer(t.db, {
      key: 'race-topup',
      debit: Accounts.gateway('topup-test'),
      credit: Accounts.userAvailable(userId),
      amount: 100_000,
      code: 'topup',
    });
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        app.call(
          extractSave,
          { amount: 2_000, accountNo: '13510000100', accountName: '林小雨', payPassword: TEST_PAY_PIN },
          { token },
        ),
      ),
    );
    const { accepted, refused } = split(results);
    expect(accepted).toHaveLength(3);
    expect(refused).toEqual(Array(7).fill(['10002', '每天最多提现3次']));
    const rows = await t.db.selectFrom('withdrawals').select('amount_fen').where('user_id', '=', userId).execute();
    expect(rows).toHaveLength(3);
    expect(await userBalances(t.db, userId)).toMatchObject({ posted: 100_000, reserved: 6_000, available: 94_000 });
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it(`takes ${FEEDBACK_PER_DAY} feedback messages a day when fifteen come at once`, async () => {
    const { token, uid } = await loginAs(t, '13510000200');
    const types = (await app.call(userFeedbackTypeList, {})).data as { list: Array<{ id: number }> };
    const results = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        app.call(feedback, { typeId: types.list[0]!.id, content: `第${i}条反馈：页面打不开` }, { token }),
      ),
    );
    const { accepted, refused } = split(results);
    expect(accepted).toHaveLength(FEEDBACK_PER_DAY);
    expect(refused).toEqual(
      Array(15 - FEEDBACK_PER_DAY).fill([ErrorCode.TOO_FREQUENT, '今日反馈次数已达上限，请明天再试']),
    );
    const rows = await t.db
      .selectFrom('feedback')
      .select('id')
      .where('user_id', '=', await userIdOf(uid))
      .execute();
    expect(rows).toHaveLength(FEEDBACK_PER_DAY);
  });

  it("lists at most the game's shelf limit of props per role when more are published at once", async () => {
    const seller = await sdkPlayer(t, sdk, 'player2', '1351100');
    await t.db
      .updateTable('games')
      .set({ sell_rules: sql`sell_rules || '{"itemShelfLimit": 2}'::jsonb` })
      .where('application_id', '=', seller.info.gameId)
      .execute();
    const items = (await sdk.call(sellableItems, seller.pt, { token: seller.token })).data as {
      list: Array<{ itemId: string; refusal: string | null }>;
    };
    const free = items.list.filter((i) => i.refusal === null).slice(0, 6);
    expect(free.length).toBeGreaterThanOrEqual(4);
    const results = await Promise.all(
      free.map((i) => sdk.call(publishItem, { ...seller.pt, itemId: i.itemId, price: 1_000 }, { token: seller.token })),
    );
    const { accepted, refused } = split(results);
    expect(accepted).toHaveLength(2);
    expect(refused).toEqual(Array(free.length - 2).fill(['10002', '每个角色最多同时寄售2件道具']));
    const listed = await t.db
      .selectFrom('commodities')
      .select(['status'])
      .where('seller_user_id', '=', seller.userId)
      .where('type', '=', 3)
      .execute();
    // The refused ones wrote nothing and froze nothing.
    expect(listed.map((l) => l.status)).toEqual([ListingStatus.ON_SALE, ListingStatus.ON_SALE]);
    const frozen = (await t.app.gateway.items(seller.info.gameId, seller.info.roleId)).items.filter((i) => i.frozen);
    expect(frozen).toHaveLength(2);
  });

  it('keeps one live offer per buyer and listing when six are made at once', async () => {
    const seller = await sdkPlayer(t, sdk, 'player1', '1351200');
    const buyer = await sdkPlayer(t, sdk, 'buyer1', '1351300');
    const lot = await sdk.call(
      publishCoin,
      { ...seller.pt, coinType: 2, coinNum: 10_000, price: 10_000 },
      { token: seller.token },
    );
    expect(lot.code).toBe('200');
    const commodityId = (lot.data as { commodityId: string }).commodityId;
    await allowBargain(app, seller.token, commodityId);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        sdk.call(
          h5sdkCreateOfferOrder,
          { ...buyer.pt, commodityId, price: 8_000 + i * 100, requestKey: `race-offer-${i}`, agreement: true },
          { token: buyer.token },
        ),
      ),
    );
    const { accepted, refused } = split(results);
    expect(accepted).toHaveLength(1);
    expect(refused).toEqual(Array(5).fill(['10002', '您已对该商品还价，请在还价记录中查看进度']));
    const live = await t.db
      .selectFrom('offers')
      .select('id')
      .where('buyer_user_id', '=', buyer.userId)
      .where('commodity_id', '=', Number(commodityId))
      .where('status', 'in', [BargainStatus.AWAITING_DEPOSIT, BargainStatus.AWAITING_SELLER, BargainStatus.AGREED])
      .execute();
    expect(live).toHaveLength(1);
    // And one deposit to pay, for that one.
    const deposits = await t.db
      .selectFrom('deposits')
      .select('ref_id')
      .where('user_id', '=', buyer.userId)
      .where('commodity_id', '=', Number(commodityId))
      .execute();
    expect(deposits.map((d) => d.ref_id)).toEqual(live.map((l) => l.id));
  });
});
