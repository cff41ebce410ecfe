import { SECURITY_HOLD_HOURS } from '@app/protocol/calls/pay-password';
import {
  extractCancel,
  extractConfig,
  extractPage,
  extractSave,
  extractUserInfo,
  type WithdrawalAccountType,
  withdrawalFee,
} from '@app/protocol/calls/withdrawal';
import { formatDateTime, formatPriceFen } from '@app/protocol/format';
import { yuanToFen } from '@app/protocol/sell-rules';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { PayPasswordSheet } from '../../components/pay-password-sheet';
import { isPcPage, PageFrame } from '../../components/pc-page-frame';
import { callApi } from '../../lib/api/call-api';
import { paths } from '../../lib/paths';
import { sceneOfPath } from '../../lib/platform';
import { usePayPasswordStatus } from '../../lib/queries/pay-password-status';
import { showToast } from '../../lib/ui-bus';
import '../../components/sell-form.css';
import './withdrawal.css';

/**
 * The cash-withdrawal page (extractApply.*): the balance (available, frozen, 待入账), a request to
 * an alipay account or, when the user has WeChat bound and the channel is open, to his 微信零钱 (no
 * account typed; WeChat asks him to 确认收款), in the verified real name with its fee and arrival
 * amount, and the requests
 * with their status (one under review can be cancelled). Every request asks the payment password on
 * the keypad sheet; while a security change holds withdrawals the page says until when; a request
 * to another account than the last one paid to is a payout account change, which waits 24 h.
 */
