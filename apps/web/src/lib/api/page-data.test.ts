import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { readPageData, seedPageData } from './page-data';
import { queryDefaults } from './query-defaults';

describe("the page's data for its first screen", () => {
  it('goes into the query cache under its keys', () => {
    const client = new QueryClient({ defaultOptions: queryDefaults });
    const banners = { list: [{ id: '1', bannerName: '</script>传奇', imageUrl: '/a.svg' }] };
    seedPageData(client, JSON.stringify([{ key: ['market', 'banners', 'home'], data: banners }]));
    expect(client.getQueryData(['market', 'banners', 'home'])).toEqual(banners);
    expect(client.getQueryState(['market', 'banners', 'home'])?.status).toBe('success');
  });

  it('reads the escapes the server writes back to the same text', () => {
    const text = '[{"key":["k"],"data":{"t":"\\u003c/script\\u003e\\u2028\\u0026"}}]';
    expect(readPageData(text)).toEqual([{ key: ['k'], data: { t: '</script>\u2028&' } }]);
  });

  it('is nothing when missing, broken or not entries', () => {
    for (const text of [
      null,
      undefined,
      '',
      '{',
      '{"key":["k"]}',
      '[{"key":"k","data":1}]',
      '[{"key":[],"data":1}]',
      '[null]',
      '[{"key":["k"]}]',
    ])
      expect(readPageData(text), String(text)).toEqual([]);
  });
});
