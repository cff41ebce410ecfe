import { OfferList } from './offer-list';

/** /{scene}/pages/bargain/myOffers: the offers I made (出价), with withdraw and pay. */
export default function MyOffersPage() {
  return <OfferList viewer={1} />;
}
