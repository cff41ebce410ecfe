import { formatPriceFen } from '@app/protocol/format';
import { USER_SECTIONS, type UserSection, userSectionLabel } from '@app/protocol/ops-users';
import { useState } from 'react';
import type { UserAction } from '../api/act-on-user';
import { useUser } from '../api/get-user';
import { formatTime } from './format';
import { USER_ACTION_WORDS, UserActionDialog } from './user-action-dialog';
import { UserSectionView } from './user-sections';

/** A user's page: who he is (masked), his wallet, his standing (ban, sale lock, withdrawals), the actions, his sections. */
export function UserPage({
  userId,
  canAct,
  canActOnListings,
  onClose,
}: {
  userId: string;
  canAct: boolean;
  canActOnListings: boolean;
  onClose: () => void;
}) {
  const user = useUser(userId);
  const [section, setSection] = useState<UserSection>('orders');
  const [acting, setActing] = useState<UserAction | null>(null);
  if (user.error) return <p className="ops-error">{user.error.message}</p>;
  if (!user.data) return <p className="ops-muted">加载中…</p>;
  const u = user.data;
  const actions: UserAction[] = [
    u.ban ? 'unban' : 'ban',
    'sessions/end',
    'sale-lock/reset',
    u.withdrawalsHeld ? 'withdrawals/release' : 'withdrawals/hold',
  ];
  return (
    <div className="ops-user-page" data-testid="ops-user-page">
      <div className="ops-card">
        <header>
          <b>
            {u.nickname || '用户'} <span className="ops-mono">UID {u.uid}</span>
          </b>
          <span>
            {u.removed ? <span className="ops-pill ops-pill-off">已注销</span> : null}
            {u.ban ? (
              <span className="ops-pill ops-pill-off" data-testid="ops-user-banned">
                已封禁
              </span>
            ) : (
              <span className="ops-pill ops-pill-on">正常</span>
            )}
            <button type="button" className="ops-link" onClick={onClose}>
              关闭
            </button>
          </span>
        </header>
        <dl className="ops-user-facts">
          <dt>手机号</dt>
          <dd className="ops-mono">{u.mobile ?? '未绑定'}</dd>
          <dt>实名</dt>
          <dd>{u.identity.verified ? `${u.identity.realName} · ${u.identity.idNumber}` : '未实名'}</dd>
          <dt>注册时间</dt>
          <dd>{formatTime(u.createdAt)}</dd>
          <dt>钱包</dt>
          <dd>
            可用 <b>{formatPriceFen(u.wallet.available)}</b> · 冻结 {formatPriceFen(u.wallet.reserved)} · 待入账{' '}
            {formatPriceFen(u.wallet.incoming)}
          </dd>
          <dt>封禁</dt>
          <dd data-testid="ops-user-ban">
            {u.ban ? (
              <span className="ops-reason">
                {u.ban.reason}（{formatTime(u.ban.at)} 起，{u.ban.until ? `至 ${formatTime(u.ban.until)}` : '永久'}）
              </span>
            ) : (
              '—'
            )}
          </dd>
          <dt>出售锁</dt>
          <dd>{u.saleUnlockedUntil ? `已解锁至 ${formatTime(u.saleUnlockedUntil)}` : '未解锁'}</dd>
          <dt>提现</dt>
          <dd>{u.withdrawalsHeld ? <span className="ops-reason">已暂停：{u.withdrawalsHeld.reason}</span> : '正常'}</dd>
        </dl>
        {canAct ? (
          <div className="ops-inline" data-testid="ops-user-actions">
            {actions.map((a) => (
              <button
                key={a}
                type="button"
                className={USER_ACTION_WORDS[a].danger ? 'ops-danger' : 'ops-secondary'}
                onClick={() => setActing(a)}
                data-testid={`ops-user-action-${a.replace('/', '-')}`}
              >
                {USER_ACTION_WORDS[a].title}
              </button>
            ))}
          </div>
        ) : (
          <p className="ops-muted">封禁、下线、重置出售锁和暂停提现由运营或管理员操作。</p>
        )}
      </div>
      <div className="ops-views" role="tablist" aria-label="用户信息">
        {USER_SECTIONS.map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={s === section}
            className={s === section ? 'ops-view active' : 'ops-view'}
            onClick={() => setSection(s)}
            data-testid={`ops-user-section-${s}`}
          >
            {userSectionLabel[s]}
          </button>
        ))}
      </div>
      <UserSectionView key={section} userId={userId} section={section} canActOnListings={canActOnListings} />
      {acting ? <UserActionDialog userId={userId} action={acting} onDone={() => setActing(null)} /> : null}
    </div>
  );
}
