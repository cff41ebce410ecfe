import { describe, expect, it } from 'vitest';
import { queriesRefreshedBy } from './notice-refresh';

describe('what a pushed notification refreshes', () => {
  it('refreshes the offers when the seller agrees, refuses, or a proposal lapses or arrives', () => {
    for (const kind of ['offerAgreed', 'offerRefused', 'offerLapsed', 'offerWithdrawn', 'offerReceived'] as const)
      expect(queriesRefreshedBy(kind)).toContainEqual(['bargain']);
    expect(queriesRefreshedBy('depositCompensated')).toContainEqual(['bargain']);
  });

  it('refreshes only the message centre for the rest', () => {
    expect(queriesRefreshedBy('orderPaid')).toEqual([queriesRefreshedBy('orderPaid')[0]]);
    expect(queriesRefreshedBy('couponGranted')).not.toContainEqual(['bargain']);
  });
});
