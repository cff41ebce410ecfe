import { grayRemovePayload, grayUserPayload } from '@app/protocol/ops-games';
import { useState } from 'react';
import { GRAY_PAGE_SIZE, useChangeGray, useGrayUsers } from '../api/gray-users';
import { formatTime } from './format';
import { Pager } from './pager';

/** 灰度用户: add by UID, remove with a reason; gray users get the pre environment and pass maintenance. */
export function GrayUsersPanel() {
  const [page, setPage] = useState(1);
  const users = useGrayUsers(page);
  const change = useChangeGray();
  const [uid, setUid] = useState('');
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState('');
  const add = () => {
    change.reset();
    const checked = grayUserPayload.safeParse({ uid, reason });
    if (!checked.success) return setInvalid(checked.error.issues[0]?.message ?? '请检查填写内容');
    setInvalid('');
    change.mutate({ add: true, ...checked.data }, { onSuccess: () => setUid('') });
  };
  const remove = (userId: string, who: string) => {
    change.reset();
    const checked = grayRemovePayload.safeParse({ reason });
    if (!checked.success) return setInvalid(`移出前请填写原因：${checked.error.issues[0]?.message ?? ''}`);
    if (!globalThis.confirm(`确认将 UID ${who} 移出灰度？`)) return;
    setInvalid('');
    change.mutate({ add: false, userId, ...checked.data });
  };
  const data = users.data;
  const error = invalid || change.error?.message || users.error?.message;
  return (
    <div className="ops-card" data-testid="ops-gray-users">
      <h3 style={{ margin: 0 }}>灰度用户</h3>
      <p className="ops-muted">
        灰度用户登录后使用预发布环境（X-Env:
        gray），维护期间仍可进入。员工需用自己的玩家账号加入灰度才能在维护时进入应用。
      </p>
      <div className="ops-inline ops-channel-form">
        <label className="ops-channel-field">
          <span>用户UID</span>
          <input
            value={uid}
            onChange={(e) => setUid(e.target.value)}
            data-testid="ops-gray-uid"
            style={{ width: 140 }}
          />
        </label>
        <label className="ops-channel-field">
          <span>原因（记入操作日志）</span>
          <input
            value={reason}
            maxLength={200}
            onChange={(e) => setReason(e.target.value)}
            data-testid="ops-gray-reason"
            style={{ width: 220 }}
          />
        </label>
        <button
          type="button"
          className="ops-primary"
          disabled={change.isPending}
          onClick={add}
          data-testid="ops-gray-add"
        >
          加入灰度
        </button>
      </div>
      {error ? (
        <p className="ops-error" data-testid="ops-gray-error">
          {error}
        </p>
      ) : null}
      <div className="ops-table-wrap">
        <table className="ops-table" data-testid="ops-gray-list">
          <thead>
            <tr>
              <th>UID</th>
              <th>手机号</th>
              <th>加入时间</th>
              <th style={{ width: 80 }}>操作</th>
            </tr>
          </thead>
          <tbody>
            {data && data.list.length === 0 ? (
              <tr>
                <td colSpan={4} className="ops-empty">
                  暂无灰度用户
                </td>
              </tr>
            ) : null}
            {data?.list.map((u) => (
              <tr key={u.userId} data-testid="ops-gray-row">
                <td className="ops-mono">{u.uid}</td>
                <td className="ops-mono">{u.mobile || '—'}</td>
                <td>{formatTime(u.since)}</td>
                <td className="ops-row-actions">
                  <button type="button" className="ops-link-danger" onClick={() => remove(u.userId, u.uid)}>
                    移出
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {data && data.total > GRAY_PAGE_SIZE ? (
        <Pager total={data.total} page={page} pageSize={GRAY_PAGE_SIZE} onPage={setPage} />
      ) : null}
    </div>
  );
}
