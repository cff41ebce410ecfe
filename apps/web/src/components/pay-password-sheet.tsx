import { formatDateTime } from '@app/protocol/format';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { payPasswordStatusOptions, usePayPasswordStatus } from '../lib/queries/pay-password-status';
import { PinPad } from './pin-pad';
import { Sheet } from './sheet';
import './pin-pad.css';

const here = () => `${globalThis.location.pathname}${globalThis.location.search}`;

/**
 * 请输入支付密码: the keypad sheet asked before money leaves the balance (the cashier when the
 * balance pays all or part, a withdrawal). It asks payPassword.status first: not set → the way to
 * set it (请先设置支付密码, as Alipay asks before the first balance payment); locked → until when.
 * Six digits go to `onSubmit`, which answers null when done or the refusal's words (支付密码错误，
 * 还可尝试N次 …), shown under the dots; the dots are empty again for the next attempt.
 */
export function PayPasswordSheet({
  scene,
  pc,
  title = '请输入支付密码',
  amount,
  onClose,
  onSubmit,
}: {
  scene: string;
  pc: boolean;
  title?: string;
  /** What is being paid or withdrawn, as shown (¥12.00). */
  amount?: string;
  onClose: () => void;
  onSubmit: (pin: string) => Promise<string | null>;
}) {
  const queryClient = useQueryClient();
  const status = usePayPasswordStatus();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const s = status.data;
  const locked = s?.lockedUntil && s.lockedUntil * 1000 > Date.now() ? s.lockedUntil : null;
  const submit = async (pin: string) => {
    setBusy(true);
    setError(null);
    try {
      const refused = await onSubmit(pin);
      if (refused !== null) setError(refused);
    } finally {
      setBusy(false);
      // The tries left and a lock come from the server after each attempt.
      void queryClient.invalidateQueries({ queryKey: payPasswordStatusOptions().queryKey });
    }
  };
  return (
    <Sheet title={title} pc={pc} onClose={onClose} testId="pay-password-sheet">
      {amount ? (
        <p className="pin-sheet-amount" data-testid="pay-password-amount">
          {amount}
        </p>
      ) : null}
      {status.isLoading ? <div className="skeleton" style={{ height: 220 }} /> : null}
      {status.isError ? (
        <div className="pin-sheet-state">
          <p className="muted">支付密码状态获取失败</p>
          <button type="button" className="btn" onClick={() => status.refetch()}>
            重试
          </button>
        </div>
      ) : null}
      {s && !s.set ? (
        <div className="pin-sheet-state" data-testid="pay-password-not-set">
          <p style={{ margin: 0 }}>请先设置支付密码</p>
          <p className="muted" style={{ margin: 0, fontSize: 13 }}>
            使用余额支付和提现前，需要设置6位数字支付密码
          </p>
          <Link
            to={paths.payPassword(scene, { from: here() })}
            className="btn btn-primary"
            data-testid="pay-password-set-link"
          >
            去设置支付密码
          </Link>
        </div>
      ) : null}
      {s?.set && locked ? (
        <div className="pin-sheet-state" data-testid="pay-password-locked">
          <p style={{ margin: 0 }}>支付密码错误次数过多，已锁定</p>
          <p className="muted" style={{ margin: 0, fontSize: 13 }}>
            请于 {formatDateTime(locked * 1000)} 后再试，或通过实名信息重置支付密码
          </p>
          <Link to={paths.payPassword(scene, { reset: true, from: here() })} className="btn">
            重置支付密码
          </Link>
        </div>
      ) : null}
      {s?.set && !locked ? (
        <PinPad
          onDone={submit}
          busy={busy}
          testId="pay-pin"
          note={
            <div className="pin-sheet-note">
              <p className="pin-sheet-error" role="alert" data-testid="pay-password-error">
                {error ?? ''}
              </p>
              <Link
                to={paths.payPassword(scene, { reset: true, from: here() })}
                className="link"
                data-testid="pay-password-forgot"
              >
                忘记密码
              </Link>
            </div>
          }
        />
      ) : null}
    </Sheet>
  );
}
