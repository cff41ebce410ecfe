import { partnerSignature, signatureMatches } from '@app/game-partner/partner-signing';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { CROCKFORD_ALPHABET, KEY_CHARS, KEY_PATTERN, newConsignmentKey } from '../src/consignment-key';
import { refusal, SECRET, startGame, type TestGame } from './helpers';

let g: TestGame;
const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});
async function start(overrides = {}) {
  g = await startGame(overrides);
  closers.push(() => g.app.close());
  return g;
}

/** A stand-in exchange that checks the game's signature and keeps what it received. */
async function fakeExchange(answer: { ok: boolean } = { ok: true }) {
  // biome-ignore lint/suspicious/noExplicitAny: the received bodies are checked field by field
  const received: Array<{ path: string; body: any; signed: boolean }> = [];
  const app = Fastify();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_r, body, done) => done(null, body));
  app.post('/partner-callback/v1/*', async (request) => {
    const h = request.headers as Record<string, string>;
    const expected = partnerSignature(
      SECRET,
      'POST',
      request.url,
      h['x-timestamp']!,
      h['x-nonce']!,
      h['x-request-id']!,
      String(request.body),
    );
    received.push({
      path: request.url,
      body: JSON.parse(String(request.body)),
      signed: signatureMatches(expected, h['x-signature']!) && h['x-partner-id'] === 'demo-legend',
    });
    return answer;
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  closers.push(() => app.close());
  return { url, received };
}

describe('the consignment key (game → exchange)', () => {
  it('is issued only in a safe zone, locks the role for 30 minutes and is announced signed', async () => {
    const exchange = await fakeExchange();
    await start({ exchangeBaseUrl: exchange.url });
    const seller = await g.login('player1');
    await g.play(seller.gameToken, 'safe-zone', { inSafeZone: false });
    expect(await g.play(seller.gameToken, 'consignment-key', {})).toMatchObject({
      ok: false,
      code: 'NOT_IN_SAFE_ZONE',
    });
    await g.play(seller.gameToken, 'safe-zone', { inSafeZone: true });
    const issued = (await g.play(seller.gameToken, 'consignment-key', {})).data;
    // 20 Crockford base32 characters in groups of four: 100 bits from crypto.randomBytes.
    expect(issued).toMatchObject({ key: expect.stringMatching(KEY_PATTERN), roleId: seller.roleId });
    expect(issued.expiresAt).toBe(g.clock.now + 30 * 60_000);
    expect(exchange.received).toHaveLength(1);
    const [call] = exchange.received;
    expect(call).toMatchObject({ path: '/partner-callback/v1/consignmentKey', signed: true });
    expect(call!.body).toMatchObject({
      key: issued.key.replaceAll('-', ''),
      prePublishLockId: issued.prePublishLockId,
      accountId: 'player1',
    });
    expect(call!.body.screenshots.map((s: { kind: string }) => s.kind)).toEqual([
      'equipment',
      'bag',
      'warehouse',
      'skills',
    ]);
    expect(call!.body.screenshots[0].url).toMatch(/^http:\/\/localhost(:\d+)?\/demo-game\/files\//);
    // Locked: the game refuses changes, the partner sees it locked, until the key expires.
    expect((await g.partner.roles('player1', 's1')).roles[0]!.locked).toBe(true);
    const item = (await g.partner.items(seller.roleId)).items[0]!;
    expect((await g.play(seller.gameToken, 'item', { itemId: item.id, action: 'move' })).code).toBe('ITEM_FROZEN');
    g.clock.now += 30 * 60_000;
    expect((await g.partner.roles('player1', 's1')).roles[0]!.locked).toBe(false);
  });

  it('issues keys of at least 80 bits that read easily: Crockford base32, grouped by four', () => {
    expect(KEY_CHARS * Math.log2(CROCKFORD_ALPHABET.length)).toBeGreaterThanOrEqual(80);
    const keys = Array.from({ length: 2000 }, () => newConsignmentKey());
    for (const key of keys) expect(key).toMatch(KEY_PATTERN);
    expect(new Set(keys).size).toBe(keys.length);
    // Every character turns up in every place: no position is fixed or biased away.
    for (let i = 0; i < 24; i += 1) {
      if (i % 5 === 4) continue;
      expect(new Set(keys.map((k) => k[i])).size).toBe(32);
    }
  });

  it('releases the lock when the exchange refuses the key', async () => {
    const exchange = await fakeExchange({ ok: false });
    await start({ exchangeBaseUrl: exchange.url });
    const seller = await g.login('player2');
    expect(await g.play(seller.gameToken, 'consignment-key', {})).toMatchObject({
      ok: false,
      code: 'EXCHANGE_UNAVAILABLE',
    });
    expect((await g.partner.roles('player2', 's1')).roles[0]!.locked).toBe(false);
  });

  it('refuses a prop consigned in the last 30 days; a role taken back may be frozen again', async () => {
    await start();
    const seller = await g.login('player2');
    await g.partner.freeze({ kind: 'role', listingId: 'R1', roleId: seller.roleId }, 'r1');
    await g.partner.unfreeze({ listingId: 'R1', roleId: seller.roleId }, 'r2');
    expect((await g.partner.freeze({ kind: 'role', listingId: 'R2', roleId: seller.roleId }, 'r3')).already).toBe(
      false,
    );
    await g.partner.unfreeze({ listingId: 'R2', roleId: seller.roleId }, 'r4');
    const { items } = await g.partner.items(seller.roleId);
    const prop = items.find((i) => i.tradable && !i.frozen)!;
    await g.partner.freeze({ kind: 'items', listingId: 'I1', roleId: seller.roleId, itemIds: [prop.id] }, 'i1');
    await g.partner.unfreeze({ listingId: 'I1', roleId: seller.roleId }, 'i2');
    expect(
      await refusal(
        g.partner.freeze({ kind: 'items', listingId: 'I2', roleId: seller.roleId, itemIds: [prop.id] }, 'i3'),
      ),
    ).toBe('CONSIGNED_RECENTLY');
    g.clock.now += 30 * 86_400_000;
    expect(
      (await g.partner.freeze({ kind: 'items', listingId: 'I3', roleId: seller.roleId, itemIds: [prop.id] }, 'i4'))
        .already,
    ).toBe(false);
  });
});

describe('screenshots and files', () => {
  it('re-renders the role’s screenshots as stored SVGs and uploads them, signed', async () => {
    const exchange = await fakeExchange();
    await start({ exchangeBaseUrl: exchange.url });
    const seller = await g.login('player3');
    const res = (await g.play(seller.gameToken, 'screenshots', {})).data;
    expect(res.uploaded).toBe(true);
    expect(exchange.received[0]).toMatchObject({ path: '/partner-callback/v1/screenshots', signed: true });
    expect(exchange.received[0]!.body).toMatchObject({ roleId: seller.roleId, serverId: seller.serverId });
    const svg = await g.app.inject({ method: 'GET', url: new URL(res.screenshots[1].url).pathname });
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.body).toContain(seller.role);
  });

  it('keeps a putFileToAliYun upload under /demo-game/files/', async () => {
    await start();
    const seller = await g.login('player1');
    const stored = await g.play(seller.gameToken, 'files', {
      name: 'note.txt',
      contentBase64: Buffer.from('你好').toString('base64'),
    });
    expect(stored.data.url).toMatch(/^\/demo-game\/files\/.+-note\.txt$/);
    const file = await g.app.inject({ method: 'GET', url: stored.data.url });
    expect(file.body).toBe('你好');
    expect((await g.play(seller.gameToken, 'files', { name: '../x', contentBase64: 'AA==' })).code).toBe('BAD_REQUEST');
    expect((await g.app.inject({ method: 'GET', url: '/demo-game/files/nothing-here.txt' })).statusCode).toBe(404);
  });
});
