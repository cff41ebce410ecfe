import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { HomeSkeleton } from '../../components/skeleton';
import { copy } from '../../lib/copy';
import { useCommodityList } from '../commodity/api/get-commodity-list';
import { CommodityCard } from '../commodity/commodity-card';

/** The newest listings of the current game, straight from commodityList. */
export function LatestListings({ scene, appId, pc }: { scene: string; appId: string; pc: boolean }) {
  const { data, isLoading } = useCommodityList(appId, { page: 1, pageSize: 10 });
  return (
    <section className="card section" style={{ margin: pc ? 0 : 12 }} data-testid="latest-listings">
      <div className="section-head">
        <span className="section-title">{copy.latest}</span>
        <Link className="section-more" to={`/${scene}/pages/commodityList/list?applicationId=${appId}`}>
          {copy.viewAll} ›
        </Link>
      </div>
      {isLoading ? <HomeSkeleton /> : null}
      {data && data.list.length === 0 ? <EmptyState title={copy.empty} hint="卖家上架后会第一时间出现在这里" /> : null}
      <div style={pc ? { display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 12 } : undefined}>
        {data?.list.map((item) => (
          <CommodityCard key={item.id} item={item} />
        ))}
      </div>
    </section>
  );
}
