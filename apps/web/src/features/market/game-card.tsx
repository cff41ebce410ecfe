import type { Game } from '@app/protocol/calls/market-games';
import { formatCount } from '@app/protocol/format';
import { LazyImage } from '../../components/lazy-image';

/** A game as an icon tile (popular games, lobby hot games). */
export function GameTile({ game, onClick }: { game: Game; onClick: (game: Game) => void }) {
  return (
    <button type="button" className="game-tile" onClick={() => onClick(game)} data-testid="game-tile">
      <LazyImage src={game.iconUrl} alt={game.gameName} style={{ width: 52, height: 52, borderRadius: 14 }} />
      <span className="game-tile-name">{game.gameName}</span>
      <span className="muted" style={{ fontSize: 11 }}>
        在售 {formatCount(game.onSaleCount)}
      </span>
    </button>
  );
}

/** A game as a row with its description and counts (popular, recommended, lobby lists). */
export function GameRow({ game, onClick }: { game: Game; onClick: (game: Game) => void }) {
  return (
    <button type="button" className="game-row" onClick={() => onClick(game)} data-testid="game-row">
      <LazyImage
        src={game.iconUrl}
        alt={game.gameName}
        style={{ width: 56, height: 56, borderRadius: 14, flexShrink: 0 }}
      />
      <span style={{ flex: 1, minWidth: 0 }}>
        <span style={{ display: 'flex', gap: 6, alignItems: 'center', fontWeight: 700 }}>
          {game.gameName}
          {game.isPlayed === 1 ? <span className="tag tag-presale">玩过</span> : null}
          {game.tags.slice(0, 2).map((t) => (
            <span key={t} className="chip" style={{ padding: '1px 6px', fontSize: 11, fontWeight: 400 }}>
              {t}
            </span>
          ))}
        </span>
        <span
          className="muted"
          style={{
            display: 'block',
            fontSize: 12,
            margin: '4px 0',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          {game.description}
        </span>
        <span style={{ fontSize: 12, color: 'var(--c-text-2)' }}>
          在售 <b style={{ color: 'var(--c-primary)' }}>{formatCount(game.onSaleCount)}</b> · 已成交{' '}
          {formatCount(game.soldCount)}
        </span>
      </span>
      <span className="btn btn-sm btn-ghost">进入</span>
    </button>
  );
}
