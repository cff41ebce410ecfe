import { offerRefuse } from '@app/protocol/calls/bargain';
import { callApi } from '../../../lib/api/call-api';
import { useOfferMutation } from './use-offer-mutation';

/**
 * The seller refuses a proposal that waits for him (53, with an optional reason), or withdraws an
 * agreement the buyer has not paid yet (52, 取消成交); the deposit goes back either way.
 */
export const useRefuseOffer = () =>
  useOfferMutation((input: { offerId: string; reason?: string }) =>
    callApi(offerRefuse, { offerId: input.offerId, ...(input.reason ? { reason: input.reason } : {}) }),
  );
