import { checkBindPhone, checkRemoveAccount, removeAccount, sendSms, userInfo } from '@app/protocol/calls/user';
import {
  appParam,
  faqList,
  feedback,
  feedbackPreSignedUrl,
  getPushSwitch,
  individualizedRecommendSwitch,
  isGrayEnv,
  pushSwitch,
  userFeedbackTypeList,
} from '@app/protocol/calls/user-help';
import { describe, expect, it } from 'vitest';
import { isGameHostImage } from '../src/modules/user/feedback.routes';
import { expectCode, loginAs, smsOutbox, useTestApp, useTestClient } from './helpers';

const t = useTestApp();
const client = useTestClient(t, 'APP');

describe('user settings and help', () => {
  it('keeps the push and recommendation switches per user', async () => {
    const { token } = await loginAs(t, '13600000001');
    expect((await client.call(getPushSwitch, {}, { token })).data).toEqual({ push: 1, individualizedRecommend: 1 });
    expect((await client.call(pushSwitch, { status: 0 }, { token })).data).toEqual({
      push: 0,
      individualizedRecommend: 1,
    });
    expect((await client.call(individualizedRecommendSwitch, { status: 0 }, { token })).data).toEqual({
      push: 0,
      individualizedRecommend: 0,
    });
    const other = await loginAs(t, '13600000002');
    expect((await client.call(getPushSwitch, {}, { token: other.token })).data).toEqual({
      push: 1,
      individualizedRecommend: 1,
    });
    expectCode(await client.call(pushSwitch, { status: 2 as 1 }, { token }), '10002');
    expect((await client.call(isGrayEnv, {}, { token })).data).toEqual({ isGrayEnv: false });
  });

  it('takes feedback of a known type and refuses bad input', async () => {
    const { token } = await loginAs(t, '13600000003');
    const types = (await client.call(userFeedbackTypeList, {})).data as { list: Array<{ id: number }> };
    expect(types.list.length).toBeGreaterThan(3);
    expectCode(
      await client.call(feedback, { typeId: types.list[0]!.id, content: '支付后一直显示待支付' }, { token }),
      '200',
    );
    expectCode(
      await client.call(feedback, { typeId: types.list[0]!.id, content: '太短' }, { token }),
      '10002',
      '请至少填写5个字的问题描述',
    );
    expectCode(
      await client.call(feedback, { typeId: 999, content: '一个不存在的类型' }, { token }),
      '10002',
      '请选择反馈类型',
    );
  });

  it('takes only screenshots the user uploaded for feedback', async () => {
    const me = await loginAs(t, '13600000011');
    const other = await loginAs(t, '13600000012');
    const types = (await client.call(userFeedbackTypeList, {})).data as { list: Array<{ id: number }> };
    const typeId = types.list[0]!.id;
    const presign = async (token: string) =>
      ((await client.call(feedbackPreSignedUrl, { typeName: 'png' }, { token })).data as string).split('?')[0]!;
    const mine = await presign(me.token);
    const theirs = await presign(other.token);
    expect(mine).toContain(`/public/feedback/${me.uid}/`);
    const content = '订单页面的倒计时不准确';
    for (const images of [[theirs], [`${mine}?sig=1`], ['https://evil.example/x.png'], ['javascript:alert(1)']])
      expectCode(
        await client.call(feedback, { typeId, content, images }, { token: me.token }),
        '10002',
        '截图无效，请重新上传',
      );
    expectCode(await client.call(feedback, { typeId, content, images: [mine] }, { token: me.token }), '200');
  });

  it("takes a screenshot the game's host stored through putFileToAliYun, and nothing else of the game", async () => {
    const me = await loginAs(t, '13600000013');
    const typeId = ((await client.call(userFeedbackTypeList, {})).data as { list: Array<{ id: number }> }).list[0]!.id;
    const content = '游戏内寄售页面打不开';
    // The demo game's host answers its files absolute, on the origin the page was reached by.
    const stored = 'http://127.0.0.1:3000/demo-game/files/mb3x1a2b3c-feedback-1.png';
    for (const images of [
      [`${stored}?x=1`],
      ['http://127.0.0.1:3000/demo-game/render/icon.svg'],
      ['http://127.0.0.1:3000/demo-game/files/sub/mb3x1a2b3c-feedback-1.png'],
      ['http://127.0.0.1:3000/demo-game/files/mb3x1a2b3c-feedback-1.html'],
      ['http://127.0.0.1:3000/not-a-game/files/mb3x1a2b3c-feedback-1.png'],
      ['/demo-game/files/mb3x1a2b3c-feedback-1.png#x'],
    ])
      expectCode(
        await client.call(feedback, { typeId, content, images }, { token: me.token }),
        '10002',
        '截图无效，请重新上传',
      );
    expectCode(await client.call(feedback, { typeId, content, images: [stored] }, { token: me.token }), '200');
    // A game of GAMES names its files URL with the origin: another origin's same path is not its.
    const base = ['https://files.game.example/uploads/'];
    expect(isGameHostImage('https://files.game.example/uploads/a1-shot.jpg', base)).toBe(true);
    expect(isGameHostImage('https://evil.example/uploads/a1-shot.jpg', base)).toBe(false);
    expect(isGameHostImage('https://files.game.example/uploads/../a1-shot.jpg', base)).toBe(false);
    expect(isGameHostImage('https://u:p@files.game.example/uploads/a1-shot.jpg', base)).toBe(false);
  });

  it('lists the FAQ and the six agreements, whose pages exist', async () => {
    expect(((await client.call(faqList, {})).data as { list: unknown[] }).list.length).toBeGreaterThan(3);
    const params = (await client.call(appParam, {})).data as { agreements: Array<{ url: string; title: string }> };
    expect(params.agreements).toHaveLength(6);
    for (const agreement of params.agreements) {
      const page = await t.app.inject({ method: 'GET', url: agreement.url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(agreement.title);
    }
    expect((await t.app.inject({ method: 'GET', url: '/agreements/none' })).statusCode).toBe(404);
  });
});

describe('closing an account', () => {
  it('needs the code sent to the bound phone, then erases the person', async () => {
    const phone = '13600000009';
    const { token } = await loginAs(t, phone);
    expect((await client.call(checkBindPhone, {}, { token })).data).toEqual({ bound: true, mobile: '136****0009' });
    expect((await client.call(checkRemoveAccount, {}, { token })).data).toEqual({ removable: true, reasons: [] });
    expectCode(await client.call(sendSms, { smsType: 'verifyCode', phone: 'auto' }), '50000');
    expectCode(await client.call(sendSms, { smsType: 'verifyCode', phone: 'auto' }, { token }), '200');
    const [message] = await smsOutbox(t, phone);
    expect(message?.smsType).toBe('verifyCode');
    const wrong = message!.code === '0000' ? '1111' : '0000';
    expectCode(await client.call(removeAccount, { code: wrong }, { token }), '20101');
    expectCode(await client.call(removeAccount, { code: message!.code }, { token }), '200');
    expectCode(await client.call(userInfo, {}, { token }), '20118');
    const again = await loginAs(t, phone);
    const profile = (await client.call(userInfo, {}, { token: again.token })).data as { uid: string };
    expect(profile.uid).not.toBe(
      (await t.db.selectFrom('users').select('uid').where('removed_at', 'is not', null).executeTakeFirstOrThrow()).uid,
    );
  });
});
