import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { MobileLayout } from '../../components/mobile-layout';
import { HeadingOptions } from '../../components/nav-bar';
import { PcLayout } from '../../components/pc-layout';
import { paths } from '../../lib/paths';
import { sceneOfPath } from '../../lib/platform';
import { storage } from '../../lib/storage';
import { useOffers } from './api/get-offers';
import { OfferCard } from './offer-card';
import { OFFER_RULE } from './offer-rule';
import { listWords } from './offer-view';
import './bargain.css';
import { mergePages } from '../../lib/merge-pages';

const words = listWords;

/** The proposals (还价 and 出价) of one side, newest first: the buyer's or the seller's. */
export function OfferList({ viewer }: { viewer: 1 | 2 }) {
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const pc = scene === 'web' || scene === 'webpc';
  const loggedIn = Boolean(storage.get('token'));
  const offers = useOffers(viewer, loggedIn);
  const w = words[viewer];
  const list = mergePages(offers.data?.pages, (o) => o.offerId);
  const from = `${globalThis.location.pathname}${globalThis.location.search}`;
  const body = (
    <div className={pc ? 'offer-page-pc' : 'offer-page'} data-testid={`offer-list-${viewer}`}>
      {pc ? (
        <h1 className="offer-page-title">
          {w.title}
          <HeadingOptions nav={{ rule: OFFER_RULE }} />
        </h1>
      ) : null}
      {!loggedIn ? (
        <EmptyState
          title="登录后查看还价/出价"
          action={
            <Link
              className="btn btn-primary btn-sm"
              style={{ marginTop: 12 }}
              to={paths.login(scene, from)}
              data-testid="offer-login"
            >
              去登录
            </Link>
          }
        />
      ) : offers.isPending ? (
        <div className="card skeleton" style={{ height: 140 }} />
      ) : offers.isError && !list.length ? (
        <EmptyState
          title="加载失败"
          art="error"
          action={
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => offers.refetch()}>
              重试
            </button>
          }
        />
      ) : list.length ? (
        <>
          {list.map((o) => (
            <OfferCard key={o.offerId} offer={o} scene={scene} />
          ))}
          {offers.hasNextPage ? (
            <button
              type="button"
              className="btn btn-ghost btn-sm offer-more"
              disabled={offers.isFetchingNextPage}
              onClick={() => offers.fetchNextPage()}
              data-testid="offer-more"
            >
              加载更多
            </button>
          ) : null}
        </>
      ) : (
        <EmptyState title={w.empty} hint={w.hint} />
      )}
    </div>
  );
  if (pc) return <PcLayout scene={scene}>{body}</PcLayout>;
  return (
    <MobileLayout title={w.title} nav={{ rule: OFFER_RULE }}>
      {body}
    </MobileLayout>
  );
}
