import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { refusal, startGame, type TestGame } from './helpers';

let g: TestGame;
beforeEach(async () => {
  g = await startGame();
});
afterEach(() => g.app.close());

describe('a role: freeze → transfer → the buyer owns it', () => {
  it('moves the frozen role to the buyer once; repeats change nothing', async () => {
    const seller = await g.login('player2');
    const roleId = seller.roleId;
    const deal = { listingId: 'L1', roleId, buyerAccountId: 'buyer1' };
    expect(await refusal(g.partner.transfer(deal, 't0'))).toBe('NOT_FROZEN');
    expect(await g.partner.freeze({ kind: 'role', listingId: 'L1', roleId }, 'f1')).toEqual({
      listingId: 'L1',
      kind: 'role',
      already: false,
    });
    expect((await g.partner.freeze({ kind: 'role', listingId: 'L1', roleId }, 'f1-again')).already).toBe(true);
    expect(await refusal(g.partner.freeze({ kind: 'role', listingId: 'L2', roleId }, 'f2'))).toBe(
      'FROZEN_BY_OTHER_LISTING',
    );
    const moved = await g.partner.transfer(deal, 't1');
    expect(moved).toMatchObject({ listingId: 'L1', kind: 'role', to: 'buyer1', repeated: false });
    const again = await g.partner.transfer(deal, 't2');
    expect(again).toEqual({ ...moved, repeated: true });
    expect((await g.partner.roles('buyer1', 's1')).roles.map((r) => r.id)).toContain(roleId);
    expect((await g.partner.roles('player2')).roles.map((r) => r.id)).not.toContain(roleId);
    // The seller's session on that role is gone; the buyer plays it after logging in.
    expect(await refusal(g.partner.verifyToken(seller.gameToken))).toBe('TOKEN_INVALID');
    const buyer = await g.login('buyer1');
    const me = (await g.play(buyer.gameToken, 'me')).data;
    expect(me.roles.map((r: { id: string }) => r.id)).toContain(roleId);
    expect((await g.play(buyer.gameToken, 'select-role', { roleId })).ok).toBe(true);
  });

  it('needs a free role slot of the buyer on that server; the refusal moves nothing', async () => {
    const seller = await g.login('player2');
    await g.partner.freeze({ kind: 'role', listingId: 'S1', roleId: seller.roleId }, 'f');
    // buyer1 has one role on s1; two more bought roles fill its three slots.
    for (const [i, account] of [
      [1, 'player1'],
      [2, 'player3'],
    ] as const) {
      const roleId = (await g.partner.roles(account, 's1')).roles[0]!.id;
      await g.partner.freeze({ kind: 'role', listingId: `fill${i}`, roleId }, `ff${i}`);
      await g.partner.transfer({ listingId: `fill${i}`, roleId, buyerAccountId: 'buyer1' }, `tf${i}`);
    }
    expect((await g.partner.account('buyer1')).slots.find((s) => s.serverId === 's1')).toEqual({
      serverId: 's1',
      used: 3,
      limit: 3,
    });
    const deal = { listingId: 'S1', roleId: seller.roleId, buyerAccountId: 'buyer1' };
    expect(await refusal(g.partner.transfer(deal, 't1'))).toBe('NO_ROLE_SLOT');
    expect((await g.partner.roles('player2', 's1')).roles[0]).toMatchObject({ id: seller.roleId, locked: true });
    // Refused is not done: the listing can still be retrieved.
    expect((await g.partner.unfreeze({ listingId: 'S1', roleId: seller.roleId }, 'u1')).released).toBe(1);
  });

  it('freezes a role locked by a consignment key only under that key’s prePublishLockId', async () => {
    const seller = await g.login('player3');
    const key = (await g.play(seller.gameToken, 'consignment-key', {})).data;
    const roleId = seller.roleId;
    expect(await refusal(g.partner.freeze({ kind: 'role', listingId: 'K1', roleId }, 'k0'))).toBe(
      'FROZEN_BY_OTHER_LISTING',
    );
    expect(
      await refusal(g.partner.freeze({ kind: 'role', listingId: 'K1', roleId, prePublishLockId: 'other-lock' }, 'k1')),
    ).toBe('NOT_FOUND');
    const frozen = await g.partner.freeze(
      { kind: 'role', listingId: 'K1', roleId, prePublishLockId: key.prePublishLockId },
      'k2',
    );
    expect(frozen.already).toBe(false);
    expect((await g.play(seller.gameToken, 'me')).data.key).toBeNull();
  });
});

