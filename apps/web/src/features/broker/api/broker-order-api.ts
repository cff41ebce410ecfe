import {
  brokerCancelOrder,
  brokerConfirmOrder,
  brokerOrderInfo,
  brokerOrderList,
  brokerOrderPlace,
  brokerRefuseOrder,
  brokerTradeCustomerService,
  brokerUrgeBuyerReceipt,
  brokerUrgeSellerDelivery,
  deliveredOrder,
  getOrderStatusList,
  orderEngaged,
  startOrderDelivery,
} from '@app/protocol/calls/broker-orders';
import { BrokerOrderStatus } from '@app/protocol/statuses/broker-order-status';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';

/** Query keys of my broker orders (the buyer's view, type 1). */
export const brokerOrderKeys = {
  all: ['broker-order'] as const,
  one: (orderId: string) => ['broker-order', 'one', orderId] as const,
  list: (status: number | undefined, page: number) => ['broker-order', 'list', status, page] as const,
  tabs: ['broker-order', 'tabs'] as const,
  sold: (appId: string, status: number | undefined, page: number) =>
    ['broker-order', 'sold', appId, status, page] as const,
  soldTabs: (appId: string) => ['broker-order', 'sold-tabs', appId] as const,
};

/** One of my broker orders with its chat group; read again every few seconds while it waits on the merchant or the game. */
export const useBrokerOrder = (orderId: string, type: 1 | 2 = 1) =>
  useQuery({
    queryKey: [...brokerOrderKeys.one(orderId), type],
    queryFn: () => callApi(brokerOrderInfo, { orderId, type }, { catchError: true }),
    enabled: Boolean(orderId),
    retry: false,
    refetchInterval: (q) => {
      const status = q.state.data?.status;
      return status === BrokerOrderStatus.PAID ||
        status === BrokerOrderStatus.ENGAGED ||
        status === BrokerOrderStatus.DELIVERING
        ? 5_000
        : false;
    },
  });

export const BROKER_ORDER_PAGE_SIZE = 20;

export const useBrokerOrders = (status: number | undefined, page: number, enabled: boolean) =>
  useQuery({
    queryKey: brokerOrderKeys.list(status, page),
    queryFn: () =>
      callApi(
        brokerOrderList,
        { type: 1, ...(status === undefined ? {} : { status }), page, pageSize: BROKER_ORDER_PAGE_SIZE },
        { catchError: true },
      ),
    enabled,
    placeholderData: keepPreviousData,
  });

/** The statuses with my count of each, for the tabs. */
export const useBrokerOrderTabs = (enabled: boolean) =>
  useQuery({
    queryKey: brokerOrderKeys.tabs,
    queryFn: () => callApi(getOrderStatusList, { type: 1 }, { catchError: true }),
    enabled,
  });

const useOrderMutation = <I, O>(fn: (input: I) => Promise<O>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: brokerOrderKeys.all });
      void client.invalidateQueries({ queryKey: ['broker'] });
    },
  });
};

export const usePlaceBrokerOrder = () =>
  useOrderMutation(
    (input: { commodityId: string; quantity: number; gameAccountId: string; gameRoleId: string; requestKey: string }) =>
      callApi(brokerOrderPlace, { ...input, agreement: true }, { catchError: true }),
  );

export type BuyerAction = 'cancel' | 'confirm' | 'refuse' | 'urge' | 'service';

export const useBuyerAction = () =>
  useOrderMutation(async (input: { orderId: string; action: BuyerAction; reason?: string }): Promise<unknown> => {
    const { orderId } = input;
    if (input.action === 'cancel') return callApi(brokerCancelOrder, { orderId }, { catchError: true });
    if (input.action === 'confirm') return callApi(brokerConfirmOrder, { orderId }, { catchError: true });
    if (input.action === 'refuse')
      return callApi(brokerRefuseOrder, { orderId, reason: input.reason ?? '' }, { catchError: true });
    if (input.action === 'service')
      return callApi(brokerTradeCustomerService, { orderId, reason: input.reason ?? '' }, { catchError: true });
    return callApi(brokerUrgeSellerDelivery, { orderId }, { catchError: true });
  });

/** The orders of my listings in a game (the merchant's view, type 2), newest first. */
export const useMerchantOrders = (appId: string, status: number | undefined, page: number, enabled: boolean) =>
  useQuery({
    queryKey: brokerOrderKeys.sold(appId, status, page),
    queryFn: () =>
      callApi(
        brokerOrderList,
        {
          type: 2,
          applicationId: appId,
          ...(status === undefined ? {} : { status }),
          page,
          pageSize: BROKER_ORDER_PAGE_SIZE,
        },
        { catchError: true, appId },
      ),
    enabled: enabled && Boolean(appId),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });

export const useMerchantOrderTabs = (appId: string, enabled: boolean) =>
  useQuery({
    queryKey: brokerOrderKeys.soldTabs(appId),
    queryFn: () => callApi(getOrderStatusList, { type: 2, applicationId: appId }, { catchError: true, appId }),
    enabled: enabled && Boolean(appId),
  });

export type MerchantAction = 'engaged' | 'deliver' | 'refresh' | 'report' | 'urge' | 'chat';

/**
 * The merchant's steps on an order: talked through, deliver from a stock role, ask the game again or
 * report the in-game trade (我已交易, a note and screenshots), remind the buyer, open the chat.
 */
export const useMerchantAction = () =>
  useOrderMutation(
    async (input: {
      orderId: string;
      action: MerchantAction;
      gameAccountId?: string;
      gameRoleId?: string;
      note?: string;
      images?: string[];
    }): Promise<{ groupId?: string | null }> => {
      const { orderId } = input;
      if (input.action === 'engaged') await callApi(orderEngaged, { orderId }, { catchError: true });
      else if (input.action === 'deliver')
        await callApi(
          startOrderDelivery,
          { orderId, gameAccountId: input.gameAccountId ?? '', gameRoleId: input.gameRoleId ?? '' },
          { catchError: true },
        );
      else if (input.action === 'refresh') await callApi(deliveredOrder, { orderId }, { catchError: true });
      else if (input.action === 'report')
        await callApi(
          deliveredOrder,
          { orderId, ...(input.note ? { note: input.note } : {}), images: input.images ?? [] },
          { catchError: true },
        );
      else if (input.action === 'urge') await callApi(brokerUrgeBuyerReceipt, { orderId }, { catchError: true });
      else
        return {
          groupId: (await callApi(brokerOrderInfo, { orderId, type: 2 }, { catchError: true })).teamInfo.groupId,
        };
      return {};
    },
  );
