import { offerRefuse } from '@app/protocol/calls/bargain';
import { callApi } from '../../../lib/api/call-api';
import { useOfferMutation } from './use-offer-mutation';

/** The seller refuses an offer that waits for them (53). */
export const useRefuseOffer = () => useOfferMutation((offerId: string) => callApi(offerRefuse, { offerId }));