describe('coins and items', () => {
  it('moves frozen coins to the buyer’s role, never more than available', async () => {
    const seller = await g.login('player1');
    const buyer = await g.login('buyer1');
    const yuanbao = async (roleId: string) => (await g.partner.coins(roleId)).coins.find((c) => c.coinType === '元宝')!;
    const before = await yuanbao(seller.roleId);
    const freeze = (listingId: string, amount: number, id: string) =>
      g.partner.freeze({ kind: 'coins', listingId, roleId: seller.roleId, coinType: '元宝', amount }, id);
    expect(await refusal(freeze('C0', before.total + 1, 'c0'))).toBe('INSUFFICIENT');
    await freeze('C1', 1000, 'c1');
    expect((await freeze('C1', 1000, 'c1b')).already).toBe(true);
    expect(await refusal(freeze('C1', 2000, 'c1c'))).toBe('ALREADY_FROZEN');
    expect(await yuanbao(seller.roleId)).toMatchObject({
      total: before.total,
      frozen: 1000,
      available: before.total - 1000,
    });
    const deal = { listingId: 'C1', roleId: seller.roleId, buyerAccountId: 'buyer1', buyerRoleId: buyer.roleId };
    expect(await g.partner.transfer(deal, 'c2')).toMatchObject({ kind: 'coins', to: buyer.roleId, amount: 1000 });
    expect((await g.partner.transfer(deal, 'c3')).repeated).toBe(true);
    expect((await yuanbao(buyer.roleId)).total).toBe(1000);
    expect(await yuanbao(seller.roleId)).toMatchObject({ total: before.total - 1000, frozen: 0 });
  });

  it('moves frozen items into the buyer’s bag; refuses blacklisted items and other listings’ items', async () => {
    const seller = await g.login('player1');
    const buyer = await g.login('buyer1');
    const { items, blacklist } = await g.partner.items(seller.roleId);
    expect(blacklist.map((b) => b.subType)).toEqual([7, 7]);
    const [a, b] = items.filter((i) => i.tradable);
    const banned = items.find((i) => !i.tradable);
    if (banned)
      expect(
        await refusal(
          g.partner.freeze({ kind: 'items', listingId: 'B', roleId: seller.roleId, itemIds: [banned.id] }, 'b'),
        ),
      ).toBe('BLACKLISTED');
    await g.partner.freeze({ kind: 'items', listingId: 'I1', roleId: seller.roleId, itemIds: [a!.id, b!.id] }, 'i1');
    expect(
      await refusal(
        g.partner.freeze({ kind: 'items', listingId: 'I2', roleId: seller.roleId, itemIds: [a!.id] }, 'i2'),
      ),
    ).toBe('FROZEN_BY_OTHER_LISTING');
    const deal = { listingId: 'I1', roleId: seller.roleId, buyerAccountId: 'buyer1', buyerRoleId: buyer.roleId };
    expect(await g.partner.transfer(deal, 'i3')).toMatchObject({ kind: 'items', itemIds: [a!.id, b!.id] });
    const bought = (await g.partner.items(buyer.roleId)).items;
    expect(bought.map((i) => [i.id, i.place, i.frozen])).toEqual([
      [a!.id, 'bag', false],
      [b!.id, 'bag', false],
    ]);
    expect((await g.partner.items(seller.roleId)).items).toHaveLength(items.length - 2);
  });

  it('delivers coins only inside the master-server group', async () => {
    const seller = await g.login('player1');
    const far = (await g.partner.roles('player1', 's3')).roles[0]!;
    await g.partner.freeze({ kind: 'coins', listingId: 'X', roleId: far.id, coinType: '金币', amount: 5 }, 'x1');
    const deal = { listingId: 'X', roleId: far.id, buyerAccountId: 'buyer1', buyerRoleId: 'r8' };
    expect(await refusal(g.partner.transfer(deal, 'x2'))).toBe('SERVER_MISMATCH');
    expect(seller.serverId).toBe('s1');
  });

  it('refuses a freeze of an offline role when asked to require it online', async () => {
    const seller = await g.login('player2');
    g.clock.now += 31_000;
    const input = {
      kind: 'coins',
      listingId: 'O',
      roleId: seller.roleId,
      coinType: '金币',
      amount: 1,
      requireOnline: true,
    } as const;
    expect(await refusal(g.partner.freeze(input, 'o1'))).toBe('ROLE_OFFLINE');
  });
});

