import { bannerList, popup } from '@app/protocol/calls/market-content';
import { noticeList } from '@app/protocol/calls/notices';
import { phoneLogin, sendSms } from '@app/protocol/calls/user';
import { faqList, feedback, myAgreements, userFeedbackTypeList } from '@app/protocol/calls/user-help';
import type { ContentSlotPayload, OpsContentSlot, OpsFeedback } from '@app/protocol/ops-content';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordConsent } from '../src/modules/user/help-content';
import { expectCode, loginAs, testDb, useTestApp, useTestClient } from './helpers';
import { opsApi } from './ops-helpers';

/**
 * 内容 and 意见反馈 in the console (issue 34 item 5, decision 0075): a banner published shows on
 * its place and game from its start to its end, an edit on a stale version is refused (two staff
 * at once: one wins, also on PostgreSQL), a link off the allowed origins or of a wrong shape is
 * refused with nothing written; a reply to feedback reaches the player as a notice, once.
 * Permissions at the API: 客服 and 财务 cannot publish, 财务 cannot read feedback, a player's token
 * is refused. Every write audited.
 */
const t = useTestApp({ CONTENT_LINK_ORIGINS: 'https://activity.example.com' }, { timeout: 120_000 });
const app = useTestClient(t, 'APP');
const sdk = useTestClient(t, 'H5SDK');
const ops = opsApi(t);

let operator: string;
let cs: string;
let finance: string;
beforeAll(async () => {
  operator = await ops.login('ops-operator', 'demo-ops-123');
  cs = await ops.login('ops-cs', 'demo-cs-123');
  finance = await ops.login('ops-finance', 'demo-fin-123');
});

const HOUR = 3_600_000;
const banner = (over: Partial<ContentSlotPayload> = {}): ContentSlotPayload => ({
  kind: 'banner',
  place: 'pcHome',
  title: '双十二游戏币补贴',
  imageUrl: '/market/art/banner/2.svg?t=%E8%A1%A5%E8%B4%B4',
  linkType: 1,
  link: '/pages/commodityList/list?applicationId=demo-legend&type=2',
  applicationId: null,
  sort: 0,
  intervalHours: 24,
  startsAt: Date.now() - 60_000,
  endsAt: Date.now() + 24 * HOUR,
  ...over,
});
const publish = (slot: ContentSlotPayload, token = operator) =>
  ops.call<OpsContentSlot>('POST', '/content/slots', { token, body: { slot, reason: '运营活动上线' } });
const banners = async () =>
  ((await app.call(bannerList, { place: 'pcHome' })).data as { list: Array<{ bannerName: string; hyperlink: string }> })
    .list;
const audits = async (action: string) =>
  (await t.db.selectFrom('staff_audit').select(['action', 'before', 'after']).where('action', '=', action).execute())
    .length;

