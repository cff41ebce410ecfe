/**
 * A merchant may end his standing himself (merchant/leave, issue 31): status 'left', when he left.
 * A gateway payment that lands on a closed account is owed back through its channel
 * ('refund_owed'), never credited to the closed account.
 */
export const up = [
  'alter table merchants drop constraint merchants_status_check',
  `alter table merchants add constraint merchants_status_check
     check (status in ('applied', 'approved', 'rejected', 'suspended', 'left'))`,
  'alter table merchants add column left_at timestamptz',
  'alter table payments drop constraint payments_status_check',
  `alter table payments add constraint payments_status_check
     check (status in ('created', 'paid', 'closed', 'refunded', 'refund_owed'))`,
];
