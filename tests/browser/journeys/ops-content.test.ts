import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, MOBILE } from '../browser';
import { docShot, logIn, logInOnLoginPage, newPage, phoneNumber, staffDesk, toast } from './market-helpers';

/**
 * The console's content at 1440 px (issue 34 item 5): 运营 publishes a banner with its phone preview
 * (a link off the allowed origins refused first) and a player sees it on the home page, then 运营
 * takes it down and it is gone; a player's feedback is answered by 客服 and the reply is in his
 * message centre; 运营 switches maintenance on (the player lands on the maintenance page) and off.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const home = () => `${baseUrl()}/h5/pages/index/index`;

async function contentTab(ops: Page) {
  await ops.getByTestId('ops-tab-content').click();
  await ops.getByTestId('ops-content-list').waitFor();
}

describe('the console’s content', () => {
  it('运营 publishes a banner a player then sees on the home page, and takes it down', async () => {
    const title = `双十二补贴-${Date.now().toString(36)}`;
    const ops = await staffDesk(browser, 'ops-operator', 'demo-ops-123');
    await contentTab(ops);
    await ops.getByTestId('ops-content-new').click();
    await ops.getByTestId('ops-content-title').fill(title);
    await ops
      .getByTestId('ops-content-image')
      .fill('/market/art/banner/3.svg?t=%E5%8F%8C%E5%8D%81%E4%BA%8C&s=%E6%B8%B8%E6%88%8F%E5%B8%81%E8%A1%A5%E8%B4%B4');
    await ops.getByTestId('ops-content-link').fill('https://evil.example.net/pay');
    await ops.getByTestId('ops-content-reason').fill('双十二活动上线');
    await ops.getByTestId('ops-content-save').click();
    expect(await ops.getByTestId('ops-content-error').textContent()).toBe(
      '链接不在允许的域名内：请填写站内路径（以 / 开头）或已登记的域名',
    );
    await ops.getByTestId('ops-content-link').fill('/pages/commodityList/list?applicationId=demo-legend&type=2');
    // The preview shows the picture where the banner sits, and what a tap does.
    const preview = ops.getByTestId('ops-content-preview');
    expect(await preview.textContent()).toContain(
      '点击应用内打开：/pages/commodityList/list?applicationId=demo-legend&type=2',
    );
    await expect
      .poll(() => preview.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await docShot(ops, 'ops-content-form');
    await ops.getByTestId('ops-content-save').click();
    await ops.getByTestId('ops-content-form').waitFor({ state: 'detached' });
    const row = ops.getByTestId('ops-content-row').filter({ hasText: title });
    expect(await row.getByTestId('ops-content-state').textContent()).toBe('展示中');
    await docShot(ops, 'ops-content-list');

    const player = await newPage(browser, MOBILE);
    await player.goto(home());
    await player
      .getByRole('button', { name: title })
      .or(player.getByLabel(title))
      .first()
      .waitFor({ state: 'attached' });

    await row.getByTestId('ops-content-end').click();
    await ops.getByTestId('ops-content-end-dialog').waitFor();
    await ops.getByRole('button', { name: '确认下线' }).click();
    expect(await ops.getByTestId('ops-content-end-dialog-error').textContent()).toBe('请填写下线原因（至少2个字）');
    await ops.getByTestId('ops-content-end-reason').fill('活动提前结束');
    await ops.getByRole('button', { name: '确认下线' }).click();
    await ops.getByTestId('ops-content-end-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => ops.getByTestId('ops-content-row').filter({ hasText: title }).count()).toBe(0);

    await player.reload();
    await player.getByTestId('home-page').waitFor();
    await player.waitForLoadState('networkidle');
    expect(await player.getByLabel(title).count()).toBe(0);
    await player.context().close();
    await ops.context().close();
  });

  it('客服 answers a player’s feedback and the reply is in his message centre', async () => {
    const player = await newPage(browser, MOBILE);
    await player.goto(home());
    await logIn(player, phoneNumber('136'));
    await player.goto(`${baseUrl()}/h5/pages/userCenter/index`);
    await player.getByTestId('my-feedback-entry').click();
    await player.getByTestId('feedback-page').waitFor();
    const type = player.locator('[data-testid^="feedback-type-"]').first();
    await type.click();
    await expect.poll(() => type.getAttribute('aria-pressed')).toBe('true');
    const words = `订单完成后余额没有变化-${Date.now().toString(36)}`;
    await player.getByTestId('feedback-content').fill(words);
    await player.getByTestId('feedback-submit').click();
    await toast(player, '反馈已提交，感谢您的宝贵意见');

    const cs = await staffDesk(browser, 'ops-cs', 'demo-cs-123');
    await cs.getByTestId('ops-tab-feedback').click();
    const row = cs.getByTestId('ops-feedback-row').filter({ hasText: words });
    await row.waitFor();
    await docShot(cs, 'ops-feedback');
    await row.getByTestId('ops-feedback-reply').click();
    await cs.getByTestId('ops-feedback-words').fill('您好，货款在确认收货后进入待入账，入账后即可在钱包查看。');
    await cs.getByRole('button', { name: '发送回复' }).click();
    await cs.getByTestId('ops-feedback-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => cs.getByTestId('ops-feedback-row').filter({ hasText: words }).count()).toBe(0);
    await cs.context().close();

    await player.goto(`${baseUrl()}/h5/pages/message/index`);
    // The 通知 tab carries the unread reply.
    await expect.poll(() => player.getByTestId('messages-tab-notices').textContent()).toMatch(/通知\s*1/);
    await player.getByTestId('messages-tab-notices').click();
    const notice = player.getByTestId('notice').filter({ hasText: '客服回复了您的反馈' });
    await notice.first().waitFor();
    expect(await notice.first().textContent()).toContain('您好，货款在确认收货后进入待入账');
    await docShot(player, 'feedback-reply-notice');
    await player.context().close();
  });

  it('运营 switches maintenance on, a player lands on the maintenance page, and off again', async () => {
    const ops = await staffDesk(browser, 'ops-operator', 'demo-ops-123');
    ops.on('dialog', (d) => void d.accept());
    await ops.getByTestId('ops-tab-games').click();
    await ops.getByTestId('ops-maintenance').waitFor();
    await docShot(ops, 'ops-games', true);
    await ops.getByTestId('ops-maintenance-message').fill('停服更新，预计两小时');
    await ops.getByTestId('ops-maintenance-reason').fill('版本更新');
    await ops.getByTestId('ops-maintenance-toggle').click();
    await expect.poll(() => ops.getByTestId('ops-maintenance-state').textContent()).toBe('维护中');
    const player = await newPage(browser, MOBILE);
    try {
      await player.goto(home());
      await player.getByTestId('maintenance-page').waitFor();
      await player.getByText('停服更新，预计两小时').waitFor();
    } finally {
      await ops.getByTestId('ops-maintenance-reason').fill('更新完成');
      await ops.getByTestId('ops-maintenance-toggle').click();
      await expect.poll(() => ops.getByTestId('ops-maintenance-state').textContent()).toBe('正常运行');
    }
    await player.getByTestId('maintenance-retry').click();
    await player.getByTestId('home-page').waitFor();
    await player.context().close();
    await ops.context().close();
  });
  it('运营 publishes a new version of the trading rules; players read it, the version before stays readable', async () => {
    // A player logs in on the login page first: ticking the agreements records the versions of now.
    const player = await newPage(browser, MOBILE);
    await player.goto(`${baseUrl()}/h5/pages/login/login`);
    await logInOnLoginPage(player, phoneNumber('137'));
    await player.waitForURL((url) => !url.pathname.includes('/login/'));
    const ops = await staffDesk(browser, 'ops-operator', 'demo-ops-123');
    await ops.getByTestId('ops-tab-help').click();
    const row = ops.getByTestId('ops-agreement-row').filter({ hasText: '虚拟物品交易规则' });
    const was = ((await row.getByTestId('ops-agreement-version').textContent()) ?? '').trim();
    await docShot(ops, 'ops-help', true);
    await row.getByTestId('ops-agreement-edit').click();
    const version = `j-${Date.now().toString(36)}`;
    await ops.getByTestId('ops-agreement-version-input').fill(version);
    const body = ops.getByTestId('ops-agreement-body');
    await body.fill(`${await body.inputValue()}\n五、新增：禁止以任何方式诱导买家在平台外付款。`);
    await ops.getByRole('button', { name: '发布', exact: true }).click();
    expect(await ops.getByTestId('ops-agreement-dialog-error').textContent()).toBe('请填写原因（至少2个字）');
    await ops.getByTestId('ops-agreement-reason').fill('补充场外交易条款');
    await ops.getByRole('button', { name: '发布', exact: true }).click();
    await ops.getByTestId('ops-agreement-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => row.getByTestId('ops-agreement-version').textContent()).toBe(version);
    await ops.context().close();

    // His settings: the rules have a new version; the one he agreed to opens as it was.
    await player.goto(`${baseUrl()}/h5/pages/userCenter/settingPage/settingPage`);
    const rules = player.getByTestId('settings-agreement-tradingRules');
    await expect.poll(() => rules.textContent()).toContain(`有新版本 ${version}`);
    await docShot(player, 'settings-agreements', true);
    await player.getByTestId('settings-agreed-tradingRules').click();
    expect(await player.getByTestId('agreement-frame').getAttribute('src')).toBe(
      `/agreements/tradingRules?version=${encodeURIComponent(was)}`,
    );
    await docShot(player, 'settings-agreed-version');
    await player.goto(`${baseUrl()}/agreements/tradingRules`);
    expect(await player.textContent('body')).toContain('禁止以任何方式诱导买家在平台外付款');
    await player.goto(`${baseUrl()}/agreements/tradingRules?version=${encodeURIComponent(was)}`);
    expect(await player.textContent('body')).not.toContain('禁止以任何方式诱导买家在平台外付款');
    await player.context().close();
  });
});
