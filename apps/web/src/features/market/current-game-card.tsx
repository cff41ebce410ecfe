import type { Game } from '@app/protocol/calls/market-games';
import { formatCount } from '@app/protocol/format';
import { Coins, Gem, Swords } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { BrokerEntry } from '../../components/broker-entry';
import { LazyImage } from '../../components/lazy-image';
import { copy } from '../../lib/copy';
import { paths } from '../../lib/paths';

const GameSwitcherSheet = lazy(() => import('./game-switcher-sheet').then((m) => ({ default: m.GameSwitcherSheet })));
const GameGuidePopup = lazy(() => import('./game-guide-popup').then((m) => ({ default: m.GameGuidePopup })));

const CATEGORIES = [
  { type: 1, label: copy.categories.role, Icon: Swords, hint: '成品号 · 满级号' },
  { type: 2, label: copy.categories.coin, Icon: Coins, hint: '元宝 · 金币' },
  { type: 3, label: copy.categories.prop, Icon: Gem, hint: '装备 · 时装' },
] as const;

/** The game the user plays, a switcher, its guide, and the three categories of its market. */
export function CurrentGameCard({
  scene,
  game,
  played,
  isLoading,
  onChoose,
}: {
  scene: string;
  game: Game | null;
  played: boolean;
  isLoading: boolean;
  onChoose: (game: Game) => void;
}) {
  const [sheet, setSheet] = useState<'switch' | 'guide' | null>(null);
  // The card's own height with a game (name, counts, the channel's entries), so nothing below moves when it comes.
  if (isLoading) return <div className="skeleton" style={{ height: 220, borderRadius: 12 }} />;
  return (
    <section className="card section" data-testid="current-game">
      {game ? (
        <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 14 }}>
          <LazyImage
            src={game.iconUrl}
            alt={game.gameName}
            style={{ width: 48, height: 48, borderRadius: 12, flexShrink: 0 }}
          />
          <div style={{ flex: 1, minWidth: 0 }}>
            <div className="cg-name" data-testid="current-game-name">
              <span className="cg-name-text">{game.gameName}</span>
              {played ? (
                <span className="tag tag-presale" style={{ marginLeft: 6 }}>
                  最近在玩
                </span>
              ) : null}
            </div>
            <div
              className="muted"
              style={{ fontSize: 12, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
            >
              在售 {formatCount(game.onSaleCount)} · 已成交 {formatCount(game.soldCount)}
            </div>
          </div>
          {game.guideUrl ? (
            <button
              type="button"
              className="btn btn-sm btn-ghost cg-action"
              onClick={() => setSheet('guide')}
              data-testid="guide-button"
            >
              攻略
            </button>
          ) : null}
          <button
            type="button"
            className="btn btn-sm btn-primary cg-action"
            onClick={() => setSheet('switch')}
            data-testid="switch-game"
          >
            切换游戏
          </button>
        </div>
      ) : null}
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 8 }}>
        {CATEGORIES.map((c) => (
          <Link
            key={c.type}
            to={paths.list(scene, { applicationId: game?.applicationId, type: c.type })}
            data-testid={`category-${c.type}`}
            className="cg-category"
          >
            <span
              style={{
                width: 34,
                height: 34,
                borderRadius: 10,
                background: 'var(--c-primary-soft)',
                color: 'var(--c-primary)',
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                fontSize: 17,
                flexShrink: 0,
              }}
            >
              <c.Icon size="1em" aria-hidden="true" />
            </span>
            <span style={{ minWidth: 0, overflow: 'hidden' }}>
              <div className="cg-category-label">{c.label}</div>
              <div
                className="muted"
                style={{ fontSize: 11, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
              >
                {c.hint}
              </div>
            </span>
          </Link>
        ))}
      </div>
      <BrokerEntry scene={scene} appId={game?.applicationId} />
      <Suspense fallback={null}>
        {sheet === 'switch' ? (
          <GameSwitcherSheet
            scene={scene}
            currentId={game?.applicationId ?? null}
            onChoose={(g) => {
              onChoose(g);
              setSheet(null);
            }}
            onClose={() => setSheet(null)}
          />
        ) : null}
        {sheet === 'guide' && game ? (
          <GameGuidePopup gameName={game.gameName} guideUrl={game.guideUrl} onClose={() => setSheet(null)} />
        ) : null}
      </Suspense>
    </section>
  );
}
