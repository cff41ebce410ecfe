import { PartnerRefusal } from '@app/game-partner/partner-errors';
import {
  h5sdkSellConfig,
  preFreezeItem,
  publishAccount,
  publishCoin,
  publishFreezeItem,
  publishItem,
  sellableItems,
  sellConfig,
} from '@app/protocol/calls/consignment';
import { bindUserPrePublishKey, finishPrePublish, prePublishCheck } from '@app/protocol/calls/consignment-keys';
import {
  downShelf,
  h5sdkMyCommodity,
  modifyPrice,
  myCommodity,
  onShelf,
  takeBack,
} from '@app/protocol/calls/consignment-shelf';
import { gameTokenLogin } from '@app/protocol/calls/game';
import { identification } from '@app/protocol/calls/identity';
import { h5sdkVerifyCode } from '@app/protocol/calls/market';
import { bindPhone, sendSms } from '@app/protocol/calls/user';
import { ListingStatus } from '@app/protocol/statuses/listing-status';
import { beforeAll, describe, expect, it } from 'vitest';
import { publishListing } from '../src/modules/consignment/listing.service';
import { sweepListings } from '../src/modules/consignment/listing-sweeper';
import { takeBack as takeBackListing } from '../src/modules/consignment/shelf.service';
import type { GameGateway } from '../src/modules/games/game-gateway';
import {
  demoGameLogin,
  expectCode,
  type GameLoginInfo,
  idNumber,
  leaveGame,
  loginAs,
  smsOutbox,
  useTestApp,
  useTestClient,
} from './helpers';

const t = useTestApp();
const sdk = useTestClient(t, 'H5SDK');
const app = useTestClient(t, 'APP');

interface Seller {
  info: GameLoginInfo;
  pt: { gameId: string; gameToken: string; serverId: string };
  token: string;
  uid: string;
}

let phoneSeq = 0;
const accounts = new Map<string, { uid: string; phone: string }>();
/** A demo account logged into the SDK view with a bound phone and real name; unlocked unless asked not to. */
async function readySeller(account: string, unlock = true): Promise<Seller> {
  const info = await demoGameLogin(t, account);
  const pt = { gameId: info.gameId, gameToken: info.gameToken, serverId: info.serverId };
  const login = (await sdk.call(gameTokenLogin, pt)).data as { token: string; uid: string };
  let phone = accounts.get(account)?.phone;
  if (phone && unlock) {
    // The SMS cooldown (60 s) would hold a second code back: open the lock as the code would.
    const user = await t.db.selectFrom('users').select('id').where('uid', '=', login.uid).executeTakeFirstOrThrow();
    const until = new Date(Date.now() + 30 * 60_000);
    await t.db
      .insertInto('user_settings')
      .values({ user_id: user.id, sale_unlocked_until: until })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ sale_unlocked_until: until }))
      .execute();
    return { info, pt, token: login.token, uid: login.uid };
  }
  if (!phone) {
    phone = `1350000${String(++phoneSeq).padStart(4, '0')}`;
    await sdk.call(sendSms, { smsType: 'phoneLogin', phone });
    const [bind] = await smsOutbox(t, phone);
    expectCode(await sdk.call(bindPhone, { phone, code: bind!.code }, { token: login.token }), '200');
    expectCode(
      await sdk.call(
        identification,
        { realName: '赵六', idCard: idNumber('19880808', String(100 + phoneSeq)) },
        { token: login.token },
      ),
      '200',
    );
    accounts.set(account, { uid: login.uid, phone });
  }
  if (unlock) {
    await sdk.call(sendSms, { smsType: 'verifyCode', phone: 'auto' }, { token: login.token });
    const code = (await smsOutbox(t, phone)).find((m) => m.smsType === 'verifyCode')!.code;
    expect((await sdk.call(h5sdkVerifyCode, { ...pt, code }, { token: login.token })).data).toBe(true);
  }
  return { info, pt, token: login.token, uid: login.uid };
}

