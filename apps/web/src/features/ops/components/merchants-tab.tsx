import { MERCHANT_STATUSES, type MerchantStatus, merchantStatusLabel } from '@app/protocol/calls/broker';
import { formatPriceFen } from '@app/protocol/format';
import { merchantDecisionPayload } from '@app/protocol/ops';
import { yuanToFen } from '@app/protocol/sell-rules';
import { useState } from 'react';
import {
  type ConsoleMerchant,
  type MerchantDecision,
  useDecideMerchant,
  useGameNames,
  useMerchants,
} from '../api/merchants';
import { formatTime } from './format';

type Decision = MerchantDecision['decision'];

/** What each standing may become, and the words of the button. */
const DECISIONS: Record<MerchantStatus, Array<{ decision: Decision; label: string }>> = {
  applied: [
    { decision: 'approve', label: '通过' },
    { decision: 'reject', label: '驳回' },
  ],
  approved: [{ decision: 'suspend', label: '暂停资格' }],
  rejected: [],
  suspended: [{ decision: 'restore', label: '恢复资格' }],
  // He left himself (merchant/leave): nothing to decide until he applies again.
  left: [],
};

const PILL: Record<MerchantStatus, string> = {
  applied: 'ops-status',
  approved: 'ops-pill ops-pill-on',
  rejected: 'ops-pill ops-pill-off',
  suspended: 'ops-pill ops-pill-off',
  left: 'ops-pill ops-pill-off',
};

/** One merchant: its shop, game, user, standing, credit and note; the decision opens below it. */
function MerchantRow({ merchant, gameName }: { merchant: ConsoleMerchant; gameName: string | undefined }) {
  const decide = useDecideMerchant();
  const [open, setOpen] = useState<Decision | null>(null);
  const [credit, setCredit] = useState('');
  const [note, setNote] = useState('');
  const [invalid, setInvalid] = useState('');
  const start = (decision: Decision) => {
    setOpen(decision);
    setInvalid('');
    decide.reset();
  };
  const submit = () => {
    if (!open) return;
    let creditFen: number | undefined;
    if (open === 'approve') {
      const fen = yuanToFen(credit);
      if (fen === null) return setInvalid('请填写保证金或授信额度（元，最多2位小数）');
      creditFen = fen;
    }
    if ((open === 'reject' || open === 'suspend') && note.trim().length < 2)
      return setInvalid('请填写原因（至少2个字）');
    const checked = merchantDecisionPayload.safeParse({
      decision: open,
      ...(creditFen === undefined ? {} : { creditFen }),
      ...(note.trim() ? { note: note.trim() } : {}),
    });
    if (!checked.success) return setInvalid(checked.error.issues[0]?.message ?? '请检查填写内容');
    setInvalid('');
    decide.mutate({ merchantId: merchant.merchantId, ...checked.data }, { onSuccess: () => setOpen(null) });
  };
  const error = invalid || decide.error?.message;
  return (
    <>
      <tr data-testid="ops-merchant-row" data-merchant-id={merchant.merchantId} data-shop={merchant.shopName}>
        <td>
          <b>{merchant.shopName}</b>
          <div className="ops-muted ops-mono">#{merchant.merchantId}</div>
        </td>
        <td>
          {gameName ?? merchant.applicationId}
          {gameName ? <div className="ops-muted ops-mono">{merchant.applicationId}</div> : null}
        </td>
        <td className="ops-mono">{merchant.userId}</td>
        <td>
          <span className={PILL[merchant.status]} data-testid="ops-merchant-status">
            {merchantStatusLabel[merchant.status]}
          </span>
        </td>
        <td className="ops-mono">{merchant.status === 'applied' ? '—' : formatPriceFen(merchant.creditFen)}</td>
        <td>
          {merchant.note || <span className="ops-muted">—</span>}
          {merchant.decidedBy ? <div className="ops-muted">{merchant.decidedBy}</div> : null}
        </td>
        <td className="ops-mono">{formatTime(merchant.createTime * 1000)}</td>
        <td className="ops-row-actions">
          {DECISIONS[merchant.status].map((d) => (
            <button
              key={d.decision}
              type="button"
              className={d.decision === 'reject' || d.decision === 'suspend' ? 'ops-link ops-link-danger' : 'ops-link'}
              onClick={() => start(d.decision)}
              data-testid={`ops-merchant-${d.decision}`}
            >
              {d.label}
            </button>
          ))}
        </td>
      </tr>
      {open || error ? (
        <tr className="ops-subrow">
          <td colSpan={8}>
            {open ? (
              <div className="ops-inline" data-testid="ops-merchant-decide">
                {open === 'approve' ? (
                  <input
                    aria-label="保证金或授信额度（元）"
                    inputMode="decimal"
                    value={credit}
                    onChange={(e) => {
                      setCredit(e.target.value);
                      setInvalid('');
                    }}
                    placeholder="保证金或授信额度（元）"
                    data-testid="ops-merchant-credit"
                  />
                ) : null}
                <input
                  aria-label="说明"
                  value={note}
                  maxLength={200}
                  onChange={(e) => {
                    setNote(e.target.value);
                    setInvalid('');
                  }}
                  placeholder={open === 'reject' || open === 'suspend' ? '原因（商人可见）' : '说明（选填）'}
                  data-testid="ops-merchant-note"
                  style={{ minWidth: 260 }}
                />
                <button
                  type="button"
                  className="ops-primary"
                  disabled={decide.isPending}
                  onClick={submit}
                  data-testid="ops-merchant-confirm"
                >
                  确认{DECISIONS[merchant.status].find((d) => d.decision === open)?.label}
                </button>
                <button type="button" className="ops-secondary" onClick={() => setOpen(null)}>
                  取消
                </button>
              </div>
            ) : null}
            {error ? (
              <p className="ops-error" data-testid="ops-merchant-error">
                {error}
              </p>
            ) : null}
          </td>
        </tr>
      ) : null}
    </>
  );
}

