import { formatCountdown } from '@app/protocol/format';
import { useEffect, useState } from 'react';
import { serverNowMs } from '../../lib/server-clock';

/** What is left until a unix-seconds deadline by the server's clock, as formatCountdown shows it (00:00 once it passed). */
export function useCountdown(until: number | null | undefined): string {
  const [now, setNow] = useState(() => serverNowMs());
  useEffect(() => {
    const t = setInterval(() => setNow(serverNowMs()), 1000);
    return () => clearInterval(t);
  }, []);
  if (!until) return '';
  return formatCountdown((until * 1000 - now) / 1000);
}