/** Forgets when a role was taken back (as if onShelfLimit had passed). */
const waitedOnShelfLimit = (roleId: string) =>
  t.db.updateTable('commodities').set({ taken_back_at: null }).where('game_role_id', '=', roleId).execute();

const screenshots = (s: Seller) =>
  t.app.inject({ method: 'POST', url: '/demo-game/api/screenshots', headers: { 'x-game-token': s.info.gameToken } });
const roleLocked = async (s: Seller) => {
  const { roles } = await t.app.gateway.roles(
    'demo-legend',
    (await t.app.gateway.snapshot('demo-legend', s.info.roleId)).accountId,
  );
  return roles.find((r) => r.id === s.info.roleId)!.locked;
};
const status = async (id: string) =>
  await t.db
    .selectFrom('commodities')
    .select(['status', 'note'])
    .where('id', '=', Number(id))
    .executeTakeFirstOrThrow();
const frozenItems = async (s: Seller) =>
  (await t.app.gateway.items('demo-legend', s.info.roleId)).items.filter((i) => i.frozen).map((i) => i.id);
const freeCoins = async (s: Seller, index: number) =>
  (await t.app.gateway.coins('demo-legend', s.info.roleId)).coins[index]!.available;

describe('selling a role from inside the game', () => {
  let s: Seller;
  beforeAll(async () => {
    s = await readySeller('player2');
  });

  it('shows the rules and the role, and what the seller receives', async () => {
    const config = (await sdk.call(h5sdkSellConfig, s.pt, { token: s.token })).data as {
      rules: { servicePercent: number; roleMinPrice: number };
      role: { roleId: string; level: number; online: boolean };
      roleRefusal: unknown;
      screenshots: unknown[];
    };
    expect(config.role).toMatchObject({ roleId: s.info.roleId, level: 53, online: true });
    expect(config.roleRefusal).toBeNull();
    expect(config.rules.servicePercent).toBe(5);
    const pub = (await app.call(sellConfig, {}, { headers: { 'x-appid': 'demo-legend' } })).data as {
      rules: { coinRules: Array<{ coinName: string }> };
    };
    expect(pub.rules.coinRules.map((c) => c.coinName)).toEqual(['元宝', '金币', '绑定元宝']);
  });

  it('refuses bad prices and buyers with a clear message, and lists nothing', async () => {
    await screenshots(s);
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ price: 12_345 }, '角色价格须为整数元'],
      [{ price: 500 }, '角色价格不能低于10元'],
      [{ price: 1_000_000_100 }, '角色价格不能高于10000000元'],
      [{ price: 100_000, designatedTradeId: s.uid }, '不能指定自己为买家'],
      [{ price: 100_000, designatedTradeId: '99999999' }, '买家唯一码不存在，请核对后重试'],
      [{ price: -1 }, '请输入正确的价格'],
    ];
    for (const [input, msg] of bad)
      expectCode(await sdk.call(publishAccount, { ...s.pt, ...input } as never, { token: s.token }), '10002', msg);
    expect(await t.db.selectFrom('commodities').select('id').execute()).toEqual([]);
    expect(await roleLocked(s)).toBe(false);
  });

  it('lists the role frozen in the game, refuses a second listing, delists, takes back, 30105', async () => {
    const buyer = await loginAs(t, '13511112222');
    const res = await sdk.call(
      publishAccount,
      { ...s.pt, price: 100_000, designatedTradeId: buyer.uid },
      { token: s.token },
    );
    expectCode(res, '200');
    const listed = res.data as {
      commodityId: string;
      status: number;
      fee: number;
      receive: number;
      expireTime: number;
    };
    expect(listed).toMatchObject({ status: ListingStatus.ON_SALE, fee: 5_000, receive: 95_000 });
    expect(listed.expireTime - Date.now() / 1000).toBeGreaterThan(719 * 3600);
    expect(await roleLocked(s)).toBe(true);

    // The same role again: the game refuses; that attempt ends 上架失败, nothing else changes.
    const again = await sdk.call(publishAccount, { ...s.pt, price: 200_000 }, { token: s.token });
    expectCode(again, '10002', '角色已被其他商品冻结');
    const failed = await t.db
      .selectFrom('commodities')
      .select(['status', 'note'])
      .where('price_fen', '=', 200_000)
      .executeTakeFirstOrThrow();
    expect(failed).toEqual({ status: ListingStatus.LISTING_FAILED, note: '角色已被其他商品冻结' });

    // Only what the status allows.
    expectCode(
      await app.call(modifyPrice, { commodityId: listed.commodityId, price: 90_000 }, { token: s.token }),
      '10002',
      '请先下架商品',
    );
    expectCode(
      await app.call(takeBack, { commodityId: listed.commodityId }, { token: s.token }),
      '10002',
      '请先下架商品',
    );
    const other = await loginAs(t, '13511113333');
    expectCode(await app.call(downShelf, { commodityId: listed.commodityId }, { token: other.token }), '30001');

    const down = (await app.call(downShelf, { commodityId: listed.commodityId }, { token: s.token })).data as {
      status: number;
      actions: string[];
    };
    expect(down).toMatchObject({ status: ListingStatus.DELISTED, actions: ['onShelf', 'takeBack', 'modifyPrice'] });
    expect(await roleLocked(s)).toBe(true);
    expectCode(
      await app.call(downShelf, { commodityId: listed.commodityId }, { token: s.token }),
      '10002',
      '商品已下架',
    );

    const repriced = (
      await app.call(modifyPrice, { commodityId: listed.commodityId, price: 80_000 }, { token: s.token })
    ).data as { price: number; fee: number; receive: number };
    expect(repriced).toMatchObject({ price: 80_000, fee: 4_000, receive: 76_000 });
    expectCode(
      await app.call(modifyPrice, { commodityId: listed.commodityId, price: 80_050 }, { token: s.token }),
      '10002',
      '角色价格须为整数元',
    );

    const back = (await app.call(takeBack, { commodityId: listed.commodityId }, { token: s.token })).data as {
      status: number;
      statusLabel: string;
    };
    expect(back).toMatchObject({ status: ListingStatus.INVALID, statusLabel: '已取回' });
    expect(await roleLocked(s)).toBe(false);
    expectCode(
      await app.call(takeBack, { commodityId: listed.commodityId }, { token: s.token }),
      '10002',
      '商品已下架失效',
    );

    // Taken back: the role waits onShelfLimit (30 minutes) before it may be listed again.
    const soon = await sdk.call(publishAccount, { ...s.pt, price: 100_000 }, { token: s.token });
    expectCode(soon, '30105');
    expect(soon.msg).toMatch(/^角色取回后需等待30分钟才能再次上架，请\d+分钟后再试$/);
    await t.db
      .updateTable('commodities')
      .set({ taken_back_at: new Date(Date.now() - 31 * 60_000) })
      .where('id', '=', Number(listed.commodityId))
      .execute();
    const relisted = await sdk.call(publishAccount, { ...s.pt, price: 100_000 }, { token: s.token });
    expectCode(relisted, '200');
    await app.call(
      downShelf,
      { commodityId: (relisted.data as { commodityId: string }).commodityId },
      { token: s.token },
    );
    await app.call(
      takeBack,
      { commodityId: (relisted.data as { commodityId: string }).commodityId },
      { token: s.token },
    );
    expect(await roleLocked(s)).toBe(false);

    const shelf = (await app.call(myCommodity, { tab: 'ended' }, { token: s.token })).data as {
      list: Array<{ statusLabel: string }>;
    };
    expect(shelf.list.map((l) => l.statusLabel)).toEqual(['已取回', '已取回', '上架失败']);
    const inGame = (await sdk.call(h5sdkMyCommodity, { ...s.pt, tab: 'all' }, { token: s.token })).data as {
      list: unknown[];
    };
    expect(inGame.list).toHaveLength(3);
  });

  it('answers 30315 while the sale lock is closed, and the offline message when the role left', async () => {
    const locked = await readySeller('buyer1', false);
    expectCode(await sdk.call(publishAccount, { ...locked.pt, price: 100_000 }, { token: locked.token }), '30315');
    const online = await readySeller('player1');
    await leaveGame(t, online.info.gameToken);
    // A logged-out token is no longer the game's: the SDK must log in again (20018) …
    const res = await sdk.call(publishAccount, { ...online.pt, price: 100_000 }, { token: online.token });
    expect(['20018', '10002']).toContain(res.code);
  });

  it('refuses a role below the game’s conditions (30307) and a role without screenshots', async () => {
    const seller = await readySeller('player1');
    expectCode(
      await sdk.call(publishAccount, { ...seller.pt, price: 100_000 }, { token: seller.token }),
      '10002',
      '请先截取角色截图',
    );
    await t.db
      .updateTable('games')
      .set({ sell_rules: JSON.stringify({ roleMinLevel: 70 }) })
      .where('application_id', '=', 'demo-legend')
      .execute();
    await screenshots(seller);
    const res = await sdk.call(publishAccount, { ...seller.pt, price: 100_000 }, { token: seller.token });
    expectCode(res, '30307', '角色未满足寄售条件（需70级以上）');
    await t.db.updateTable('games').set({ sell_rules: '{}' }).where('application_id', '=', 'demo-legend').execute();
  });
});

