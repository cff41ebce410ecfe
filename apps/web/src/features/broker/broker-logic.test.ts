import { brokerTotalFen } from '@app/protocol/calls/broker';
import { describe, expect, it } from 'vitest';
import {
  checkPublish,
  coinsPerYuan,
  coinsToWan,
  deliverChoices,
  deliverText,
  listingActions,
  listingStatusWord,
  maxOrderable,
  orderTotal,
  type PublishDraft,
  quantityProblem,
  unitPriceText,
  wanToCoins,
} from './broker-logic';

const listing = { minPerOrder: 10_000, maxPerOrder: 1_000_000, stock: 500_000, goldName: '金币' };
const config = { minQuantity: 10_000, maxQuantity: 100_000_000, deliverMinutes: 30 };
const draft: PublishDraft = {
  serverId: 's1',
  goldType: '2',
  unitPriceYuan: '1.5',
  stockWan: '500',
  minWan: '1',
  maxWan: '100',
  deliverMinutes: '30',
};

describe('broker quantities and totals', () => {
  it('reads 万 with up to four decimals as whole coins, and writes them back', () => {
    expect(wanToCoins('12.5')).toBe(125_000);
    expect(wanToCoins('0.0001')).toBe(1);
    expect(wanToCoins(' 3 ')).toBe(30_000);
    for (const bad of ['', '0', '-1', '1.23456', 'abc', '1e3']) expect(wanToCoins(bad)).toBeNull();
    expect(coinsToWan(125_000)).toBe('12.5');
    expect(coinsToWan(10_000)).toBe('1');
    expect(coinsToWan(1)).toBe('0.0001');
  });

  it('totals by the contract (per 万, rounded up to the fen)', () => {
    expect(orderTotal(125_000, 150)).toBe(1875);
    expect(orderTotal(125_000, 150)).toBe(brokerTotalFen(125_000, 150));
    expect(orderTotal(10_001, 150)).toBe(151);
    expect(orderTotal(null, 150)).toBeNull();
    expect(unitPriceText(150)).toBe('¥1.50/万');
    expect(coinsPerYuan(150)).toBe(6666);
  });

  it('says why a quantity cannot be ordered: below the minimum, above what is left, above the maximum', () => {
    expect(quantityProblem(null, listing)).toBe('请输入购买数量（单位：万，最多4位小数）');
    expect(quantityProblem(5_000, listing)).toBe('单笔最少购买1万金币');
    expect(quantityProblem(600_000, listing)).toBe('库存不足，当前剩余50万金币');
    expect(quantityProblem(2_000_000, { ...listing, stock: 5_000_000 })).toBe('单笔最多购买100万金币');
    expect(quantityProblem(10_000, listing)).toBeNull();
    expect(quantityProblem(500_000, listing)).toBeNull();
    expect(maxOrderable(listing)).toBe(500_000);
  });
});

describe('the publish form against the game’s bounds', () => {
  it('turns the typed form into the call’s values', () => {
    expect(checkPublish(draft, config)).toEqual({
      ok: true,
      values: {
        serverId: 's1',
        goldType: 2,
        unitPrice: 150,
        stock: 5_000_000,
        minPerOrder: 10_000,
        maxPerOrder: 1_000_000,
        deliverMinutes: 30,
      },
    });
  });

  it('refuses each bad field with the server’s words', () => {
    const problem = (over: Partial<PublishDraft>) => {
      const r = checkPublish({ ...draft, ...over }, config);
      return r.ok ? null : r.problem;
    };
    expect(problem({ serverId: '' })).toBe('请选择区服');
    expect(problem({ unitPriceYuan: '1.234' })).toBe('请输入单价（元/万，最多2位小数）');
    expect(problem({ unitPriceYuan: '0' })).toBe('单价须大于0');
    expect(problem({ stockWan: '' })).toBe('请输入库存（单位：万）');
    expect(problem({ minWan: '0.5' })).toBe('单笔最少数量不能低于1万');
    expect(problem({ maxWan: '20000' })).toBe('单笔最多数量不能高于1亿');
    expect(problem({ minWan: '50', maxWan: '20' })).toBe('单笔最少数量不能大于最多数量');
    expect(problem({ stockWan: '0.5', minWan: '1' })).toBe('库存不能少于单笔最少数量');
    expect(problem({ deliverMinutes: '60' })).toBe('发货时效不能超过30分钟');
  });

  it('offers the delivery promises within the game’s window', () => {
    expect(deliverChoices({ deliverMinutes: 30 })).toEqual([5, 10, 15, 30]);
    expect(deliverText(30)).toBe('30分钟内发货');
    expect(deliverText(120)).toBe('2小时内发货');
  });
});

describe('listing statuses', () => {
  it('names each status and allows its shelf actions only', () => {
    expect([0, 1, 2].map(listingStatusWord)).toEqual(['出售中', '已下架', '已售罄']);
    expect(listingStatusWord(9)).toBe('未知状态');
    expect(listingActions(0)).toEqual(['down']);
    expect(listingActions(1)).toEqual(['on', 'delete']);
    expect(listingActions(2)).toEqual(['delete']);
  });
});
