import { cannotUseCouponList, useCouponList } from '@app/protocol/calls/coupon';
import { accountList, roleList } from '@app/protocol/calls/game';
import {
  cancelOrder,
  getFinishBuyOrderList,
  h5sdkOrderPlace,
  itemConfirm,
  itemReject,
  orderInfo,
  orderPlace,
} from '@app/protocol/calls/orders';
import { balancePay, combinedPay, h5Wechat, isAvailableCombinationPay, wapAlipay } from '@app/protocol/calls/pay';
import { userAccountDetail } from '@app/protocol/calls/user';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { gameToken } from '../../consignment/api/game-token';

export const orderKeys = {
  order: (id: string) => ['order', id] as const,
  list: ['order', 'list'] as const,
  /** The seller's side (我卖出的). */
  sold: ['order', 'sold'] as const,
  coupons: (commodityId: string) => ['order', 'coupons', commodityId] as const,
  combination: (orderId: string) => ['order', 'combination', orderId] as const,
};

export const useOrder = (orderId: string, refetchMs: number | false = false) =>
  useQuery({
    queryKey: orderKeys.order(orderId),
    queryFn: () => callApi(orderInfo, { orderId }),
    enabled: /^\d+$/.test(orderId),
    refetchInterval: refetchMs,
  });

export const useMyOrders = () =>
  useQuery({ queryKey: orderKeys.list, queryFn: () => callApi(getFinishBuyOrderList, { pageSize: 50 }) });

/** Where the goods can go outside the game: the buyer's linked accounts, and their roles. */
export const useDeliveryTargets = (appId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['order', 'targets', appId],
    queryFn: async () => ({
      accounts: (await callApi(accountList, {}, { appId })).list,
      roles: (await callApi(roleList, {}, { appId })).list,
    }),
    enabled: enabled && Boolean(appId),
  });

export const useCoupons = (commodityId: string, enabled: boolean) =>
  useQuery({
    queryKey: orderKeys.coupons(commodityId),
    queryFn: async () => ({
      usable: (await callApi(useCouponList, { commodityId })).list,
      unusable: (await callApi(cannotUseCouponList, { commodityId })).list,
    }),
    enabled,
  });

export const useBalance = () =>
  useQuery({ queryKey: ['order', 'balance'], queryFn: async () => (await callApi(userAccountDetail, {})).balance });

export const useCombination = (orderId: string) =>
  useQuery({
    queryKey: orderKeys.combination(orderId),
    queryFn: () => callApi(isAvailableCombinationPay, { bizNo: orderId }),
  });

/** Places the order: in the game the token's role receives; elsewhere the chosen account or role. */
export function usePlaceOrder() {
  return useMutation({
    mutationFn: (input: {
      commodityId: string;
      requestKey: string;
      couponId?: string | undefined;
      gameAccountId?: string | undefined;
      gameRoleId?: string | undefined;
    }) => {
      const t = gameToken();
      const common = {
        commodityId: input.commodityId,
        requestKey: input.requestKey,
        agreement: true as const,
        ...(input.couponId ? { couponId: input.couponId } : {}),
      };
      return t
        ? callApi(h5sdkOrderPlace, { ...t, ...common })
        : callApi(orderPlace, {
            ...common,
            ...(input.gameAccountId ? { gameAccountId: input.gameAccountId } : {}),
            ...(input.gameRoleId ? { gameRoleId: input.gameRoleId } : {}),
          });
    },
  });
}

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

export function useOrderAction(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { action: 'confirm' } | { action: 'reject'; reason: string } | { action: 'cancel' }) =>
      input.action === 'confirm'
        ? callApi(itemConfirm, { orderId })
        : input.action === 'reject'
          ? callApi(itemReject, { orderId, reason: input.reason })
          : callApi(cancelOrder, { orderId }),
    onSuccess: (order) => queryClient.setQueryData(orderKeys.order(orderId), order),
  });
}
