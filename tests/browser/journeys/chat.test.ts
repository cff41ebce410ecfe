import { customerServiceIntervention } from '@app/protocol/calls/customer-service';
import { IM_CLIENT, IM_SOCKET_PATH } from '@app/protocol/im';
import type { Browser, Page, WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, baseUrl, DESKTOP, launchBrowser, MOBILE } from '../browser';
import { docShot, logIn, phoneNumber } from './market-helpers';
import { gameLogin, idNumber, paidAndDelivered, sellerAccounts, sellerListsCoins } from './people';

let browser: Browser;

/**
 * Opens the home and waits until its banner listens: the chat socket has logged in, and the
 * listener, which comes IM_CLIENT.listenAfterMs after the page, is attached. A fixed sleep raced a
 * slow page on a loaded machine: a message that came before the listener never showed a banner.
 */
async function openHomeListening(page: Page) {
  let onSocket: (socket: WebSocket) => void = () => {};
  const loggedIn = new Promise<void>((resolve) => {
    onSocket = (socket) => {
      if (!socket.url().includes(IM_SOCKET_PATH)) return;
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).startsWith('{"t":"login"')) resolve();
      });
    };
    page.on('websocket', onSocket);
  });
  await page.goto(`${baseUrl()}/h5/pages/index/index`);
  await loggedIn;
  // Called twice on one page: the first call's listener must not watch the second's socket.
  page.off('websocket', onSocket);
  // The listener's timer started when the page mounted, before the login came back.
  await page.waitForTimeout(IM_CLIENT.listenAfterMs + 500);
}
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('the order chat', () => {
  it('buyer and seller talk on an order, the message centre and the banner follow, 客服 joins from the console', async () => {
    const buyerGame = await gameLogin('buyer1');
    const seller = await sellerListsCoins({
      accounts: sellerAccounts(10, 15),
      serverId: buyerGame.serverId,
      coins: 20_000,
      priceFen: 2_000,
      realName: '周卖家',
      birth: '19850505',
      idBase: 300,
      phonePrefix: '133',
    });
    const buyerPhone = phoneNumber('138');
    const { orderId, buyer } = await paidAndDelivered({
      buyerGame,
      commodityId: seller.commodityId,
      phone: buyerPhone,
      realName: '吴买家',
      idCard: idNumber('19920303', '579'),
    });

    // The buyer, on the phone: the order page's 联系卖家 opens the chat, where the system told every step.
    const phone = await (await browser.newContext(MOBILE)).newPage();
    await phone.goto(`${baseUrl()}/h5/pages/index/index`);
    await logIn(phone, buyerPhone);
    await phone.goto(`${baseUrl()}/h5/pages/orderNew/orderDetail/orderDetail?orderId=${orderId}`);
    await phone.getByTestId('order-chat').click();
    await phone.waitForURL(/personalTransaction\/IM\/conversation\/index2\?orderId=/);
    const system = phone.getByTestId('im-system');
    await expect.poll(() => system.count()).toBeGreaterThanOrEqual(3);
    expect(await system.allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('买家已下单'), expect.stringContaining('游戏已签名')]),
    );
    expect(await phone.getByTestId('im-order').textContent()).toContain('待收货');
    await phone.getByTestId('im-text').fill('你好，金币已经到账了，<b>谢谢</b>');
    await phone.getByTestId('im-send').click();
    await expect
      .poll(() => phone.getByTestId('im-message').last().textContent())
      .toBe('你好，金币已经到账了，<b>谢谢</b>');

    // The seller, on a PC: 消息 lists the chat with its unread count; opening it shows the buyer's words as text.
    const pc = await (await browser.newContext(DESKTOP)).newPage();
    await pc.goto(`${baseUrl()}/web/pages/index/index`);
    await logIn(pc, seller.phone);
    await pc.goto(`${baseUrl()}/web/pages/message/index`);
    const row = pc.getByTestId('im-conversation').first();
    await expect.poll(() => row.textContent()).toContain('谢谢');
    // Unread: the three steps the system told and the buyer's message.
    expect(await pc.getByTestId('im-unread').first().textContent()).toBe('4');
    // A feed time (刚刚 / N分钟前), the full time on hover.
    expect(await row.getByTestId('feed-time').textContent()).toMatch(/^(刚刚|\d+分钟前)$/);
    expect(await row.getByTestId('feed-time').getAttribute('title')).toMatch(/^\d{4}\/\d+\/\d+ \d\d:\d\d:\d\d$/);
    await docShot(pc, 'pc-messages');
    await row.click();
    await pc.waitForURL(/conversation\/index2/);
    await expect.poll(() => pc.getByTestId('im-message').last().textContent()).toContain('金币已经到账');
    expect(await pc.locator('.im-bubble b').count()).toBe(0);
    await pc.getByTestId('im-text').fill('收到就好，有问题随时联系');
    await pc.keyboard.press('Enter');
    // The buyer sees the reply without reloading, labelled 卖家.
    await expect.poll(() => phone.getByTestId('im-message').last().textContent()).toContain('卖家收到就好');
    await docShot(phone, 'h5-chat');
    await docShot(pc, 'pc-chat');

    // Elsewhere in the app the banner shows the next message for 3 s; tapping it opens the chat.
    await openHomeListening(phone);
    await pc.getByTestId('im-text').fill('另外送您一点小礼物');
    await pc.getByTestId('im-send').click();
    const banner = phone.getByTestId('message-banner');
    await banner.click();
    await phone.waitForURL(/conversation\/index2\?groupId=/);
    await expect.poll(() => phone.getByTestId('im-message').last().textContent()).toContain('小礼物');
    // Once more for the picture; unanswered, it hides by itself.
    await openHomeListening(phone);
    await pc.getByTestId('im-text').fill('礼物已经发到您的角色邮箱');
    await pc.getByTestId('im-send').click();
    await banner.waitFor();
    expect(await banner.textContent()).toContain('礼物已经发到您的角色邮箱');
    await docShot(phone, 'h5-message-banner');
    await banner.waitFor({ state: 'detached', timeout: 6_000 });
    // The unread reply shows on the tab bar's 消息, and on the seller's PC header once the buyer answers.
    await expect.poll(() => phone.getByTestId('tab-3').getByTestId('unread-badge').count()).toBe(1);
    await phone.goBack();
    await expect.poll(() => phone.getByTestId('im-message').last().textContent()).toContain('角色邮箱');

    // Reading back up, the buyer keeps his place: a new message is announced, not scrolled to.
    // Typed and sent as fast as one can: each Enter is one message, none lost, in order.
    for (let n = 1; n <= 10; n++) {
      await pc.getByTestId('im-text').fill(`第${n}件礼物已发出`);
      await pc.keyboard.press('Enter');
    }
    await expect.poll(() => phone.getByTestId('im-message').last().textContent()).toContain('第10件礼物');
    const sent = (await phone.getByTestId('im-message').allTextContents()).filter((m) => m.includes('件礼物已发出'));
    expect(sent.map((m) => m.match(/第(\d+)件/)?.[1])).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    const list = phone.getByTestId('im-messages');
    expect(await list.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    expect(await phone.getByTestId('im-new-notice').count()).toBe(0);
    await list.evaluate((el) => {
      el.scrollTop = 0;
    });
    await pc.getByTestId('im-text').fill('最后一件礼物也发了');
    await pc.keyboard.press('Enter');
    await expect.poll(() => pc.getByTestId('im-text').inputValue()).toBe('');
    const notice = phone.getByTestId('im-new-notice');
    await expect.poll(() => notice.textContent()).toContain('1 条新消息');
    expect(await list.evaluate((el) => el.scrollTop)).toBe(0);
    await docShot(phone, 'h5-chat-new-messages');
    await notice.click();
    await expect.poll(() => notice.count()).toBe(0);
    await expect.poll(() => list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight < 48)).toBe(true);
    await phone.getByTestId('im-text').fill('都收到了，谢谢老板');
    await phone.getByTestId('im-send').click();
    await pc.goto(`${baseUrl()}/web/pages/index/index`);
    await expect.poll(() => pc.getByTestId('pc-nav-messages').getByTestId('unread-badge').count()).toBe(1);

    // The buyer asks 客服 in; customer service joins from the console and speaks in the chat as 客服.
    expect((await apiCall(customerServiceIntervention, { orderId, reason: '想确认交付记录' }, buyer)).code).toBe('200');
    const desk = await (await browser.newContext(DESKTOP)).newPage();
    desk.on('dialog', (d) => void d.accept());
    await desk.goto(`${baseUrl()}/ops?tab=support`);
    await desk.getByTestId('ops-username').fill('ops-cs');
    await desk.getByTestId('ops-password').fill('demo-cs-123');
    await desk.getByTestId('ops-login').click();
    const card = desk.locator('[data-testid="ops-support"]').filter({ hasText: '想确认交付记录' });
    await card.waitFor();
    await docShot(desk, 'ops-support');
    const [workbench] = await Promise.all([
      desk.context().waitForEvent('page'),
      card.getByTestId('ops-support-join').click(),
    ]);
    await workbench.waitForURL(/indexForWorkingTable/);
    await expect.poll(() => workbench.getByTestId('im-system').last().textContent()).toContain('已进入聊天');
    await workbench.getByTestId('im-text').fill('您好，我是客服，交付记录显示金币已到账。');
    await workbench.getByTestId('im-send').click();
    await expect.poll(() => phone.getByTestId('im-message').last().textContent()).toContain('客服您好，我是客服');
    await docShot(workbench, 'ops-workbench-chat');
    await card.getByTestId('ops-support-note').fill('买家确认已到账，结束工单');
    await card.getByTestId('ops-support-close').click();
    await expect.poll(() => card.count()).toBe(0);
    await expect.poll(() => phone.getByTestId('im-system').last().textContent()).toContain('客服处理完成');
    await Promise.all([phone.context().close(), pc.context().close(), desk.context().close()]);
  });
});
