import { balancePay, combinedPay, h5Wechat, wapAlipay } from '@app/protocol/calls/pay';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';

export type PayChoice = 1 | 2 | 3 | 4 | 5 | 6;

/** Pays the order the chosen way; third parties answer the cashier URL. */
export function usePay() {
  return useMutation({
    mutationFn: (input: { orderId: string; channel: PayChoice; total: number; balance: number; returnUrl: string }) => {
      const { orderId: bizNo, total, returnUrl } = input;
      if (input.channel === 3) return callApi(balancePay, { bizNo, totalAmount: total, balancePrice: total });
      if (input.channel === 5 || input.channel === 6)
        return callApi(combinedPay, {
          bizNo,
          balancePrice: input.balance,
          totalPrice: total,
          price: total - input.balance,
          returnUrl,
          payChannelType: input.channel,
        });
      if (input.channel === 2) return callApi(h5Wechat, { bizNo, totalAmount: total, payPrice: total, returnUrl });
      return callApi(wapAlipay, {
        bizNo,
        totalAmount: total,
        payPrice: total,
        returnUrl,
        payChannelType: input.channel,
      });
    },
  });
}
