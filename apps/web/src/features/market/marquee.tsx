import { useEffect, useState } from 'react';
import { useMarqueeList } from './api/get-marquee-list';

/** The SDK news line: one item at a time, the next every timeStep seconds. */
export function Marquee({ appId }: { appId: string | null }) {
  const { data } = useMarqueeList(appId);
  const [index, setIndex] = useState(0);
  const list = data?.list ?? [];
  const stepMs = Math.max(1, data?.timeStep ?? 3) * 1000;
  useEffect(() => {
    if (list.length < 2) return;
    const timer = setInterval(() => setIndex((i) => i + 1), stepMs);
    return () => clearInterval(timer);
  }, [list.length, stepMs]);
  if (list.length === 0) return null;
  const item = list[index % list.length]!;
  return (
    <div className="marquee" data-testid="marquee" role="status">
      <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M3 10v4h4l5 4V6L7 10H3z" fill="currentColor" />
        <path
          d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12"
          stroke="currentColor"
          strokeWidth="2"
          fill="none"
          strokeLinecap="round"
        />
      </svg>
      <span key={item.id} className="marquee-line">
        {item.text}
      </span>
    </div>
  );
}