describe('reclaim: customer service returns a delivery to the seller', () => {
  it('moves a delivered role back to the seller’s account once', async () => {
    const seller = await g.login('player2');
    const roleId = seller.roleId;
    expect(await refusal(g.partner.reclaim({ listingId: 'R1', roleId }, 'r0'))).toBe('NOT_FOUND');
    await g.partner.freeze({ kind: 'role', listingId: 'R1', roleId }, 'rf');
    await g.partner.transfer({ listingId: 'R1', roleId, buyerAccountId: 'buyer1' }, 'rt');
    const back = await g.partner.reclaim({ listingId: 'R1', roleId }, 'r1');
    expect(back).toMatchObject({ listingId: 'R1', kind: 'role', to: 'player2', repeated: false });
    expect((await g.partner.reclaim({ listingId: 'R1', roleId }, 'r2')).repeated).toBe(true);
    expect((await g.partner.roles('player2')).roles.map((r) => r.id)).toContain(roleId);
    expect((await g.partner.roles('buyer1')).roles.map((r) => r.id)).not.toContain(roleId);
  });

  it('takes coins back only while the buyer still holds them; a refusal moves nothing', async () => {
    const seller = await g.login('player2');
    const buyer = await g.login('buyer1');
    const yuanbao = async (roleId: string) => (await g.partner.coins(roleId)).coins.find((c) => c.coinType === '元宝')!;
    const sellerBefore = (await yuanbao(seller.roleId)).total;
    await g.partner.freeze(
      { kind: 'coins', listingId: 'C9', roleId: seller.roleId, coinType: '元宝', amount: 800 },
      'f',
    );
    const deal = { listingId: 'C9', roleId: seller.roleId, buyerAccountId: 'buyer1', buyerRoleId: buyer.roleId };
    await g.partner.transfer(deal, 't');
    // The buyer puts 500 of them on sale elsewhere: only 300 are free.
    await g.partner.freeze(
      { kind: 'coins', listingId: 'C10', roleId: buyer.roleId, coinType: '元宝', amount: 500 },
      'g',
    );
    expect(await refusal(g.partner.reclaim({ listingId: 'C9', roleId: seller.roleId }, 'r1'))).toBe(
      'RECLAIM_IMPOSSIBLE',
    );
    expect((await yuanbao(buyer.roleId)).total).toBe(800);
    await g.partner.unfreeze({ listingId: 'C10', roleId: buyer.roleId }, 'u');
    expect(await g.partner.reclaim({ listingId: 'C9', roleId: seller.roleId }, 'r2')).toMatchObject({
      kind: 'coins',
      to: seller.roleId,
    });
    expect((await yuanbao(buyer.roleId)).total).toBe(0);
    expect((await yuanbao(seller.roleId)).total).toBe(sellerBefore);
  });
});
