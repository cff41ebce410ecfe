import { PartnerRefusal } from '@app/game-partner/partner-errors';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { startGame, type TestGame } from './helpers';

/** Every coin of every type and every item id in the whole world. */
async function census(g: TestGame) {
  const coins: Record<string, number> = {};
  const items: string[] = [];
  for (const account of ['player1', 'player2', 'player3', 'buyer1'])
    for (const role of (await g.partner.roles(account)).roles) {
      for (const c of (await g.partner.coins(role.id)).coins) coins[c.coinType] = (coins[c.coinType] ?? 0) + c.total;
      items.push(...(await g.partner.items(role.id)).items.map((i) => i.id));
    }
  return { coins, items: items.sort() };
}

const SELLERS = ['r1', 'r4'];
const step = fc.record({
  op: fc.constantFrom('freezeCoins', 'freezeItems', 'freezeRole', 'unfreeze', 'transfer', 'transfer'),
  role: fc.constantFrom(...SELLERS),
  listing: fc.integer({ min: 1, max: 2 }),
  coinType: fc.constantFrom('元宝', '金币', '绑定元宝'),
  amount: fc.integer({ min: 1, max: 100_000 }),
  picks: fc.array(fc.nat(40), { minLength: 1, maxLength: 3 }),
  /** Reuse a request id (a retry): the same body answers the stored answer, another is refused. */
  retry: fc.boolean(),
});

describe('conservation', () => {
  it('random freeze / unfreeze / transfer sequences never create or destroy coins or items', async () => {
    let moved = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 20 }), async (steps) => {
        const g = await startGame();
        try {
          const before = await census(g);
          const itemsOf = new Map<string, string[]>();
          for (const r of SELLERS)
            itemsOf.set(
              r,
              (await g.partner.items(r)).items.map((i) => i.id),
            );
          let n = 0;
          for (const s of steps) {
            const listingId = `L${s.listing}`;
            const requestId = s.retry ? `${s.op}-${s.listing}` : `req-${++n}`;
            const roleId = s.role;
            const own = itemsOf.get(roleId) ?? [];
            const run =
              s.op === 'freezeCoins'
                ? g.partner.freeze(
                    { kind: 'coins', listingId, roleId, coinType: s.coinType, amount: s.amount },
                    requestId,
                  )
                : s.op === 'freezeItems'
                  ? g.partner.freeze(
                      { kind: 'items', listingId, roleId, itemIds: s.picks.map((p) => own[p % own.length]!) },
                      requestId,
                    )
                  : s.op === 'freezeRole'
                    ? g.partner.freeze({ kind: 'role', listingId, roleId }, requestId)
                    : s.op === 'unfreeze'
                      ? g.partner.unfreeze({ listingId, roleId }, requestId)
                      : g.partner.transfer(
                          { listingId, roleId, buyerAccountId: 'buyer1', buyerRoleId: 'r8' },
                          requestId,
                        );
            const done = await run.catch((e) => {
              if (!(e instanceof PartnerRefusal)) throw e;
            });
            if (done && 'repeated' in done && !done.repeated) moved++;
          }
          expect(await census(g)).toEqual(before);
        } finally {
          await g.app.close();
        }
      }),
      { numRuns: 60 },
    );
    // The property is not vacuous: deliveries did happen.
    expect(moved).toBeGreaterThan(5);
  });
});
