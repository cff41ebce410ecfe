import { offerBuyerCancel } from '@app/protocol/calls/bargain';
import { callApi } from '../../../lib/api/call-api';
import { useOfferMutation } from './use-offer-mutation';

/** The buyer cancels a proposal waiting for its deposit, or withdraws one the seller has not answered (51). */
export const useCancelOffer = () => useOfferMutation((offerId: string) => callApi(offerBuyerCancel, { offerId }));
