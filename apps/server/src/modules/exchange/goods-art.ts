import { CommodityType, type PropSubType, propSubTypeLabel } from '@app/protocol/commodity';
import { formatCount } from '@app/protocol/format';

/**
 * The picture of a coin or prop listing: drawn by the market's art route from what is sold (coin
 * name and amount, item name and kind). The game's bag screenshot is not shown for these: it
 * carries the seller's role name, which only a role listing may show.
 */
export function goodsArt(r: {
  type: number;
  coin_type_name: string | null;
  coin_num: number | null;
  sub_type: number | null;
  item_name?: string | null;
  title: string;
}): string {
  const coin = r.type === CommodityType.COIN;
  const title = coin ? (r.coin_type_name ?? '游戏币') : (r.item_name ?? r.title.split('｜')[0] ?? '道具');
  const subtitle = coin
    ? formatCount(r.coin_num ?? 0)
    : r.sub_type
      ? (propSubTypeLabel[r.sub_type as PropSubType] ?? '道具')
      : '道具';
  const n = [...title].reduce((sum, c) => sum + (c.codePointAt(0) ?? 0), 0);
  const query = new URLSearchParams({ t: title.slice(0, 12), s: subtitle });
  return `/market/art/${coin ? 'coin' : 'prop'}/${n % 6}.svg?${query}`;
}

/** The listing's picture as shown: its own screenshot for a role, drawn art for coins and props. */
export const shownImage = (r: Parameters<typeof goodsArt>[0] & { first_img: string }): string =>
  r.type === CommodityType.ROLE ? r.first_img : goodsArt(r);
