import { appVersionPayload } from '@app/protocol/ops-games';
import { useState } from 'react';
import { useAppVersionGate, useSetAppVersionGate } from '../api/app-version';

/** 应用最低版本: the Android app on the pre environment (gray users) below it is told to download the latest. */
export function AppVersionPanel() {
  const gate = useAppVersionGate();
  const save = useSetAppVersionGate();
  const [version, setVersion] = useState('');
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState('');
  const submit = () => {
    save.reset();
    const checked = appVersionPayload.safeParse({ minPreAppVersion: version, reason });
    if (!checked.success) return setInvalid(checked.error.issues[0]?.message ?? '请检查填写内容');
    setInvalid('');
    save.mutate(checked.data, { onSuccess: () => setVersion('') });
  };
  const error = invalid || save.error?.message || gate.error?.message;
  return (
    <div className="ops-card" data-testid="ops-app-version">
      <h3 style={{ margin: 0 }}>应用最低版本</h3>
      <p className="ops-muted">
        预发布环境（灰度）下，低于此版本的安卓应用会提示卸载并下载最新版。当前：
        <b className="ops-mono" data-testid="ops-app-version-current">
          {gate.data?.minPreAppVersion ?? '—'}
        </b>
      </p>
      <div className="ops-inline ops-channel-form">
        <label className="ops-channel-field">
          <span>新的最低版本</span>
          <input
            value={version}
            onChange={(e) => setVersion(e.target.value)}
            placeholder="3.0.0"
            data-testid="ops-app-version-input"
            style={{ width: 120 }}
          />
        </label>
        <label className="ops-channel-field">
          <span>原因（记入操作日志）</span>
          <input value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} style={{ width: 220 }} />
        </label>
        <button type="button" className="ops-primary" disabled={save.isPending} onClick={submit}>
          保存
        </button>
      </div>
      {error ? <p className="ops-error">{error}</p> : null}
    </div>
  );
}
