import { type ReactNode, useEffect } from 'react';
import { isFailedRequest } from '../lib/api/api-error';
import { copy } from '../lib/copy';
import { EmptyState } from './empty-state';

/**
 * What a page shows when its query failed: a failed request (offline, timeout, the server down)
 * reads as 网络异常 with 重试; only a refusal of the catalogue shows the page's business state
 * (`refused`). Coming back online asks again by itself (a failed page never stays failed after
 * reconnecting); 重试 asks again at once.
 */
const ONLINE_SETTLE_MS = 500;

export function FailureState({ error, onRetry, refused }: { error: unknown; onRetry: () => void; refused: ReactNode }) {
  const failed = isFailedRequest(error);
  useEffect(() => {
    if (!failed) return;
    // A moment after the event: the connection that just came back takes a beat to carry requests.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const again = () => {
      timer = setTimeout(onRetry, ONLINE_SETTLE_MS);
    };
    globalThis.addEventListener?.('online', again);
    return () => {
      globalThis.removeEventListener?.('online', again);
      clearTimeout(timer);
    };
  }, [failed, onRetry]);
  if (!failed) return <>{refused}</>;
  return (
    <EmptyState
      title={copy.networkError}
      hint="请检查网络后重试"
      art="error"
      action={
        <button type="button" className="btn btn-ghost btn-sm" onClick={onRetry} data-testid="failure-retry">
          {copy.retry}
        </button>
      }
    />
  );
}
