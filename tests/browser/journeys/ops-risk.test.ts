import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hook, launchBrowser } from '../browser';
import { docShot, phoneNumber, staffDesk } from './market-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** Three new accounts signed in on one device (this run's own): answers the device as the console masks it. */
async function oneDeviceThreeAccounts(prefix: string): Promise<{ masked: string; uids: string[] }> {
  const deviceId = `${prefix}-${randomUUID()}`;
  const uids: string[] = [];
  for (const head of ['131', '132', '133'])
    uids.push((await hook<{ uid: string }>('/dev/session', { phone: phoneNumber(head), deviceId })).uid);
  return { masked: `${deviceId.slice(0, 4)}…${deviceId.slice(-4)}`, uids };
}

describe('运营 at 1440 px: 风控', () => {
  it('finds one device on three accounts, holds one user’s withdrawals with a note (none refused), dismisses another signal, and both show as decided', async () => {
    const held = await oneDeviceThreeAccounts('rkah');
    const ignored = await oneDeviceThreeAccounts('rkig');
    await hook('/dev/risk/sweep', {});

    const ops = await staffDesk(browser, 'ops-operator', 'demo-ops-123');
    await ops.getByTestId('ops-tab-risk').click();
    await ops.getByTestId('ops-risk-list').waitFor();
    await ops.getByLabel('类型').selectOption({ label: '一机多号' });
    const rowOf = (masked: string) => ops.getByTestId('ops-risk-row').filter({ hasText: masked });
    await rowOf(held.masked).waitFor();
    const text = (await rowOf(held.masked).textContent()) ?? '';
    expect(text).toContain(`3个账号在同一设备（${held.masked}）登录`);
    for (const uid of held.uids) expect(text).toContain(`UID ${uid}`);
    await docShot(ops, 'ops-risk-list');

    // 处置 without a note is refused in the dialog; with one, the chosen user's withdrawals are held.
    await rowOf(held.masked).getByTestId('ops-risk-act').click();
    await ops.getByTestId('ops-risk-dialog').waitFor();
    await ops.getByTestId('ops-risk-user-pick').selectOption({ label: `UID ${held.uids[1]}` });
    await ops.getByTestId('ops-risk-action').selectOption({ label: '暂停提现' });
    await ops.getByTestId('ops-risk-dialog-confirm').click();
    expect(await ops.getByTestId('ops-risk-dialog-error').textContent()).toBe('请填写处理说明（至少2个字）');
    await ops.getByTestId('ops-risk-note').fill('一机多号，核实前暂停提现');
    await docShot(ops, 'ops-risk-dialog');
    await ops.getByTestId('ops-risk-dialog-confirm').click();
    await rowOf(held.masked).waitFor({ state: 'detached' });

    // 忽略 the other with its own note.
    await rowOf(ignored.masked).getByTestId('ops-risk-dismiss').click();
    await ops.getByTestId('ops-risk-note').fill('同一网吧的公用电脑');
    await ops.getByTestId('ops-risk-dialog-confirm').click();
    await rowOf(ignored.masked).waitFor({ state: 'detached' });

    await ops.getByLabel('状态').selectOption({ label: '已处置' });
    expect(await rowOf(held.masked).textContent()).toContain('暂停提现一机多号，核实前暂停提现');
    await ops.getByLabel('状态').selectOption({ label: '已忽略' });
    expect(await rowOf(ignored.masked).textContent()).toContain('已忽略同一网吧的公用电脑');

    // The held user's page says so, with the note as the reason.
    await ops.getByLabel('状态').selectOption({ label: '已处置' });
    await rowOf(held.masked)
      .getByTestId('ops-risk-user')
      .filter({ hasText: held.uids[1] as string })
      .click();
    await ops.getByTestId('ops-user-page').waitFor();
    await expect
      .poll(() => ops.getByTestId('ops-user-page').textContent())
      .toContain('已暂停：风控：一机多号，核实前暂停提现');
    await ops.context().close();
  }, 60_000);
});
