/**
 * Broker delivery by an in-game trade (docs/decisions/0023-broker.md "Delivery by an in-game
 * trade"): per game the channel delivers through the partner API ('api', as before) or by a trade
 * the merchant reports and the buyer confirms ('trade'). An order records the way it was delivered
 * when its delivery starts (null before), the server of the merchant's role, and the merchant's
 * report (its note and up to 3 screenshots).
 */
export const up = [
  `alter table broker_configs add column delivery text not null default 'api' check (delivery in ('api', 'trade'))`,
  `alter table broker_orders add column delivery text check (delivery in ('api', 'trade'))`,
  `update broker_orders set delivery = 'api' where delivering_at is not null`,
  'alter table broker_orders add column from_server_name text',
  `alter table broker_orders add column trade_note text not null default ''`,
  `alter table broker_orders add column trade_images jsonb not null default '[]'`,
];
