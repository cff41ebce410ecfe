import { formatCountdown } from '@app/protocol/format';
import { useEffect, useState } from 'react';

/** What is left until a unix-seconds deadline, as formatCountdown shows it ('' without one, 00:00 once it passed). */
export function useTimeLeft(until: number | null): string {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!until) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  if (!until) return '';
  return formatCountdown((until * 1000 - now) / 1000);
}
