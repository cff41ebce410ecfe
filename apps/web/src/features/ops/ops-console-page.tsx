import { type StaffMember, staffCan, staffRoleLabel } from '@app/protocol/ops';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMe } from './api/get-me';
import { useLogout } from './api/logout';
import { onSessionLost, opsKeys, opsSession } from './api/ops-fetch';
import { useOpsSync } from './api/ops-sync';
import { AuditTab } from './components/audit-tab';
import { BrokerChannelsTab } from './components/broker-channels-tab';
import { CasesTab } from './components/cases-tab';
import { ContentTab } from './components/content-tab';
import { CouponsTab } from './components/coupons-tab';
import { FeedbackTab } from './components/feedback-tab';
import { GamesTab } from './components/games-tab';
import { HelpTab } from './components/help-tab';
import { LedgerTab } from './components/ledger-tab';
import { LoginForm } from './components/login-form';
import { MerchantsTab } from './components/merchants-tab';
import { ReconcileTab } from './components/reconcile-tab';
import { RiskTab } from './components/risk-tab';
import { SecurityTab } from './components/security-tab';
import { StaffTab } from './components/staff-tab';
import { StatsTab } from './components/stats-tab';
import { SupportTab } from './components/support-tab';
import { UsersTab } from './components/users-tab';
import { WithdrawalsTab } from './components/withdrawals-tab';
import './ops.css';

type Tab =
  | 'users'
  | 'support'
  | 'refused'
  | 'merchants'
  | 'channels'
  | 'withdrawals'
  | 'reconcile'
  | 'ledger'
  | 'stats'
  | 'games'
  | 'coupons'
  | 'content'
  | 'feedback'
  | 'help'
  | 'risk'
  | 'audit'
  | 'staff'
  | 'security';

const TABS: Array<{ id: Tab; label: string; allowed: (me: StaffMember) => boolean }> = [
  { id: 'refused', label: '拒绝收货', allowed: (me) => staffCan(me.role, 'orders') },
  { id: 'support', label: '客服工单', allowed: (me) => staffCan(me.role, 'orders') },
  { id: 'users', label: '查找用户', allowed: (me) => staffCan(me.role, 'users') },
  { id: 'merchants', label: '商人审核', allowed: (me) => staffCan(me.role, 'merchants') },
  { id: 'channels', label: '商人频道', allowed: (me) => staffCan(me.role, 'merchants') },
  { id: 'withdrawals', label: '提现审核', allowed: (me) => staffCan(me.role, 'money') },
  { id: 'reconcile', label: '对账', allowed: (me) => staffCan(me.role, 'money') },
  { id: 'ledger', label: '账务', allowed: (me) => staffCan(me.role, 'money') },
  { id: 'stats', label: '数据', allowed: (me) => staffCan(me.role, 'stats') },
  { id: 'games', label: '游戏与规则', allowed: (me) => staffCan(me.role, 'games') },
  { id: 'coupons', label: '优惠券', allowed: (me) => staffCan(me.role, 'coupons') },
  { id: 'content', label: '内容', allowed: (me) => staffCan(me.role, 'content') },
  { id: 'feedback', label: '意见反馈', allowed: (me) => staffCan(me.role, 'feedback') },
  { id: 'help', label: '帮助与协议', allowed: (me) => staffCan(me.role, 'content') },
  { id: 'risk', label: '风控', allowed: (me) => staffCan(me.role, 'risk') },
  { id: 'audit', label: '操作日志', allowed: (me) => staffCan(me.role, 'audit') },
  { id: 'staff', label: '员工', allowed: (me) => staffCan(me.role, 'staff') },
  { id: 'security', label: '安全设置', allowed: () => true },
];

