import type { PayChannel } from '@app/protocol/pay-channel';

/** What the buyer is sent to: a cashier URL, and for scan pay the text of the QR code. */
export interface CreatedPayment {
  payUrl: string;
  qrCode: string | null;
}

/** A notification the gateway really sent (signature and ids checked), in our terms. */
export interface VerifiedNotice {
  tradeNo: string;
  amountFen: number;
  providerTradeNo: string;
  outcome: 'paid' | 'closed';
}

/** A refund asked of the gateway: our refund number is the same on every retry (it refunds one number once). */
export interface RefundInput {
  /** Our trade number of the payment refunded (out_trade_no). */
  tradeNo: string;
  refundNo: string;
  amountFen: number;
  /** What the payment paid through the gateway (WeChat asks for it). */
  totalFen: number;
  reason: string;
}

/**
 * What a gateway says of one refund (the closed set of docs/decisions/0059-refunds-original-channel.md):
 * `succeeded` (the money left for the payer's account), `refused` (certain no money moved: the
 * reason as the buyer reads it), `processing` (accepted, not yet done), `unknown` (no trustworthy
 * answer: a timeout, garbage, a system error; settled only by asking again).
 */
export type RefundOutcome =
  | { state: 'succeeded'; providerRefundNo: string | null }
  | { state: 'refused'; code: string; reason: string }
  | { state: 'processing'; providerRefundNo: string | null }
  | { state: 'unknown'; reason: string };

/** A query's answer: the refund's outcome, or `absent` when the gateway has no record of the number. */
export type RefundQuery = RefundOutcome | { state: 'absent' };

/**
 * One payment gateway behind one interface (the sandbox of PROTOCOL.md in the embedded default;
 * Alipay and WeChat Pay adapters where keys are configured). A gateway creates the payment, checks
 * its own notifications by its own rules, and says what it expects as the answer.
 */
export interface PayGateway {
  readonly name: string;
  create(input: {
    tradeNo: string;
    amountFen: number;
    subject: string;
    channel: PayChannel;
    kind: 'wap' | 'h5' | 'scan';
    returnUrl: string;
  }): Promise<CreatedPayment>;
  /** null when the notification is not genuine (bad signature, other app or seller). */
  verify(request: {
    headers: Record<string, string | string[] | undefined>;
    body: string;
  }): Promise<VerifiedNotice | null>;
  /** The answer the gateway expects: otherwise it sends the notification again. */
  ack(ok: boolean): { status: number; contentType: string; body: string };
  /** Refunds (part of) a paid payment to the way it was paid (原路退回). */
  refund(input: RefundInput): Promise<RefundOutcome>;
  /** Asks about a refund by our number (settles `processing` and `unknown`). */
  queryRefund(input: { tradeNo: string; refundNo: string }): Promise<RefundQuery>;
  /**
   * A refund notification the gateway really sent (WeChat Pay's REFUND.*: signature, serial, age,
   * our merchant checked), in our terms; null when it is not genuine. Absent: the gateway sends none.
   */
  verifyRefund?(request: {
    headers: Record<string, string | string[] | undefined>;
    body: string;
  }): Promise<{ refundNo: string; outcome: RefundOutcome } | null>;
}

/** 12.34 (yuan text, as gateways send amounts) → 1234 fen; null when it is not such a number. */
export function yuanTextToFen(text: string): number | null {
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(text)) return null;
  const [whole, frac = ''] = text.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

export const fenToYuanText = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
