import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { saleUnlockedChannel } from '../../../lib/ui-bus';
import { RealNameDialog } from '../../identity/real-name-dialog';
import { BindPhoneDialog } from '../../user/bind-phone-dialog';
import { useSalePreCheck } from '../api/sale-pre-check';

/**
 * The selling prerequisites in the order of business-flows §4, met where the seller stands: bound
 * phone (dialog) → real name (dialog) → the sale lock (30315 opens the unlock dialog from the
 * request layer) → the role online. The page behind shows once every step is met.
 */
export function SellerGate({ children, desktop = false }: { children: ReactNode; desktop?: boolean }) {
  const preCheck = useSalePreCheck();
  const navigate = useNavigate();
  const [step, setStep] = useState<'checking' | 'bindPhone' | 'authentication' | 'waiting' | 'ready'>('checking');
  const [problem, setProblem] = useState<string | null>(null);
  const check = useCallback(async () => {
    setStep('checking');
    setProblem(null);
    try {
      const answer = await preCheck.mutateAsync();
      setStep(
        answer.step === 'ready'
          ? 'ready'
          : answer.step === 'bindPhone'
            ? 'bindPhone'
            : answer.step === 'authentication'
              ? 'authentication'
              : 'waiting',
      );
    } catch (error) {
      // 30315 opened the unlock dialog; an offline role or another refusal was shown: wait for the seller.
      setStep('waiting');
      setProblem(error instanceof Error ? error.message : null);
    }
  }, [preCheck.mutateAsync]);
  useEffect(() => {
    void check();
  }, [check]);
  useEffect(() => saleUnlockedChannel.on(() => void check()), [check]);
  if (step === 'ready') return <>{children}</>;
  return (
    <div className="card" style={{ margin: 12, padding: 20, textAlign: 'center' }} data-testid="seller-gate">
      <p style={{ margin: '0 0 12px', lineHeight: 1.7 }}>
        {step === 'checking' ? '正在检查寄售条件…' : (problem ?? '寄售前请先完成手机绑定、实名认证，并解锁寄售安全锁')}
      </p>
      {step === 'waiting' ? (
        <button type="button" className="btn btn-primary" onClick={() => void check()} data-testid="seller-gate-retry">
          继续寄售
        </button>
      ) : null}
      {step === 'bindPhone' ? (
        <BindPhoneDialog desktop={desktop} onClose={() => navigate(-1)} onBound={() => void check()} />
      ) : null}
      {step === 'authentication' ? (
        <RealNameDialog version="number" onClose={() => navigate(-1)} onVerified={() => void check()} />
      ) : null}
    </div>
  );
}
