import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';

/**
 * Mounts its children (typically a React.lazy section below the fold) only once the placeholder
 * comes within `margin` px of the screen, so their code is not part of the first screen.
 */
export function WhenVisible({
  children,
  minHeight = 120,
  margin = 200,
}: {
  children: ReactNode;
  minHeight?: number;
  margin?: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const node = ref.current;
    if (!node || visible) return;
    if (typeof IntersectionObserver === 'undefined') return setVisible(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin: `${margin}px 0px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [visible, margin]);
  const placeholder = <div className="skeleton" style={{ minHeight }} />;
  if (!visible) return <div ref={ref}>{placeholder}</div>;
  return <Suspense fallback={placeholder}>{children}</Suspense>;
}
