import { formatPriceFen } from '@app/protocol/format';

/** A reference band of finished trades (fen; per 10,000 coins when perWan). */
export interface ReferenceBand {
  count: number;
  p25: number;
  median: number;
  p75: number;
}

/** Below half the band's low end, or above twice its high end: far enough to ask twice. */
export const FAR_BELOW = 0.5;
export const FAR_ABOVE = 2;

/** The price per 10,000 coins (fen, rounded), or null while the count or price is not set. */
export function unitPerWan(priceFen: number | null, coinNum: number): number | null {
  if (priceFen === null || priceFen <= 0 || !Number.isFinite(coinNum) || coinNum <= 0) return null;
  return Math.round((priceFen * 10_000) / coinNum);
}

/** Whether a price (per 10,000 for coins) lies far below or above the band; null when near it or no band. */
export function farFromBand(unit: number | null, band: ReferenceBand | null | undefined): 'low' | 'high' | null {
  if (unit === null || !band) return null;
  if (unit < band.p25 * FAR_BELOW) return 'low';
  if (unit > band.p75 * FAR_ABOVE) return 'high';
  return null;
}

const unitText = (fen: number, perWan: boolean) => `${formatPriceFen(fen)}${perWan ? '/万' : ''}`;

/** 市场参考 ¥57.00–¥86.00/万（近30天 12 笔成交）. */
export function bandText(band: ReferenceBand, perWan: boolean, days: number): string {
  return `市场参考 ${formatPriceFen(band.p25)}–${unitText(band.p75, perWan)}（近${days}天 ${band.count} 笔成交）`;
}

/** The warning under the price and in the second confirm. */
export function farText(far: 'low' | 'high', unit: number, band: ReferenceBand, perWan: boolean): string {
  const yours = `您的${perWan ? '单价' : '售价'} ${unitText(unit, perWan)}`;
  return far === 'low'
    ? `${yours}，远低于市场参考价（${formatPriceFen(band.p25)}–${unitText(band.p75, perWan)}），成交后无法追回差价`
    : `${yours}，远高于市场参考价（${formatPriceFen(band.p25)}–${unitText(band.p75, perWan)}），可能难以成交`;
}
