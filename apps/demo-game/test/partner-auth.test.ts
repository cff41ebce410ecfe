import { signPartnerRequest } from '@app/game-partner/partner-signing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PartnerDispatch } from '../src/plugin';
import { refusal, SECRET, startGame, type TestGame } from './helpers';

let g: TestGame;
beforeEach(async () => {
  g = await startGame();
});
afterEach(() => g.app.close());

const PATH = '/demo-game/partner/v1/servers';
const raw = async (headers: Record<string, string>, body = '{}', url = PATH) => {
  const res = await g.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: body,
  });
  return { status: res.statusCode, ...res.json() };
};
/** Headers of a call to PATH signed as the exchange, at the clock of `game` (the file's game unless named). */
const signed = (overrides: Partial<Parameters<typeof signPartnerRequest>[0]> = {}, game: TestGame = g) =>
  signPartnerRequest({
    secret: SECRET,
    partnerId: 'exchange',
    method: 'POST',
    path: PATH,
    body: '{}',
    requestId: 'q1',
    now: game.clock.now,
    ...overrides,
  });

describe('the partner API refuses', () => {
  it('a bad signature, a changed body, another path and missing headers', async () => {
    expect(await raw(signed({ secret: 'wrong' }))).toMatchObject({ status: 401, ok: false, code: 'BAD_SIGNATURE' });
    expect((await raw(signed(), '{"x":1}')).code).toBe('BAD_SIGNATURE');
    expect((await raw(signed(), '{}', '/demo-game/partner/v1/account')).code).toBe('BAD_SIGNATURE');
    const { 'x-nonce': _n, ...noNonce } = signed();
    expect((await raw(noNonce)).code).toBe('BAD_SIGNATURE');
  });

  it('a timestamp more than 300 s off, either way', async () => {
    expect((await raw(signed({ now: g.clock.now - 301_000 }))).code).toBe('STALE');
    expect((await raw(signed({ now: g.clock.now + 301_000 }))).code).toBe('STALE');
    expect((await raw(signed({ now: g.clock.now - 299_000 }))).ok).toBe(true);
  });

  it('a nonce seen in the last 600 s', async () => {
    const headers = signed({ nonce: 'n-123' });
    expect((await raw(headers)).ok).toBe(true);
    expect(await raw(headers)).toMatchObject({ status: 401, code: 'REPLAY' });
    g.clock.now += 200_000;
    expect((await raw(signed({ nonce: 'n-123' }))).code).toBe('REPLAY');
    g.clock.now += 401_000;
    expect((await raw(signed({ nonce: 'n-123' }))).ok).toBe(true);
  });

  it('a request id reused with another body; the same body answers the stored answer', async () => {
    const seller = await g.login('player1');
    const first = await g.partner.freeze({ kind: 'role', listingId: 'X1', roleId: seller.roleId }, 'same-id');
    expect(await refusal(g.partner.unfreeze({ listingId: 'X1', roleId: seller.roleId }, 'same-id'))).toBe(
      'IDEMPOTENCY_CONFLICT',
    );
    await g.partner.unfreeze({ listingId: 'X1', roleId: seller.roleId }, 'u');
    // Replayed with a new nonce: the stored answer comes back and nothing is frozen again.
    expect(await g.partner.freeze({ kind: 'role', listingId: 'X1', roleId: seller.roleId }, 'same-id')).toEqual(first);
    expect((await g.partner.roles('player1', 's1')).roles[0]!.locked).toBe(false);
  });

  it('a body that is not valid for the call', async () => {
    const body = JSON.stringify({ kind: 'coins', listingId: 'L', roleId: 'r1', coinType: '元宝', amount: -5 });
    const path = '/demo-game/partner/v1/freeze';
    expect(await raw(signed({ path, body }), body, path)).toMatchObject({
      status: 200,
      ok: false,
      code: 'BAD_REQUEST',
    });
  });
});

describe('the in-process entry (an embedding exchange, no HTTP)', () => {
  let dispatch: PartnerDispatch | undefined;
  let h: TestGame;
  beforeEach(async () => {
    h = await startGame({
      partnerInProcess: (d) => {
        dispatch = d;
      },
    });
  });
  afterEach(() => h.app.close());
  const call = (headers: Record<string, string>, body = '{}', path = PATH) =>
    (dispatch as PartnerDispatch)({ method: 'POST', path, headers, body });
  const sign = (overrides: Partial<Parameters<typeof signPartnerRequest>[0]> = {}) => signed(overrides, h);

  it('answers as HTTP does and refuses what HTTP refuses', async () => {
    const headers = sign({ nonce: 'n-1' });
    const viaHttp = await h.app.inject({
      method: 'POST',
      url: PATH,
      headers: { 'content-type': 'application/json', ...sign({ nonce: 'n-2' }) },
      payload: '{}',
    });
    expect(await call(headers)).toEqual({ status: 200, body: viaHttp.json() });
    expect(await call(headers)).toMatchObject({ status: 401, body: { ok: false, code: 'REPLAY' } });
    expect((await call(sign({ secret: 'wrong' }))).body).toMatchObject({ ok: false, code: 'BAD_SIGNATURE' });
    expect((await call(sign({ nonce: 'n-3' }), '{"x":1}')).body).toMatchObject({ code: 'BAD_SIGNATURE' });
    expect((await call(sign({ nonce: 'n-4', now: h.clock.now - 301_000 }))).body).toMatchObject({ code: 'STALE' });
    expect(await call(sign({ nonce: 'n-5' }), '{}', '/demo-game/partner/v1/nothing')).toMatchObject({ status: 404 });
  });
});
