import { describe, expect, it } from 'vitest';
import { BALANCE_GUARD_MS, balanceGuard } from './balance-guard';

describe('balanceGuard', () => {
  it('lets the first balance payment go, refuses a repeat within 2 s and accepts one after', () => {
    let clock = 1_000_000;
    const mayPay = balanceGuard(() => clock);
    expect(mayPay()).toBe(true);
    // A double tap at the same instant, and one just before the 2 s are over.
    expect(mayPay()).toBe(false);
    clock += BALANCE_GUARD_MS - 1;
    expect(mayPay()).toBe(false);
    // A refused tap does not extend the wait.
    clock += 1;
    expect(mayPay()).toBe(true);
    expect(mayPay()).toBe(false);
    clock += BALANCE_GUARD_MS;
    expect(mayPay()).toBe(true);
  });

  it('lets the next attempt go at once after a refused one (a wrong payment password)', () => {
    const clock = 1_000;
    const mayPay = balanceGuard(() => clock);
    expect(mayPay()).toBe(true);
    expect(mayPay()).toBe(false);
    mayPay.release();
    expect(mayPay()).toBe(true);
    expect(mayPay()).toBe(false);
  });

  it('keeps each cashier’s guard apart', () => {
    const clock = () => 5_000;
    const a = balanceGuard(clock);
    const b = balanceGuard(clock);
    expect(a()).toBe(true);
    expect(b()).toBe(true);
    expect(a()).toBe(false);
  });
});
