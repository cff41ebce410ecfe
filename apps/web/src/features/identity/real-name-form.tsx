import type { RealNameVersion } from '@app/protocol/auth-type';
import { ID_BACK_MISSING, ID_FRONT_MISSING, validateIdCard, validateRealName } from '@app/protocol/validation';
import { useState } from 'react';
import { showToast } from '../../lib/ui-bus';
import { useIdentify } from './api/identify';
import { IdPhotoSlot } from './id-photo-slot';

export const LEGAL_NOTE =
  '实名信息须与游戏注册信息一致；非法出售账号须承担相应法律责任。未成年人禁止参与虚拟物品交易。';

const row: React.CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  height: 52,
  borderBottom: '1px solid var(--c-border)',
  gap: 12,
};
const inputStyle: React.CSSProperties = { flex: 1, border: 0, outline: 'none', fontSize: 16, minWidth: 0 };

export interface VerifiedIdentity {
  hasAuthentication: '0' | '1';
  realName: string;
  idCard: string;
}

/** Real-name form: name and ID number, with the two ID photos where the version asks for them. */
export function RealNameForm({
  version,
  onDone,
}: {
  version: RealNameVersion;
  onDone: (status: VerifiedIdentity) => void;
}) {
  const [mode, setMode] = useState<'number' | 'photos'>(version === 'photos' ? 'photos' : 'number');
  const [realName, setRealName] = useState('');
  const [idCard, setIdCard] = useState('');
  const [front, setFront] = useState<string | null>(null);
  const [back, setBack] = useState<string | null>(null);
  const identify = useIdentify();

  const submit = async () => {
    if (mode === 'photos' && !front) return showToast(ID_FRONT_MISSING);
    if (mode === 'photos' && !back) return showToast(ID_BACK_MISSING);
    const problem = validateRealName(realName) ?? validateIdCard(idCard);
    if (problem) return showToast(problem);
    try {
      const status = await identify.mutateAsync(
        mode === 'photos' && front && back
          ? { realName, idCard, idCardFrontImgUrl: front, idCardBehindImgUrl: back }
          : { realName, idCard },
      );
      onDone(status);
    } catch {
      // shown by the request layer
    }
  };

  return (
    <div data-testid="real-name-form">
      {version === 'switchable' ? (
        <div style={{ display: 'flex', gap: 8, marginBottom: 8 }}>
          <button
            type="button"
            className={`btn btn-sm ${mode === 'number' ? 'btn-primary' : 'btn-ghost'}`}
            onClick={() => setMode('number')}
            data-testid="mode-number"
          >
            填写证件号
          </button>
          <button
            type="button"
            className={`btn btn-sm ${mode === 'photos' ? 'btn-primary' : 'btn-ghost'}`}
            onClick={() => setMode('photos')}
            data-testid="mode-photos"
          >
            上传身份证
          </button>
        </div>
      ) : null}
      {mode === 'photos' ? (
        <div style={{ display: 'flex', gap: 12, margin: '12px 0' }}>
          <IdPhotoSlot label="身份证正面（人像面）" onUploaded={setFront} testId="id-front" />
          <IdPhotoSlot label="身份证反面（国徽面）" onUploaded={setBack} testId="id-back" />
        </div>
      ) : null}
      <label style={row}>
        <span style={{ width: 72 }}>真实姓名</span>
        <input
          style={inputStyle}
          placeholder="请输入实名"
          value={realName}
          onChange={(e) => setRealName(e.target.value)}
          data-testid="real-name"
        />
      </label>
      <label style={row}>
        <span style={{ width: 72 }}>身份证号</span>
        <input
          style={inputStyle}
          placeholder="请输入身份证号"
          maxLength={18}
          value={idCard}
          onChange={(e) => setIdCard(e.target.value.toUpperCase())}
          data-testid="id-card"
        />
      </label>
      <p className="muted" style={{ fontSize: 12, lineHeight: 1.7, margin: '14px 0 20px' }} data-testid="legal-note">
        {LEGAL_NOTE}
      </p>
      <button
        type="button"
        className="btn btn-primary btn-block"
        disabled={identify.isPending}
        onClick={submit}
        data-testid="real-name-submit"
      >
        提交认证
      </button>
    </div>
  );
}
