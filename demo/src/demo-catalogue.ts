import type { CatalogueEntry } from '../../apps/server/src/modules/market/game-catalogue';

/** The demo games' catalogue entries, as an operator would give a real game's (links to their host pages). */
const demoEntry = (prefix: string, over: Partial<CatalogueEntry>): CatalogueEntry => ({
  description: '',
  tags: [],
  h5IosUrl: `${prefix}/host`,
  iosUrl: `${prefix}/host?platform=ios`,
  h5AndroidUrl: `${prefix}/host`,
  androidUrl: `${prefix}/host?platform=android`,
  pcUrl: `${prefix}/host`,
  guideUrl: `${prefix}/host#guide`,
  recommendRank: 0,
  buyerFeePercent: 0,
  ...over,
});

export const DEMO_CATALOGUE: Record<string, CatalogueEntry> = {
  'demo-legend': demoEntry('/demo-game', {
    description: '经典三职业，沙城争霸，装备全靠打，金币自由交易。',
    tags: ['经典', '三职业', '自由交易'],
    recommendRank: 100,
  }),
  'demo-xianxia': demoEntry('/demo-xianxia', {
    description: '御剑飞行，问道长生，灵石仙玉皆可寄售。',
    tags: ['仙侠', '国风', '跨服交易'],
    recommendRank: 80,
  }),
  // No iOS build yet: the download card asks players to wait (business-flows §8).
  'demo-sanguo': demoEntry('/demo-sanguo', {
    description: '群雄逐鹿，名将养成，铜钱元宝互通有无。',
    tags: ['三国', '策略', '名将'],
    iosUrl: '',
    h5IosUrl: '',
    recommendRank: 60,
  }),
};