export default function WithdrawPage() {
  const queryClient = useQueryClient();
  const info = useQuery({ queryKey: ['wallet', 'info'], queryFn: () => callApi(extractUserInfo, {}) });
  const config = useQuery({ queryKey: ['wallet', 'config'], queryFn: () => callApi(extractConfig, {}) });
  const page = useQuery({ queryKey: ['wallet', 'page'], queryFn: () => callApi(extractPage, { pageSize: 20 }) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['wallet'] });
  const save = useMutation({
    mutationFn: (input: {
      amount: number;
      accountType: WithdrawalAccountType;
      accountNo?: string;
      accountName: string;
      payPassword: string;
    }) => callApi(extractSave, input, { catchError: true }),
    onSuccess: refresh,
  });
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const pin = usePayPasswordStatus();
  const heldUntil = pin.data?.withdrawalHeldUntil ?? null;
  const [askingPin, setAskingPin] = useState(false);
  const cancel = useMutation({ mutationFn: (id: string) => callApi(extractCancel, { id }), onSuccess: refresh });
  const [amount, setAmount] = useState('');
  const [accountNo, setAccountNo] = useState('');
  // Where the money goes: what the server says this user can withdraw to (WeChat only when bound).
  const types = info.data?.accountTypes ?? [];
  const [chosen, setChosen] = useState<WithdrawalAccountType | null>(null);
  const accountType: WithdrawalAccountType | null = chosen && types.includes(chosen) ? chosen : (types[0] ?? null);
  const closed = info.isSuccess && types.length === 0;
  const [accountName, setAccountName] = useState('');
  const fen = yuanToFen(amount);
  const fee = fen && config.data ? withdrawalFee(fen, config.data) : null;
  return (
    <PageFrame title="提现" pcTitle="余额与提现">
      <div className="card wallet-box" data-testid="wallet-balance">
        <div className="muted">可提现余额</div>
        {/* Nothing read yet (or the read failed) is not a balance of ¥0.00. */}
        <div className="wallet-amount">{info.data ? formatPriceFen(info.data.available) : '—'}</div>
        <div className="muted" style={{ fontSize: 12 }}>
          冻结中 {info.data ? formatPriceFen(info.data.frozen) : '—'} · 待入账{' '}
          {info.data ? formatPriceFen(info.data.pending) : '—'}
        </div>
        {info.data?.frozen ? (
          <div className="muted" style={{ fontSize: 12 }} data-testid="wallet-frozen-note">
            冻结中含审核中的提现、待支付订单的余额部分，以及还价、出价、竞拍冻结的保证金
          </div>
        ) : null}
        <Link to={paths.walletStatement(scene)} className="wallet-statement-link" data-testid="wallet-statement-link">
          资金明细 ›
        </Link>
      </div>
      <div className="card wallet-box">
        <div className="sell-form" data-testid="withdraw-form">
          <label className="sell-field">
            <span>提现金额（元）</span>
            <input
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value.replace(/[^\d.]/g, ''))}
              data-testid="withdraw-amount"
            />
          </label>
          {config.data ? (
            <p className="muted" style={{ margin: 0, fontSize: 12 }}>
              单笔 {formatPriceFen(config.data.minAmount)} – {formatPriceFen(config.data.maxAmount)}，手续费{' '}
              {config.data.feePercent}%（最低 {formatPriceFen(config.data.minFee)}），每天最多 {config.data.dailyCount}{' '}
              次
            </p>
          ) : null}
          {fen && fee !== null ? (
            <p className="sell-receive" data-testid="withdraw-arrival">
              手续费 {formatPriceFen(fee)}，实际到账 <b>{formatPriceFen(Math.max(0, fen - fee))}</b>
            </p>
          ) : null}
          {types.length > 1 ? (
            <div className="sell-field">
              <span>提现到</span>
              <div className="sell-chips" data-testid="withdraw-types">
                {types.map((type) => (
                  <button
                    key={type}
                    type="button"
                    aria-pressed={type === accountType}
                    className={`sell-chip${type === accountType ? ' on' : ''}`}
                    onClick={() => setChosen(type)}
                    data-testid={`withdraw-type-${type}`}
                  >
                    {type === 'alipay' ? '支付宝' : '微信零钱'}
                  </button>
                ))}
              </div>
            </div>
          ) : null}
          {accountType === 'wechat' ? (
            <p className="sell-receive" data-testid="withdraw-wechat-note">
              到账已绑定微信的零钱，无需填写账号；打款后请在微信中确认收款
            </p>
          ) : accountType === 'alipay' ? (
            <label className="sell-field">
              <span>支付宝账号</span>
              <input
                value={accountNo}
                placeholder="手机号或邮箱"
                onChange={(e) => setAccountNo(e.target.value.trim())}
                data-testid="withdraw-account"
              />
            </label>
          ) : null}
          {closed ? (
            <p className="wallet-held" data-testid="withdraw-closed">
              提现通道暂未开通，余额可继续用于购买
            </p>
          ) : null}
          <label className="sell-field">
            <span>收款人姓名（须与实名认证 {info.data?.realName || '—'} 一致）</span>
            <input
              value={accountName}
              onChange={(e) => setAccountName(e.target.value.trim())}
              data-testid="withdraw-name"
            />
          </label>
          {heldUntil && heldUntil * 1000 > Date.now() ? (
            <p className="wallet-held" data-testid="withdraw-held">
              安全设置变更后{SECURITY_HOLD_HOURS}小时内不能提现，请于{formatDateTime(heldUntil * 1000)}后再试
            </p>
          ) : null}
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={save.isPending || closed}
            onClick={() => {
              if (!accountType) return showToast(closed ? '提现通道暂未开通，余额可继续用于购买' : '加载中，请稍候');
              if (fen === null) return showToast('请输入正确的提现金额');
              if (accountType === 'alipay' && !accountNo) return showToast('请输入正确的支付宝账号（手机号或邮箱）');
              if (!accountName) return showToast('请输入收款人姓名');
              setAskingPin(true);
            }}
            data-testid="withdraw-submit"
          >
            申请提现
          </button>
          <Link to={paths.payPassword(scene)} className="link wallet-pin-link" data-testid="withdraw-pin-link">
            {pin.data?.set ? '忘记或重置支付密码' : '设置支付密码'}
          </Link>
        </div>
      </div>
      {askingPin && fen !== null && accountType ? (
        <PayPasswordSheet
          scene={scene}
          pc={isPcPage(scene)}
          title="提现"
          amount={formatPriceFen(fen)}
          onClose={() => setAskingPin(false)}
          onSubmit={async (payPassword) => {
            try {
              await save.mutateAsync({
                amount: fen,
                accountType,
                ...(accountType === 'alipay' ? { accountNo } : {}),
                accountName,
                payPassword,
              });
            } catch (error) {
              const message = error instanceof Error ? error.message : '提现失败，请重试';
              // Not a pin's refusal (the amount, the account, the hold): the form is where to fix it.
              if (!/支付密码/.test(message)) {
                setAskingPin(false);
                showToast(message);
                void pin.refetch();
              }
              return message;
            }
            setAskingPin(false);
            showToast('提现申请已提交，等待审核');
            return null;
          }}
        />
      ) : null}
      <div className="card wallet-box" data-testid="withdraw-records">
        <div className="order-row-title" style={{ fontWeight: 600, marginBottom: 8 }}>
          提现记录
        </div>
        {page.data?.list.length === 0 ? (
          <p className="muted" style={{ margin: 0 }}>
            暂无记录
          </p>
        ) : null}
        {page.data?.list.map((w) => (
          <div key={w.id} className="wallet-record" data-testid="withdraw-record">
            <div>
              <div>
                {formatPriceFen(w.amount)} → {w.accountNo}
              </div>
              <div className="muted" style={{ fontSize: 12 }}>
                {formatDateTime(w.createTime * 1000)} · 到账 {formatPriceFen(w.arrival)}
                {w.reason ? ` · ${w.reason}` : ''}
              </div>
            </div>
            <div style={{ textAlign: 'right' }}>
              <div className={`wallet-status ${w.status}`}>{w.statusLabel}</div>
              {w.confirm ? <ConfirmReceipt confirm={w.confirm} /> : null}
              {w.status === 'reviewing' || w.status === 'in_review' ? (
                <button
                  type="button"
                  className="link"
                  disabled={cancel.isPending}
                  onClick={() => cancel.mutate(w.id)}
                  data-testid="withdraw-cancel"
                >
                  取消
                </button>
              ) : null}
            </div>
          </div>
        ))}
      </div>
    </PageFrame>
  );
}

declare global {
  interface Window {
    WeixinJSBridge?: { invoke(name: string, args: object, done: (r: { err_msg?: string }) => void): void };
  }
}

/**
 * WeChat 商家转账's 确认收款: inside WeChat the page hands the bill's package to
 * requestMerchantTransfer; elsewhere it says where to confirm.
 */
function ConfirmReceipt({ confirm }: { confirm: { mchId: string; appId: string; package: string } }) {
  const bridge = typeof window === 'undefined' ? undefined : window.WeixinJSBridge;
  if (!bridge)
    return (
      <div className="muted" style={{ fontSize: 12 }} data-testid="withdraw-confirm-hint">
        请在微信中打开本页确认收款
      </div>
    );
  return (
    <button
      type="button"
      className="link"
      data-testid="withdraw-confirm"
      onClick={() =>
        bridge.invoke(
          'requestMerchantTransfer',
          { mchId: confirm.mchId, appId: confirm.appId, package: confirm.package },
          () => undefined,
        )
      }
    >
      确认收款
    </button>
  );
}
