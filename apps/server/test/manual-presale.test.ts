import { identification } from '@app/protocol/calls/identity';
import {
  manualPreSaleBindGameAccount,
  manualPreSaleCheckVerificationContent,
  manualPreSaleCreate,
  manualPreSaleDetail,
  manualPreSaleGetLastRecord,
  manualPreSaleGetSnapLoginToken,
  manualPreSaleGetVerificationContent,
  manualPreSalePublish,
  manualPreSaleRefreshVerificationContent,
} from '@app/protocol/calls/manual-presale';
import { appConsignmentSMSVerifyCode } from '@app/protocol/calls/market';
import { sendSms } from '@app/protocol/calls/user';
import { ListingStatus } from '@app/protocol/statuses/listing-status';
import { describe, expect, it } from 'vitest';
import { demoGameLogin, expectCode, idNumber, loginAs, smsOutbox, useTestApp, useTestClient } from './helpers';

const t = useTestApp();
const app = useTestClient(t, 'APP');

async function readySeller(phone: string, seq: string) {
  const { token } = await loginAs(t, phone);
  expectCode(await app.call(identification, { realName: '钱八', idCard: idNumber('19900303', seq) }, { token }), '200');
  await app.call(sendSms, { smsType: 'verifyCode', phone: 'auto' }, { token });
  const code = (await smsOutbox(t, phone)).find((m) => m.smsType === 'verifyCode')!.code;
  expect((await app.call(appConsignmentSMSVerifyCode, { code }, { token })).data).toBe(true);
  return token;
}

const roleLocked = async (accountId: string, roleId: string) =>
  (await t.app.gateway.roles('demo-legend', accountId)).roles.find((r) => r.id === roleId)!.locked;

