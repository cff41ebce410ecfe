import { useEffect, useState } from 'react';

/** hh:mm:ss left until a unix-seconds deadline ('' without one, 00:00:00 once it passed). */
export function useTimeLeft(until: number | null): string {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!until) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  if (!until) return '';
  const left = Math.max(0, Math.floor((until * 1000 - now) / 1000));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(left / 3600))}:${two(Math.floor((left % 3600) / 60))}:${two(left % 60)}`;
}
