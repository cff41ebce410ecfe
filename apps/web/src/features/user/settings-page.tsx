import { ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { type AgreementKey, AgreementModal, useAgreements } from '../../components/agreement-modal';
import { HomeSkeleton } from '../../components/skeleton';
import { paths } from '../../lib/paths';
import { usePayPasswordStatus } from '../../lib/queries/pay-password-status';
import { storage } from '../../lib/storage';
import { AccountLayout, currentScene, LoginFirst } from './account-layout';
import { useMyAgreements } from './api/get-my-agreements';
import { useSwitches } from './api/get-switches';
import { useUserInfo } from './api/get-user-info';
import { type SwitchName, useSetSwitch } from './api/set-switch';

const SWITCHES: Array<{ name: SwitchName; label: string; desc: string }> = [
  { name: 'push', label: '消息推送', desc: '订单、出价、聊天等消息的通知' },
  {
    name: 'individualizedRecommend',
    label: '个性化推荐',
    desc: '关闭后，首页与列表不再根据您的浏览和交易记录推荐商品',
  },
];

function SwitchRow({ name, label, desc, on }: { name: SwitchName; label: string; desc: string; on: boolean }) {
  const set = useSetSwitch();
  // Shown as asked while the server answers; the answer (or the failure) settles it.
  const shown = set.isPending && set.variables?.name === name ? set.variables.on : on;
  return (
    <div className="acct-row">
      <div className="acct-row-main">
        <span>{label}</span>
        <span className="acct-row-desc">{desc}</span>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={shown}
        aria-label={label}
        className="acct-switch"
        disabled={set.isPending}
        onClick={() => set.mutate({ name, on: !on })}
        data-testid={`switch-${name}`}
      />
    </div>
  );
}

/** A row that opens a page: the name, a hint and ›. */
function EntryRow({ to, label, hint, testId }: { to: string; label: string; hint?: string; testId: string }) {
  return (
    <Link to={to} className="acct-row" data-testid={testId}>
      <span>{label}</span>
      <span className="acct-row-hint">
        {hint}
        <ChevronRight size="1em" aria-hidden="true" />
      </span>
    </Link>
  );
}

/** 设置: the two switches, account and security, help, the six agreements (full screen), 注销账号. */
export default function SettingsPage() {
  const scene = currentScene();
  const loggedIn = Boolean(storage.get('token'));
  const user = useUserInfo();
  const switches = useSwitches();
  const payPin = usePayPasswordStatus(loggedIn);
  const agreements = useAgreements();
  const agreed = useMyAgreements();
  // Where an agreement changed since he agreed, the version he agreed to stays readable.
  const outdated = agreed.data?.list.filter((a) => a.agreedVersion !== a.currentVersion) ?? [];
  const [reading, setReading] = useState<{ key: AgreementKey; title: string; version?: string } | null>(null);
  return (
    <AccountLayout title="设置" testId="settings-page">
      {!loggedIn ? <LoginFirst reason="登录后可设置消息推送与个性化推荐" /> : null}
      {loggedIn && switches.isLoading ? <HomeSkeleton /> : null}
      {loggedIn && switches.data ? (
        <div className="acct-group">
          <div className="acct-group-title">通知与推荐</div>
          {SWITCHES.map((s) => (
            <SwitchRow key={s.name} {...s} on={switches.data[s.name] === 1} />
          ))}
        </div>
      ) : null}
      {loggedIn ? (
        <div className="acct-group">
          <div className="acct-group-title">账号与安全</div>
          <EntryRow
            to={paths.phoneAuth(scene)}
            label="手机号认证"
            hint={user.data?.mobile || '未绑定'}
            testId="settings-phone"
          />
          <EntryRow
            to={paths.realNameStatus(scene)}
            label="实名认证"
            hint={user.data?.hasAuthentication === '1' ? '已认证' : '未认证'}
            testId="settings-real-name"
          />
          <EntryRow
            to={paths.payPassword(scene)}
            label="支付密码"
            hint={payPin.data ? (payPin.data.set ? '已设置' : '未设置') : ''}
            testId="settings-pay-password"
          />
          <EntryRow to={paths.removeAccount(scene)} label="注销账号" testId="settings-remove" />
        </div>
      ) : null}
      <div className="acct-group">
        <div className="acct-group-title">帮助</div>
        <EntryRow to={paths.faq(scene)} label="常见问题" testId="settings-faq" />
        {loggedIn ? <EntryRow to={paths.feedback(scene)} label="意见反馈" testId="settings-feedback" /> : null}
        <EntryRow to={paths.service(scene)} label="联系客服" testId="settings-service" />
      </div>
      <div className="acct-group" data-testid="settings-agreements">
        <div className="acct-group-title">协议与隐私</div>
        {agreements.map((a) => (
          <button
            key={a.key}
            type="button"
            className="acct-row"
            onClick={() => setReading(a)}
            data-testid={`settings-agreement-${a.key}`}
          >
            <span>{a.title}</span>
            <span className="acct-row-hint">
              {(() => {
                const mine = agreed.data?.list.find((x) => x.key === a.key);
                if (!mine) return null;
                return mine.agreedVersion === mine.currentVersion
                  ? `已同意 ${mine.agreedVersion}`
                  : `有新版本 ${mine.currentVersion}`;
              })()}
              <ChevronRight size="1em" aria-hidden="true" />
            </span>
          </button>
        ))}
      </div>
      {outdated.length > 0 ? (
        <div className="acct-group" data-testid="settings-agreed">
          <div className="acct-group-title">您同意过的版本（协议已更新）</div>
          {outdated.map((a) => (
            <button
              key={a.key}
              type="button"
              className="acct-row"
              onClick={() => setReading({ key: a.key, title: a.title, version: a.agreedVersion })}
              data-testid={`settings-agreed-${a.key}`}
            >
              <span>{a.title}</span>
              <span className="acct-row-hint">
                {a.agreedVersion} · {new Date(a.agreedAt + 8 * 3_600_000).toISOString().slice(0, 10)} 同意
                <ChevronRight size="1em" aria-hidden="true" />
              </span>
            </button>
          ))}
        </div>
      ) : null}
      {reading ? (
        <AgreementModal
          agreementKey={reading.key}
          title={reading.title}
          version={reading.version}
          onClose={() => setReading(null)}
        />
      ) : null}
    </AccountLayout>
  );
}
