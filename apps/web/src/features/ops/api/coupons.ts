import type {
  CampaignPayload,
  CampaignStatus,
  GrantPayload,
  OpsCampaign,
  OpsGrantResult,
} from '@app/protocol/ops-coupons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { opsFetch, opsKeys } from './ops-fetch';

export const CAMPAIGN_PAGE_SIZE = 20;
const campaignsKey = [...opsKeys.all, 'coupon-campaigns'] as const;

/** 优惠券活动: newest first, 20 a page, searched by title or id; each with its usage and cost. */
export const useCampaigns = (page: number, q: string) =>
  useQuery({
    queryKey: [...campaignsKey, page, q] as const,
    queryFn: () =>
      opsFetch<{ list: OpsCampaign[]; total: number }>(
        `/coupons/campaigns?page=${page}&pageSize=${CAMPAIGN_PAGE_SIZE}&q=${encodeURIComponent(q)}`,
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });

function useCampaignWrite<I, O>(send: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => client.invalidateQueries({ queryKey: campaignsKey }) });
}

export const useCreateCampaign = () =>
  useCampaignWrite((body: CampaignPayload) =>
    opsFetch<{ eventId: string }>('/coupons/campaigns', { method: 'POST', body }),
  );

export const useCampaignStatus = () =>
  useCampaignWrite(({ eventId, ...body }: { eventId: string; status: CampaignStatus; reason: string }) =>
    opsFetch<{ eventId: string; status: CampaignStatus }>(`/coupons/campaigns/${eventId}/status`, {
      method: 'POST',
      body,
    }),
  );

export const useGrantCampaign = () =>
  useCampaignWrite(({ eventId, ...body }: GrantPayload & { eventId: string }) =>
    opsFetch<OpsGrantResult>(`/coupons/campaigns/${eventId}/grant`, { method: 'POST', body }),
  );
