import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startGame, type TestGame } from './helpers';

let g: TestGame;
beforeEach(async () => {
  g = await startGame();
});
afterEach(() => g.app.close());

describe('the game refuses what is on sale', () => {
  it('a frozen item cannot be used or moved; after retrieval it can', async () => {
    const seller = await g.login('player3');
    const item = (await g.partner.items(seller.roleId)).items.find((i) => i.tradable && i.place === 'bag')!;
    await g.partner.freeze({ kind: 'items', listingId: 'I1', roleId: seller.roleId, itemIds: [item.id] }, 'i1');
    expect(await g.play(seller.gameToken, 'item', { itemId: item.id, action: 'use' })).toEqual({
      ok: false,
      code: 'ITEM_FROZEN',
      message: '该物品已冻结（寄售中），无法使用',
    });
    expect(await g.play(seller.gameToken, 'item', { itemId: item.id, action: 'move' })).toMatchObject({
      ok: false,
      message: '该物品已冻结（寄售中），无法移动',
    });
    await g.partner.unfreeze({ listingId: 'I1', roleId: seller.roleId }, 'u1');
    expect((await g.partner.unfreeze({ listingId: 'I1', roleId: seller.roleId }, 'u2')).released).toBe(0);
    const moved = await g.play(seller.gameToken, 'item', { itemId: item.id, action: 'move' });
    expect(moved).toMatchObject({ ok: true, data: { message: `${item.name}已移至仓库` } });
  });

  it('frozen coins cannot be spent; the rest can', async () => {
    const seller = await g.login('player1');
    const gold = (await g.partner.coins(seller.roleId)).coins.find((c) => c.coinType === '金币')!;
    await g.partner.freeze(
      { kind: 'coins', listingId: 'C', roleId: seller.roleId, coinType: '金币', amount: gold.total - 50 },
      'c',
    );
    expect(await g.play(seller.gameToken, 'coins/spend', { coinType: '金币', amount: 100 })).toMatchObject({
      ok: false,
      code: 'ITEM_FROZEN',
      message: '金币已冻结（寄售中），无法使用',
    });
    expect(await g.play(seller.gameToken, 'coins/spend', { coinType: '金币', amount: 50 })).toMatchObject({
      ok: true,
      data: { left: gold.total - 50 },
    });
    expect(await g.play(seller.gameToken, 'coins/spend', { coinType: '元宝', amount: 10 ** 12 })).toMatchObject({
      ok: false,
      code: 'INSUFFICIENT',
    });
  });

  it('a role on sale cannot use anything', async () => {
    const seller = await g.login('player2');
    await g.partner.freeze({ kind: 'role', listingId: 'R', roleId: seller.roleId }, 'r');
    const item = (await g.partner.items(seller.roleId)).items[0]!;
    expect(await g.play(seller.gameToken, 'item', { itemId: item.id, action: 'use' })).toMatchObject({
      ok: false,
      message: '角色已冻结（寄售中），无法操作',
    });
  });

  it('using equips bag gear (swapping what was worn) and consumes 其他 items', async () => {
    const seller = await g.login('player1');
    const items = (await g.partner.items(seller.roleId)).items;
    const gear = items.find((i) => i.place === 'bag' && i.subType !== 7)!;
    const worn = items.find((i) => i.place === 'equipment' && i.subType === gear.subType)!;
    expect((await g.play(seller.gameToken, 'item', { itemId: gear.id, action: 'use' })).data.message).toBe(
      `装备了${gear.name}`,
    );
    const after = (await g.partner.items(seller.roleId)).items;
    expect(after.find((i) => i.id === gear.id)!.place).toBe('equipment');
    expect(after.find((i) => i.id === worn.id)!.place).toBe('bag');
  });
});
