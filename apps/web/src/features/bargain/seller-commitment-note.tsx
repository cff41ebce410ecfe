import type { Offer } from '@app/protocol/calls/bargain';
import { sellerBound, sellerCommitment } from './seller-commitment';

/** The seller's rule beside 同意 (seller-commitment.ts). */
export function SellerCommitment({ flow }: { flow: Offer['flow'] }) {
  return (
    <p className="muted offer-note" data-testid="offer-seller-commitment">
      {sellerCommitment(flow)}
    </p>
  );
}

/** On a proposal he agreed to, while the buyer may pay: why there is no way back for him. */
export function SellerBound({ flow }: { flow: Offer['flow'] }) {
  return (
    <p className="muted offer-note" data-testid="offer-seller-bound">
      {sellerBound(flow)}
    </p>
  );
}
