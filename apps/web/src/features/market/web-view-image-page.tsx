import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { LazyImage } from '../../components/lazy-image';
import { MarketLayout } from './market-layout';

const IMAGE_LINK = /\.(png|jpe?g|gif|webp|svg|avif)(\?.*)?$/i;

/**
 * /{scene}/pages/webViewImage/webViewImage: a banner's link page. bannerName is the title, the
 * hyperlink shows in a frame (or as an image when it is one); popup=1 means a popup opened it.
 */
export default function WebViewImagePage() {
  const [params] = useSearchParams();
  const title = params.get('bannerName') || '活动详情';
  const link = params.get('hyperlink') ?? '';
  const safe = /^https?:\/\//i.test(link) || link.startsWith('/');
  const fromPopup = params.get('popup') === '1';
  return (
    <MarketLayout title={title}>
      <div
        data-testid="web-view-image"
        data-popup={fromPopup ? '1' : '0'}
        style={{ background: '#fff', minHeight: '70vh' }}
      >
        {!safe ? <EmptyState title="链接无效" hint="活动可能已结束" /> : null}
        {safe && IMAGE_LINK.test(link) ? (
          <LazyImage src={link} alt={title} style={{ width: '100%', minHeight: 300, background: '#fff' }} />
        ) : null}
        {safe && !IMAGE_LINK.test(link) ? (
          <iframe
            title={title}
            src={link}
            data-testid="web-view-frame"
            style={{ width: '100%', height: 'calc(100vh - var(--nav-h))', border: 0, display: 'block' }}
            sandbox="allow-scripts allow-same-origin allow-popups allow-forms"
          />
        ) : null}
      </div>
    </MarketLayout>
  );
}
