import type { CommodityDetail } from '@app/protocol/calls/exchange';
import { deriveSaleType, saleTagLabel } from '@app/protocol/commodity';
import { FUNNEL_EVENTS } from '@app/protocol/tracking';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { FailureState } from '../../../components/failure-state';
import { MobileLayout } from '../../../components/mobile-layout';
import { PcLayout } from '../../../components/pc-layout';
import { isPcPage } from '../../../components/pc-page-frame';
import { copy } from '../../../lib/copy';
import { paths } from '../../../lib/paths';
import { sceneOfPath } from '../../../lib/platform';
import { useCommodityDetail } from '../../../lib/queries/get-commodity-detail';
import { commodityFacts } from '../commodity-card';
import { trackFunnel } from '../commodity-tracking';
import { BuyBar, CollectButton, type OfferDialogSlot, ShareButton } from './detail-actions';
import { FrozenNotice } from './frozen-notice';
import { ImageGallery } from './image-gallery';
import { LockNotice, useLockState } from './lock-notice';
import { Requirements } from './requirements';
import { RoleSnapshot } from './role-snapshot';
import { SellerCard } from './seller-card';
import { SoldBar, SoldNotice } from './sold-notice';
import { TrustSection } from './trust-section';
import '../commodity.css';
import './detail.css';

// The price reference (band, sales, coin chart) is not on the first screen: its own chunk; so is a
// coin's 求购盘口 beside it (only coin listings load it).
const PriceHistory = lazy(() => import('./price-history'));
const CoinBidDepth = lazy(() => import('./coin-bid-depth'));

function DetailSkeleton() {
  return (
    <div data-testid="detail-skeleton" style={{ padding: 12 }}>
      <div className="skeleton" style={{ height: 220, marginBottom: 12 }} />
      <div className="skeleton" style={{ height: 90, marginBottom: 12 }} />
      <div className="skeleton" style={{ height: 160 }} />
    </div>
  );
}

function DetailBody({
  scene,
  detail,
  pc,
  share,
  OfferDialog,
}: {
  scene: string;
  detail: CommodityDetail;
  pc: boolean;
  share: boolean;
  OfferDialog: OfferDialogSlot;
}) {
  const { locked, message } = useLockState(detail.lockUntil);
  const tag = saleTagLabel(deriveSaleType(detail.saleType, detail.auctionEnable));
  // A sold listing stays readable (已售出 and its price) with no way to buy or collect it.
  const buyBar = detail.sold ? (
    <SoldBar scene={scene} applicationId={detail.applicationId} pc={pc} />
  ) : (
    <BuyBar scene={scene} detail={detail} locked={locked} pc={pc} OfferDialog={OfferDialog} />
  );
  const head = (
    <section className="card section" data-testid="detail-head">
      <h1 className="c-detail-title" data-testid="detail-title">
        {tag ? <span className={`tag ${tag === '预售' ? 'tag-presale' : 'tag-auction'}`}>{tag}</span> : null}{' '}
        {detail.title}
      </h1>
      <div className="muted" style={{ fontSize: 13 }}>
        {detail.gameName} · {commodityFacts(detail)} · {detail.serverName}
      </div>
      <div className="muted" style={{ fontSize: 12, marginTop: 6 }}>
        {detail.viewCount} 次浏览 · {detail.collectCount} 人收藏
      </div>
      {detail.deliverDays ? (
        <div className="c-presale-note" data-testid="detail-presale">
          预售商品：付款后卖家将在 {detail.deliverDays} 天内交付
        </div>
      ) : null}
      {locked && message && !detail.sold ? <LockNotice message={message} /> : null}
      {detail.sold ? <SoldNotice sold={detail.sold} /> : null}
      {detail.frozenReason ? <FrozenNotice reason={detail.frozenReason} /> : null}
      {pc ? buyBar : null}
      {pc && !detail.sold ? (
        <div style={{ display: 'flex', gap: 8, marginTop: 12 }}>
          <CollectButton scene={scene} detail={detail} />
          <ShareButton id={detail.id} />
        </div>
      ) : null}
    </section>
  );
  const history = (
    <>
      <Suspense fallback={<div className="card section skeleton" style={{ height: 160 }} />}>
        <PriceHistory detail={detail} />
      </Suspense>
      {detail.type === 2 ? (
        <Suspense fallback={null}>
          <CoinBidDepth scene={scene} detail={detail} />
        </Suspense>
      ) : null}
    </>
  );
  const rest = (
    <>
      <Requirements scene={scene} detail={detail} />
      <RoleSnapshot detail={detail} />
      {pc ? null : <SellerCard seller={detail.seller} />}
      <TrustSection detail={detail} />
      {pc ? null : history}
      {share ? (
        <Link
          className="c-more"
          style={{ display: 'block' }}
          to={paths.list(scene, { applicationId: detail.applicationId })}
        >
          查看更多 {detail.gameName} 商品 ›
        </Link>
      ) : null}
    </>
  );
  if (pc)
    return (
      <div className="c-detail-pc" data-testid="commodity-detail">
        <div>
          <ImageGallery images={detail.images} fallback={detail.firstImg} />
          {rest}
        </div>
        <div className="c-detail-side" data-testid="detail-side">
          {head}
          <SellerCard seller={detail.seller} />
          {history}
        </div>
      </div>
    );
  return (
    <div data-testid="commodity-detail" className="c-detail-m">
      <ImageGallery images={detail.images} fallback={detail.firstImg} />
      {head}
      {rest}
      {buyBar}
    </div>
  );
}

/**
 * /{scene}/pages/commodityDetail/index (and the h5 share page productNew/info): query id,
 * gameName, applicationId, type, chooseOrPage, infoTitle, share. A listing that is gone answers
 * 30001: the request layer flashes 商品不存在 (commodityNotExist) and lands on the list (platform-shell §4).
 */
export default function CommodityDetailPage({ OfferDialog }: { OfferDialog: OfferDialogSlot }) {
  const [params] = useSearchParams();
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const pc = isPcPage(scene);
  const id = params.get('id') ?? '';
  const { data, isLoading, error, refetch } = useCommodityDetail(id, params.get('applicationId'));
  // The funnel's detail step (statistics), once per listing opened (not per refetch).
  const tracked = useRef<string | null>(null);
  useEffect(() => {
    if (!data || tracked.current === data.id) return;
    tracked.current = data.id;
    trackFunnel(FUNNEL_EVENTS.detail, data.id, data);
  }, [data]);
  const share = params.get('share') === 'share';
  const title = params.get('infoTitle') || copy.commodity.detailTitle;
  const body = isLoading ? (
    <DetailSkeleton />
  ) : data ? (
    <DetailBody scene={scene} detail={data} pc={pc} share={share} OfferDialog={OfferDialog} />
  ) : error ? (
    <FailureState
      error={error}
      onRetry={() => refetch()}
      refused={<EmptyState title={error.message || '商品不存在'} hint="看看其他在售商品吧" art="missing" />}
    />
  ) : (
    <EmptyState title="商品不存在" hint="看看其他在售商品吧" art="missing" />
  );
  if (pc)
    return (
      <PcLayout scene={scene} title={data?.title}>
        {body}
      </PcLayout>
    );
  const right =
    data && !data.sold ? (
      <>
        <CollectButton scene={scene} detail={data} />
        <ShareButton id={data.id} />
      </>
    ) : null;
  return (
    <MobileLayout title={title} right={right}>
      {body}
    </MobileLayout>
  );
}
