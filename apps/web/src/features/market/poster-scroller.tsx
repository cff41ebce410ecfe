import { HorizontalScroller } from '../../components/horizontal-scroller';
import { LazyImage } from '../../components/lazy-image';
import type { Place } from '../../lib/queries/market-keys';
import { usePosterList } from './api/get-poster-list';
import { posterSectionHeight } from './market-layout';
import { useOpenLink } from './use-open-link';

/** The horizontal poster scroller of the home (posterList). */
export function PosterScroller({ place, unit }: { place: Place; unit: number }) {
  const { data, isLoading } = usePosterList(place);
  const openLink = useOpenLink();
  if (isLoading) return <div className="skeleton" style={{ height: posterSectionHeight(unit), borderRadius: 12 }} />;
  const list = data?.list ?? [];
  if (list.length === 0) return null;
  return (
    <section className="card section" data-testid="poster-scroller">
      <div className="section-head">
        <span className="section-title">精选活动</span>
      </div>
      <HorizontalScroller
        items={list}
        unit={unit}
        keyOf={(p) => p.id}
        testId="poster-scroller-track"
        renderItem={(p) => (
          <button
            type="button"
            style={{ width: '100%', textAlign: 'left' }}
            onClick={() => openLink({ hyperlink: p.linkUrl, bannerName: p.title, applicationId: p.applicationId })}
          >
            <LazyImage src={p.posterUrl} alt={p.title} style={{ width: '100%', height: 120 * unit, borderRadius: 8 }} />
            <div
              style={{ fontSize: 12, marginTop: 4, overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' }}
            >
              {p.title}
            </div>
          </button>
        )}
      />
    </section>
  );
}
