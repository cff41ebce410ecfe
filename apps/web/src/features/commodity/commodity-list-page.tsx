import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { MobileLayout } from '../../components/mobile-layout';
import { PcLayout } from '../../components/pc-layout';
import { HomeSkeleton } from '../../components/skeleton';
import { copy } from '../../lib/copy';
import { sceneOfPath } from '../../lib/platform';
import { storage } from '../../lib/storage';
import { useCommodityList } from './api/get-commodity-list';
import { CommodityCard } from './commodity-card';

const TYPES = [
  { type: undefined, label: '全部' },
  { type: 1, label: copy.categories.role },
  { type: 2, label: copy.categories.coin },
  { type: 3, label: copy.categories.prop },
] as const;

/** The commodity list of one game (X-AppId from applicationId or the last game chosen). */
export default function CommodityListPage() {
  const [params, setParams] = useSearchParams();
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const appId = params.get('applicationId') ?? storage.get('currentAppId');
  const type = Number(params.get('type')) || undefined;
  const { data, isLoading, isError, error, refetch } = useCommodityList(appId, { page: 1, pageSize: 20, type });

  const body = (
    <div style={{ padding: 12 }} data-testid="commodity-list">
      <div style={{ display: 'flex', gap: 8, marginBottom: 12 }}>
        {TYPES.map((t) => (
          <button
            key={t.label}
            type="button"
            className={`btn btn-sm ${type === t.type ? 'btn-primary' : 'btn-ghost'}`}
            onClick={() => {
              const next = new URLSearchParams(params);
              if (t.type) next.set('type', String(t.type));
              else next.delete('type');
              setParams(next, { replace: true });
            }}
          >
            {t.label}
          </button>
        ))}
      </div>
      {isLoading ? <HomeSkeleton /> : null}
      {isError ? (
        <EmptyState
          title={error.message || copy.networkError}
          action={
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => refetch()}>
              {copy.retry}
            </button>
          }
        />
      ) : null}
      {data && data.list.length === 0 ? <EmptyState title={copy.empty} hint={copy.emptyHint} /> : null}
      {data?.list.map((item) => (
        <CommodityCard key={item.id} item={item} />
      ))}
    </div>
  );
  if (scene === 'web' || scene === 'webpc') return <PcLayout scene={scene}>{body}</PcLayout>;
  return (
    <MobileLayout title="商品列表" back={scene !== 'h5sdk'} tabBar={scene === 'h5sdk'}>
      {body}
    </MobileLayout>
  );
}
