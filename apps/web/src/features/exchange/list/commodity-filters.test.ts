import { describe, expect, it } from 'vitest';
import {
  checkRange,
  countPanelFilters,
  fenToYuanText,
  filtersFromQuery,
  queryWithFilters,
  withType,
  yuanToFen,
} from './commodity-filters';

describe('list filters in the URL query', () => {
  it('reads known keys, drops junk, and keeps other keys when writing back', () => {
    const q = new URLSearchParams(
      'applicationId=demo-legend&type=1&priceMin=100&levelMin=x&sort=bogus&keyword=%20战士%20',
    );
    const f = filtersFromQuery(q);
    expect(f).toEqual({ type: 1, priceMin: 100, keyword: '战士' });
    const next = queryWithFilters(q, { ...f, sort: 'priceAsc', serverId: 's1' });
    expect(next.get('applicationId')).toBe('demo-legend');
    expect(next.get('sort')).toBe('priceAsc');
    expect(next.get('serverId')).toBe('s1');
    expect(next.has('levelMin')).toBe(false);
    expect(queryWithFilters(q, { sort: 'newest' }).has('sort')).toBe(false);
  });

  it('drops the fields of another type when the type changes', () => {
    const f = { type: 1, roleType: 2, levelMin: 10, sort: 'levelDesc' as const, priceMax: 500 };
    expect(withType(f, 2)).toEqual({ type: 2, priceMax: 500 });
    expect(withType({ type: 2, coinType: 1, coinNumMin: 5 }, 2)).toEqual({ type: 2, coinType: 1, coinNumMin: 5 });
    expect(countPanelFilters({ serverId: 's', priceMin: 1, priceMax: 2, levelMax: 3 })).toBe(3);
  });

  it('converts 元 to fen exactly and explains what is wrong', () => {
    expect(yuanToFen('')).toEqual({ ok: true, value: undefined });
    expect(yuanToFen('12.5')).toEqual({ ok: true, value: 1250 });
    expect(yuanToFen('0.07')).toEqual({ ok: true, value: 7 });
    expect(yuanToFen('19.99')).toEqual({ ok: true, value: 1999 });
    expect(yuanToFen('1.234')).toEqual({ ok: false, error: '价格最多保留两位小数' });
    expect(yuanToFen('-3')).toEqual({ ok: false, error: '请输入正确的价格' });
    expect(yuanToFen('abc')).toEqual({ ok: false, error: '请输入正确的价格' });
    expect(fenToYuanText(1250)).toBe('12.5');
    expect(fenToYuanText(7)).toBe('0.07');
    expect(fenToYuanText(300)).toBe('3');
    expect(checkRange(500, 100, '最低价不能高于最高价')).toBe('最低价不能高于最高价');
    expect(checkRange(100, undefined, 'x')).toBeNull();
  });
});
