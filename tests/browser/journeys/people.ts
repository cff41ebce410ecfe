import { publishCoin } from '@app/protocol/calls/consignment';
import { gameTokenLogin } from '@app/protocol/calls/game';
import { identification } from '@app/protocol/calls/identity';
import { h5sdkVerifyCode } from '@app/protocol/calls/market';
import { h5sdkOrderPlace, orderInfo } from '@app/protocol/calls/orders';
import { wapAlipay } from '@app/protocol/calls/pay';
import { bindPhone, sendSms } from '@app/protocol/calls/user';
import { expect } from 'vitest';
import { apiCall, baseUrl, hook } from '../browser';

/** A valid mainland ID number (GB 11643 checksum) for a birth date and a 3-digit sequence. */
export function idNumber(birth: string, seq: string): string {
  const body = `110105${birth}${seq}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((acc, digit, i) => acc + Number(digit) * (weights[i] as number), 0);
  return body + '10X98765432'[sum % 11];
}

/** The SMS codes the console provider sent to a phone (test hook). */
export const outbox = async (phone: string): Promise<Array<{ code: string; smsType: string }>> =>
  (await (await fetch(`${baseUrl()}/dev/sms/outbox?phone=${phone}`)).json()).data;

/** The demo game's login of an account (传奇 unless another demo game's prefix is given): its token and its first role's server. */
export const gameLogin = async (account: string, game = '/demo-game') =>
  (
    await (
      await fetch(`${baseUrl()}${game}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account, password: 'demo123' }),
      })
    ).json()
  ).data as { gameId: string; gameToken: string; serverId: string };

/**
 * seller{from}…seller{to}: market accounts of the demo game (seller01…seller51 in 传奇). Each journey keeps
 * its own, so none finds an account another bound: buying 01–02, disputes 03–09, chat 10–15, trust 16, the service page 17–18,
 * customer service 20–29, offers 30–45, the bid book 46–47, the console's listing freeze 48 (49 free). 三国's: the statement 01–12, the payment
 * password 13–18, refunds 20–29 and 36–39, the broker trade 30–35, account pages 40–45. 仙侠's: the
 * console's money tabs 01–19, the broker order 20–29, the auction 30–45. The demo market makes the last
 * two of each game, which no journey uses, demo merchants.
 */
export const sellerAccounts = (from: number, to: number): string[] =>
  Array.from({ length: to - from + 1 }, (_, i) => `seller${String(from + i).padStart(2, '0')}`);

/**
 * A market account of the demo game on `serverId` (tried in turn from `accounts`; one another
 * journey has bound already is skipped) with a phone, a real name and the sale lock open lists
 * `coins` coins at `priceFen`: answers the listing and the seller's phone.
 */
export async function sellerListsCoins(spec: {
  accounts: readonly string[];
  serverId: string;
  coins: number;
  priceFen: number;
  realName: string;
  birth: string;
  /** The ID number's sequence is this plus the account's number (sellerNN). */
  idBase: number;
  phonePrefix: string;
  /** Another demo game's prefix (/demo-sanguo), whose accounts no journey of 传奇 touches. */
  game?: string;
  /** How many such lots (one by default). */
  lots?: number;
}): Promise<{ commodityId: string; commodityIds: string[]; phone: string }> {
  const why: string[] = [];
  for (const account of spec.accounts) {
    const game = await gameLogin(account, spec.game);
    if (game.serverId !== spec.serverId) {
      why.push(`${account}: server ${game.serverId}`);
      continue;
    }
    const pt = { gameId: game.gameId, gameToken: game.gameToken, serverId: game.serverId };
    const login = await apiCall<{ token: string }>(gameTokenLogin, pt);
    const seller = { 'x-token': login.data.token };
    const phone = `${spec.phonePrefix}${String(Date.now()).slice(-8)}`;
    await apiCall(sendSms, { smsType: 'phoneLogin', phone });
    const bound = await apiCall(bindPhone, { phone, code: (await outbox(phone))[0]!.code }, seller);
    if (bound.code !== '200') {
      why.push(`${account}: bindPhone ${bound.code} ${bound.msg}`);
      continue;
    }
    const id = idNumber(spec.birth, String(spec.idBase + Number(account.replace(/\D/g, ''))));
    const named = await apiCall(identification, { realName: spec.realName, idCard: id }, seller);
    if (named.code !== '200') {
      why.push(`${account}: identification ${named.code} ${named.msg}`);
      continue;
    }
    await apiCall(sendSms, { smsType: 'verifyCode', phone: 'auto' }, seller);
    const unlock = (await outbox(phone)).find((m) => m.smsType === 'verifyCode')?.code;
    if (!unlock || (await apiCall(h5sdkVerifyCode, { ...pt, code: unlock }, seller)).data !== true) {
      why.push(`${account}: sale lock not opened`);
      continue;
    }
    const commodityIds: string[] = [];
    for (let lot = 0; lot < (spec.lots ?? 1); lot++) {
      const listed = await apiCall<{ commodityId: string }>(
        publishCoin,
        { ...pt, coinType: 2, coinNum: spec.coins, price: spec.priceFen },
        seller,
      );
      if (listed.code === '200') commodityIds.push(listed.data.commodityId);
      else why.push(`${account}: publishCoin ${listed.code} ${listed.msg}`);
    }
    if (commodityIds.length === (spec.lots ?? 1))
      return { commodityId: commodityIds[0] as string, commodityIds, phone };
  }
  throw new Error(
    `no market account of ${spec.accounts.join(', ')} could list ${spec.coins} coins (${why.join('; ')})`,
  );
}

