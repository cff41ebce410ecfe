/** The balance-pay guard of business-flows §9: a second balance payment within 2 s does nothing. */
export const BALANCE_GUARD_MS = 2000;

/**
 * One guard per cashier: answers true when a balance payment may go, and then holds the next one
 * for BALANCE_GUARD_MS. Kept outside React state, so two taps before the page renders again are
 * still one payment; the clock is a parameter for the tests.
 */
export function balanceGuard(now: () => number = Date.now): (() => boolean) & { release: () => void } {
  let until = Number.NEGATIVE_INFINITY;
  const mayPay = () => {
    const at = now();
    if (at < until) return false;
    until = at + BALANCE_GUARD_MS;
    return true;
  };
  // A payment the server refused (a wrong payment password) was no payment: the next attempt may go at once.
  const release = () => {
    until = Number.NEGATIVE_INFINITY;
  };
  return Object.assign(mayPay, { release });
}
