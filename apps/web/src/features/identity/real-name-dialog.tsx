import type { RealNameVersion } from '@app/protocol/auth-type';
import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { Portal } from '../../components/portal';
import { copy } from '../../lib/copy';
import { LEGAL_NOTE, RealNameForm, type VerifiedIdentity } from './real-name-form';
import { useGameRealNameVersion } from './use-game-real-name-version';

/**
 * Real-name dialog, ending on the success panel (masked name and ID number). Its version is the
 * game config's authType unless the caller names one.
 */
export function RealNameDialog({
  version,
  onClose,
  onVerified,
}: {
  version?: RealNameVersion;
  onClose: () => void;
  onVerified: () => void;
}) {
  const [done, setDone] = useState<VerifiedIdentity | null>(null);
  const configured = useGameRealNameVersion();
  const shown = version ?? configured;
  return (
    <Portal>
      <div className="mask" role="dialog" aria-modal="true" data-testid="real-name-dialog">
        <div className="modal" style={{ padding: '20px 20px 16px', width: 'min(92vw, 440px)' }}>
          <div className="modal-title" style={{ textAlign: 'center' }}>
            {done ? '实名认证成功' : '实名认证'}
          </div>
          {done ? (
            <div style={{ textAlign: 'center', lineHeight: 2, margin: '12px 0' }} data-testid="real-name-success">
              <div style={{ fontSize: 40, color: 'var(--c-success)' }}>
                <CircleCheck size="1em" aria-hidden="true" />
              </div>
              <div>姓名：{done.realName}</div>
              <div>身份证号：{done.idCard}</div>
              <p className="muted" style={{ fontSize: 12 }}>
                {LEGAL_NOTE}
              </p>
              <button
                type="button"
                className="btn btn-primary btn-block"
                onClick={onVerified}
                data-testid="real-name-continue"
              >
                {copy.confirm}
              </button>
            </div>
          ) : (
            <>
              {shown ? (
                <RealNameForm version={shown} onDone={setDone} />
              ) : (
                <div className="skeleton" style={{ height: 220, margin: '12px 0' }} data-testid="real-name-loading" />
              )}
              <button
                type="button"
                className="btn btn-block"
                style={{ marginTop: 6, color: 'var(--c-text-3)' }}
                onClick={onClose}
              >
                {copy.cancel}
              </button>
            </>
          )}
        </div>
      </div>
    </Portal>
  );
}
