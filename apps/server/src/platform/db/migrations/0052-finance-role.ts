/**
 * 财务 (docs/decisions/0057-money-console.md): the staff role that holds the money —
 * withdrawal review, reconciliation, the ledger. The role's check gains it; nothing else changes.
 */
export const up = [
  'alter table staff drop constraint staff_role_check',
  "alter table staff add constraint staff_role_check check (role in ('cs', 'operator', 'finance', 'admin'))",
];
