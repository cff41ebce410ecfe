import { cannotUseCouponList, useCouponList } from '@app/protocol/calls/coupon';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { orderKeys } from './order-query-keys';

export const useCoupons = (commodityId: string, enabled: boolean) =>
  useQuery({
    queryKey: orderKeys.coupons(commodityId),
    queryFn: async () => ({
      usable: (await callApi(useCouponList, { commodityId })).list,
      unusable: (await callApi(cannotUseCouponList, { commodityId })).list,
    }),
    enabled,
  });
