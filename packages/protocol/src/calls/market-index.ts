import { z } from 'zod';
import { defineCall } from '../contract';
import { daysBetween } from '../ops-stats';

/**
 * The market's price indices for players (issue 36 item 3, docs/decisions/0065-indices-price-bins.md):
 * per game and server group, the daily median and P25–P75 band of finished trades' prices, from the
 * statistics' day histograms. Coins in fen per 10,000 coins (¥/万); roles and props in fen, by class
 * (role type, prop sub-type) and level band.
 */

/** The longest range one query answers (from and to both included). */
export const PRICE_INDEX_MAX_DAYS = 90;

/** Roles are grouped in bands of this many levels: 40–49 is '40-49' (the exchange's source bands them). */
export const LEVEL_BAND_SIZE = 10;

const day = z
  .string({ error: '请选择日期' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 2026-12-02')
  .refine((d) => !Number.isNaN(new Date(`${d}T00:00:00+08:00`).getTime()), '日期不正确');

const dimension = (what: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${what}过长`)
    .regex(/^[\w.-]*$/, `${what}不正确`)
    .default('');

export const priceIndexQuery = z
  .object({
    /** 1 role, 2 coin, 3 prop. */
    type: z.coerce
      .number({ error: '商品类型不正确' })
      .int('商品类型不正确')
      .refine((t) => t === 1 || t === 2 || t === 3, '商品类型不正确'),
    /** The coin type (coins), role type (roles) or prop sub-type (props); '' = every kind. */
    kind: dimension('类别', 16),
    /** The master server (server group); '' = the whole game. */
    masterServerId: dimension('服务器', 64),
    /** Roles: '40-49'; '' = every level. */
    levelBand: dimension('等级段', 16),
    from: day,
    to: day,
  })
  .refine((q) => q.from <= q.to, { message: '开始日期不能晚于结束日期' })
  .refine((q) => daysBetween(q.from, q.to) <= PRICE_INDEX_MAX_DAYS, {
    message: `行情一次最多查询${PRICE_INDEX_MAX_DAYS}天`,
  });
export type PriceIndexQuery = z.infer<typeof priceIndexQuery>;

/** A median and its band over some finished trades; `trimmed` trades lay beyond a third or three times the median. */
const indexFigures = {
  trades: z.number().int(),
  trimmed: z.number().int(),
  p25: z.number().int(),
  median: z.number().int(),
  p75: z.number().int(),
};

export const priceIndexPoint = z.object({ day: z.string(), ...indexFigures });
export type PriceIndexPoint = z.infer<typeof priceIndexPoint>;

export const priceIndexResponse = z.object({
  /** Days with finished trades, in order. */
  points: z.array(priceIndexPoint),
  /** The whole range at once (its histograms summed); null without trades. */
  range: z.object(indexFigures).nullable(),
  /** Per kind and level band over the range (roles: class × level band; props: sub-type; coins: coin type). */
  kinds: z.array(z.object({ kind: z.string(), levelBand: z.string(), ...indexFigures })),
});
export type PriceIndex = z.infer<typeof priceIndexResponse>;

export const priceIndex = defineCall({
  service: 'exchange',
  call: 'priceIndex',
  version: 1,
  access: 'pb',
  method: 'GET',
  scene: 'app',
  requiresAppId: true,
  summary: '行情: daily median and P25–P75 band of finished trades for a game and server group (≤ 90 days)',
  request: priceIndexQuery,
  response: priceIndexResponse,
});
