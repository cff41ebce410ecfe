import fc from 'fast-check';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPartnerClient, type PartnerClient, PartnerRefusal } from '../src/partner-client';
import { signPartnerRequest } from '../src/partner-signing';
import { demoGame } from '../src/plugin';

const SECRET = 'test-partner-secret';
let app: FastifyInstance;
let clock: number;
let partner: PartnerClient;

async function start() {
  app = Fastify();
  await app.register(demoGame, {
    prefix: '/demo-game',
    dataDir: null,
    gameId: 'demo-legend',
    partnerSecret: SECRET,
    now: () => clock,
  });
  await app.ready();
  partner = createPartnerClient({
    baseUrl: '/demo-game/partner/v1',
    partnerId: 'exchange',
    secret: SECRET,
    now: () => clock,
    fetch: async (url, init) => {
      const res = await app.inject({ method: 'POST', url, headers: init.headers, payload: init.body });
      return { json: async () => res.json() };
    },
  });
}

beforeEach(async () => {
  clock = Date.now();
  await start();
});
afterEach(() => app.close());

const login = async (account: string, password = 'demo123') =>
  (await app.inject({ method: 'POST', url: '/demo-game/api/login', payload: { account, password } })).json();

const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PartnerRefusal) return error.code;
    throw error;
  }
  return 'resolved';
};

describe('demo game login and tokens', () => {
  it('logs a demo account in (the test hook) and refuses a wrong password', async () => {
    const ok = await login('player1');
    expect(ok.ok).toBe(true);
    expect(ok.data).toMatchObject({ gameId: 'demo-legend', serverId: 's1', jobName: expect.any(String) });
    expect(await login('player1', 'nope')).toMatchObject({ ok: false, message: '账号或密码错误' });
  });

  it('verifies a token and sees the role online until 30 s after its last heartbeat', async () => {
    const { data } = await login('player1');
    expect(await partner.verifyToken(data.gameToken)).toMatchObject({
      accountId: 'player1',
      roleId: data.roleId,
      online: true,
    });
    clock += 31_000;
    expect(await partner.roleOnline(data.roleId)).toEqual({ online: false });
    clock += 2 * 3_600_000;
    expect(await refusal(partner.verifyToken(data.gameToken))).toBe('TOKEN_EXPIRED');
    expect(await refusal(partner.verifyToken('made-up'))).toBe('TOKEN_INVALID');
  });
});

describe('freeze, transfer, unfreeze', () => {
  it('moves a frozen role to the buyer, once, and refuses what is not frozen', async () => {
    const seller = (await login('player2')).data;
    expect(
      await refusal(partner.transfer({ listingId: 'L1', roleId: seller.roleId, buyerAccountId: 'buyer1' }, 't1')),
    ).toBe('NOT_FROZEN');
    expect(await partner.freeze({ kind: 'role', listingId: 'L1', roleId: seller.roleId }, 'f1')).toMatchObject({
      already: false,
    });
    expect(await partner.freeze({ kind: 'role', listingId: 'L1', roleId: seller.roleId }, 'f1-again')).toMatchObject({
      already: true,
    });
    expect(await refusal(partner.freeze({ kind: 'role', listingId: 'L2', roleId: seller.roleId }, 'f2'))).toBe(
      'FROZEN_BY_OTHER_LISTING',
    );
    const moved = await partner.transfer({ listingId: 'L1', roleId: seller.roleId, buyerAccountId: 'buyer1' }, 't2');
    expect(moved).toMatchObject({ kind: 'role', to: 'buyer1', repeated: false });
    expect(
      await partner.transfer({ listingId: 'L1', roleId: seller.roleId, buyerAccountId: 'buyer1' }, 't3'),
    ).toMatchObject({ repeated: true });
    expect((await partner.roles('buyer1')).roles.map((r) => r.id)).toContain(seller.roleId);
    expect((await partner.roles('player2')).roles.map((r) => r.id)).not.toContain(seller.roleId);
  });

  it('freezes coins against the balance, refuses more than available, and moves them on transfer', async () => {
    const seller = (await login('player1')).data;
    const buyer = (await login('buyer1')).data;
    const before = (await partner.coins(seller.roleId)).coins.find((c) => c.coinType === '元宝')!;
    expect(
      await refusal(
        partner.freeze(
          { kind: 'coins', listingId: 'C1', roleId: seller.roleId, coinType: '元宝', amount: before.total + 1 },
          'c0',
        ),
      ),
    ).toBe('INSUFFICIENT');
    await partner.freeze(
      { kind: 'coins', listingId: 'C1', roleId: seller.roleId, coinType: '元宝', amount: 1000 },
      'c1',
    );
    expect((await partner.coins(seller.roleId)).coins.find((c) => c.coinType === '元宝')!.available).toBe(
      before.total - 1000,
    );
    await partner.transfer(
      { listingId: 'C1', roleId: seller.roleId, buyerAccountId: 'buyer1', buyerRoleId: buyer.roleId },
      'c2',
    );
    expect((await partner.coins(buyer.roleId)).coins.find((c) => c.coinType === '元宝')!.total).toBe(1000);
    expect((await partner.coins(seller.roleId)).coins.find((c) => c.coinType === '元宝')!.total).toBe(
      before.total - 1000,
    );
  });

  it('keeps a frozen item from being used in the game, and frees it on unfreeze', async () => {
    const seller = (await login('player3')).data;
    const item = (await partner.items(seller.roleId)).items.find((i) => i.tradable)!;
    await partner.freeze({ kind: 'items', listingId: 'I1', roleId: seller.roleId, itemIds: [item.id] }, 'i1');
    const use = () =>
      app.inject({
        method: 'POST',
        url: '/demo-game/api/item',
        headers: { 'x-game-token': seller.gameToken },
        payload: { itemId: item.id, action: 'use' },
      });
    expect((await use()).json()).toMatchObject({ ok: false, message: '该物品已冻结（寄售中），无法使用' });
    await partner.unfreeze({ listingId: 'I1', roleId: seller.roleId }, 'u1');
    await partner.unfreeze({ listingId: 'I1', roleId: seller.roleId }, 'u2');
    expect((await use()).json()).toMatchObject({ ok: true });
  });

  it('refuses a role consigned in the last 30 days', async () => {
    const seller = (await login('player2')).data;
    await partner.freeze({ kind: 'role', listingId: 'R1', roleId: seller.roleId }, 'r1');
    await partner.unfreeze({ listingId: 'R1', roleId: seller.roleId }, 'r2');
    expect(await refusal(partner.freeze({ kind: 'role', listingId: 'R2', roleId: seller.roleId }, 'r3'))).toBe(
      'CONSIGNED_RECENTLY',
    );
  });
});

