import { LazyImage } from '../../components/lazy-image';
import { useAdvertising } from './api/get-advertising';
import { useOpenLink } from './use-open-link';

/** The SDK home's ad slot: the first live ad of the game, following its link (SDK rules apply). */
export function AdSlot({ appId }: { appId: string | null }) {
  const { data } = useAdvertising(appId);
  const openLink = useOpenLink();
  const ad = data?.list[0];
  if (!ad) return null;
  return (
    <button
      type="button"
      onClick={() => openLink(ad)}
      style={{ display: 'block', width: 'calc(100% - 24px)', margin: '8px 12px 0' }}
      data-testid="ad-slot"
      aria-label={ad.bannerName}
    >
      <LazyImage src={ad.imageUrl} alt={ad.bannerName} style={{ width: '100%', height: 72, borderRadius: 10 }} />
    </button>
  );
}
