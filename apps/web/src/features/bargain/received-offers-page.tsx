import { OfferList } from './offer-list';

/** /{scene}/pages/bargain/receivedOffers: the 还价 and 出价 on my listings, to agree to, refuse or withdraw agreeing. */
export default function ReceivedOffersPage() {
  return <OfferList viewer={2} />;
}