describe('selling coins and props', () => {
  let s: Seller;
  beforeAll(async () => {
    s = await readySeller('player3');
    await screenshots(s);
  });

  it('lists a coin lot within what the role has; a role with coins on sale answers 30048', async () => {
    const before = await freeCoins(s, 1);
    expectCode(
      await sdk.call(publishCoin, { ...s.pt, coinType: 2, coinNum: 500, price: 1_000 }, { token: s.token }),
      '10002',
      '金币每单至少出售1000',
    );
    expectCode(
      await sdk.call(publishCoin, { ...s.pt, coinType: 2, coinNum: before + 1, price: 1_000 }, { token: s.token }),
      '10002',
      `可出售数量不足，当前可售${before}`,
    );
    expectCode(
      await sdk.call(publishCoin, { ...s.pt, coinType: 2, coinNum: 1_000_000, price: 10_000_001 }, { token: s.token }),
      '10002',
      '游戏币价格不能高于100000元',
    );
    const res = await sdk.call(
      publishCoin,
      { ...s.pt, coinType: 2, coinNum: 1_000_000, price: 1_550 },
      { token: s.token },
    );
    expectCode(res, '200');
    expect(res.data).toMatchObject({ status: 1, fee: 78, receive: 1_472 });
    expect(await freeCoins(s, 1)).toBe(before - 1_000_000);
    expectCode(await sdk.call(publishAccount, { ...s.pt, price: 100_000 }, { token: s.token }), '30048');
    const refusal = async () =>
      ((await sdk.call(h5sdkSellConfig, s.pt, { token: s.token })).data as { roleRefusal: unknown }).roleRefusal;
    // The role sale says the step that frees it for the state the coins are in, and leads there.
    expect(await refusal()).toEqual({
      code: '30048',
      msg: '该角色有在售的游戏币商品，请先下架并取回后再寄售角色',
      fix: 'downShelf',
    });

    const id = (res.data as { commodityId: string }).commodityId;
    await app.call(downShelf, { commodityId: id }, { token: s.token });
    // Delisted, the coins are still frozen in the game: 取回, not 下架 again.
    expect(await refusal()).toEqual({
      code: '30048',
      msg: '该角色有已下架的游戏币仍冻结在游戏中，请先取回后再寄售角色',
      fix: 'takeBack',
    });
    await app.call(takeBack, { commodityId: id }, { token: s.token });
    expect(await freeCoins(s, 1)).toBe(before);
    expect(await refusal()).toBeNull();
  });

  it('lists a prop; refuses blacklisted ones and one consigned in the last 30 days', async () => {
    const items = (await sdk.call(sellableItems, s.pt, { token: s.token })).data as {
      list: Array<{ itemId: string; name: string; refusal: string | null }>;
    };
    const blocked = items.list.find((i) => i.refusal === '该道具不可交易');
    expect(blocked?.name).toBe('修复神水');
    expectCode(
      await sdk.call(publishItem, { ...s.pt, itemId: blocked!.itemId, price: 1_000 }, { token: s.token }),
      '10002',
      '该道具不可交易',
    );
    const prop = items.list.find((i) => i.refusal === null)!;
    const res = await sdk.call(publishItem, { ...s.pt, itemId: prop.itemId, price: 8_800 }, { token: s.token });
    expectCode(res, '200');
    expect(await frozenItems(s)).toEqual([prop.itemId]);
    const id = (res.data as { commodityId: string }).commodityId;
    await app.call(downShelf, { commodityId: id }, { token: s.token });
    await app.call(takeBack, { commodityId: id }, { token: s.token });
    expect(await frozenItems(s)).toEqual([]);
    expectCode(
      await sdk.call(publishItem, { ...s.pt, itemId: prop.itemId, price: 8_800 }, { token: s.token }),
      '10002',
      '该道具30天内已寄售过，暂不能再次寄售',
    );
  });

  it('pre-freezes a prop, publishes it with a price, and releases an abandoned one', async () => {
    const items = (await sdk.call(sellableItems, s.pt, { token: s.token })).data as {
      list: Array<{ itemId: string; refusal: string | null }>;
    };
    const [a, b] = items.list.filter((i) => i.refusal === null);
    const first = await sdk.call(preFreezeItem, { ...s.pt, itemId: a!.itemId }, { token: s.token });
    expectCode(first, '200');
    const pre = first.data as {
      commodityId: string;
    };
    expect(await status(pre.commodityId)).toMatchObject({ status: ListingStatus.LISTING });
    expect(await frozenItems(s)).toContain(a!.itemId);
    const published = await sdk.call(
      publishFreezeItem,
      { ...s.pt, commodityId: pre.commodityId, price: 5_000 },
      { token: s.token },
    );
    expect(published.data).toMatchObject({ status: ListingStatus.ON_SALE, price: 5_000 });

    const abandoned = (await sdk.call(preFreezeItem, { ...s.pt, itemId: b!.itemId }, { token: s.token })).data as {
      commodityId: string;
    };
    expect(await frozenItems(s)).toContain(b!.itemId);
    const swept = await sweepListings({ db: t.db, gateway: t.app.gateway }, Date.now() + 31 * 60_000);
    expect(swept.released).toBe(1);
    expect(await status(abandoned.commodityId)).toEqual({
      status: ListingStatus.LISTING_FAILED,
      note: '上架超时，已解冻',
    });
    expect(await frozenItems(s)).not.toContain(b!.itemId);
    expectCode(
      await sdk.call(
        publishFreezeItem,
        { ...s.pt, commodityId: abandoned.commodityId, price: 5_000 },
        { token: s.token },
      ),
      '10002',
      '该道具不在待上架状态，请重新选择',
    );
  });

  it('delists listings past commodityExpireHour; they stay frozen until taken back', async () => {
    const onSale = await t.db
      .selectFrom('commodities')
      .select('id')
      .where('status', '=', ListingStatus.ON_SALE)
      .where('game_role_id', '=', s.info.roleId)
      .execute();
    expect(onSale.length).toBeGreaterThan(0);
    const swept = await sweepListings({ db: t.db, gateway: t.app.gateway }, Date.now() + 721 * 3_600_000);
    expect(swept.delisted).toBeGreaterThanOrEqual(onSale.length);
    for (const { id } of onSale)
      expect(await status(String(id))).toEqual({ status: ListingStatus.DELISTED, note: '超过寄售时长，已自动下架' });
    expect((await frozenItems(s)).length).toBeGreaterThan(0);
    const relisted = (await app.call(onShelf, { commodityId: String(onSale[0]!.id) }, { token: s.token })).data;
    expect(relisted).toMatchObject({ status: ListingStatus.ON_SALE });
  });
});

