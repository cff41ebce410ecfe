import { type ReactNode, useEffect, useState } from 'react';
import { LazyImage } from '../../components/lazy-image';
import type { Place } from '../../lib/queries/market-keys';
import { useBannerList } from './api/get-banner-list';
import { useOpenLink } from './use-open-link';

const AUTOPLAY_MS = 4000;

/** The home banners (bannerList of a place), auto-playing, each following its link on click. */
export function BannerCarousel({
  place,
  height,
  fallback = null,
}: {
  place: Place;
  height: number;
  fallback?: ReactNode;
}) {
  const { data, isLoading } = useBannerList(place);
  const openLink = useOpenLink();
  const [index, setIndex] = useState(0);
  const list = data?.list ?? [];
  const count = list.length;
  useEffect(() => {
    if (count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [count]);
  if (isLoading) return <div className="skeleton" style={{ height, borderRadius: 12 }} />;
  if (count === 0) return <>{fallback}</>;
  return (
    <div className="carousel" data-testid="banner-carousel" style={{ height }}>
      <div className="carousel-track" style={{ transform: `translateX(-${(index % count) * 100}%)`, height }}>
        {list.map((b, i) => (
          <button
            key={b.id}
            type="button"
            className="carousel-slide"
            style={{ height }}
            onClick={() => openLink(b)}
            data-testid="banner-slide"
            aria-label={b.bannerName}
          >
            <LazyImage eager={i === 0} src={b.imageUrl} alt={b.bannerName} style={{ width: '100%', height: '100%' }} />
          </button>
        ))}
      </div>
      {count > 1 ? (
        <div className="carousel-dots" aria-hidden="true">
          {list.map((b, i) => (
            <span key={b.id} className={i === index % count ? 'on' : undefined} />
          ))}
        </div>
      ) : null}
    </div>
  );
}