describe('manual pre-sale', () => {
  it('proves the role in the game by its 个性签名, publishes once, answers 504 for a second', async () => {
    const token = await readySeller('13600000001', '601');
    expectCode(
      await app.call(
        manualPreSaleCreate,
        { applicationId: 'demo-legend', serverId: 's1', price: 88_850, deliverDays: 7 },
        { token },
      ),
      '10002',
      '角色价格须为整数元',
    );
    expectCode(
      await app.call(
        manualPreSaleCreate,
        { applicationId: 'demo-legend', serverId: 's99', price: 88_800, deliverDays: 7 },
        { token },
      ),
      '10002',
      '区服不存在',
    );
    const created = await app.call(
      manualPreSaleCreate,
      { applicationId: 'demo-legend', serverId: 's1', price: 88_800, deliverDays: 7, description: '满级前交付' },
      { token },
    );
    expectCode(created, '200');
    const record = created.data as { recordId: number; status: string; fee: number; receive: number };
    expect(record).toMatchObject({ status: 'draft', fee: 4_440, receive: 84_360 });
    const recordId = record.recordId;

    expectCode(
      await app.call(manualPreSaleGetVerificationContent, { recordId }, { token }),
      '10002',
      '请先绑定游戏账号和角色',
    );
    expectCode(
      await app.call(
        manualPreSaleBindGameAccount,
        { recordId, gameAccount: 'player2', roleName: '天机道人' },
        { token },
      ),
      '10002',
      '该账号在所选区服没有这个角色',
    );
    const bound = await app.call(
      manualPreSaleBindGameAccount,
      { recordId, gameAccount: 'player2', roleName: '烈焰狂刀' },
      { token },
    );
    expect(bound.data).toMatchObject({ status: 'bound', roleName: '烈焰狂刀', statusLabel: '待验证' });
    expectCode(await app.call(manualPreSalePublish, { recordId }, { token }), '10002', '请先完成账号验证');

    const first = (await app.call(manualPreSaleGetVerificationContent, { recordId }, { token })).data as {
      content: string;
    };
    expect(first.content).toMatch(/^验证[2-9A-Z]{6}$/);
    expect((await app.call(manualPreSaleGetVerificationContent, { recordId }, { token })).data).toMatchObject(first);
    const fresh = (await app.call(manualPreSaleRefreshVerificationContent, { recordId }, { token })).data as {
      content: string;
    };
    expect(fresh.content).not.toBe(first.content);

    const before = (await app.call(manualPreSaleCheckVerificationContent, { recordId }, { token })).data;
    expect(before).toEqual({
      passed: false,
      message: `未检测到验证内容，请将角色个性签名设置为「${fresh.content}」后重试`,
    });
    // The seller logs into the game and sets the signature (the old content no longer counts).
    const game = await demoGameLogin(t, 'player2');
    const set = (text: string) =>
      t.app.inject({
        method: 'POST',
        url: '/demo-game/api/signature',
        headers: { 'x-game-token': game.gameToken },
        payload: { text },
      });
    await set(first.content);
    expect((await app.call(manualPreSaleCheckVerificationContent, { recordId }, { token })).data).toMatchObject({
      passed: false,
    });
    await set(`出号 ${fresh.content}`);
    expect((await app.call(manualPreSaleCheckVerificationContent, { recordId }, { token })).data).toEqual({
      passed: true,
      message: '验证通过',
    });

    const published = await app.call(manualPreSalePublish, { recordId }, { token });
    expectCode(published, '200');
    const listing = await t.db
      .selectFrom('commodities')
      .select(['status', 'sale_type', 'deliver_days', 'source', 'price_fen'])
      .where('id', '=', Number((published.data as { commodityId: string }).commodityId))
      .executeTakeFirstOrThrow();
    expect(listing).toMatchObject({ status: ListingStatus.ON_SALE, sale_type: 1, deliver_days: 7, source: 'manual' });
    expect(await roleLocked('player2', 'r4')).toBe(true);
    expectCode(await app.call(manualPreSalePublish, { recordId }, { token }), '504');
    expect((await app.call(manualPreSaleDetail, { recordId }, { token })).data).toMatchObject({
      status: 'published',
      statusLabel: '已发布',
      commodityId: (published.data as { commodityId: string }).commodityId,
    });

    // The verified seller's snapshot login: the game opens logged in with the role, once; the
    // screenshots it uploads become the listing's pictures.
    const snap = (await app.call(manualPreSaleGetSnapLoginToken, { recordId }, { token })).data as {
      snapLoginToken: string;
      loginUrl: string;
    };
    expect(snap.loginUrl).toBe(`/demo-game/host?ticket=${snap.snapLoginToken}`);
    const ticketLogin = () =>
      t.app.inject({ method: 'POST', url: '/demo-game/api/ticket-login', payload: { ticket: snap.snapLoginToken } });
    const loggedIn = (await ticketLogin()).json();
    expect(loggedIn.data).toMatchObject({ roleId: 'r4', accountId: 'player2' });
    expect((await ticketLogin()).json()).toMatchObject({
      ok: false,
      message: '登录凭证无效或已过期，请回到交易平台重新获取',
    });
    const commodityId = Number((published.data as { commodityId: string }).commodityId);
    const imagesOf = async () =>
      await t.db
        .selectFrom('commodities')
        .select(['images', 'first_img'])
        .where('id', '=', commodityId)
        .executeTakeFirstOrThrow();
    expect((await imagesOf()).images).toEqual([]);
    await t.app.inject({
      method: 'POST',
      url: '/demo-game/api/screenshots',
      headers: { 'x-game-token': loggedIn.data.gameToken },
    });
    const after = await imagesOf();
    expect(after.images.map((i) => i.kind)).toEqual(['equipment', 'bag', 'warehouse', 'skills']);
    expect(after.first_img).toMatch(/^\/demo-game\/files\//);

    // Another seller (or the same) submitting the same role again: 504.
    const other = await readySeller('13600000002', '602');
    const second = (
      await app.call(
        manualPreSaleCreate,
        { applicationId: 'demo-legend', serverId: 's1', price: 50_000, deliverDays: 3 },
        { token: other },
      )
    ).data as { recordId: number };
    expectCode(
      await app.call(
        manualPreSaleBindGameAccount,
        { recordId: second.recordId, gameAccount: 'player2', roleName: '烈焰狂刀' },
        { token: other },
      ),
      '504',
      '该角色已提交预售审核，请勿重复提交',
    );
    expect((await app.call(manualPreSaleGetLastRecord, {}, { token: other })).data).toMatchObject({
      recordId: second.recordId,
      status: 'draft',
    });
    expect((await app.call(manualPreSaleGetLastRecord, {}, { token })).data).toBeNull();
    expectCode(
      await app.call(manualPreSaleGetSnapLoginToken, { recordId: second.recordId }, { token: other }),
      '10002',
      '请先完成账号验证',
    );
    expectCode(await app.call(manualPreSaleDetail, { recordId }, { token: other }), '10002', '预售记录不存在');
  });
});
