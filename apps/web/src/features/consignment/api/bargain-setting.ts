import { bargainSetting, bargainSettingDetail } from '@app/protocol/calls/bargain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { consignmentKeys } from './consignment-query-keys';

const key = (commodityId: string) => [...consignmentKeys.all, 'bargainSetting', commodityId] as const;

/** The 还价 setting of one of the seller's listings: allowed, and the hidden floor (fen) or null. */
export const useBargainSetting = (commodityId: string) =>
  useQuery({ queryKey: key(commodityId), queryFn: () => callApi(bargainSettingDetail, { commodityId }) });

/** Saves it; the answer is the setting as it is now. */
export function useSaveBargainSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { commodityId: string; allowBargain: boolean; floorPrice: number | null }) =>
      callApi(bargainSetting, input),
    onSuccess: (setting) => queryClient.setQueryData(key(setting.commodityId), setting),
  });
}
