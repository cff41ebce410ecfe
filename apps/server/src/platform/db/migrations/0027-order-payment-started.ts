/**
 * When a payment of the order was first started (a row of `payments`, balance or gateway): kept on
 * the order by the orders module (the payments module calls markPaymentStarted in the transaction
 * that writes the payment, under the order's row lock), so the orders module answers "payment
 * started" (no coupon change after it; the order view's payStarted) from its own row instead of
 * reading the payments table. Existing orders take the time of their first payment.
 */
export const up = [
  'alter table orders add column payment_started_at timestamptz',
  `update orders set payment_started_at = started.at
     from (select order_id, min(created_at) as at from payments group by order_id) started
    where started.order_id = orders.id`,
];
