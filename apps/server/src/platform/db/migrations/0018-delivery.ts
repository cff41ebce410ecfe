/** Delivery: the game's signed receipt of what moved to whom, and why a delivery was returned. */
export const up = [
  'alter table orders add column receipt jsonb',
  'alter table orders add column receipt_signature text',
  "alter table orders add column note text not null default ''",
  'create index orders_paid_idx on orders (paid_at) where status = 2',
  'create index orders_delivered_idx on orders (delivered_at) where status = 51',
  'create index orders_settling_idx on orders (settle_at) where status = 32',
];
