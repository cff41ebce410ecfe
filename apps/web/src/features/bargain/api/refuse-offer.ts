import { offerRefuse } from '@app/protocol/calls/bargain';
import { callApi } from '../../../lib/api/call-api';
import { useOfferMutation } from './use-offer-mutation';

/**
 * The seller refuses a proposal that waits for him (53, with an optional reason; the deposit goes
 * back). One he agreed to cannot be withdrawn: the server refuses it (decision 0036).
 */
export const useRefuseOffer = () =>
  useOfferMutation((input: { offerId: string; reason?: string }) =>
    callApi(offerRefuse, { offerId: input.offerId, ...(input.reason ? { reason: input.reason } : {}) }),
  );
