import type { CommodityDetail } from '@app/protocol/calls/exchange';
import { deriveSaleType, SaleType, salePriceLabel } from '@app/protocol/commodity';
import { formatPriceFen } from '@app/protocol/format';
import { Share2, Star } from 'lucide-react';
import { type ComponentType, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { copy } from '../../../lib/copy';
import { paths } from '../../../lib/paths';
import { storage } from '../../../lib/storage';
import { showToast } from '../../../lib/ui-bus';
import { useCollectCommodity } from '../api/collect-commodity';

const t = copy.commodity;
/**
 * The offer (出价) dialog of the bargain domain, filled in by app/ (a feature never imports another);
 * not on the first screen: app/ gives it as a lazy component, loaded when first opened.
 */
export type OfferDialogSlot = ComponentType<{ scene: string; listing: CommodityDetail; onClose: () => void }>;
const loggedIn = () => Boolean(storage.get('token'));

/** The detail's query parameter asking, after a login forced by 收藏, for the collect it interrupted. */
export const COLLECT_AFTER_LOGIN = 'thenCollect';

/** This page with the collect to carry out once back from login. */
function hereThenCollect(): string {
  const query = new URLSearchParams(globalThis.location.search);
  query.set(COLLECT_AFTER_LOGIN, '1');
  return `${globalThis.location.pathname}?${query}`;
}

/**
 * The collect / collected toggle of the nav bar; logged-out users go to login first, and back
 * on the detail the collect they asked for is made (once: the parameter leaves the address).
 */
export function CollectButton({ scene, detail }: { scene: string; detail: CommodityDetail }) {
  const navigate = useNavigate();
  const collect = useCollectCommodity();
  const [params, setParams] = useSearchParams();
  const asked = params.get(COLLECT_AFTER_LOGIN) === '1';
  const done = useRef(false);
  useEffect(() => {
    if (!asked || done.current || !loggedIn()) return;
    done.current = true;
    setParams(
      (p) => {
        p.delete(COLLECT_AFTER_LOGIN);
        return p;
      },
      { replace: true },
    );
    if (detail.collected) return;
    collect.mutate(
      { commodityId: detail.id, collect: 1 },
      { onSuccess: (r) => showToast(r.collected ? t.collectDone : t.uncollectDone) },
    );
  }, [asked, detail.collected, detail.id, collect, setParams]);
  return (
    <button
      type="button"
      className={`c-nav-action${detail.collected ? ' active' : ''}`}
      aria-pressed={detail.collected}
      data-testid="collect-toggle"
      disabled={collect.isPending}
      onClick={() => {
        if (!loggedIn()) return navigate(paths.login(scene, hereThenCollect()));
        collect.mutate(
          { commodityId: detail.id, collect: detail.collected ? 0 : 1 },
          { onSuccess: (r) => showToast(r.collected ? t.collectDone : t.uncollectDone) },
        );
      }}
    >
      <Star size="1em" fill={detail.collected ? 'currentColor' : 'none'} aria-hidden="true" />{' '}
      {detail.collected ? t.collected : t.collect}
    </button>
  );
}

async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Non-secure pages and some web views have no clipboard API: fall back to a selection copy.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
}

/** Copies the h5 share link (opened on a PC it lands on the web detail, see app/launch.ts). */
export function ShareButton({ id }: { id: string }) {
  return (
    <button
      type="button"
      className="c-nav-action"
      data-testid="share-button"
      onClick={async () => {
        const link = paths.shareLink(globalThis.location.origin, id);
        await copyText(link);
        showToast(t.linkCopied);
      }}
    >
      <Share2 size="1em" aria-hidden="true" /> {t.share}
    </button>
  );
}

/** Price, what the buyer pays, and the buy button (disabled while locked or not on sale). */
export function BuyBar({
  scene,
  detail,
  locked,
  pc,
  OfferDialog,
}: {
  scene: string;
  detail: CommodityDetail;
  locked: boolean;
  pc: boolean;
  OfferDialog: OfferDialogSlot;
}) {
  const navigate = useNavigate();
  const saleType = deriveSaleType(detail.saleType, detail.auctionEnable);
  const onSale = detail.status === 1;
  const disabled = locked || !onSale || detail.isMine;
  const label = locked ? t.locked : !onSale ? detail.statusName || t.notOnSale : detail.isMine ? t.ownCommodity : t.buy;
  // An auction is won by bidding on its own page, never bought at its shown price.
  const auction = saleType === SaleType.AUCTION;
  const [offering, setOffering] = useState(false);
  return (
    <div className={pc ? 'c-buy-pc' : 'c-buy-bar'} data-testid="buy-bar">
      <div style={{ flex: 1 }}>
        <div className="muted" style={{ fontSize: 12 }}>
          {salePriceLabel(saleType)}{' '}
          <span className="price" style={{ fontSize: 20 }} data-testid="detail-price">
            {formatPriceFen(detail.price)}
          </span>
        </div>
        <div className="muted" style={{ fontSize: 12 }} data-testid="buyer-pays">
          {t.buyerPays} {formatPriceFen(detail.buyerPays)}
          {detail.buyerFee > 0 ? `（含手续费 ${formatPriceFen(detail.buyerFee)}）` : ''}
        </div>
      </div>
      {onSale && !detail.isMine && !auction && detail.negotiation.flow ? (
        <button
          type="button"
          className="btn btn-ghost"
          disabled={locked}
          data-testid="offer-button"
          data-flow={detail.negotiation.flow}
          onClick={() => (loggedIn() ? setOffering(true) : navigate(paths.login(scene)))}
        >
          {detail.negotiation.flow === 'bargain' ? '还价' : '出价'}
        </button>
      ) : null}
      {auction ? (
        <button
          type="button"
          className="btn btn-primary"
          data-testid="auction-button"
          onClick={() => navigate(paths.auctionDetail(scene, detail.id))}
        >
          去竞拍
        </button>
      ) : (
        <button
          type="button"
          className="btn btn-primary"
          disabled={disabled}
          data-testid="buy-button"
          onClick={() => {
            // After a login forced by 立即购买 the purchase goes on: login returns to the order's confirmation.
            if (!loggedIn()) return navigate(paths.login(scene, paths.orderConfirm(scene, detail.id)));
            navigate(paths.orderConfirm(scene, detail.id));
          }}
        >
          {label}
        </button>
      )}
      {offering ? (
        <Suspense fallback={null}>
          <OfferDialog scene={scene} listing={detail} onClose={() => setOffering(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
