import { lazy } from 'react';
import ShelfPage from '../../features/consignment/shelf/shelf-page';

// The 转为拍卖 dialog is not on the first screen: its own chunk, loaded when first opened.
const AuctionDialog = lazy(() => import('../../features/auction/auction-create-dialog'));

/** The seller's shelf (consignment) with the auction domain's 转为拍卖 dialog. */
export default function ShelfWithAuctionPage() {
  return <ShelfPage AuctionDialog={AuctionDialog} />;
}
