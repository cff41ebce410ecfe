/**
 * A payment names what it pays as `(purpose, ref)` (docs/decisions/0043-payable-purpose.md): the
 * payments module knows no purpose, each purpose module registers its adapter. Every existing
 * payment keeps its row, its trade number and so its ledger links (the ledger's keys name the
 * trade number, its order link is the ledger's own column); the four columns of each purpose it
 * had, and their foreign keys, go.
 */
export const up = [
  'alter table payments add column purpose text',
  'alter table payments add column ref integer',
  `update payments set
     purpose = case
       when order_id is not null then 'order'
       when deposit_id is not null then 'deposit'
       when broker_order_id is not null then 'broker'
       else 'bid'
     end,
     ref = coalesce(order_id, deposit_id, broker_order_id, coin_bid_id)`,
  'alter table payments alter column purpose set not null',
  'alter table payments alter column ref set not null',
  "alter table payments add constraint payments_purpose_check check (purpose ~ '^[a-z][a-z-]*$')",
  'alter table payments drop constraint payments_one_payable',
  'drop index payments_order_idx',
  'drop index payments_deposit_idx',
  'drop index payments_broker_order_idx',
  'drop index payments_coin_bid_idx',
  'alter table payments drop column order_id',
  'alter table payments drop column deposit_id',
  'alter table payments drop column broker_order_id',
  'alter table payments drop column coin_bid_id',
  'create index payments_payable_idx on payments (purpose, ref)',
];