describe('content slots', () => {
  it('a banner published shows on its place at once and stops at its end; the audit holds it', async () => {
    const before = (await banners()).length;
    const res = await publish(banner({ title: `上线即见-${testDb}` }));
    expectCode(res, '200');
    expect(res.data).toMatchObject({ state: 'live', version: 1, kind: 'banner', place: 'pcHome' });
    const shown = await banners();
    expect(shown.length).toBe(before + 1);
    expect(shown.map((b) => b.bannerName)).toContain(`上线即见-${testDb}`);
    // Another place does not show it.
    const home = ((await app.call(bannerList, { place: 'home' })).data as { list: Array<{ bannerName: string }> }).list;
    expect(home.map((b) => b.bannerName)).not.toContain(`上线即见-${testDb}`);
    expect(await audits('content.create')).toBeGreaterThanOrEqual(1);

    // 下线: ends now, listed as 已结束, gone from the page; a second 下线 is refused.
    const end = await ops.call<OpsContentSlot>('POST', `/content/slots/${res.data.slotId}/end`, {
      token: operator,
      body: { version: 1, reason: '活动提前结束' },
    });
    expectCode(end, '200');
    expect(end.data).toMatchObject({ state: 'ended', version: 2 });
    expect((await banners()).map((b) => b.bannerName)).not.toContain(`上线即见-${testDb}`);
    const again = await ops.call('POST', `/content/slots/${res.data.slotId}/end`, {
      token: operator,
      body: { version: 2, reason: '活动提前结束' },
    });
    expectCode(again, '10002', '该内容已结束展示');
    const ended = await ops.call<{ list: OpsContentSlot[] }>('GET', '/content/slots?state=ended&kind=banner', {
      token: operator,
    });
    expect(ended.data.list.map((s) => s.slotId)).toContain(res.data.slotId);
  });

  it('a slot scheduled for later is listed as 未开始 and not shown yet', async () => {
    const res = await publish(banner({ title: `明日上线-${testDb}`, startsAt: Date.now() + HOUR }));
    expectCode(res, '200');
    expect(res.data.state).toBe('scheduled');
    expect((await banners()).map((b) => b.bannerName)).not.toContain(`明日上线-${testDb}`);
  });

  it('an edit on a stale version is refused and changes nothing; two staff at once: one wins', async () => {
    const made = (await publish(banner({ title: `版本-${testDb}` }))).data;
    const edit = (title: string, version: number) =>
      ops.call<OpsContentSlot>('POST', `/content/slots/${made.slotId}`, {
        token: operator,
        body: { version, slot: banner({ title }), reason: '修改标题' },
      });
    const first = await edit(`版本A-${testDb}`, 1);
    expectCode(first, '200');
    expect(first.data.version).toBe(2);
    const stale = await edit(`版本B-${testDb}`, 1);
    expectCode(stale, '10002', '该内容已被其他员工修改，请刷新后在最新内容上修改');
    expect((await banners()).map((b) => b.bannerName)).toContain(`版本A-${testDb}`);

    const race = await Promise.all([edit(`并发1-${testDb}`, 2), edit(`并发2-${testDb}`, 2)]);
    expect(race.map((r) => r.code).sort()).toEqual(['10002', '200']);
    const row = await t.db
      .selectFrom('content_slots')
      .select(['title', 'version'])
      .where('id', '=', Number(made.slotId))
      .executeTakeFirstOrThrow();
    expect(row.version).toBe(3);
    expect(row.title).toBe(race.find((r) => r.code === '200')?.data.title);
  });

  it('refuses links off the allowed origins or of a wrong shape, and a picture from elsewhere, writing nothing', async () => {
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('content_slots')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const was = await count();
    const refused: Array<[Partial<ContentSlotPayload>, string]> = [
      [{ link: 'https://evil.example.net/pay' }, '链接不在允许的域名内：请填写站内路径（以 / 开头）或已登记的域名'],
      [{ link: '//evil.example.net/x' }, '链接须为站内路径（以 / 开头）或 http(s) 地址'],
      [{ link: '/\\evil.example.net' }, '链接须为站内路径（以 / 开头）或 http(s) 地址'],
      [{ link: 'javascript:alert(1)' }, '链接须为站内路径（以 / 开头）或 http(s) 地址'],
      [{ linkType: 2, link: '/pages/index/index' }, '外部浏览器打开须填写 http(s) 地址'],
      [{ linkType: 3, link: '/pages/index/index' }, '不跳转时无需填写链接'],
      [{ linkType: 1, link: '' }, '请填写跳转链接'],
      [{ imageUrl: 'https://cdn.elsewhere.net/a.png' }, '图片地址不在允许的域名内：请使用站内图片或已登记的域名'],
      [{ imageUrl: '' }, '请填写图片地址'],
      [{ place: 'app' }, '该位置不展示此类内容'],
      [{ title: '' }, '标题至少2个字'],
      [{ endsAt: Date.now() - 2 * HOUR }, '结束时间须晚于开始时间'],
    ];
    for (const [over, msg] of refused) expectCode(await publish(banner(over)), '10002', msg);
    expect(await count()).toBe(was);
    // The allowed origin, opened in the external browser; a notice line needs no picture.
    expectCode(await publish(banner({ linkType: 2, link: 'https://activity.example.com/double12' })), '200');
    expectCode(
      await publish(
        banner({ kind: 'notice', place: 'sdkHome', imageUrl: '', linkType: 3, link: '', title: '今晚22点停服维护' }),
      ),
      '200',
    );
    const noReason = await ops.call('POST', '/content/slots', {
      token: operator,
      body: { slot: banner(), reason: '' },
    });
    expectCode(noReason, '10002', '请填写发布说明（至少2个字）');
  });

  it('a popup for one game shows on that game’s SDK home only', async () => {
    expectCode(
      await publish(
        banner({ kind: 'popup', place: 'sdkHome', title: `仙侠弹窗-${testDb}`, applicationId: 'demo-xianxia' }),
      ),
      '200',
    );
    const of = async (appId: string) =>
      (
        (await sdk.call(popup, { place: 'sdkHome' }, { headers: { 'x-appid': appId } })).data as {
          popup: { title: string } | null;
        }
      ).popup?.title;
    expect(await of('demo-xianxia')).toBe(`仙侠弹窗-${testDb}`);
    expect(await of('demo-legend')).not.toBe(`仙侠弹窗-${testDb}`);
  });

  it('is refused to 客服 and 财务 at the API, and to a player’s token', async () => {
    expectCode(await publish(banner(), cs), '60004', '仅运营和管理员可以发布和修改内容（当前角色：客服）');
    expect((await ops.call('GET', '/content/slots', { token: finance })).code).toBe('60004');
    const player = (await loginAs(t, '13900075001')).token;
    expect((await ops.call('GET', '/content/slots', { token: player })).code).toBe('60001');
  });
});

