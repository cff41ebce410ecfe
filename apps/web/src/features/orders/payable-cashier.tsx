import { formatPriceFen } from '@app/protocol/format';
import { type Scene, xSourceOfScene } from '@app/protocol/platform';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { MobileLayout } from '../../components/mobile-layout';
import { PcLayout } from '../../components/pc-layout';
import { configFor } from '../../lib/api/keys';
import { storage } from '../../lib/storage';
import { showToast } from '../../lib/ui-bus';
import { useBalance } from './api/get-balance';
import { useCombination } from './api/get-combination';
import { type PayChoice, usePay } from './api/pay-order';
import { balanceGuard } from './balance-guard';
import { ChannelChoices, payChannels } from './pay-channels';
import { ScanPay } from './scan-pay';
import './orders.css';

/** The frame of every cashier: the PC layout with its heading, or the phone's nav bar. */
export function CashierFrame({
  scene,
  pc,
  title,
  children,
}: {
  scene: string;
  pc: boolean;
  title: string;
  children: ReactNode;
}) {
  return pc ? (
    <PcLayout scene={scene} title={title}>
      <h2 className="order-pc-title cashier-pc-title">{title}</h2>
      {children}
    </PcLayout>
  ) : (
    <MobileLayout title={title}>{children}</MobileLayout>
  );
}

/** The cashier's two parts side by side on a PC (what is paid, how), one under the other on a phone. */
export function CashierColumns({
  pc,
  mode,
  summary,
  pay,
}: {
  pc: boolean;
  mode: string;
  summary: ReactNode;
  pay: ReactNode;
}) {
  if (pc)
    return (
      <div className="cashier-pc" data-testid="cashier" data-mode={mode}>
        <section className="card cashier-pc-order">{summary}</section>
        <section className="card cashier-pc-pay">
          <div className="order-row-title">选择支付方式</div>
          {pay}
        </section>
      </div>
    );
  return (
    <>
      <div className="card order-box" data-testid="cashier" data-mode={mode}>
        {summary}
      </div>
      {pay ? <div className="card order-box">{pay}</div> : null}
    </>
  );
}

export interface PayRequest {
  bizNo: string;
  channel: PayChoice;
  total: number;
  /** The balance the buyer has: a combined payment takes all of it but 1 fen. */
  available: number;
  /** Where the third party's page sends the buyer back. */
  returnPath: string;
  /** Where the buyer goes once paid with the balance, and what he is told. */
  paidPath: string;
  paidToast: string;
}

/**
 * Paying one payable (an order, a deposit, a broker order): the balance guard, the gray users'
 * landing in the pre environment (business-flows §9), then either paid at once (balance) or the
 * third party's cashier.
 */
export function usePaySubmit(scene: string) {
  const navigate = useNavigate();
  const pay = usePay();
  const [mayPayBalance] = useState(() => balanceGuard());
  const submit = async (p: PayRequest) => {
    if (p.channel === 3 && !mayPayBalance()) return;
    const landing =
      storage.get('X-Env') === 'gray' ? (await configFor(xSourceOfScene[scene as Scene])).payLandingBase : '';
    const answer = await pay
      .mutateAsync({
        orderId: p.bizNo,
        channel: p.channel,
        total: p.total,
        balance: Math.min(p.available, p.total - 1),
        returnUrl: `${landing}${p.returnPath}`,
      })
      .catch(() => null);
    if (!answer) return;
    if (answer.paid) {
      showToast(p.paidToast);
      navigate(p.paidPath, { replace: true });
    } else globalThis.location.assign(answer.payUrl);
  };
  return { submit, pending: pay.isPending };
}

export interface Payable {
  bizNo: string;
  amount: number;
  /** Past its pay-by time: nothing to pay any more (the summary says why). */
  expired: boolean;
  returnPath: string;
  paidPath: string;
  paidToast: string;
}

/**
 * The cashier of a payable other than an order (a deposit, a broker order): its summary, the
 * channels and one button, or on a PC 支付宝 by QR code at once (no coupon to decide on first).
 */
export function PayableCashier({
  scene,
  pc,
  mode,
  payable,
  summary,
}: {
  scene: string;
  pc: boolean;
  mode: string;
  payable: Payable;
  summary: ReactNode;
}) {
  const balance = useBalance();
  const combination = useCombination(payable.bizNo);
  const { submit, pending } = usePaySubmit(scene);
  const [channel, setChannel] = useState<PayChoice>(1);
  const available = balance.data?.available ?? 0;
  const channels = payChannels(payable.amount, available, Boolean(combination.data?.available), pc);
  const scanning = pc && channel === 1 && !payable.expired;
  const pay = payable.expired ? null : (
    <>
      <ChannelChoices channels={channels} channel={channel} onChange={setChannel} locked={false} />
      {scanning ? (
        <ScanPay bizNo={payable.bizNo} total={payable.amount} />
      ) : (
        <button
          type="button"
          className="btn btn-primary btn-block"
          disabled={pending}
          onClick={() => submit({ ...payable, channel, total: payable.amount, available })}
          data-testid="pay-submit"
        >
          确认支付 {formatPriceFen(payable.amount)}
        </button>
      )}
    </>
  );
  return <CashierColumns pc={pc} mode={mode} summary={summary} pay={pay} />;
}
