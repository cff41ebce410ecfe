import { formatPriceFen } from '@app/protocol/format';
import {
  type ConsoleWithdrawal,
  reviewReasonLabel,
  WITHDRAWAL_VIEWS,
  type WithdrawalView,
  withdrawalRefusal,
  withdrawalViewLabel,
} from '@app/protocol/ops-money';
import { type FormEvent, useState } from 'react';
import { useDecideWithdrawal } from '../api/decide-withdrawal';
import { useWithdrawals, WITHDRAWALS_PAGE_SIZE } from '../api/get-withdrawals';
import { ConfirmDialog } from './confirm-dialog';
import { formatSeconds } from './format';
import { Pager } from './pager';

/** The payout channels by their provider name (an unknown one shows as it is). */
const CHANNEL_LABEL: Record<string, string> = { sandbox: '沙箱', alipay: '支付宝', wechat: '微信' };
const channelOf = (name: string) => CHANNEL_LABEL[name] ?? name;

const STATUS_PILL: Partial<Record<ConsoleWithdrawal['status'], string>> = {
  paid: 'ops-pill ops-pill-on',
  failed: 'ops-pill ops-pill-off',
  refused: 'ops-pill ops-pill-off',
  cancelled: 'ops-pill ops-pill-off',
};

/** The decision being confirmed: approve, or refuse with its reason. */
function DecideDialog({
  row,
  decision,
  onDone,
}: {
  row: ConsoleWithdrawal;
  decision: 'approve' | 'refuse';
  onDone: () => void;
}) {
  const decide = useDecideWithdrawal();
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState('');
  const confirm = () => {
    if (decision === 'approve') return decide.mutate({ id: row.id, decision }, { onSuccess: onDone });
    const checked = withdrawalRefusal.safeParse({ reason });
    if (!checked.success) return setInvalid(checked.error.issues[0]?.message ?? '请填写不通过的原因');
    decide.mutate({ id: row.id, decision, reason: checked.data.reason }, { onSuccess: onDone });
  };
  return (
    <ConfirmDialog
      title={decision === 'approve' ? '确认通过提现' : '确认不通过提现'}
      confirmLabel={decision === 'approve' ? '确认通过' : '确认不通过'}
      danger={decision === 'refuse'}
      busy={decide.isPending}
      error={invalid || decide.error?.message}
      onConfirm={confirm}
      onCancel={onDone}
      testId="ops-withdrawal-dialog"
    >
      <div>
        用户 <b className="ops-mono">{row.uid}</b>（{row.mobile || '未绑定手机'}）提现{' '}
        <b>{formatPriceFen(row.amount)}</b>，到账 {formatPriceFen(row.arrival)}，收款 {row.accountName}{' '}
        <span className="ops-mono">{row.accountNo}</span>
      </div>
      {decision === 'approve' ? (
        <div className="ops-muted">通过后由打款任务向{channelOf(row.channel)}渠道发起转账，无法撤回。</div>
      ) : (
        <>
          <div className="ops-muted">不通过后金额退回用户余额，原因会显示在用户的提现记录中。</div>
          <textarea
            aria-label="不通过的原因"
            value={reason}
            maxLength={100}
            onChange={(e) => {
              setReason(e.target.value);
              setInvalid('');
              decide.reset();
            }}
            placeholder="不通过的原因（用户可见，2–100字）"
            data-testid="ops-withdrawal-reason"
          />
        </>
      )}
    </ConfirmDialog>
  );
}

function WithdrawalRow({ row, onDecide }: { row: ConsoleWithdrawal; onDecide: (d: 'approve' | 'refuse') => void }) {
  return (
    <tr data-testid="ops-withdrawal-row" data-withdrawal-id={row.id} data-status={row.status}>
      <td>
        <span className="ops-mono">#{row.id}</span>
        <div className="ops-muted ops-mono ops-small">{row.outBizNo}</div>
        <div className="ops-muted">{formatSeconds(row.createdAt)}</div>
      </td>
      <td>
        <span className="ops-mono">{row.uid}</span>
        <div className="ops-muted ops-mono">{row.mobile || '—'}</div>
      </td>
      <td className="ops-num">
        <b>{formatPriceFen(row.amount)}</b>
        <div className="ops-muted">手续费 {formatPriceFen(row.fee)}</div>
      </td>
      <td>
        {channelOf(row.channel)} <span className="ops-mono">{row.accountNo}</span>
        <div className="ops-nowrap-text">
          {row.accountName}{' '}
          {row.nameMatches ? (
            <span className="ops-ok">实名一致</span>
          ) : (
            <span className="ops-error" data-testid="ops-withdrawal-name-mismatch">
              与实名不符
            </span>
          )}
        </div>
      </td>
      <td>
        <div className="ops-reasons">
          {row.reasons.map((r) => (
            <span key={r} className="ops-tag">
              {reviewReasonLabel[r]}
            </span>
          ))}
        </div>
      </td>
      <td>
        <span className={STATUS_PILL[row.status] ?? 'ops-status'} data-testid="ops-withdrawal-status">
          {row.statusLabel}
        </span>
        {row.providerAnswer ? <div className="ops-muted">{row.providerAnswer}</div> : null}
        {row.providerRef ? <div className="ops-muted ops-mono">{row.providerRef}</div> : null}
        {row.reviewedBy ? <div className="ops-muted">审核：{row.reviewedBy}</div> : null}
      </td>
      <td className="ops-row-actions">
        {row.status === 'in_review' ? (
          <>
            <button
              type="button"
              className="ops-link"
              onClick={() => onDecide('approve')}
              data-testid="ops-withdrawal-approve"
            >
              通过
            </button>
            <button
              type="button"
              className="ops-link ops-link-danger"
              onClick={() => onDecide('refuse')}
              data-testid="ops-withdrawal-refuse"
            >
              不通过
            </button>
          </>
        ) : (
          <span className="ops-muted">—</span>
        )}
      </td>
    </tr>
  );
}

