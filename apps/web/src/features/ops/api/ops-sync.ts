import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { opsKeys } from './ops-fetch';

/**
 * The console and the workbench windows it opens, kept in step: a decision made in one (a request
 * closed, an order refunded or confirmed) makes the others read their lists again.
 */
const CHANNEL = 'ops-console';

export function announceOpsChange(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage('changed');
  channel.close();
}

export function useOpsSync(): void {
  const client = useQueryClient();
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = () => void client.invalidateQueries({ queryKey: opsKeys.all });
    return () => channel.close();
  }, [client]);
}
