import { formatCount, formatPriceFen } from '@app/protocol/format';
import { type Scene, xSourceOfScene } from '@app/protocol/platform';
import { BrokerOrderStatus } from '@app/protocol/statuses/broker-order-status';
import { type ReactNode, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { MobileLayout } from '../../components/mobile-layout';
import { PcLayout } from '../../components/pc-layout';
import { isPcPage } from '../../components/pc-page-frame';
import { configFor } from '../../lib/api/keys';
import { paths } from '../../lib/paths';
import { sceneOfPath } from '../../lib/platform';
import { storage } from '../../lib/storage';
import { showToast } from '../../lib/ui-bus';
import { useBalance } from './api/get-balance';
import { useBrokerOrderToPay } from './api/get-broker-order';
import { useCombination } from './api/get-combination';
import { type PayChoice, usePay } from './api/pay-order';
import { ChannelChoices, payChannels } from './pay-channels';
import { ScanPay } from './scan-pay';
import { useCountdown } from './use-countdown';
import './orders.css';

const BALANCE_GUARD_MS = 2000;

/**
 * The cashier of a broker order (商人卖币, bizNo 'B' and its id): the merchant, the coins and their
 * total, the pay-by countdown; paid through the same channels as an order. Once paid (or when
 * nothing is left to pay) the buyer goes to the broker order's page.
 */
export function BrokerCashier({ bizNo }: { bizNo: string }) {
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const navigate = useNavigate();
  const pc = isPcPage(scene);
  const order = useBrokerOrderToPay(bizNo, pc ? 3000 : false);
  const balance = useBalance();
  const combination = useCombination(bizNo);
  const pay = usePay();
  const [channel, setChannel] = useState<PayChoice>(1);
  const [guardUntil, setGuardUntil] = useState(0);
  const o = order.data;
  const countdown = useCountdown(o?.expireTime ?? undefined);
  const frame = (children: ReactNode) =>
    pc ? (
      <PcLayout scene={scene} title="收银台">
        <h2 className="order-pc-title cashier-pc-title">收银台</h2>
        {children}
      </PcLayout>
    ) : (
      <MobileLayout title="收银台">{children}</MobileLayout>
    );
  if (order.isError) return frame(<EmptyState title="订单不存在" hint="请返回重新下单" art="error" />);
  if (!o) return frame(<div className="card skeleton" style={{ margin: 12, height: 240 }} />);
  const back = paths.brokerOrderDetail(scene, o.orderId);
  // Paid, cancelled or expired: nothing to pay here (never navigate() while rendering).
  if (o.status !== BrokerOrderStatus.AWAITING_PAYMENT) return <Navigate to={back} replace />;
  const available = balance.data?.available ?? 0;
  const channels = payChannels(o.totalAmount, available, Boolean(combination.data?.available), pc);
  const scanning = pc && channel === 1;
  const submit = async () => {
    if (channel === 3) {
      if (Date.now() < guardUntil) return;
      setGuardUntil(Date.now() + BALANCE_GUARD_MS);
    }
    const landing =
      storage.get('X-Env') === 'gray' ? (await configFor(xSourceOfScene[scene as Scene])).payLandingBase : '';
    const answer = await pay
      .mutateAsync({
        orderId: o.bizNo,
        channel,
        total: o.totalAmount,
        balance: Math.min(available, o.totalAmount - 1),
        returnUrl: `${landing}${paths.brokerOrderDetail(scene, o.orderId, { paid: true })}`,
      })
      .catch(() => null);
    if (!answer) return;
    if (answer.paid) {
      showToast('支付成功');
      navigate(back, { replace: true });
    } else globalThis.location.assign(answer.payUrl);
  };
  const summary = (
    <>
      <div className="cashier-head">
        <div className="muted">应付金额</div>
        <div className="cashier-amount" data-testid="cashier-amount">
          {formatPriceFen(o.totalAmount)}
        </div>
        <div className="muted">
          请在 <b data-testid="cashier-countdown">{countdown}</b> 内完成支付，超时订单将自动取消
        </div>
      </div>
      <div className="order-goods cashier-goods">
        <div>
          <div className="order-title" data-testid="broker-cashier-title">
            {o.shopName} · {formatCount(o.quantity)}
            {o.goldName}
          </div>
          <div className="muted">
            {o.gameName} · {o.serverName} · 收货角色 {o.deliverTo.roleName}
          </div>
        </div>
      </div>
      <div className="order-line">
        <span>单价</span>
        <span>{formatPriceFen(o.unitPrice)}/万</span>
      </div>
      <div className="order-line total">
        <span>应付</span>
        <span data-testid="cashier-total">{formatPriceFen(o.totalAmount)}</span>
      </div>
    </>
  );
  const channelList = (
    <>
      <ChannelChoices channels={channels} channel={channel} onChange={setChannel} locked={false} />
      {scanning ? (
        <ScanPay bizNo={o.bizNo} total={o.totalAmount} />
      ) : (
        <button
          type="button"
          className="btn btn-primary btn-block"
          disabled={pay.isPending}
          onClick={submit}
          data-testid="pay-submit"
        >
          确认支付 {formatPriceFen(o.totalAmount)}
        </button>
      )}
    </>
  );
  if (pc)
    return frame(
      <div className="cashier-pc" data-testid="cashier" data-mode="broker">
        <section className="card cashier-pc-order">{summary}</section>
        <section className="card cashier-pc-pay">
          <div className="order-row-title">选择支付方式</div>
          {channelList}
        </section>
      </div>,
    );
  return frame(
    <>
      <div className="card order-box" data-testid="cashier" data-mode="broker">
        {summary}
      </div>
      <div className="card order-box">{channelList}</div>
    </>,
  );
}
