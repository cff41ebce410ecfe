import type { CommodityListRequest } from '@app/protocol/calls/exchange';
import type { ListQuery } from '../apps/server/src/modules/exchange/commodity.queries';

/**
 * The commodity-list requests of the market benchmark: what the H5 list, the game lobby and the
 * SDK home ask most (one game, one type, a sort; often one server; the role and coin filters).
 * `weight` is the share of the load mix; 0 = EXPLAIN only (not reachable over HTTP today).
 */
export interface MarketCase {
  name: string;
  appId: string;
  params: CommodityListRequest;
  /** The master-server group when the game trades across servers (own server first). */
  groupOf?: string;
  weight: number;
  /** A known gap: the EXPLAIN check reports the plan but does not fail on it. */
  gap?: string;
}

export const MARKET_CASES: MarketCase[] = [
  { name: 'newest · type', appId: 'demo-legend', params: { type: 1, sort: 'newest' }, weight: 3 },
  { name: 'newest · all types', appId: 'demo-legend', params: { sort: 'newest' }, weight: 2 },
  { name: 'newest · server', appId: 'demo-legend', params: { type: 2, serverId: 's3', sort: 'newest' }, weight: 3 },
  { name: 'priceAsc · type', appId: 'demo-xianxia', params: { type: 3, sort: 'priceAsc' }, weight: 2 },
  { name: 'priceAsc · server', appId: 'demo-legend', params: { type: 1, serverId: 's7', sort: 'priceAsc' }, weight: 2 },
  { name: 'priceAsc · all types', appId: 'demo-sanguo', params: { sort: 'priceAsc' }, weight: 1 },
  { name: 'priceDesc · type', appId: 'demo-legend', params: { type: 1, sort: 'priceDesc' }, weight: 1 },
  {
    name: 'levelDesc · roles 50–90',
    appId: 'demo-legend',
    params: { type: 1, levelMin: 50, levelMax: 90, sort: 'levelDesc' },
    weight: 2,
  },
  { name: 'levelAsc · roles', appId: 'demo-xianxia', params: { type: 1, sort: 'levelAsc' }, weight: 1 },
  {
    name: 'levelDesc · roles class+server',
    appId: 'demo-legend',
    params: { type: 1, serverId: 's2', roleType: 2, sort: 'levelDesc' },
    weight: 1,
  },
  {
    name: 'unitPriceAsc · coinType',
    appId: 'demo-legend',
    params: { type: 2, coinType: 2, sort: 'unitPriceAsc' },
    weight: 2,
  },
  {
    name: 'unitPriceAsc · coinType+server',
    appId: 'demo-xianxia',
    params: { type: 2, coinType: 1, serverId: 's4', sort: 'unitPriceAsc' },
    weight: 1,
  },
  {
    name: 'priceAsc · props subType',
    appId: 'demo-legend',
    params: { type: 3, subType: 4, sort: 'priceAsc' },
    weight: 2,
  },
  {
    name: 'newest · props subType+server',
    appId: 'demo-sanguo',
    params: { type: 3, subType: 6, serverId: 's5', sort: 'newest' },
    weight: 1,
  },
  {
    name: 'newest · cross-server group',
    appId: 'demo-xianxia',
    params: { type: 1, serverId: 's2', crossServer: 1, sort: 'newest' },
    groupOf: 'm1',
    weight: 1,
  },
  {
    name: 'priceAsc · cross-server group',
    appId: 'demo-xianxia',
    params: { type: 2, serverId: 's2', crossServer: 1, sort: 'priceAsc' },
    groupOf: 'm1',
    weight: 1,
  },
  {
    name: 'unitPriceAsc · coins, any coinType',
    appId: 'demo-legend',
    params: { type: 2, sort: 'unitPriceAsc' },
    weight: 1,
  },
];

/** The server's ListQuery of a case (defaults as the request schema applies them). */
export function listQueryOf(c: MarketCase, page = 1): ListQuery {
  return {
    pageSize: 20,
    ...c.params,
    page,
    sort: c.params.sort ?? 'newest',
    applicationId: c.appId,
    groupOf: c.groupOf,
  } as ListQuery;
}
