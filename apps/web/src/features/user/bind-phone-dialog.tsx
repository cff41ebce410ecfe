import { Portal } from '../../components/portal';
import { copy } from '../../lib/copy';
import { BindPhoneForm } from './bind-phone-form';

/** Phone binding as a dialog (desktop: centred card; mobile: bottom sheet); the dialog closes once bound. */
export function BindPhoneDialog({
  onClose,
  onBound,
  desktop,
}: {
  onClose: () => void;
  onBound: () => void;
  desktop: boolean;
}) {
  return (
    <Portal>
      <div className={`mask${desktop ? '' : ' sheet-mask'}`} data-testid="bind-phone-dialog">
        <div className={desktop ? 'modal' : 'sheet'} style={{ padding: '20px 20px 24px' }}>
          <div className="modal-title" style={{ textAlign: 'center' }}>
            绑定手机号
          </div>
          <p className="muted" style={{ textAlign: 'center', fontSize: 13, margin: '4px 0 12px' }}>
            寄售和提现需要绑定手机号
          </p>
          <BindPhoneForm onBound={onBound} />
          <button
            type="button"
            className="btn btn-block"
            style={{ marginTop: 6, color: 'var(--c-text-3)' }}
            onClick={onClose}
          >
            {copy.cancel}
          </button>
        </div>
      </div>
    </Portal>
  );
}
