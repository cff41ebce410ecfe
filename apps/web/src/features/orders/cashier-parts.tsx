import { type Scene, xSourceOfScene } from '@app/protocol/platform';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { MobileLayout } from '../../components/mobile-layout';
import { PcLayout } from '../../components/pc-layout';
import { configFor } from '../../lib/api/keys';
import { storage } from '../../lib/storage';
import { showToast } from '../../lib/ui-bus';
import { type PayChoice, usePay } from './api/pay-order';
import { balanceGuard } from './balance-guard';
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
  /** The payment password, when the balance pays all or part (the keypad sheet's six digits). */
  payPassword?: string;
}

/**
 * Paying what the cashier pays (an order, a deposit, a broker order, a bid): the balance guard, the gray users'
 * landing in the pre environment (business-flows §9), then either paid at once (balance) or the
 * third party's cashier. Answers the refusal's words when a payment password was sent (the keypad
 * shows them; the guard lets the next attempt go, a refused payment being none), else null.
 */
export function usePaySubmit(scene: string) {
  const navigate = useNavigate();
  const pay = usePay();
  const [mayPayBalance] = useState(() => balanceGuard());
  const submit = async (p: PayRequest): Promise<string | null> => {
    if (p.channel === 3 && !mayPayBalance()) return null;
    const landing =
      storage.get('X-Env') === 'gray' ? (await configFor(xSourceOfScene[scene as Scene])).payLandingBase : '';
    let refused: string | null = null;
    const answer = await pay
      .mutateAsync({
        orderId: p.bizNo,
        channel: p.channel,
        total: p.total,
        balance: Math.min(p.available, p.total - 1),
        returnUrl: `${landing}${p.returnPath}`,
        payPassword: p.payPassword,
      })
      .catch((error: unknown) => {
        if (p.payPassword) refused = error instanceof Error ? error.message : '支付失败，请重试';
        return null;
      });
    if (!answer) {
      if (p.channel === 3) mayPayBalance.release();
      return refused;
    }
    if (answer.paid) {
      showToast(p.paidToast);
      navigate(p.paidPath, { replace: true });
    } else globalThis.location.assign(answer.payUrl);
    return null;
  };
  return { submit, pending: pay.isPending };
}