function Console({ me }: { me: StaffMember }) {
  const [params, setParams] = useSearchParams();
  const logout = useLogout();
  const tabs = TABS.filter((t) => t.allowed(me));
  const tab = tabs.find((t) => t.id === params.get('tab')) ?? tabs[0]!;
  return (
    <div className="ops-shell">
      <aside className="ops-side">
        <div className="ops-brand">
          <span className="ops-logo">易</span>
          <div>
            <b>客服工作台</b>
            <small>游戏交易平台</small>
          </div>
        </div>
        <nav>
          {tabs.map((t) => (
            <button
              key={t.id}
              type="button"
              className={t.id === tab.id ? 'active' : ''}
              onClick={() => setParams({ tab: t.id })}
              data-testid={`ops-tab-${t.id}`}
            >
              <span className="ops-nav-icon" />
              {t.label}
            </button>
          ))}
        </nav>
      </aside>
      <div className="ops-body">
        <header className="ops-top">
          <span className="ops-crumb">
            客服工作台 / <b>{tab.label}</b>
          </span>
          <span className="ops-who" data-testid="ops-who">
            <span className="ops-avatar">{me.displayName.slice(0, 1)}</span>
            {me.displayName}
            <span className="ops-role">{staffRoleLabel[me.role]}</span>
            <button
              type="button"
              className="ops-link"
              disabled={logout.isPending}
              onClick={() => logout.mutate()}
              data-testid="ops-logout"
            >
              退出
            </button>
          </span>
        </header>
        <main className="ops-content">
          {tab.id === 'support' ? <SupportTab /> : null}
          {tab.id === 'users' ? (
            <UsersTab canAct={staffCan(me.role, 'userActions')} canActOnListings={staffCan(me.role, 'listings')} />
          ) : null}
          {tab.id === 'refused' ? <CasesTab /> : null}
          {tab.id === 'merchants' ? <MerchantsTab /> : null}
          {tab.id === 'channels' ? <BrokerChannelsTab /> : null}
          {tab.id === 'withdrawals' ? <WithdrawalsTab /> : null}
          {tab.id === 'reconcile' ? <ReconcileTab /> : null}
          {tab.id === 'ledger' ? <LedgerTab /> : null}
          {tab.id === 'stats' ? <StatsTab /> : null}
          {tab.id === 'games' ? <GamesTab /> : null}
          {tab.id === 'coupons' ? <CouponsTab /> : null}
          {tab.id === 'content' ? <ContentTab /> : null}
          {tab.id === 'feedback' ? <FeedbackTab /> : null}
          {tab.id === 'help' ? <HelpTab /> : null}
          {tab.id === 'risk' ? <RiskTab /> : null}
          {tab.id === 'audit' ? <AuditTab /> : null}
          {tab.id === 'staff' ? <StaffTab me={me} /> : null}
          {tab.id === 'security' ? <SecurityTab me={me} /> : null}
        </main>
      </div>
    </div>
  );
}

/** /ops: the customer-service console — staff log in with their own account, then work under their role. */
export default function OpsConsolePage() {
  const client = useQueryClient();
  const [signedIn, setSignedIn] = useState(() => opsSession.token() !== null);
  const [notice, setNotice] = useState('');
  useOpsSync();
  useEffect(
    () =>
      onSessionLost((why) => {
        client.removeQueries({ queryKey: opsKeys.all });
        setNotice(why);
        setSignedIn(false);
      }),
    [client],
  );
  const me = useMe(signedIn);
  useEffect(() => {
    document.title = '客服工作台 · 游戏交易平台';
  }, []);
  if (!signedIn)
    return (
      <LoginForm
        notice={notice}
        onLoggedIn={(answer) => {
          client.setQueryData(opsKeys.me, answer.staff);
          setNotice('');
          setSignedIn(true);
        }}
      />
    );
  if (me.error)
    return (
      <main className="ops-login">
        <p className="ops-error" data-testid="ops-load-error">
          {me.error.message}
        </p>
      </main>
    );
  if (!me.data) return <main className="ops-loading">加载中…</main>;
  return <Console me={me.data} />;
}
