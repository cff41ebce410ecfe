import type { CommodityListRequest } from '@app/protocol/calls/exchange';
import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { copy } from '../../lib/copy';
import { paths } from '../../lib/paths';
import { useCommodityList } from './api/get-commodity-list';
import { CommodityCard } from './commodity-card';

/** The newest listings of the current game, straight from commodityList (filtered by the channel tab). */
export function LatestListings({
  scene,
  appId,
  pc,
  filter = {},
  tabs,
}: {
  scene: string;
  appId: string;
  pc: boolean;
  filter?: Partial<CommodityListRequest>;
  tabs?: ReactNode;
}) {
  const { data, isLoading } = useCommodityList(appId, { page: 1, pageSize: 10, sort: 'newest', ...filter });
  return (
    <section className="card section" data-testid="latest-listings">
      <div className="section-head">
        <span className="section-title">{copy.latest}</span>
        <Link className="section-more" to={paths.list(scene, { applicationId: appId })}>
          {copy.viewAll} <ChevronRight size="1em" aria-hidden="true" />
        </Link>
      </div>
      {tabs}
      {isLoading
        ? [0, 1, 2].map((i) => <div key={i} className="skeleton" style={{ height: 110, marginBottom: 10 }} />)
        : null}
      {data && data.list.length === 0 ? <EmptyState title={copy.empty} hint="卖家上架后会第一时间出现在这里" /> : null}
      <div style={pc ? { display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 12 } : undefined}>
        {data?.list.map((item) => (
          <CommodityCard key={item.id} item={item} />
        ))}
      </div>
    </section>
  );
}
