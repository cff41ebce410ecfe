/**
 * Customer service on broker orders (docs/decisions/0023-broker.md): who decided an order in the
 * console and when (a refused receipt, or a paid order never delivered), and each side's rating of
 * that decision, once (rateCustomerService).
 */
export const up = [
  'alter table broker_orders add column cs_decided_at timestamptz',
  'alter table broker_orders add column cs_staff text',
  `create table broker_service_ratings (
     order_id integer not null references broker_orders(id),
     user_id integer not null references users(id),
     score smallint not null check (score between 1 and 5),
     comment text not null default '',
     created_at timestamptz not null default now(),
     primary key (order_id, user_id)
   )`,
];
