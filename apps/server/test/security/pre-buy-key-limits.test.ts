import { getJyhKeyInfo } from '@app/protocol/calls/game';
import { bindUserByPreBuyKey } from '@app/protocol/calls/pre-buy-key';
import { describe, expect, it } from 'vitest';
import { KEY_LOOKUP_LIMITS, limitGuesses, PRE_BUY_KEY_LIMITS } from '../../src/modules/consignment/key-lookup-limits';
import { memoryRateStore } from '../../src/platform/rate/rate-store';
import { expectCode, loginAs, testDb, useTestApp, useTestClient } from '../helpers';

/**
 * Issue 31, item 2: 预购码 guesses were never limited (150 in 23 s, all answered). They are now
 * counted as 寄售码 lookups are (the same mechanism, key-lookup-limits.ts), under their own counters.
 */
const t = useTestApp();
const app = useTestClient(t, 'APP');
const guess = (token: string, i: number) =>
  app.call(bindUserByPreBuyKey, { preBuyKey: `ZZZZZ${String(i).padStart(3, '0')}` }, { token });

describe(`预购码 tries (${testDb})`, () => {
  it('refuses the 21st try of a user in a minute, whatever the key; others and 寄售码 lookups still answer', async () => {
    const guesser = await loginAs(t, '13652000001');
    for (let i = 0; i < PRE_BUY_KEY_LIMITS.perUserMinute; i += 1)
      expectCode(await guess(guesser.token, i), '10002', '预购码不存在，请向卖家确认');
    expectCode(await guess(guesser.token, 999), '10005', '预购码尝试过于频繁，请稍后再试');
    // Another user from the same address is still answered.
    const other = await loginAs(t, '13652000002');
    expectCode(await guess(other.token, 1), '10002', '预购码不存在，请向卖家确认');
    // The 寄售码 lookups count apart: the guesser's are untouched.
    expectCode(await app.call(getJyhKeyInfo, { jyhKey: 'ZZZZ-ZZZZ' }, { token: guesser.token }), '31001');
  });

  it('refuses the 61st try from one address in an hour, whoever tries, and counts apart from 寄售码', async () => {
    let clock = 0;
    const rates = memoryRateStore(() => clock);
    for (let i = 0; i < PRE_BUY_KEY_LIMITS.perAddressHour; i += 1)
      await limitGuesses(rates, PRE_BUY_KEY_LIMITS, { userId: i, address: '10.2.2.2' });
    await expect(limitGuesses(rates, PRE_BUY_KEY_LIMITS, { userId: 999, address: '10.2.2.2' })).rejects.toMatchObject({
      code: '10005',
      message: '预购码尝试过于频繁，请稍后再试',
    });
    await limitGuesses(rates, KEY_LOOKUP_LIMITS, { userId: 999, address: '10.2.2.2' });
    await limitGuesses(rates, PRE_BUY_KEY_LIMITS, { userId: 999, address: '10.2.2.3' });
    clock += 3_600_000;
    await limitGuesses(rates, PRE_BUY_KEY_LIMITS, { userId: 1000, address: '10.2.2.2' });
  });
});
