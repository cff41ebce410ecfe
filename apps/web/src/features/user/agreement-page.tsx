import { agreementKeys } from '@app/protocol/calls/user-help';
import { useNavigate } from 'react-router';
import { type AgreementKey, AgreementModal, useAgreements } from '../../components/agreement-modal';
import { EmptyState } from '../../components/empty-state';
import { paths } from '../../lib/paths';
import { AccountLayout, currentScene } from './account-layout';

const isAgreementKey = (key: string | null): key is AgreementKey =>
  key !== null && (agreementKeys as readonly string[]).includes(key);

/**
 * 协议页 (webViewH5, param key): one agreement full screen, as the modal shows it; the back arrow
 * goes back, or to the scene's home when the page was opened directly.
 */
export default function AgreementPage() {
  const scene = currentScene();
  const navigate = useNavigate();
  const agreements = useAgreements();
  const key = new URLSearchParams(globalThis.location.search).get('key');
  if (!isAgreementKey(key))
    return (
      <AccountLayout title="协议" testId="agreement-page">
        <EmptyState art="missing" title="协议不存在" hint="链接可能已失效，请从设置中的「协议与隐私」查看" />
      </AccountLayout>
    );
  const title = agreements.find((a) => a.key === key)?.title;
  return (
    <div data-testid="agreement-page">
      <AgreementModal
        agreementKey={key}
        {...(title ? { title } : {})}
        onClose={() => (globalThis.history.length > 1 ? navigate(-1) : navigate(paths.sceneHome(scene)))}
      />
    </div>
  );
}
