import type { ReactNode } from 'react';
import { isFailedRequest } from '../lib/api/api-error';
import { copy } from '../lib/copy';
import { EmptyState } from './empty-state';

/**
 * What a page shows when its query failed: a failed request (offline, timeout, the server down)
 * reads as 网络异常 with 重试; only a refusal of the catalogue shows the page's business state
 * (`refused`). Reconnecting refetches on its own (the query client's refetchOnReconnect); 重试 asks
 * again at once.
 */
export function FailureState({ error, onRetry, refused }: { error: unknown; onRetry: () => void; refused: ReactNode }) {
  if (!isFailedRequest(error)) return <>{refused}</>;
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
