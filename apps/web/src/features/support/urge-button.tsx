import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api/api-error';
import { showToast } from '../../lib/ui-bus';
import { type UrgeKind, useUrge } from './api/urges';
import { waitLeft } from './support-logic';

const LABEL: Record<UrgeKind, string> = { delivery: '催发货', receipt: '提醒收货' };
const DONE: Record<UrgeKind, string> = { delivery: '已提醒卖家尽快发货', receipt: '已提醒买家确认收货' };

/** When the next urge of this order is allowed, kept for the tab so a reload keeps the countdown. */
const kept = (orderId: string, kind: UrgeKind) => `urge:${kind}:${orderId}`;
function readNextAt(orderId: string, kind: UrgeKind): number | null {
  try {
    const v = Number(globalThis.sessionStorage?.getItem(kept(orderId, kind)));
    return Number.isFinite(v) && v > 0 ? v : null;
  } catch {
    return null;
  }
}
function keepNextAt(orderId: string, kind: UrgeKind, nextAt: number): void {
  try {
    globalThis.sessionStorage?.setItem(kept(orderId, kind), String(nextAt));
  } catch {
    // no session storage (private mode): the countdown lasts while the page is open
  }
}

/**
 * 催发货 (the buyer, paid) or 提醒收货 (the seller, delivered): after use it is disabled with a
 * countdown until the server's nextAt; a refusal is the server's toast.
 */
export function UrgeButton({ orderId, kind, className }: { orderId: string; kind: UrgeKind; className?: string }) {
  const urge = useUrge(orderId, kind);
  const [nextAt, setNextAt] = useState<number | null>(() => readNextAt(orderId, kind));
  const [now, setNow] = useState(Date.now());
  const left = waitLeft(nextAt, now);
  useEffect(() => {
    if (!nextAt) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [nextAt]);
  const run = () =>
    urge.mutate(undefined, {
      onSuccess: (answer) => {
        setNextAt(answer.nextAt);
        setNow(Date.now());
        keepNextAt(orderId, kind, answer.nextAt);
        showToast(DONE[kind]);
      },
      onError: (error) => {
        // Too soon: the refusal may say when the next one is allowed.
        const next = error instanceof ApiError ? (error.data as { nextAt?: unknown } | null)?.nextAt : undefined;
        if (typeof next === 'number') {
          setNextAt(next);
          keepNextAt(orderId, kind, next);
        }
      },
    });
  return (
    <button
      type="button"
      className={className ?? 'btn btn-ghost btn-block'}
      disabled={urge.isPending || left !== null}
      onClick={run}
      data-testid={`urge-${kind}`}
    >
      {left ? `${LABEL[kind]}（${left}）` : LABEL[kind]}
    </button>
  );
}
