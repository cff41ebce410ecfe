import type { WithdrawalStatus } from '@app/protocol/calls/withdrawal';

/**
 * A withdrawal's life (docs/decisions/0049-payouts-providers.md): requested (`reviewing`, the
 * automatic wait) or `in_review` (staff decide) → `paying` (handed to the provider once) → `paid`,
 * `failed` (money back) or `unknown` (no answer: settled only by the provider's query) or
 * `confirming` (a WeChat payee is asked to 确认收款). `cancelled` and `refused` return the money
 * before anything was sent. The ends are final.
 */
const transitions: Record<WithdrawalStatus, readonly WithdrawalStatus[]> = {
  reviewing: ['paying', 'cancelled'],
  in_review: ['reviewing', 'refused', 'cancelled'],
  paying: ['paid', 'failed', 'unknown', 'confirming'],
  unknown: ['paid', 'failed', 'confirming'],
  confirming: ['paid', 'failed'],
  paid: [],
  failed: [],
  cancelled: [],
  refused: [],
};

export function canTransition(from: WithdrawalStatus, to: WithdrawalStatus): boolean {
  return transitions[from].includes(to);
}

/** Money still reserved and the account kept open: anything not yet at an end. */
export const OPEN_STATUSES = ['reviewing', 'in_review', 'paying', 'unknown', 'confirming'] as const;

/** Sent to the provider and not yet settled: the sweep asks the provider about these. */
export const SENT_STATUSES = ['paying', 'unknown', 'confirming'] as const;
