import { type ComponentType, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../lib/paths';
import { useSalePreCheck } from '../../lib/queries/sale-pre-check';
import { showToast } from '../../lib/ui-bus';
import { BindPhoneDialog } from './bind-phone-dialog';

/** The real-name dialog of the identity domain, filled in by app/ (a feature never imports another). */
/** The real-name dialog; the game config's authType picks its version. */
export type RealNameDialogSlot = ComponentType<{ onClose: () => void; onVerified: () => void }>;

/**
 * "我要卖": leads the seller through the first missing step (bound phone → real name → the
 * sale lock, which the 30315 dialog opens) and back here.
 */
export function SellEntry({ scene, RealNameDialog }: { scene: string; RealNameDialog: RealNameDialogSlot }) {
  const navigate = useNavigate();
  const preCheck = useSalePreCheck();
  const [binding, setBinding] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const desktop = scene === 'web' || scene === 'webpc';
  const check = async () => {
    try {
      const { step } = await preCheck.mutateAsync();
      if (step === 'bindPhone') setBinding(true);
      else if (step === 'authentication' && desktop) setVerifying(true);
      else if (step === 'authentication') {
        navigate(paths.realName(scene, globalThis.location.pathname));
      } else showToast('已满足寄售条件，可以寄售了');
    } catch {
      // 30315 opened the unlock dialog; other codes were shown
    }
  };
  // The tab bar's centre action lands here with sell=1: start the check once, then drop the flag.
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    if (params.get('sell') !== '1') return;
    const next = new URLSearchParams(params);
    next.delete('sell');
    setParams(next, { replace: true });
    void check();
  });
  return (
    <>
      <button
        type="button"
        className="btn btn-primary btn-block"
        style={{ marginTop: 16 }}
        onClick={check}
        disabled={preCheck.isPending}
        data-testid="sell-entry"
      >
        我要卖
      </button>
      {verifying ? (
        <RealNameDialog
          onClose={() => setVerifying(false)}
          onVerified={() => {
            setVerifying(false);
            void check();
          }}
        />
      ) : null}
      {binding ? (
        <BindPhoneDialog
          desktop={desktop}
          onClose={() => setBinding(false)}
          onBound={() => {
            setBinding(false);
            void check();
          }}
        />
      ) : null}
    </>
  );
}
