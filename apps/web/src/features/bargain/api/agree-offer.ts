import { offerAgree } from '@app/protocol/calls/bargain';
import { callApi } from '../../../lib/api/call-api';
import { useOfferMutation } from './use-offer-mutation';

/** The seller agrees: the buyer's order is placed at the proposed price less the deposit (21). */
export const useAgreeOffer = () => useOfferMutation((offerId: string) => callApi(offerAgree, { offerId }));
