import { afterEach, describe, expect, it, vi } from 'vitest';
import { styledImage } from './image-style';

afterEach(() => vi.unstubAllGlobals());

describe('styledImage', () => {
  it('puts the style after the path and keeps the query', () => {
    expect(styledImage('/demo-game/render/role/7/bag.svg', '108x108')).toBe(
      '/storage/styled/demo-game/render/role/7/bag.svg!108x108',
    );
    expect(styledImage('/market/art/coin/2.svg?t=%E9%87%91&s=1%E4%B8%87', 'rp50')).toBe(
      '/storage/styled/market/art/coin/2.svg!rp50?t=%E9%87%91&s=1%E4%B8%87',
    );
  });

  it('styles an absolute address of this site, leaves other sites and styled ones alone', () => {
    vi.stubGlobal('location', { origin: 'https://m.example' });
    expect(styledImage('https://m.example/storage/objects/public/a.png', 'rp50')).toBe(
      '/storage/styled/storage/objects/public/a.png!rp50',
    );
    expect(styledImage('https://game.example/a.png', 'rp50')).toBe('https://game.example/a.png');
    expect(styledImage('/storage/styled/a.png!rp50', '108x108')).toBe('/storage/styled/a.png!rp50');
    expect(styledImage('', 'rp50')).toBe('');
  });
});
