import { OfferList } from './offer-list';

/** /{scene}/pages/bargain/myOffers: the 还价 and 出价 I made, with their deposits, withdraw and pay. */
export default function MyOffersPage() {
  return <OfferList viewer={1} />;
}
