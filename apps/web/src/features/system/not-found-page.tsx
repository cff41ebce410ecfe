import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { copy } from '../../lib/copy';
import { paths } from '../../lib/paths';
import { sceneOfPath } from '../../lib/platform';

export default function NotFoundPage() {
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  return (
    <div className="m-page" data-testid="not-found-page" style={{ justifyContent: 'center', background: '#fff' }}>
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
    </div>
  );
}
