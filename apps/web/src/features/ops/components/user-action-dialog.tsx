import { userActionPayload, userBanPayload } from '@app/protocol/ops-users';
import { useState } from 'react';
import { type UserAction, useActOnUser } from '../api/act-on-user';
import { ConfirmDialog } from './confirm-dialog';

export const USER_ACTION_WORDS: Record<
  UserAction,
  { title: string; confirm: string; explain: string; danger: boolean }
> = {
  ban: {
    title: '封禁用户',
    confirm: '确认封禁',
    explain: '封禁后用户的所有登录立即失效，再次使用时看到封禁原因和联系客服；在售商品全部下架；进行中的订单照常完成。',
    danger: true,
  },
  unban: {
    title: '解除封禁',
    confirm: '确认解除',
    explain: '解除后用户可重新登录，已下架的商品需用户自行重新上架。',
    danger: false,
  },
  'sessions/end': {
    title: '下线用户',
    confirm: '确认下线',
    explain: '用户的所有登录立即失效，需要重新登录。',
    danger: true,
  },
  'sale-lock/reset': {
    title: '重置出售锁',
    confirm: '确认重置',
    explain: '用户再次出售前需用绑定手机重新验证。',
    danger: false,
  },
  'withdrawals/hold': {
    title: '暂停提现',
    confirm: '确认暂停',
    explain: '暂停后用户不能发起提现，已审核待打款的提现不会打款，资金仍为冻结状态。',
    danger: true,
  },
  'withdrawals/release': {
    title: '恢复提现',
    confirm: '确认恢复',
    explain: '恢复后等待中的提现继续打款。',
    danger: false,
  },
};

const BAN_LENGTHS: Array<{ label: string; days: number | null }> = [
  { label: '1天', days: 1 },
  { label: '7天', days: 7 },
  { label: '30天', days: 30 },
  { label: '永久', days: null },
];

/** One action on a user, confirmed with its reason (and a ban's length); refusals shown in the dialog. */
export function UserActionDialog({
  userId,
  action,
  onDone,
}: {
  userId: string;
  action: UserAction;
  onDone: () => void;
}) {
  const act = useActOnUser();
  const [reason, setReason] = useState('');
  const [days, setDays] = useState<number | null>(7);
  const [invalid, setInvalid] = useState('');
  const words = USER_ACTION_WORDS[action];
  const confirm = () => {
    const until = days === null ? null : Date.now() + days * 86_400_000;
    const checked =
      action === 'ban' ? userBanPayload.safeParse({ reason, until }) : userActionPayload.safeParse({ reason });
    if (!checked.success) return setInvalid(checked.error.issues[0]?.message ?? '请填写原因');
    act.mutate({ userId, action, reason: checked.data.reason, until }, { onSuccess: onDone });
  };
  return (
    <ConfirmDialog
      title={words.title}
      confirmLabel={words.confirm}
      danger={words.danger}
      busy={act.isPending}
      error={invalid || act.error?.message}
      onConfirm={confirm}
      onCancel={onDone}
      testId="ops-user-action-dialog"
    >
      <div className="ops-muted">{words.explain}</div>
      {action === 'ban' ? (
        <fieldset className="ops-views ops-fieldset" aria-label="封禁时长">
          {BAN_LENGTHS.map((l) => (
            <button
              key={l.label}
              type="button"
              aria-pressed={days === l.days}
              className={days === l.days ? 'ops-view active' : 'ops-view'}
              onClick={() => setDays(l.days)}
            >
              {l.label}
            </button>
          ))}
        </fieldset>
      ) : null}
      <textarea
        aria-label="原因"
        value={reason}
        maxLength={200}
        onChange={(e) => {
          setReason(e.target.value);
          setInvalid('');
          act.reset();
        }}
        placeholder={action === 'ban' ? '封禁原因（用户可见，2–200字）' : '原因（记入操作日志，2–200字）'}
        data-testid="ops-user-action-reason"
      />
    </ConfirmDialog>
  );
}
