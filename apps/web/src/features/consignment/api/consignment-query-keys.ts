import type { ShelfTab } from '@app/protocol/calls/consignment-shelf';

/** Query keys of the selling side: what the seller may sell, their shelf, a consignment key. */
export const consignmentKeys = {
  all: ['consignment'] as const,
  sell: ['consignment', 'sell'] as const,
  sellConfig: ['consignment', 'sell', 'config'] as const,
  preSellConfig: ['consignment', 'sell', 'preSell'] as const,
  coins: ['consignment', 'sell', 'coins'] as const,
  items: ['consignment', 'sell', 'items'] as const,
  itemNum: ['consignment', 'sell', 'itemNum'] as const,
  reference: (type: number, what: string) => ['consignment', 'sell', 'reference', type, what] as const,
  gameRules: (appId: string) => ['consignment', 'rules', appId] as const,
  shelf: ['consignment', 'shelf'] as const,
  shelfTab: (tab: ShelfTab, sdk: boolean) => ['consignment', 'shelf', tab, sdk] as const,
  key: (key: string) => ['consignment', 'key', key] as const,
  /** Mutation key of every publish: the page shows the consignment overlay while one runs. */
  publish: ['consignment', 'publish'] as const,
};
