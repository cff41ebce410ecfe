/**
 * Payouts through a real provider (docs/decisions/0049-payouts-providers.md): the states a real
 * transfer passes (in_review for staff, unknown until the provider's query says, confirming while
 * a WeChat payee confirms, refused by staff), the provider that holds the transfer and its number
 * (the same on every retry), when it was sent, the payee's full name sealed (the provider checks
 * it), WeChat's package for 确认收款, and who reviewed it.
 */
export const up = [
  'alter table withdrawals drop constraint withdrawals_status_check',
  `alter table withdrawals add constraint withdrawals_status_check check (status in
     ('reviewing', 'in_review', 'paying', 'unknown', 'confirming', 'paid', 'cancelled', 'refused', 'failed'))`,
  "alter table withdrawals add column provider text not null default 'sandbox'",
  'alter table withdrawals add column out_biz_no text',
  "update withdrawals set out_biz_no = 'wd-' || id",
  'alter table withdrawals alter column out_biz_no set not null',
  'create unique index withdrawals_out_biz_no_idx on withdrawals (provider, out_biz_no)',
  'alter table withdrawals add column account_name_sealed text',
  'alter table withdrawals add column sent_at timestamptz',
  'alter table withdrawals add column package_info text',
  'alter table withdrawals add column reviewed_by integer',
  'drop index withdrawals_review_idx',
  `create index withdrawals_open_idx on withdrawals (review_after)
     where status in ('reviewing', 'paying', 'unknown', 'confirming')`,
];
