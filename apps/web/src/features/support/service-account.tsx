import { useState } from 'react';
import { accountDetail, CustomerAccountPicker } from '../../components/customer-account-picker';
import { copyText } from '../../lib/copy-text';
import { storage } from '../../lib/storage';
import { showToast } from '../../lib/ui-bus';
import { useUniqueIdList } from './api/get-unique-id-list';

/**
 * 咨询账号 on the service page: the 唯一码 customer service asks for, of the game in view, with the
 * role it last logged in with and when; with more than one game account, the account picker
 * (platform-shell §2) chooses which. Nothing shows without a session, a game, or accounts in it.
 */
export function ServiceAccount({ appId, pc }: { appId: string; pc: boolean }) {
  const loggedIn = Boolean(storage.get('token'));
  const accounts = useUniqueIdList(appId, loggedIn).data?.list ?? [];
  const [picked, setPicked] = useState(0);
  const [picking, setPicking] = useState(false);
  const account = accounts[picked] ?? accounts[0];
  if (!account) return null;
  const copy = async () =>
    showToast((await copyText(account.tradeId)) ? '唯一码已复制' : '复制失败，请长按唯一码手动复制');
  return (
    <div className="card service-card" data-testid="service-account">
      <div className="support-title">咨询账号</div>
      <button
        type="button"
        className="service-account-row"
        onClick={() => setPicking(true)}
        disabled={accounts.length < 2}
        data-testid="service-account-row"
      >
        <span className="service-account-main">
          <b data-testid="service-account-trade-id">唯一码 {account.tradeId}</b>
          <span className="muted">{accountDetail(account)}</span>
        </span>
        {accounts.length > 1 ? <span className="service-account-switch">切换账号</span> : null}
      </button>
      <div className="service-account-foot">
        <span className="muted">联系客服时请提供唯一码，便于核实账号</span>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => void copy()}
          data-testid="service-account-copy"
        >
          复制唯一码
        </button>
      </div>
      {picking ? (
        <CustomerAccountPicker
          accounts={accounts}
          picked={picked}
          onPick={setPicked}
          onClose={() => setPicking(false)}
          pc={pc}
        />
      ) : null}
    </div>
  );
}
