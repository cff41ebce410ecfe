import { describe, expect, it } from 'vitest';
import { deriveSaleType, propSubTypeLabel, salePriceLabel } from '../src/commodity';
import { ErrorCode, errorCatalogue, isErrorCode } from '../src/errors';
import { messageJumpPath, normaliseLinkType } from '../src/links';
import { payChannelLabel, thirdPartyOf } from '../src/pay-channel';
import { abGroupOf, homeSceneOfPlatform, PLATFORMS, rootPathOfPlatform, shiftEnvForGray } from '../src/platform';
import { bargainStatusLabel, bargainTransitions } from '../src/statuses/bargain-status';
import { brokerOrderStatusLabel, brokerOrderTransitions } from '../src/statuses/broker-order-status';
import { listingStatusLabel, listingTransitions } from '../src/statuses/listing-status';
import { orderStatusLabel, orderTransitions } from '../src/statuses/order-status';
import { canTransition, isTerminal, type TransitionTable } from '../src/statuses/transition';

function checkTable<S extends number>(name: string, table: TransitionTable<S>, labels: Record<S, string>) {
  it(`${name}: every status has a label and only moves to known statuses`, () => {
    const statuses = Object.keys(table).map(Number) as S[];
    expect(Object.keys(labels).map(Number).sort()).toEqual([...statuses].sort());
    for (const from of statuses) {
      expect(labels[from]).toBeTruthy();
      for (const to of table[from]) expect(statuses).toContain(to);
    }
  });
  it(`${name}: nothing leaves a terminal status`, () => {
    for (const from of Object.keys(table).map(Number) as S[]) {
      if (isTerminal(table, from))
        for (const to of Object.keys(table).map(Number) as S[]) expect(canTransition(table, from, to)).toBe(false);
    }
  });
}

describe('status tables', () => {
  checkTable('order (buyer)', orderTransitions, orderStatusLabel.buyer);
  checkTable('order (seller)', orderTransitions, orderStatusLabel.seller);
  checkTable('broker order', brokerOrderTransitions, brokerOrderStatusLabel);
  checkTable('listing', listingTransitions, listingStatusLabel);
  checkTable('bargain (buyer)', bargainTransitions, bargainStatusLabel.bargain[1]);
  checkTable('offer (seller)', bargainTransitions, bargainStatusLabel.offer[2]);

  it('keys the money paths as a payments engineer expects', () => {
    expect(canTransition(orderTransitions, 1, 2)).toBe(true);
    expect(canTransition(orderTransitions, -1, 2)).toBe(false);
    expect(canTransition(orderTransitions, 2, 1)).toBe(false);
    expect(bargainStatusLabel.offer[1][11]).toContain('出价');
  });
});

describe('catalogues', () => {
  it('gives every code a zh-CN message', () => {
    for (const code of Object.values(ErrorCode)) {
      expect(isErrorCode(code)).toBe(true);
      expect(errorCatalogue[code].message.length).toBeGreaterThan(0);
    }
    expect(errorCatalogue['10003'].message).toBe('AppId异常');
    expect(errorCatalogue['20118'].behaviour).toBe('expiredLogin');
    expect(isErrorCode('99999')).toBe(false);
  });

  it('derives the sale type from saleType and auctionEnable', () => {
    expect(deriveSaleType(0, 0)).toBe(0);
    expect(deriveSaleType(1, 0)).toBe(1);
    expect(deriveSaleType(0, 1)).toBe(2);
    expect(deriveSaleType(1, true)).toBe(2);
    expect(salePriceLabel(1)).toBe('预售价');
    expect(Object.values(propSubTypeLabel)).toEqual(['衣服', '武器', '特戒', '首饰', '时装', '专属首饰', '其他']);
  });

  it('names pay channels and their third party', () => {
    expect(payChannelLabel[5]).toBe('余额+支付宝');
    expect([1, 2, 3, 4, 5, 6].map((c) => thirdPartyOf(c as 1))).toEqual([1, 2, null, 4, 1, 2]);
  });

  it('routes message jumps and normalises link types', () => {
    expect(messageJumpPath(1, 'app', { commodityId: 9, saleType: 1 })).toBe(
      '/app/pages/userCenter/saleShelf/preSaledetails?commodityId=9&saleType=1',
    );
    expect([undefined, 1, 2, 3, '2', 9].map(normaliseLinkType)).toEqual([1, 1, 2, 3, 2, 1]);
  });

  it('lands each of the 14 platforms in a scene', () => {
    expect(PLATFORMS).toHaveLength(14);
    for (const platform of PLATFORMS)
      expect(rootPathOfPlatform(platform)).toMatch(new RegExp(`^/${homeSceneOfPlatform[platform]}/pages/`));
    expect(rootPathOfPlatform('h5-sdk-ios')).toBe('/h5sdk/pages/commodityList/list');
    expect(rootPathOfPlatform('pc-sdk-desktop')).toBe('/h5pc/pages/index/index');
  });

  it('shifts gray environments and splits A/B by uid % 3', () => {
    expect(shiftEnvForGray('pre', true)).toBe('production');
    expect(shiftEnvForGray('development', true)).toBe('pre');
    expect(shiftEnvForGray('pre', false)).toBe('pre');
    expect([3, 4, 5].map(abGroupOf)).toEqual(['A', 'B', 'A']);
  });
});
