import type { CommodityCard as Card } from '@app/protocol/calls/exchange';
import {
  deriveSaleType,
  type PropSubType,
  propSubTypeLabel,
  salePriceLabel,
  saleTagLabel,
} from '@app/protocol/commodity';
import { formatCount, formatPriceFen } from '@app/protocol/format';
import { useRef } from 'react';
import { Link } from 'react-router';
import { LazyImage } from '../../components/lazy-image';
import { styledImage } from '../../lib/image-style';
import { paths } from '../../lib/paths';
import { sceneOfPath } from '../../lib/platform';
import { recordClick } from './commodity-tracking';
import { useExposure } from './use-exposure';
import './commodity.css';

/** Role class and level, coin type and count (万/亿), or the prop sub-type. */
export function commodityFacts(
  item: Pick<Card, 'type' | 'roleConfigTypeName' | 'roleLevel' | 'coinConfigTypeName' | 'coinNum' | 'subType'>,
): string {
  if (item.type === 1)
    return [item.roleConfigTypeName, item.roleLevel !== null ? `${item.roleLevel}级` : null].filter(Boolean).join(' ');
  if (item.type === 2) return `${item.coinConfigTypeName ?? '游戏币'} ${formatCount(item.coinNum ?? 0)}`;
  return item.subType ? (propSubTypeLabel[item.subType as PropSubType] ?? '道具') : '道具';
}

/**
 * The commodity card of platform-shell §2: opens the detail (recording a click) and records an
 * exposure when it comes on screen. `invalid` greys it out (my collections).
 */
export function CommodityCard({ item, invalid = false }: { item: Card; invalid?: boolean }) {
  const ref = useRef<HTMLAnchorElement>(null);
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const saleType = deriveSaleType(item.saleType, item.auctionEnable);
  const tag = saleTagLabel(saleType);
  useExposure(ref, item.id, item);
  return (
    <Link
      ref={ref}
      to={paths.detail(scene, item)}
      className={`card c-card${invalid ? ' c-card-invalid' : ''}`}
      data-testid="commodity-card"
      data-id={item.id}
      onClick={() => recordClick(item.id, item)}
    >
      <LazyImage src={styledImage(item.firstImg, '108x108')} alt={item.title} className="c-card-img" />
      <div className="c-card-body">
        <div className="c-card-title">
          {tag ? <span className={`tag ${saleType === 1 ? 'tag-presale' : 'tag-auction'}`}>{tag}</span> : null}
          {invalid ? <span className="tag c-tag-invalid">已失效</span> : null} {item.title}
        </div>
        <div className="muted c-card-facts" data-testid="card-facts">
          {commodityFacts(item)} · {item.serverName}
        </div>
        <div className="c-card-price">
          <span className="muted">{salePriceLabel(saleType)}</span>
          <span className="price" data-testid="card-price">
            {formatPriceFen(item.price)}
          </span>
        </div>
      </div>
    </Link>
  );
}
