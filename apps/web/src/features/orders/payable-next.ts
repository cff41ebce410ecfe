import type { PayableView } from '@app/protocol/calls/pay';
import { paths } from '../../lib/paths';
import { rememberedReturn } from '../../lib/return-path';

/**
 * Where the buyer goes once the payable is paid (or when nothing is left to pay), from what the
 * server named: the order's or the broker order's page (`paid` asks it to wait for the
 * notification), the proposals for 还价 / 出价, the auction's detail (its page belongs to the
 * auction feature; the address is the spec's), or the page a bid was posted from, remembered.
 */
export function payableNextPath(scene: string, p: Pick<PayableView, 'bizNo' | 'next'>, paid = false): string {
  const { page, id } = p.next;
  switch (page) {
    case 'order':
      return paths.orderDetail(scene, id, { paid });
    case 'brokerOrder':
      return paths.brokerOrderDetail(scene, id, { paid });
    case 'offers':
      return paths.myOffers(scene);
    case 'auction':
      return `/${scene}/pages/userCenter/saleShelf/auctiondetails/auctiondetails?saleType=2&commodityId=${encodeURIComponent(id)}`;
    case 'brokerList':
      return rememberedReturn(p.bizNo, paths.brokerList(scene, id));
  }
}
