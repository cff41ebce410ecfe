import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { copy } from '../../lib/copy';
import { paths } from '../../lib/paths';
import { currentScene } from './market-layout';

/** The slogan card the home shows when no banner is live. */
export function Hero({ pc }: { pc: boolean }) {
  return (
    <section
      className="card"
      style={{
        background: 'var(--grad-hero)',
        color: '#fff',
        padding: pc ? '36px 40px' : '22px 20px',
        position: 'relative',
        overflow: 'hidden',
      }}
    >
      <div style={{ fontSize: pc ? 30 : 22, fontWeight: 800, letterSpacing: 1 }}>{copy.slogan}</div>
      <Link
        to={paths.safePurchase(currentScene())}
        style={{
          position: 'relative',
          zIndex: 1,
          display: 'inline-flex',
          alignItems: 'center',
          color: '#fff',
          opacity: 0.9,
          marginTop: 8,
          fontSize: pc ? 16 : 13,
        }}
        data-testid="hero-safe-purchase"
      >
        {copy.safeTrade.join(' · ')}
        <ChevronRight size="1em" aria-hidden="true" />
      </Link>
      <svg
        viewBox="0 0 120 120"
        width={pc ? 160 : 96}
        style={{ position: 'absolute', right: pc ? 40 : 8, top: pc ? 10 : 8, opacity: 0.25 }}
        aria-hidden="true"
      >
        <path d="M60 8l42 16v30c0 28-18 48-42 58C36 102 18 82 18 54V24z" fill="#fff" />
        <path d="M42 60l12 12 26-28" stroke="#ff4d1c" strokeWidth="9" fill="none" strokeLinecap="round" />
      </svg>
    </section>
  );
}
