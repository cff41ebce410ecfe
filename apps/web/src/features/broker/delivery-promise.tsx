import type { BrokerOrder } from '@app/protocol/calls/broker-orders';
import { useEffect, useState } from 'react';
import { deliveryPromise } from './broker-order-logic';

/** The merchant's delivery promise on a paid order: the minutes promised and the time left, ticking; or that it passed. */
export function DeliveryPromise({ o }: { o: Pick<BrokerOrder, 'status' | 'deliverBefore' | 'deliverMinutes'> }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  const p = deliveryPromise(o, now);
  if (!p) return null;
  return (
    <p className={`broker-promise${p.late ? ' late' : ''}`} data-testid="broker-order-promise">
      <span data-testid="broker-promise-minutes">{p.promise}</span>
      <b data-testid="broker-promise-left">{p.left}</b>
    </p>
  );
}
