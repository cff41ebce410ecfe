import { lockMessage } from '@app/protocol/format';
import { useEffect, useState } from 'react';

/** Whether the listing is locked now (lockUntil in unix seconds). */
export function isLocked(lockUntil: number | null, now = Date.now()): boolean {
  return lockUntil !== null && lockUntil * 1000 > now;
}

/** Re-renders every 30 s while the lock lasts, so the countdown and the buy button follow it. */
export function useLockState(lockUntil: number | null): { locked: boolean; message: string | null } {
  const [now, setNow] = useState(() => Date.now());
  const locked = isLocked(lockUntil, now);
  useEffect(() => {
    if (!locked) return;
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [locked]);
  return { locked, message: locked && lockUntil !== null ? lockMessage(lockUntil, new Date(now)) : null };
}

export function LockNotice({ message }: { message: string }) {
  return (
    <div className="c-lock" role="status" data-testid="lock-notice">
      🔒 {message}
    </div>
  );
}