describe('faults halfway', () => {
  /** The gateway of the app with one partner call replaced. */
  const faulty = (patch: Partial<GameGateway>): GameGateway => ({ ...t.app.gateway, ...patch });

  it('a freeze whose answer is lost is released; nothing listed, nothing left frozen', async () => {
    const s = await readySeller('player1');
    await screenshots(s);
    const gateway = faulty({
      freeze: async (...args: Parameters<GameGateway['freeze']>) => {
        await t.app.gateway.freeze(...args);
        throw new Error('socket hang up');
      },
    });
    const user = await t.db
      .selectFrom('users')
      .select(['id', 'uid'])
      .where('uid', '=', s.uid)
      .executeTakeFirstOrThrow();
    const input = {
      seller: { userId: user.id, uid: user.uid },
      gameId: 'demo-legend',
      accountId: 'player1',
      roleId: s.info.roleId,
      goods: { kind: 'role' as const, saleType: 0 as const },
      price: 100_000,
      source: 'sdk' as const,
      requireOnline: true,
    };
    await expect(publishListing({ db: t.db, gateway }, input)).rejects.toThrow('游戏服务暂不可用，请稍后再试');
    const row = await t.db
      .selectFrom('commodities')
      .select(['id', 'status'])
      .where('game_role_id', '=', s.info.roleId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(ListingStatus.LISTING_FAILED);
    expect(await roleLocked(s)).toBe(false);

    // The release fails too: the listing waits in 上架中 and the sweeper releases it later.
    const worse = faulty({
      freeze: gateway.freeze,
      unfreeze: async () => {
        throw new Error('timeout');
      },
    });
    await expect(publishListing({ db: t.db, gateway: worse }, input)).rejects.toThrow('游戏服务暂不可用');
    const stuck = await t.db
      .selectFrom('commodities')
      .select(['id', 'status'])
      .where('game_role_id', '=', s.info.roleId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(stuck.status).toBe(ListingStatus.LISTING);
    expect(await roleLocked(s)).toBe(true);
    await sweepListings({ db: t.db, gateway: t.app.gateway });
    expect((await status(String(stuck.id))).status).toBe(ListingStatus.LISTING_FAILED);
    expect(await roleLocked(s)).toBe(false);
  });

  it('a take-back the game refuses is 取回失败 and can be retried', async () => {
    const s = await readySeller('player1');
    const res = await sdk.call(publishAccount, { ...s.pt, price: 100_000 }, { token: s.token });
    expectCode(res, '200');
    const id = (res.data as { commodityId: string }).commodityId;
    await app.call(downShelf, { commodityId: id }, { token: s.token });
    const user = await t.db.selectFrom('users').select('id').where('uid', '=', s.uid).executeTakeFirstOrThrow();
    const refusing = faulty({
      unfreeze: async () => {
        throw new PartnerRefusal('ROLE_BUSY', '角色正在战斗中，请稍后取回');
      },
    });
    const failed = await takeBackListing({ db: t.db, gateway: refusing }, user.id, id);
    expect(failed).toMatchObject({
      status: ListingStatus.RETRIEVE_FAILED,
      note: '角色正在战斗中，请稍后取回',
      actions: ['takeBack'],
    });
    expect(await roleLocked(s)).toBe(true);
    expect((await app.call(takeBack, { commodityId: id }, { token: s.token })).data).toMatchObject({ status: 0 });
    expect(await roleLocked(s)).toBe(false);
  });

  it('two listings of one role at once: exactly one goes on sale', async () => {
    const s = await readySeller('player1');
    await waitedOnShelfLimit(s.info.roleId);
    const answers = await Promise.all(
      [100_000, 110_000, 120_000].map((price) => sdk.call(publishAccount, { ...s.pt, price }, { token: s.token })),
    );
    expect(answers.filter((a) => a.code === '200')).toHaveLength(1);
    const onSale = await t.db
      .selectFrom('commodities')
      .select('id')
      .where('game_role_id', '=', s.info.roleId)
      .where('status', '=', ListingStatus.ON_SALE)
      .execute();
    expect(onSale).toHaveLength(1);
  });
});

describe('listing with a consignment key', () => {
  it('checks the key (31001/31009/31003/31006/31008), binds it and lists the role it holds', async () => {
    const info = await demoGameLogin(t, 'player2');
    const issued = (
      await t.app.inject({
        method: 'POST',
        url: '/demo-game/api/consignment-key',
        headers: { 'x-game-token': info.gameToken },
      })
    ).json();
    expect(issued.ok).toBe(true);
    const key = issued.data.key as string;
    await waitedOnShelfLimit(info.roleId);

    // The key is the seller's alone: the user linked to player2, the account the key was issued for.
    const seller = await readySeller('player2');
    expectCode(await app.call(prePublishCheck, { key: 'NOPE1234' }, { token: seller.token }), '31001');
    const role = (await app.call(prePublishCheck, { key: key.toLowerCase() }, { token: seller.token })).data as {
      roleId: string;
      applicationId: string;
      screenshots: unknown[];
    };
    expect(role).toMatchObject({ roleId: info.roleId, applicationId: 'demo-legend' });
    expect(role.screenshots).toHaveLength(4);
    expectCode(
      await app.call(bindUserPrePublishKey, { key, applicationId: 'demo-legend' }, { token: seller.token }),
      '200',
    );
    const other = await readySeller('player1');
    expectCode(await app.call(prePublishCheck, { key }, { token: other.token }), '31009');
    expectCode(await app.call(finishPrePublish, { key, price: 100_000 }, { token: other.token }), '31009');
    // player2 linked to another user after the bind (a phone login in the game moves the link):
    // that user owns the account now, but the key stays with the flow it was bound to.
    const link = t.db
      .updateTable('user_identities')
      .where('provider', '=', 'game:demo-legend')
      .where('subject', '=', 'player2');
    const userOf = async (s: Seller) =>
      (await t.db.selectFrom('users').select('id').where('uid', '=', s.uid).executeTakeFirstOrThrow()).id;
    await link.set({ user_id: await userOf(other) }).execute();
    expectCode(await app.call(prePublishCheck, { key }, { token: other.token }), '31003');
    expectCode(await app.call(finishPrePublish, { key, price: 100_000 }, { token: other.token }), '31003');
    await link.set({ user_id: await userOf(seller) }).execute();

    const listed = await app.call(finishPrePublish, { key, price: 66_600 }, { token: seller.token });
    expectCode(listed, '200');
    expect(listed.data).toMatchObject({ status: ListingStatus.ON_SALE, price: 66_600 });
    const row = await t.db
      .selectFrom('commodities')
      .select(['seller_user_id', 'source', 'game_account_id'])
      .where('id', '=', Number((listed.data as { commodityId: string }).commodityId))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ source: 'key', game_account_id: 'player2' });
    expectCode(await app.call(prePublishCheck, { key }, { token: seller.token }), '31008');
    expectCode(await app.call(finishPrePublish, { key, price: 66_600 }, { token: seller.token }), '31008');

    await t.db
      .updateTable('consignment_keys')
      .set({ used_at: null, expires_at: new Date(Date.now() - 1000) })
      .where('jyh_key', '=', key.replaceAll('-', ''))
      .execute();
    expectCode(await app.call(prePublishCheck, { key }, { token: seller.token }), '31006');
  });
});
