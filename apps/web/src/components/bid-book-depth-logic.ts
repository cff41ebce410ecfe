import type { DepthLevel } from '@app/protocol/calls/bid-book';

/** Each level's bar, as a share (0–100) of the largest level on either side. */
export function depthBars(bids: DepthLevel[], asks: DepthLevel[]): { bids: number[]; asks: number[] } {
  const top = Math.max(1, ...bids.map((l) => l.quantity), ...asks.map((l) => l.quantity));
  const share = (l: DepthLevel) => Math.max(4, Math.round((l.quantity / top) * 100));
  return { bids: bids.map(share), asks: asks.map(share) };
}
