import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { LazyImage } from '../../components/lazy-image';
import { isPcPage } from '../../components/pc-page-frame';
import { paths } from '../../lib/paths';
import { useWebViewLink } from './api/get-web-view-link';
import { currentScene, MarketLayout } from './market-layout';
import { SafePurchase } from './safe-purchase';

const IMAGE_LINK = /\.(png|jpe?g|gif|webp|svg|avif)(\?.*)?$/i;

/**
 * /{scene}/pages/webViewImage/webViewImage: a banner's link page. bannerName is the title, the
 * hyperlink shows in a frame (or as an image when it is one); popup=1 means a popup opened it.
 * Only links of this site or of content the operator published are shown (webViewLink): the page
 * must not put someone else's site in a frame under the marketplace's name. page=safePurchase is
 * the titled 安全购买 page instead.
 */
export default function WebViewImagePage() {
  const [params] = useSearchParams();
  if (params.get('page') === 'safePurchase') {
    const scene = currentScene();
    return (
      <MarketLayout title="安全购买">
        <SafePurchase scene={scene} pc={isPcPage(scene)} />
      </MarketLayout>
    );
  }
  return <LinkPage params={params} />;
}

/** The banner's link in a frame, or as an image. */
function LinkPage({ params }: { params: URLSearchParams }) {
  const title = params.get('bannerName') || '活动详情';
  const link = params.get('hyperlink') ?? '';
  const wellFormed = /^https?:\/\//i.test(link) || link.startsWith('/');
  const check = useWebViewLink(wellFormed ? link : '');
  const safe = wellFormed && check.data?.allowed === true;
  const refused = !wellFormed || check.data?.allowed === false || check.isError;
  const fromPopup = params.get('popup') === '1';
  return (
    <MarketLayout title={title}>
      <div
        data-testid="web-view-image"
        data-popup={fromPopup ? '1' : '0'}
        style={{ background: '#fff', minHeight: '70vh' }}
      >
        {refused ? (
          <EmptyState
            title="链接无效"
            hint="活动可能已结束，或这个链接不是本平台发布的"
            action={
              <Link className="btn btn-primary btn-sm" to={paths.home(currentScene())} style={{ marginTop: 16 }}>
                返回首页
              </Link>
            }
          />
        ) : null}
        {!safe && !refused ? (
          <div className="spinner dark" style={{ margin: '80px auto' }} role="status" aria-label="加载中" />
        ) : null}
        {safe && IMAGE_LINK.test(link) ? (
          <LazyImage src={link} alt={title} style={{ width: '100%', minHeight: 300, background: '#fff' }} />
        ) : null}
        {safe && !IMAGE_LINK.test(link) ? (
          <iframe
            title={title}
            src={link}
            data-testid="web-view-frame"
            style={{
              width: '100%',
              height: 'calc(100vh - var(--nav-h) - var(--status-h, 0px))',
              border: 0,
              display: 'block',
            }}
            sandbox="allow-scripts allow-same-origin allow-popups allow-forms"
          />
        ) : null}
      </div>
    </MarketLayout>
  );
}
