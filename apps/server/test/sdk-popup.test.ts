import { popup } from '@app/protocol/calls/market-content';
import { describe, expect, it } from 'vitest';
import { useTestApp, useTestClient } from './helpers';

/**
 * The SDK home is one game's: its popup is that game's (X-AppId) or one for every game, never
 * another game's (issue 31: after 退出登录 the SDK showed another game's popup).
 */
const t = useTestApp();
const sdk = useTestClient(t, 'H5SDK');

const popupTitle = async (appId?: string) =>
  (
    (await sdk.call(popup, { place: 'sdkHome' }, appId ? { headers: { 'x-appid': appId } } : {})).data as {
      popup: { title: string } | null;
    }
  ).popup?.title ?? null;

describe("the SDK home's popup", () => {
  it("is the game's own, or every game's, never another game's", async () => {
    await t.db
      .insertInto('content_slots')
      .values([
        { kind: 'popup', place: 'sdkHome', title: '三国专属', application_id: 'demo-sanguo', sort: 1 },
        { kind: 'popup', place: 'sdkHome', title: '传奇专属', application_id: 'demo-legend', sort: 2 },
      ])
      .execute();
    expect(await popupTitle('demo-legend')).toBe('传奇专属');
    expect(await popupTitle('demo-sanguo')).toBe('三国专属');
    expect(await popupTitle('demo-xianxia')).toBeNull();
    expect(await popupTitle()).toBeNull();

    await t.db
      .insertInto('content_slots')
      .values({ kind: 'popup', place: 'sdkHome', title: '全场通用', application_id: null, sort: 3 })
      .execute();
    expect(await popupTitle('demo-xianxia')).toBe('全场通用');
    expect(await popupTitle()).toBe('全场通用');
    expect(await popupTitle('demo-legend')).toBe('传奇专属');
  });
});
