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
}

/** 12.34 (yuan text, as gateways send amounts) → 1234 fen; null when it is not such a number. */
export function yuanTextToFen(text: string): number | null {
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(text)) return null;
  const [whole, frac = ''] = text.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

export const fenToYuanText = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
