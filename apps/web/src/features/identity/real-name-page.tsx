import { useNavigate, useSearchParams } from 'react-router';
import { MobileLayout } from '../../components/mobile-layout';
import { PcLayout } from '../../components/pc-layout';
import { paths } from '../../lib/paths';
import { sceneOfPath } from '../../lib/platform';
import { RealNameForm } from './real-name-form';
import { useGameRealNameVersion } from './use-game-real-name-version';

/** The ID upload page, in the version the game in view asks for (its authType; switchable without one); afterwards back to where the flow came from, or the status. */
export default function RealNamePage() {
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const version = useGameRealNameVersion();
  const body = (
    <div
      className="card"
      style={{ margin: 12, padding: '16px 20px 24px', maxWidth: 520, marginInline: 'auto' }}
      data-testid="real-name-page"
    >
      {version && (
        <RealNameForm
          version={version}
          onDone={() => {
            const from = params.get('from');
            navigate(from?.startsWith(`/${scene}/`) ? from : paths.realNameStatus(scene), { replace: true });
          }}
        />
      )}
    </div>
  );
  if (scene === 'web' || scene === 'webpc') return <PcLayout scene={scene}>{body}</PcLayout>;
  return <MobileLayout title="实名认证">{body}</MobileLayout>;
}