/** 商人审核 (operators and admins): applications to approve with the credit recorded, merchants to suspend or restore. */
export function MerchantsTab() {
  const [status, setStatus] = useState<MerchantStatus | ''>('applied');
  const merchants = useMerchants(status);
  const games = useGameNames();
  return (
    <section>
      <div className="ops-section-head">
        <div>
          <h2>商人审核</h2>
          <p className="ops-muted">
            通过前请核实实名信息并记录保证金或授信额度；驳回、暂停须填写原因，商人可在商人中心看到。每次操作均记入操作日志。
          </p>
        </div>
        <div className="ops-inline">
          <select
            value={status}
            onChange={(e) => setStatus(e.target.value as MerchantStatus | '')}
            aria-label="状态"
            data-testid="ops-merchant-filter"
          >
            <option value="">全部状态</option>
            {MERCHANT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {merchantStatusLabel[s]}
              </option>
            ))}
          </select>
          <button type="button" className="ops-secondary" onClick={() => void merchants.refetch()}>
            刷新
          </button>
        </div>
      </div>
      {merchants.error ? (
        <p className="ops-error" data-testid="ops-load-error">
          {merchants.error.message}
        </p>
      ) : null}
      <div className="ops-table-wrap">
        <table className="ops-table" data-testid="ops-merchants">
          <thead>
            <tr>
              <th>店铺</th>
              <th style={{ width: 130 }}>游戏</th>
              <th style={{ width: 90 }}>用户ID</th>
              <th style={{ width: 90 }}>状态</th>
              <th style={{ width: 120 }}>保证金/授信</th>
              <th>说明</th>
              <th style={{ width: 170 }}>申请时间</th>
              <th style={{ width: 130 }}>操作</th>
            </tr>
          </thead>
          <tbody>
            {merchants.isPending ? (
              <tr>
                <td colSpan={8} className="ops-empty">
                  加载中…
                </td>
              </tr>
            ) : null}
            {merchants.data?.list.length === 0 ? (
              <tr>
                <td colSpan={8} className="ops-empty" data-testid="ops-empty">
                  {status ? `暂无「${merchantStatusLabel[status]}」的商人` : '暂无商人申请'}
                </td>
              </tr>
            ) : null}
            {merchants.data?.list.map((m) => (
              <MerchantRow key={m.merchantId} merchant={m} gameName={games.data?.get(m.applicationId)} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
