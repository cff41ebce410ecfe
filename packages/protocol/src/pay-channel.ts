/** Payment channels (business-flows §4). */
export const PayChannel = {
  ALIPAY: 1,
  WECHAT: 2,
  BALANCE: 3,
  HUABEI: 4,
  BALANCE_ALIPAY: 5,
  BALANCE_WECHAT: 6,
} as const;
export type PayChannel = (typeof PayChannel)[keyof typeof PayChannel];

export const payChannelLabel: Record<PayChannel, string> = {
  1: '支付宝',
  2: '微信支付',
  3: '余额支付',
  4: '花呗',
  5: '余额+支付宝',
  6: '余额+微信支付',
};

/** The third-party part of a channel (null for pure balance). */
export function thirdPartyOf(c: PayChannel): 1 | 2 | 4 | null {
  if (c === 1 || c === 5) return 1;
  if (c === 2 || c === 6) return 2;
  if (c === 4) return 4;
  return null;
}
