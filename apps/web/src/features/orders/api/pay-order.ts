import { balancePay, combinedPay, h5Wechat, wapAlipay } from '@app/protocol/calls/pay';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';

export type PayChoice = 1 | 2 | 3 | 4 | 5 | 6;

/** The ways that take all or part from the balance: they ask the payment password (docs/decisions/0052). */
export const takesBalance = (channel: PayChoice) => channel === 3 || channel === 5 || channel === 6;

/**
 * Pays the order the chosen way; third parties answer the cashier URL. With the payment password
 * the refusal (a wrong pin) comes back to the caller's keypad instead of a toast.
 */
export function usePay() {
  return useMutation({
    mutationFn: (input: {
      orderId: string;
      channel: PayChoice;
      total: number;
      balance: number;
      returnUrl: string;
      payPassword?: string | undefined;
    }) => {
      const { orderId: bizNo, total, returnUrl } = input;
      const pin = input.payPassword ? { payPassword: input.payPassword } : {};
      const options = { catchError: Boolean(input.payPassword) };
      if (input.channel === 3)
        return callApi(balancePay, { bizNo, totalAmount: total, balancePrice: total, ...pin }, options);
      if (input.channel === 5 || input.channel === 6)
        return callApi(
          combinedPay,
          {
            bizNo,
            balancePrice: input.balance,
            totalPrice: total,
            price: total - input.balance,
            returnUrl,
            payChannelType: input.channel,
            ...pin,
          },
          options,
        );
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
