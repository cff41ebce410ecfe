import { lazy } from 'react';
import ExchangeDetailPage from '../../features/exchange/detail/commodity-detail-page';

// The offer (出价) dialog is not on the first screen: its own chunk, loaded when first opened.
const OfferDialog = lazy(() => import('../../features/bargain/offer-dialog'));

/** A listing's page (exchange) with the bargain domain's offer dialog behind its 出价 button. */
export default function CommodityDetailPage() {
  return <ExchangeDetailPage OfferDialog={OfferDialog} />;
}