/**
 * A buyer (a new phone with a real name) orders the listing from his game role, pays through the
 * sandbox and the game delivers: answers the order, waiting for his receipt (51).
 */
export async function paidAndDelivered(spec: {
  buyerGame: { gameId: string; gameToken: string; serverId: string };
  commodityId: string;
  phone: string;
  realName: string;
  idCard: string;
}): Promise<{ orderId: string; totalAmount: number; buyer: { 'x-token': string } }> {
  const buyer = { 'x-token': (await hook<{ token: string }>('/dev/session', { phone: spec.phone })).token };
  await apiCall(identification, { realName: spec.realName, idCard: spec.idCard }, buyer);
  const order = await apiCall<{ orderId: string; totalAmount: number }>(
    h5sdkOrderPlace,
    { ...spec.buyerGame, commodityId: spec.commodityId, requestKey: `journey-${Date.now()}`, agreement: true },
    buyer,
  );
  if (order.code !== '200') throw new Error(`order refused: ${order.code} ${order.msg}`);
  const { orderId, totalAmount } = order.data;
  const pay = await apiCall<{ tradeNo: string }>(
    wapAlipay,
    { bizNo: orderId, totalAmount, payPrice: totalAmount },
    buyer,
  );
  await fetch(`${baseUrl()}/sandbox/api/pay/${pay.data.tradeNo}/succeed`, { method: 'POST' });
  await expect
    .poll(async () => (await apiCall<{ status: number }>(orderInfo, { orderId }, buyer)).data.status, {
      timeout: 15_000,
    })
    .toBe(51);
  return { orderId, totalAmount, buyer };
}

/**
 * The bid book journey's own accounts: seller46 and seller47, added at the end of 传奇's market
 * sellers for it (the demo game seeds them like the others: roles, coins, market listings).
 */
export const BID_BOOK_ACCOUNTS = sellerAccounts(46, 47);

/**
 * The console's listing freeze (ops-listings.test.ts): seller48 of 传奇, added for it, whose role the
 * demo market puts on sale (the buying journey takes the cheapest role, not his). seller49 is free.
 */
export const FREEZE_ACCOUNT = 'seller48';

/**
 * The whole broker order's people (broker-order.test.ts): market accounts of 仙侠 no other journey binds
 * (the auction's are 30–45 there).
 */
export const BROKER_ORDER_GAME = '/demo-xianxia';
export const BROKER_ORDER_ACCOUNTS = sellerAccounts(20, 29);

/**
 * The broker order delivered by an in-game trade (broker-trade.test.ts): market accounts of 三国 no
 * other journey binds (account pages use 40–45 there); the journey switches 三国's channel to
 * 'trade' in the console and back to 'api' when done.
 */
export const BROKER_TRADE_GAME = '/demo-sanguo';
export const BROKER_TRADE_ACCOUNTS = sellerAccounts(30, 35);

/**
 * A market account of the demo game signed in through the game (its account linked, as opening the
 * market from the game does), with a new phone bound and a real name: its phone (to log the browser
 * in), its headers and its game login.
 */
export async function gameUserWithPhone(spec: {
  account: string;
  /** The demo game's prefix (/demo-xianxia). */
  game: string;
  phonePrefix: string;
  realName: string;
  idCard: string;
}): Promise<{ phone: string; headers: { 'x-token': string }; serverId: string }> {
  const game = await gameLogin(spec.account, spec.game);
  const pt = { gameId: game.gameId, gameToken: game.gameToken, serverId: game.serverId };
  const login = await apiCall<{ token: string }>(gameTokenLogin, pt);
  const headers = { 'x-token': login.data.token };
  const phone = `${spec.phonePrefix}${String(Date.now()).slice(-8)}`;
  await apiCall(sendSms, { smsType: 'phoneLogin', phone });
  const bound = await apiCall(bindPhone, { phone, code: (await outbox(phone))[0]!.code }, headers);
  if (bound.code !== '200') throw new Error(`phone refused for ${spec.account}: ${bound.msg}`);
  const named = await apiCall(identification, { realName: spec.realName, idCard: spec.idCard }, headers);
  if (named.code !== '200') throw new Error(`real name refused for ${spec.account}: ${named.msg}`);
  return { phone, headers, serverId: game.serverId };
}

/** The payment password the journeys use (paypin, docs/decisions/0052). */
export const JOURNEY_PAY_PIN = '135790';

/**
 * Sets the payment password of the user of `phone` through the test hook (the set page's SMS code
 * has a 60 s cooldown per phone, which a seller who just opened his sale lock is still in);
 * pay-password.test.ts sets one on the page itself.
 */
export const setPayPin = (phone: string, pin = JOURNEY_PAY_PIN) => hook('/dev/pay-password', { phone, pin });

/** Taps six digits on the keypad (`pay-pin` in the sheet, `new-pin` on the set page). */
export async function tapPin(
  page: { getByTestId: (id: string) => { click: () => Promise<void> } },
  pin: string,
  pad = 'pay-pin',
): Promise<void> {
  for (const digit of pin) await page.getByTestId(`${pad}-key-${digit}`).click();
}
