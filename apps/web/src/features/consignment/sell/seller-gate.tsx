import { type ComponentType, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSalePreCheck } from '../../../lib/queries/sale-pre-check';
import { saleUnlockedChannel } from '../../../lib/ui-bus';

/** The dialogs of the steps other domains own (user: the phone, identity: the real name), filled in by app/. */
export interface SellerDialogs {
  BindPhoneDialog: ComponentType<{ desktop: boolean; onClose: () => void; onBound: () => void }>;
  RealNameDialog: ComponentType<{ onClose: () => void; onVerified: () => void }>;
}

type Step = 'checking' | 'bindPhone' | 'authentication' | 'waiting' | 'ready';

/**
 * The selling prerequisites in the order of business-flows §4, met where the seller stands: bound
 * phone (dialog) → real name (dialog) → the sale lock (30315 opens the unlock dialog from the
 * request layer) → in the game, the role online. The page behind shows once every step is met.
 * `check` replaces the default question (salePreCheck, or its SDK variant inside a game), e.g. the
 * key page's publishAccountCheck.
 */
export function SellerGate({
  children,
  dialogs: { BindPhoneDialog, RealNameDialog },
  desktop = false,
  check,
}: {
  children: ReactNode;
  dialogs: SellerDialogs;
  desktop?: boolean;
  check?: () => Promise<{ step: string }>;
}) {
  const preCheck = useSalePreCheck();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('checking');
  const [problem, setProblem] = useState<string | null>(null);
  const ask = useRef(check ?? preCheck.mutateAsync);
  ask.current = check ?? preCheck.mutateAsync;
  const run = useCallback(async () => {
    setStep('checking');
    setProblem(null);
    try {
      const answer = await ask.current();
      setStep(
        answer.step === 'ready' || answer.step === 'bindPhone' || answer.step === 'authentication'
          ? answer.step
          : 'waiting',
      );
    } catch (error) {
      // 30315 opened the unlock dialog; an offline role or another refusal was shown: wait for the seller.
      setStep('waiting');
      setProblem(error instanceof Error ? error.message : null);
    }
  }, []);
  useEffect(() => {
    void run();
  }, [run]);
  useEffect(() => saleUnlockedChannel.on(() => void run()), [run]);
  if (step === 'ready') return <>{children}</>;
  return (
    <div className="card" style={{ margin: 12, padding: 20, textAlign: 'center' }} data-testid="seller-gate">
      <p style={{ margin: '0 0 12px', lineHeight: 1.7 }} data-testid="seller-gate-problem">
        {step === 'checking' ? '正在检查寄售条件…' : (problem ?? '寄售前请先完成手机绑定、实名认证，并解锁寄售安全锁')}
      </p>
      {step === 'waiting' ? (
        <button type="button" className="btn btn-primary" onClick={() => void run()} data-testid="seller-gate-retry">
          继续寄售
        </button>
      ) : null}
      {step === 'bindPhone' ? (
        <BindPhoneDialog desktop={desktop} onClose={() => navigate(-1)} onBound={() => void run()} />
      ) : null}
      {step === 'authentication' ? <RealNameDialog onClose={() => navigate(-1)} onVerified={() => void run()} /> : null}
    </div>
  );
}
