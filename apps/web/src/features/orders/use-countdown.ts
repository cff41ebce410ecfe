import { formatCountdown } from '@app/protocol/format';
import { useEffect, useState } from 'react';

/** What is left until a unix-seconds deadline, as formatCountdown shows it (00:00 once it passed). */
export function useCountdown(until: number | null | undefined): string {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  if (!until) return '';
  return formatCountdown((until * 1000 - now) / 1000);
}
