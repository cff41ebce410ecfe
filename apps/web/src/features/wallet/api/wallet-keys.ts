import type { StatementKind } from '@app/protocol/calls/wallet';

/** The query keys of the wallet's statement; a payment, a refund or a withdrawal invalidates walletKeys.all. */
export const walletKeys = {
  all: ['wallet-statement'] as const,
  statement: (filter: { kind?: StatementKind | undefined; month?: string | undefined }) =>
    ['wallet-statement', 'lines', filter] as const,
  pendingIncome: ['wallet-statement', 'pending-income'] as const,
  refunds: ['wallet-statement', 'refunds'] as const,
};
