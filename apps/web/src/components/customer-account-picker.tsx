import { formatDateTime } from '@app/protocol/format';
import { ActionSheet } from './action-sheet';

/** One customer account (getUniqueIdList): the 唯一码, the role it last logged in with and when. */
export interface CustomerAccount {
  tradeId: string;
  lastLoginRoleName: string;
  /** Unix seconds. */
  lastLoginTime: number;
}

/** '最近登录 战神无双 · 2026/11/24 21:47:19' (no role: '最近登录 2026/…'). */
export const accountDetail = (a: CustomerAccount): string =>
  `最近登录 ${a.lastLoginRoleName ? `${a.lastLoginRoleName} · ` : ''}${formatDateTime(a.lastLoginTime * 1000)}`;

/**
 * The customer-account picker of platform-shell §2: the action sheet over the user's game accounts,
 * each with its 唯一码 (tradeId), last role and last login. `picked` is the index in `accounts`
 * (two accounts of one user share a 唯一码).
 */
export function CustomerAccountPicker({
  accounts,
  picked,
  onPick,
  onClose,
  pc = false,
}: {
  accounts: readonly CustomerAccount[];
  picked: number;
  onPick: (index: number) => void;
  onClose: () => void;
  pc?: boolean;
}) {
  return (
    <ActionSheet
      title="选择咨询的账号"
      subtitle="客服将按唯一码核实您的账号"
      options={accounts.map((a, i) => ({ value: String(i), label: `唯一码 ${a.tradeId}`, detail: accountDetail(a) }))}
      value={String(picked)}
      onPick={(v) => onPick(Number(v))}
      onClose={onClose}
      pc={pc}
      testId="account-picker"
    />
  );
}
