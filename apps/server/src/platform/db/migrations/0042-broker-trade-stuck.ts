/**
 * A trade the merchant started but never reported (docs/decisions/0023-broker.md "A trade never
 * reported"): when the buyer may ask customer service (the later of the listing's promise and the
 * channel's delivery window after the start, fixed when the trade starts) and when he asked. Trade
 * orders already started get their time from their game's window now (30 minutes without a setting).
 */
export const up = [
  'alter table broker_orders add column trade_due_at timestamptz',
  'alter table broker_orders add column trade_cs_at timestamptz',
  `update broker_orders o set trade_due_at = greatest(o.deliver_before, o.delivering_at + make_interval(mins =>
     coalesce((select c.deliver_minutes from broker_configs c where c.application_id = o.application_id), 30)))
   where o.delivery = 'trade' and o.delivering_at is not null`,
];
