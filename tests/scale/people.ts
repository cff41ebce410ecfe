import { publishCoin } from '@app/protocol/calls/consignment';
import { gameTokenLogin } from '@app/protocol/calls/game';
import { identification } from '@app/protocol/calls/identity';
import { h5sdkVerifyCode } from '@app/protocol/calls/market';
import { bindPhone, sendSms } from '@app/protocol/calls/user';
import { expect } from 'vitest';
import { type Answer, json, type ScaleClient } from './client';
import type { Deployment } from './deployment';

export interface Player {
  account: string;
  /** The address the player calls from (X-Forwarded-For, honoured behind the balancer). */
  address: string;
  pt: { gameId: string; gameToken: string; serverId: string };
  roleId: string;
  token: string;
  uid: string;
  userId: number;
  /** The nodes that answered the player's calls, in order. */
  nodes: string[];
}

export function expectOk<T>(answer: Answer<T>, what: string): T {
  expect({ what, code: answer.code, msg: answer.msg }).toEqual({ what, code: '200', msg: answer.msg });
  return answer.data;
}

/**
 * The console SMS keeps what it sent in the process that sent it: the suite asks every node's
 * test hook directly and takes the newest code of the kind.
 */
export async function smsCode(d: Deployment, phone: string, smsType: string): Promise<string> {
  const sent: Array<{ code: string; smsType: string; sentAt: number }> = [];
  for (const node of d.nodes) {
    if (!node.child) continue;
    const { body } = await json<{ data: typeof sent }>(`${node.url}/dev/sms/outbox?phone=${phone}`);
    sent.push(...body.data);
  }
  const newest = sent.filter((m) => m.smsType === smsType).sort((a, b) => b.sentAt - a.sentAt)[0];
  if (!newest) throw new Error(`no ${smsType} code sent to ${phone}`);
  return newest.code;
}

let seq = 0;
/**
 * A player of the demo game in the SDK view, through the balancer: the game's own login, the
 * exchange's game-token login, a bound phone, a real name, the sale lock open.
 */
export async function player(d: Deployment, sdk: ScaleClient, account: string): Promise<Player> {
  const n = ++seq;
  const address = `10.1.${Math.floor(n / 200)}.${(n % 200) + 1}`;
  const headers = { 'x-forwarded-for': address };
  const nodes: string[] = [];
  const seen = <T>(a: Answer<T>, what: string) => {
    nodes.push(a.node ?? '-');
    return expectOk(a, what);
  };
  const login = await json<{
    ok: boolean;
    data: { gameId: string; gameToken: string; serverId: string; roleId: string };
  }>(`${d.gameUrl}/api/login`, { account, password: 'demo123' });
  expect(login.body.ok).toBe(true);
  const pt = {
    gameId: login.body.data.gameId,
    gameToken: login.body.data.gameToken,
    serverId: login.body.data.serverId,
  };
  const session = seen(await sdk.call(gameTokenLogin, pt, { headers }), 'gameTokenLogin') as {
    token: string;
    uid: string;
  };
  const token = session.token;
  const phone = `1390${String(process.pid % 1000).padStart(3, '0')}${String(n).padStart(4, '0')}`;
  seen(await sdk.call(sendSms, { smsType: 'phoneLogin', phone }, { headers }), 'sendSms phoneLogin');
  const bindCode = await smsCode(d, phone, 'phoneLogin');
  seen(await sdk.call(bindPhone, { phone, code: bindCode }, { token, headers }), 'bindPhone');
  seen(
    await sdk.call(
      identification,
      { realName: '冯扩', idCard: idNumber('19880808', String(100 + n)) },
      { token, headers },
    ),
    'identification',
  );
  seen(await sdk.call(sendSms, { smsType: 'verifyCode', phone: 'auto' }, { token, headers }), 'sendSms verifyCode');
  const code = await smsCode(d, phone, 'verifyCode');
  expect(seen(await sdk.call(h5sdkVerifyCode, { ...pt, code }, { token, headers }), 'h5sdkVerifyCode')).toBe(true);
  const user = await d.db.query<{ id: number }>('select id from users where uid = $1', [session.uid]);
  return {
    account,
    address,
    pt,
    roleId: login.body.data.roleId,
    token,
    uid: session.uid,
    userId: Number(user.rows[0]!.id),
    nodes,
  };
}

/** A lot of coins listed by the seller from inside the game (frozen there): its commodity id. */
export async function coinLot(sdk: ScaleClient, seller: Player, price: number, coinNum = 10_000): Promise<string> {
  const lot = await sdk.call(
    publishCoin,
    { ...seller.pt, coinType: 2, coinNum, price },
    { token: seller.token, headers: { 'x-forwarded-for': seller.address } },
  );
  return (expectOk(lot, 'publishCoin') as { commodityId: string }).commodityId;
}

/**
 * Copies of one real listing (same seller, game, server, coins), `count` of them on sale: the
 * stock the load buys from. Written straight into the database as the benchmarks seed theirs:
 * only placing orders on them is exercised (they are never paid, so the game never delivers them).
 */
export async function copiesOf(d: Deployment, commodityId: string, count: number): Promise<number[]> {
  const columns = (
    await d.db.query<{ column_name: string }>(
      `select column_name from information_schema.columns
       where table_name = 'commodities' and column_name <> 'id' and is_generated = 'NEVER'
         and column_default is distinct from 'nextval(''commodities_id_seq''::regclass)'`,
    )
  ).rows.map((r) => `"${r.column_name}"`);
  const list = columns.join(', ');
  const { rows } = await d.db.query<{ id: number }>(
    `insert into commodities (${list}) select ${list} from commodities, generate_series(1, $2) where id = $1 returning id`,
    [Number(commodityId), count],
  );
  return rows.map((r) => Number(r.id));
}

/** A resident ID number with a correct GB 11643 check digit. */
function idNumber(birth: string, seqText: string): string {
  const body = `110105${birth}${seqText.padStart(3, '0').slice(-3)}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((acc, digit, i) => acc + Number(digit) * (weights[i] as number), 0);
  return body + '10X98765432'[sum % 11];
}
