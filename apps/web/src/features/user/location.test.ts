import { describe, expect, it } from 'vitest';
import { formatCoord, placeOf, withPlace } from './location';

describe('map pages', () => {
  it('reads a place from the query and refuses missing or impossible coordinates', () => {
    expect(placeOf('?latitude=39.9&longitude=116.4&name=天安门')).toEqual({
      latitude: 39.9,
      longitude: 116.4,
      name: '天安门',
      address: '',
    });
    expect(placeOf('?latitude=91&longitude=116.4')).toBeNull();
    expect(placeOf('?latitude=abc&longitude=116.4')).toBeNull();
    expect(placeOf('?longitude=116.4')).toBeNull();
  });

  it('goes back only to a path of this site, with the place added', () => {
    const place = { latitude: 31.2, longitude: 121.5, name: '外滩', address: '上海市黄浦区' };
    expect(withPlace('/h5/pages/my/index?x=1', place)).toBe(
      '/h5/pages/my/index?x=1&latitude=31.200000&longitude=121.500000&name=%E5%A4%96%E6%BB%A9&address=%E4%B8%8A%E6%B5%B7%E5%B8%82%E9%BB%84%E6%B5%A6%E5%8C%BA',
    );
    expect(withPlace('https://evil.example/', place)).toBeNull();
    expect(withPlace('//evil.example/', place)).toBeNull();
    expect(formatCoord(place)).toBe('北纬 31.20000°，东经 121.50000°');
  });
});
