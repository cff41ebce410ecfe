import type { Offer } from '@app/protocol/calls/bargain';
import { sellerCommitment } from './seller-commitment';

/** The seller's rule beside 同意 (seller-commitment.ts). */
export function SellerCommitment({ flow }: { flow: Offer['flow'] }) {
  return (
    <p className="muted offer-note" data-testid="offer-seller-commitment">
      {sellerCommitment(flow)}
    </p>
  );
}
