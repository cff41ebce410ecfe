/**
 * A refund's life (docs/decisions/0059-refunds-original-channel.md): `requested` (written in the
 * purpose's transaction, its money in platform:refunds_in_transit) → `sending` (claimed once, just
 * before the gateway is called) → `succeeded` (the money left for the payer's account), `returned`
 * (the gateway refused for certain: the money went to the balance instead), `processing` (accepted,
 * not done) or `unknown` (no trustworthy answer). The last two are settled by the gateway's query
 * (the sweep) or its notification, never by a refund under another number. The ends are final.
 */
export const REFUND_STATUSES = ['requested', 'sending', 'processing', 'unknown', 'succeeded', 'returned'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

const transitions: Record<RefundStatus, readonly RefundStatus[]> = {
  requested: ['sending'],
  sending: ['succeeded', 'returned', 'processing', 'unknown'],
  processing: ['succeeded', 'returned', 'unknown'],
  unknown: ['succeeded', 'returned', 'processing'],
  succeeded: [],
  returned: [],
};

export function canRefundMove(from: RefundStatus, to: RefundStatus): boolean {
  return transitions[from].includes(to);
}

/** Money still in transit: anything not yet at an end (ledger:check sums these against the account). */
export const OPEN_REFUND_STATUSES = ['requested', 'sending', 'processing', 'unknown'] as const;

/** Handed to the gateway and not yet settled: the sweep asks the gateway about these. */
export const SENT_REFUND_STATUSES = ['sending', 'processing', 'unknown'] as const;