describe('the partner API refuses', () => {
  const raw = async (headers: Record<string, string>, body = '{}') =>
    (
      await app.inject({
        method: 'POST',
        url: '/demo-game/partner/v1/servers',
        headers: { 'content-type': 'application/json', ...headers },
        payload: body,
      })
    ).json();
  const signed = (overrides: Partial<Parameters<typeof signPartnerRequest>[0]> = {}) =>
    signPartnerRequest({
      secret: SECRET,
      partnerId: 'exchange',
      method: 'POST',
      path: '/demo-game/partner/v1/servers',
      body: '{}',
      requestId: 'q1',
      now: clock,
      ...overrides,
    });

  it('a bad signature, a stale timestamp and a replayed nonce', async () => {
    expect((await raw(signed({ secret: 'wrong' }))).code).toBe('BAD_SIGNATURE');
    expect((await raw(signed({ now: clock - 301_000 }))).code).toBe('STALE');
    const headers = signed({ nonce: 'n-123' });
    expect((await raw(headers)).ok).toBe(true);
    expect((await raw(headers)).code).toBe('REPLAY');
    expect((await raw(signed(), '{"x":1}')).code).toBe('BAD_SIGNATURE');
  });

  it('a request id reused with another body', async () => {
    const seller = (await login('player1')).data;
    await partner.freeze({ kind: 'role', listingId: 'X1', roleId: seller.roleId }, 'same-id');
    expect(await refusal(partner.unfreeze({ listingId: 'X1', roleId: seller.roleId }, 'same-id'))).toBe(
      'IDEMPOTENCY_CONFLICT',
    );
  });
});

describe('conservation', () => {
  it('random freeze / unfreeze / transfer sequences never create or destroy coins or items', async () => {
    const seller = (await login('player1')).data;
    const buyer = (await login('buyer1')).data;
    const totals = async () => {
      const coins = [
        ...(await partner.coins(seller.roleId)).coins,
        ...(await partner.coins(buyer.roleId)).coins,
      ].reduce((n, c) => n + c.total, 0);
      const items =
        (await partner.items(seller.roleId)).items.length + (await partner.items(buyer.roleId)).items.length;
      return { coins, items };
    };
    const start = await totals();
    const itemIds = (await partner.items(seller.roleId)).items.filter((i) => i.tradable).map((i) => i.id);
    let seq = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            op: fc.constantFrom('freezeCoins', 'freezeItem', 'unfreeze', 'transfer'),
            listing: fc.integer({ min: 1, max: 4 }),
            amount: fc.integer({ min: 1, max: 5000 }),
            item: fc.nat(itemIds.length - 1),
          }),
          { maxLength: 12 },
        ),
        async (steps) => {
          for (const s of steps) {
            const listingId = `P${s.listing}-${seq}`;
            const id = `p-${++seq}`;
            const run =
              s.op === 'freezeCoins'
                ? partner.freeze(
                    { kind: 'coins', listingId, roleId: seller.roleId, coinType: '金币', amount: s.amount },
                    id,
                  )
                : s.op === 'freezeItem'
                  ? partner.freeze(
                      { kind: 'items', listingId, roleId: seller.roleId, itemIds: [itemIds[s.item] as string] },
                      id,
                    )
                  : s.op === 'unfreeze'
                    ? partner.unfreeze({ listingId, roleId: seller.roleId }, id)
                    : partner.transfer(
                        { listingId, roleId: seller.roleId, buyerAccountId: 'buyer1', buyerRoleId: buyer.roleId },
                        id,
                      );
            await run.catch((e) => {
              if (!(e instanceof PartnerRefusal)) throw e;
            });
          }
          expect(await totals()).toEqual(start);
        },
      ),
      { numRuns: 25 },
    );
  });
});
