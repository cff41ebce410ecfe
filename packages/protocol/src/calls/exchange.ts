import { z } from 'zod';
import { defineCall } from '../contract';

/** Query values arrive as text when the client sends a plain GET: coerce them. */
const queryInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** The commodity card of platform-shell §2 / §3. Prices are integer fen. */
export const commodityCardSchema = z.object({
  id: z.string(),
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  title: z.string(),
  gameName: z.string(),
  applicationId: z.string(),
  serverName: z.string(),
  role: z.string().nullable(),
  roleConfigTypeName: z.string().nullable(),
  roleLevel: z.number().int().nullable(),
  coinConfigTypeName: z.string().nullable(),
  coinNum: z.number().int().nullable(),
  firstImg: z.string(),
  price: z.number().int(),
  saleType: z.number().int(),
  auctionEnable: z.number().int(),
  publishTime: z.number().int(),
});
export type CommodityCard = z.infer<typeof commodityCardSchema>;

export const commodityList = defineCall({
  service: 'exchange',
  call: 'commodityList',
  version: 1,
  access: 'pb',
  method: 'GET',
  scene: 'app',
  requiresAppId: true,
  summary: 'Commodity list of one game (X-AppId), filtered and paged',
  request: z.object({
    page: queryInt(1, 10_000).default(1),
    pageSize: queryInt(1, 50).default(20),
    type: z.coerce.number().int().min(1).max(3).optional(),
    serverId: z.string().max(64).optional(),
    keyword: z.string().max(50).optional(),
  }),
  response: z.object({
    list: z.array(commodityCardSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
});
