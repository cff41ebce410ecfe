import { Link } from 'react-router';
import { MobileLayout } from '../../components/mobile-layout';
import { PcLayout } from '../../components/pc-layout';
import { copy } from '../../lib/copy';
import { sceneOfPath } from '../../lib/platform';
import { storage } from '../../lib/storage';
import { LatestListings } from './latest-listings';

/** The game whose listings the home shows until the market issue brings the game lobby. */
export const DEFAULT_APP_ID = 'demo-legend';

const CATEGORIES = [
  { type: 1, label: copy.categories.role, icon: '⚔', hint: '成品号 · 满级号' },
  { type: 2, label: copy.categories.coin, icon: '◎', hint: '元宝 · 金币' },
  { type: 3, label: copy.categories.prop, icon: '◆', hint: '装备 · 时装' },
] as const;

function Hero({ pc }: { pc: boolean }) {
  return (
    <section
      className="card"
      style={{
        background: 'var(--grad-hero)',
        color: '#fff',
        padding: pc ? '36px 40px' : '22px 20px',
        margin: pc ? '0 0 20px' : 12,
        position: 'relative',
        overflow: 'hidden',
      }}
    >
      <div style={{ fontSize: pc ? 30 : 22, fontWeight: 800, letterSpacing: 1 }}>{copy.slogan}</div>
      <div style={{ opacity: 0.9, marginTop: 8, fontSize: pc ? 16 : 13 }}>{copy.safeTrade.join(' · ')}</div>
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

function Categories({ scene, pc }: { scene: string; pc: boolean }) {
  return (
    <section
      className="card section"
      style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 12, margin: pc ? '0 0 20px' : 12 }}
    >
      {CATEGORIES.map((c) => (
        <Link
          key={c.type}
          to={`/${scene}/pages/commodityList/list?type=${c.type}`}
          data-testid={`category-${c.type}`}
          style={{ display: 'flex', alignItems: 'center', gap: 10, padding: 8 }}
        >
          <span
            style={{
              width: 40,
              height: 40,
              borderRadius: 12,
              background: 'var(--c-primary-soft)',
              color: 'var(--c-primary)',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              fontSize: 20,
            }}
          >
            {c.icon}
          </span>
          <span>
            <div style={{ fontWeight: 700 }}>{c.label}</div>
            <div className="muted" style={{ fontSize: 12 }}>
              {c.hint}
            </div>
          </span>
        </Link>
      ))}
    </section>
  );
}

/** Home of every scene: PC layout for web scenes, mobile layout (with the SDK tab bar) elsewhere. */
export default function HomePage() {
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const appId = storage.get('currentAppId') ?? DEFAULT_APP_ID;
  const pc = scene === 'web' || scene === 'webpc';
  const content = (
    <div data-testid="home-page">
      <Hero pc={pc} />
      <Categories scene={scene} pc={pc} />
      <LatestListings scene={scene} appId={appId} pc={pc} />
    </div>
  );
  if (pc) return <PcLayout scene={scene}>{content}</PcLayout>;
  return (
    <MobileLayout title={copy.brand} back={false} tabBar={scene === 'h5sdk'}>
      {content}
    </MobileLayout>
  );
}
