import { OfferList } from './offer-list';

/** /{scene}/pages/bargain/receivedOffers: the offers on my listings, to agree to or refuse. */
export default function ReceivedOffersPage() {
  return <OfferList viewer={2} />;
}
