import { useEffect, useState } from 'react';

/** mm:ss left until a unix-seconds deadline (00:00 once it passed). */
export function useCountdown(until: number | null | undefined): string {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  if (!until) return '';
  const left = Math.max(0, until * 1000 - now);
  return `${String(Math.floor(left / 60_000)).padStart(2, '0')}:${String(Math.floor((left % 60_000) / 1000)).padStart(2, '0')}`;
}