describe('the feedback inbox', () => {
  it('a reply reaches the player as a notice, once; a second reply is refused; 财务 cannot read the inbox', async () => {
    const player = await loginAs(t, '13900075002');
    const types = (await app.call(userFeedbackTypeList, {}, { token: player.token })).data as {
      list: Array<{ id: number; name: string }>;
    };
    const type = types.list[0]!;
    const sent = await app.call(
      feedback,
      { typeId: type.id, content: `提现三天还没到账-${testDb}`, contact: '13900075002' },
      { token: player.token },
    );
    expectCode(sent, '200');
    const inbox = await ops.call<{ list: OpsFeedback[]; total: number }>('GET', '/feedback?state=open', { token: cs });
    expectCode(inbox, '200');
    const mine = inbox.data.list.find((f) => f.content === `提现三天还没到账-${testDb}`)!;
    expect(mine).toMatchObject({ uid: player.uid, typeName: type.name, state: 'open', contact: '139****5002' });

    const reply = (token: string, words = '您好，已为您加急处理，预计今日到账。') =>
      ops.call('POST', `/feedback/${mine.feedbackId}/reply`, { token, body: { reply: words } });
    expectCode(await reply(cs, '好'), '10002', '回复至少2个字');
    const both = await Promise.all([reply(cs), reply(operator)]);
    expect(both.map((r) => r.code).sort()).toEqual(['10002', '200']);
    expect(both.find((r) => r.code === '10002')?.msg).toBe('该反馈已回复');
    expectCode(
      await ops.call('POST', '/feedback/999999/reply', { token: cs, body: { reply: '您好您好' } }),
      '10004',
      '反馈不存在',
    );

    const notices = (await app.call(noticeList, {}, { token: player.token })).data as {
      list: Array<{ kind: string; title: string; content: string }>;
    };
    const told = notices.list.filter((n) => n.kind === 'feedbackReplied');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: '客服回复了您的反馈',
      content: `关于「${type.name}」的反馈，客服回复：您好，已为您加急处理，预计今日到账。`,
    });
    const replied = await ops.call<{ list: OpsFeedback[] }>('GET', '/feedback?state=replied', { token: operator });
    expect(replied.data.list.find((f) => f.feedbackId === mine.feedbackId)).toMatchObject({ state: 'replied' });
    expect(await audits('feedback.reply')).toBe(1);
    expect((await ops.call('GET', '/feedback', { token: finance })).code).toBe('60004');
  });
});

