import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PcLayout } from '../../components/pc-layout';
import { isPcPage } from '../../components/pc-page-frame';
import { copy } from '../../lib/copy';
import { paths } from '../../lib/paths';
import { sceneOfPath } from '../../lib/platform';

export default function NotFoundPage() {
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const missing = (
    <EmptyState
      title={copy.notFound}
      art="missing"
      hint="链接可能已失效"
      action={
        <Link className="btn btn-primary btn-sm" to={paths.home(scene)} style={{ marginTop: 12 }}>
          {copy.backHome}
        </Link>
      }
    />
  );
  // A PC page keeps the PC header and footer, so the way on is in view there too.
  if (isPcPage(scene))
    return (
      <PcLayout scene={scene} title={copy.notFound}>
        <div data-testid="not-found-page">{missing}</div>
      </PcLayout>
    );
  return (
    <div className="m-page" data-testid="not-found-page" style={{ justifyContent: 'center', background: '#fff' }}>
      {missing}
    </div>
  );
}
