import { maintenancePayload } from '@app/protocol/ops-games';
import { useState } from 'react';
import { useMaintenance, useSetMaintenance } from '../api/maintenance';
import { formatTime } from './format';

/** A datetime-local value (the browser's own time zone) → ms, or null when empty. */
const msOf = (local: string) => (local ? new Date(local).getTime() : null);

/** 维护开关: players see the message and the expected end; signed-in gray users still enter. */
export function MaintenancePanel() {
  const current = useMaintenance();
  const save = useSetMaintenance();
  const [message, setMessage] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState('');
  const on = current.data?.updating === true;
  const submit = (updating: boolean) => {
    save.reset();
    const checked = maintenancePayload.safeParse({ updating, message, endsAt: msOf(endsAt), reason });
    if (!checked.success) return setInvalid(checked.error.issues[0]?.message ?? '请检查填写内容');
    const confirmText = updating ? '确认开启维护？开启后普通玩家将无法进入。' : '确认结束维护？';
    if (!globalThis.confirm(confirmText)) return;
    setInvalid('');
    save.mutate(checked.data, { onSuccess: () => setReason('') });
  };
  const error = invalid || save.error?.message || current.error?.message;
  return (
    <div className="ops-card" data-testid="ops-maintenance">
      <div className="ops-inline" style={{ justifyContent: 'space-between' }}>
        <h3 style={{ margin: 0 }}>维护开关</h3>
        <span className={on ? 'ops-pill ops-pill-off' : 'ops-pill ops-pill-on'} data-testid="ops-maintenance-state">
          {on ? '维护中' : '正常运行'}
        </span>
      </div>
      {on ? (
        <p className="ops-muted" data-testid="ops-maintenance-current">
          公告：{current.data?.message}；预计结束：{formatTime(current.data?.endsAt ?? null)}
        </p>
      ) : (
        <p className="ops-muted">
          开启后，玩家打开应用即进入维护页，看到公告和预计结束时间；已登录的灰度用户仍可进入。
        </p>
      )}
      <div className="ops-inline ops-channel-form">
        {on ? null : (
          <>
            <label className="ops-channel-field">
              <span>维护公告（玩家可见）</span>
              <input
                value={message}
                maxLength={100}
                onChange={(e) => setMessage(e.target.value)}
                placeholder="例如：停服更新，预计两小时"
                data-testid="ops-maintenance-message"
                style={{ width: 320 }}
              />
            </label>
            <label className="ops-channel-field">
              <span>预计结束时间</span>
              <input
                type="datetime-local"
                value={endsAt}
                onChange={(e) => setEndsAt(e.target.value)}
                data-testid="ops-maintenance-ends"
              />
            </label>
          </>
        )}
        <label className="ops-channel-field">
          <span>原因（记入操作日志）</span>
          <input
            value={reason}
            maxLength={200}
            onChange={(e) => setReason(e.target.value)}
            data-testid="ops-maintenance-reason"
            style={{ width: 220 }}
          />
        </label>
        <button
          type="button"
          className={on ? 'ops-primary' : 'ops-danger'}
          disabled={save.isPending || current.isPending}
          onClick={() => submit(!on)}
          data-testid="ops-maintenance-toggle"
        >
          {on ? '结束维护' : '开启维护'}
        </button>
      </div>
      {error ? (
        <p className="ops-error" data-testid="ops-maintenance-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
