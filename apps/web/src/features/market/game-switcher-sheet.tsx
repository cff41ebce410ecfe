import type { Game } from '@app/protocol/calls/market-games';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { usePlayedGameList } from './api/get-played-game-list';
import { useRecommendGameList } from './api/get-recommend-game-list';
import { GameRow } from './game-card';

/** The game switcher: the user's played games, then popular ones, and a way to the lobby. */
export function GameSwitcherSheet({
  scene,
  currentId,
  onChoose,
  onClose,
}: {
  scene: string;
  currentId: string | null;
  onChoose: (game: Game) => void;
  onClose: () => void;
}) {
  const played = usePlayedGameList(true);
  const popular = useRecommendGameList('popular', 10);
  const seen = new Set<string>();
  const games = [...(played.data?.list ?? []), ...(popular.data?.pages[0]?.list ?? [])].filter((g) => {
    if (seen.has(g.applicationId)) return false;
    seen.add(g.applicationId);
    return true;
  });
  return (
    <div className="mask sheet-mask" data-testid="game-switcher">
      <button type="button" aria-label="关闭" onClick={onClose} style={{ position: 'absolute', inset: 0 }} />
      <div className="sheet" role="dialog" style={{ position: 'relative', maxHeight: '70vh', overflowY: 'auto' }}>
        <div className="sheet-title">切换游戏</div>
        <div style={{ padding: '0 16px' }}>
          {popular.isLoading ? <div className="skeleton" style={{ height: 160 }} /> : null}
          {games.map((g) => (
            <div key={g.applicationId} style={g.applicationId === currentId ? { opacity: 0.6 } : undefined}>
              <GameRow game={g} onClick={onChoose} />
            </div>
          ))}
        </div>
        <Link className="sheet-option" to={paths.gameLobby(scene)} style={{ display: 'block', textAlign: 'center' }}>
          去游戏大厅找更多游戏 <ChevronRight size="1em" aria-hidden="true" />
        </Link>
        <button type="button" className="sheet-cancel" onClick={onClose}>
          取消
        </button>
      </div>
    </div>
  );
}