/** 提现审核 (财务, 管理员): the payouts waiting for staff and every payout's state with the provider's answer. */
export function WithdrawalsTab() {
  const [view, setView] = useState<WithdrawalView>('review');
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [deciding, setDeciding] = useState<{ row: ConsoleWithdrawal; decision: 'approve' | 'refuse' } | null>(null);
  const list = useWithdrawals(view, q, page);
  const search = (e: FormEvent) => {
    e.preventDefault();
    setQ(draft.trim());
    setPage(1);
  };
  return (
    <section>
      <div className="ops-section-head">
        <div>
          <h2>提现审核</h2>
          <p className="ops-muted">
            超过审核金额、首次提现或近期有安全变更的提现在此等待审核；不通过须填写原因，金额退回用户余额。每次操作均记入操作日志。
          </p>
        </div>
        <form className="ops-inline ops-nowrap" onSubmit={search}>
          <input
            aria-label="用户UID或提现单号"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="用户UID / 提现ID / 提现单号"
            style={{ minWidth: 200 }}
            data-testid="ops-withdrawal-search"
          />
          <button type="submit" className="ops-primary">
            查询
          </button>
          <button type="button" className="ops-secondary" onClick={() => void list.refetch()}>
            刷新
          </button>
        </form>
      </div>
      <div className="ops-views" role="tablist" aria-label="提现列表">
        {WITHDRAWAL_VIEWS.map((v) => (
          <button
            key={v}
            type="button"
            role="tab"
            aria-selected={v === view}
            className={v === view ? 'ops-view active' : 'ops-view'}
            onClick={() => {
              setView(v);
              setPage(1);
            }}
            data-testid={`ops-withdrawal-view-${v}`}
          >
            {withdrawalViewLabel[v]}
          </button>
        ))}
      </div>
      {list.error ? (
        <p className="ops-error" data-testid="ops-load-error">
          {list.error.message}
        </p>
      ) : null}
      <div className="ops-table-wrap ops-table-scroll">
        <table className="ops-table ops-table-tight" data-testid="ops-withdrawals">
          <thead>
            <tr>
              <th style={{ width: 180 }}>提现</th>
              <th style={{ width: 110 }}>用户</th>
              <th style={{ width: 100 }} className="ops-num">
                金额
              </th>
              <th>收款账户</th>
              <th style={{ width: 110 }}>审核原因</th>
              <th style={{ width: 180 }}>打款状态</th>
              <th style={{ width: 90 }}>操作</th>
            </tr>
          </thead>
          <tbody>
            {list.isPending ? (
              <tr>
                <td colSpan={7} className="ops-empty">
                  加载中…
                </td>
              </tr>
            ) : null}
            {list.data?.list.length === 0 ? (
              <tr>
                <td colSpan={7} className="ops-empty" data-testid="ops-empty">
                  {q ? '没有符合条件的提现' : `暂无「${withdrawalViewLabel[view]}」的提现`}
                </td>
              </tr>
            ) : null}
            {list.data?.list.map((row) => (
              <WithdrawalRow key={row.id} row={row} onDecide={(decision) => setDeciding({ row, decision })} />
            ))}
          </tbody>
        </table>
      </div>
      <Pager
        page={page}
        pageSize={WITHDRAWALS_PAGE_SIZE}
        total={list.data?.total ?? 0}
        onPage={setPage}
        testId="ops-withdrawals-pager"
      />
      {deciding ? <DecideDialog {...deciding} onDone={() => setDeciding(null)} /> : null}
    </section>
  );
}