describe('help and agreements', () => {
  it('an FAQ added shows in the player’s list, edited and deleted with a reason; all audited', async () => {
    const item = {
      category: '资金',
      question: `提现多久到账-${testDb}？`,
      answer: '审核通过后一般两小时内到账。',
      sort: 1,
    };
    const made = await ops.call<{ faqId: string }>('POST', '/help/faqs', {
      token: operator,
      body: { item, reason: '新增说明' },
    });
    expectCode(made, '200');
    const shown = async () =>
      ((await app.call(faqList, {})).data as { list: Array<{ question: string; answer: string }> }).list;
    expect((await shown()).find((f) => f.question === item.question)?.answer).toBe(item.answer);
    const edited = await ops.call('POST', `/help/faqs/${made.data.faqId}`, {
      token: operator,
      body: { item: { ...item, answer: '审核通过后一般一小时内到账。' }, reason: '时效调整' },
    });
    expectCode(edited, '200');
    expect((await shown()).find((f) => f.question === item.question)?.answer).toBe('审核通过后一般一小时内到账。');
    expectCode(
      await ops.call('POST', `/help/faqs/${made.data.faqId}/delete`, { token: operator, body: { reason: '' } }),
      '10002',
      '请填写原因（至少2个字）',
    );
    expectCode(
      await ops.call('POST', `/help/faqs/${made.data.faqId}/delete`, { token: operator, body: { reason: '内容过时' } }),
      '200',
    );
    expect((await shown()).find((f) => f.question === item.question)).toBeUndefined();
    expect(await audits('help.faq_create')).toBe(1);
    expect(await audits('help.faq_delete')).toBe(1);
    expect((await ops.call('POST', '/help/faqs', { token: cs, body: { item, reason: '新增说明' } })).code).toBe(
      '60004',
    );
  });

  it('a feedback type added reaches the feedback form; a name used twice is refused', async () => {
    const made = await ops.call<{ typeId: string }>('POST', '/help/feedback-types', {
      token: operator,
      body: { item: { name: '充值问题', sort: 9 }, reason: '新增类型' },
    });
    expectCode(made, '200');
    const types = (await app.call(userFeedbackTypeList, {}, { token: (await loginAs(t, '13900075003')).token }))
      .data as { list: Array<{ id: number; name: string }> };
    expect(types.list.map((x) => x.name)).toContain('充值问题');
    expectCode(
      await ops.call('POST', '/help/feedback-types', {
        token: operator,
        body: { item: { name: '充值问题' }, reason: '再加一次' },
      }),
      '10002',
      '已有名为「充值问题」的反馈类型',
    );
  });

  it('a new agreement version is what players read; the version before stays readable; a version label is used once', async () => {
    const body =
      '一、本平台为游戏角色、游戏币与道具的交易撮合平台。二、新增：交易资金由持牌机构存管，买家确认收货后结算给卖家。';
    const publish = (version: string) =>
      ops.call('POST', '/help/agreements/tradingRules', {
        token: operator,
        body: { title: '虚拟物品交易规则', body, version, reason: '资金存管条款' },
      });
    expectCode(await publish(`2026-12-20-${testDb}`), '200');
    expectCode(await publish(`2026-12-20-${testDb}`), '10002', `版本 2026-12-20-${testDb} 已发布过，请使用新的版本号`);
    const page = async (query = '') => (await t.app.inject({ url: `/agreements/tradingRules${query}` })).body;
    expect(await page()).toContain('交易资金由持牌机构存管');
    expect(await page('?version=2026-11-01')).not.toContain('交易资金由持牌机构存管');
    expect(await page('?version=2026-11-01')).toContain('虚拟物品交易规则');
    const listed = await ops.call<{
      list: Array<{ key: string; version: string; versions: Array<{ version: string }> }>;
    }>('GET', '/help/agreements', { token: operator });
    const rules = listed.data.list.find((a) => a.key === 'tradingRules')!;
    expect(rules.version).toBe(`2026-12-20-${testDb}`);
    expect(rules.versions.map((v) => v.version)).toEqual([`2026-12-20-${testDb}`, '2026-11-01']);
    expect(await audits('help.agreement_publish')).toBe(1);
  });
  it('a login records the versions the player agreed to; after a new version he still sees his, until he logs in again', async () => {
    const phone = '13900075009';
    const smsLogin = async () => {
      expectCode(await app.call(sendSms, { phone, smsType: 'phoneLogin' }), '200');
      const sent = (await t.app.inject({ url: `/dev/sms/outbox?phone=${phone}` })).json().data as Array<{
        code: string;
      }>;
      const login = await app.call(phoneLogin, { phone, code: sent.at(-1)!.code });
      expectCode(login, '200');
      return (login.data as { token: string }).token;
    };
    const mine = async (token: string) =>
      (
        (await app.call(myAgreements, {}, { token })).data as {
          list: Array<{ key: string; agreedVersion: string; currentVersion: string; url: string }>;
        }
      ).list;
    const token = await smsLogin();
    const first = await mine(token);
    expect(first).toHaveLength(6);
    const user = first.find((a) => a.key === 'userAgreement')!;
    expect(user).toMatchObject({ agreedVersion: '2026-11-01', currentVersion: '2026-11-01' });
    expectCode(
      await ops.call('POST', '/help/agreements/userAgreement', {
        token: operator,
        body: {
          title: '用户服务协议',
          body: '欢迎使用游戏交易平台。本版新增：账号不得出租、出借或转让给他人使用。',
          version: '2027-01-01',
          reason: '新增条款',
        },
      }),
      '200',
    );
    const after = (await mine(token)).find((a) => a.key === 'userAgreement')!;
    expect(after).toMatchObject({ agreedVersion: '2026-11-01', currentVersion: '2027-01-01' });
    // The text he agreed to, as it was.
    expect((await t.app.inject({ url: after.url })).body).not.toContain('不得出租');
    // His next login (the SMS cooldown keeps this test from sending a second code: the login's own step).
    const { id } = await t.db.selectFrom('users').select('id').where('mobile', '=', phone).executeTakeFirstOrThrow();
    await recordConsent(t.db, id);
    const again = (await mine(token)).find((a) => a.key === 'userAgreement')!;
    expect(again).toMatchObject({ agreedVersion: '2027-01-01', currentVersion: '2027-01-01' });
  });
});
