import type { Game } from '@app/protocol/calls/market-games';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { copy } from '../../lib/copy';
import { paths } from '../../lib/paths';
import { useRecommendGameList } from './api/get-recommend-game-list';
import { GameTile } from './game-card';

/** The popular games of the home: a row of tiles and a link to the full page. */
export function PopularGamesSection({
  scene,
  pc,
  onChoose,
}: {
  scene: string;
  pc: boolean;
  onChoose: (g: Game) => void;
}) {
  const { data, isLoading } = useRecommendGameList('popular', pc ? 8 : 4);
  const list = data?.pages[0]?.list ?? [];
  if (!isLoading && list.length === 0) return null;
  return (
    <section className="card section" data-testid="popular-games">
      <div className="section-head">
        <span className="section-title">{copy.hotGames}</span>
        <Link className="section-more" to={paths.popularGames(scene)}>
          {copy.viewAll} <ChevronRight size="1em" aria-hidden="true" />
        </Link>
      </div>
      {isLoading ? <div className="skeleton" style={{ height: 97 }} /> : null}
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', rowGap: 14, gap: 8 }}>
        {list.map((g) => (
          <GameTile key={g.applicationId} game={g} onClick={onChoose} />
        ))}
      </div>
    </section>
  );
}
