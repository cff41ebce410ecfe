import { formatPriceFen } from '@app/protocol/format';
import { type Scene, xSourceOfScene } from '@app/protocol/platform';
import { type ReactNode, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { MobileLayout } from '../../components/mobile-layout';
import { PcLayout } from '../../components/pc-layout';
import { isPcPage } from '../../components/pc-page-frame';
import { configFor } from '../../lib/api/keys';
import { sceneOfPath } from '../../lib/platform';
import { storage } from '../../lib/storage';
import { showToast } from '../../lib/ui-bus';
import { useBalance } from './api/get-balance';
import { useCombination } from './api/get-combination';
import { useDeposit } from './api/get-deposit';
import { type PayChoice, usePay } from './api/pay-order';
import { depositPurposeLabel, depositReturnPath, depositRuleLine } from './cashier-mode';
import { ChannelChoices, payChannels } from './pay-channels';
import { ScanPay } from './scan-pay';
import { useCountdown } from './use-countdown';
import './orders.css';

const BALANCE_GUARD_MS = 2000;

/**
 * The cashier of a deposit (保证金, docs/decisions/0021-deposits.md): 支付保证金 for the listing, the
 * amount, the pay-by countdown and what becomes of the money; paid through the same channels as an
 * order. Once paid (or when nothing is left to pay) the buyer goes back to what it secures: his
 * proposals (还价 / 出价) or the auction's detail (拍卖).
 */
export function DepositCashier({ bizNo }: { bizNo: string }) {
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const navigate = useNavigate();
  const pc = isPcPage(scene);
  const deposit = useDeposit(bizNo, pc ? 3000 : false);
  const balance = useBalance();
  const combination = useCombination(bizNo);
  const pay = usePay();
  const [channel, setChannel] = useState<PayChoice>(1);
  const [guardUntil, setGuardUntil] = useState(0);
  const d = deposit.data;
  const countdown = useCountdown(d?.payBy);
  const frame = (children: ReactNode) =>
    pc ? (
      <PcLayout scene={scene} title="支付保证金">
        <h2 className="order-pc-title cashier-pc-title">支付保证金</h2>
        {children}
      </PcLayout>
    ) : (
      <MobileLayout title="支付保证金">{children}</MobileLayout>
    );
  if (deposit.isError) return frame(<EmptyState title="保证金不存在" hint="请返回重新发起" art="error" />);
  if (!d) return frame(<div className="card skeleton" style={{ margin: 12, height: 240 }} />);
  const back = depositReturnPath(scene, d);
  // Paid, returned or closed: nothing to pay here (never navigate() while rendering).
  if (d.status !== 'unpaid') return <Navigate to={back} replace />;
  const expired = d.payBy * 1000 <= Date.now();
  const available = balance.data?.available ?? 0;
  const channels = payChannels(d.amount, available, Boolean(combination.data?.available), pc);
  const scanning = pc && channel === 1 && !expired;
  const submit = async () => {
    if (channel === 3) {
      if (Date.now() < guardUntil) return;
      setGuardUntil(Date.now() + BALANCE_GUARD_MS);
    }
    const landing =
      storage.get('X-Env') === 'gray' ? (await configFor(xSourceOfScene[scene as Scene])).payLandingBase : '';
    const answer = await pay
      .mutateAsync({
        orderId: d.bizNo,
        channel,
        total: d.amount,
        balance: Math.min(available, d.amount - 1),
        returnUrl: `${landing}${back}`,
      })
      .catch(() => null);
    if (!answer) return;
    if (answer.paid) {
      showToast('保证金支付成功');
      navigate(back, { replace: true });
    } else globalThis.location.assign(answer.payUrl);
  };
  const summary = (
    <>
      <div className="cashier-head">
        <div className="muted">{depositPurposeLabel[d.purpose]}</div>
        <div className="cashier-amount" data-testid="cashier-amount">
          {formatPriceFen(d.amount)}
        </div>
        <div className="muted" data-testid="deposit-pay-by">
          {expired ? (
            '支付已超时，请重新发起'
          ) : (
            <>
              请在 <b data-testid="cashier-countdown">{countdown}</b> 内完成支付，超时未支付将自动关闭
            </>
          )}
        </div>
      </div>
      <div className="order-goods cashier-goods">
        <div>
          <div className="order-title" data-testid="deposit-title">
            {d.title}
          </div>
          <div className="muted">{depositPurposeLabel[d.purpose]}</div>
        </div>
      </div>
      <div className="order-line total">
        <span>保证金</span>
        <span data-testid="cashier-total">{formatPriceFen(d.amount)}</span>
      </div>
      <p className="muted deposit-rule" data-testid="deposit-rule">
        {depositRuleLine[d.purpose]}
      </p>
    </>
  );
  const channelList = expired ? null : (
    <>
      <ChannelChoices channels={channels} channel={channel} onChange={setChannel} locked={false} />
      {scanning ? (
        <ScanPay bizNo={d.bizNo} total={d.amount} />
      ) : (
        <button
          type="button"
          className="btn btn-primary btn-block"
          disabled={pay.isPending}
          onClick={submit}
          data-testid="pay-submit"
        >
          确认支付 {formatPriceFen(d.amount)}
        </button>
      )}
    </>
  );
  if (pc)
    return frame(
      <div className="cashier-pc" data-testid="cashier" data-mode="deposit">
        <section className="card cashier-pc-order">{summary}</section>
        <section className="card cashier-pc-pay">
          <div className="order-row-title">选择支付方式</div>
          {channelList}
        </section>
      </div>,
    );
  return frame(
    <>
      <div className="card order-box" data-testid="cashier" data-mode="deposit">
        {summary}
      </div>
      {channelList ? <div className="card order-box">{channelList}</div> : null}
    </>,
  );
}
