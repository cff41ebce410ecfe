import type { Game } from '@app/protocol/calls/market-games';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { isPcPage } from '../../components/pc-page-frame';
import { copy } from '../../lib/copy';
import { paths } from '../../lib/paths';
import { type GameKind, useRecommendGameList } from './api/get-recommend-game-list';
import { setCurrentGame } from './current-game';
import { GameRow } from './game-card';
import { currentScene, MarketLayout } from './market-layout';
import { useReachBottom } from './use-reach-bottom';

/** Popular or recommended games, loading the next page within 300 px of the bottom. */
export function GameListPage({ kind, title }: { kind: GameKind; title: string }) {
  const scene = currentScene();
  const navigate = useNavigate();
  const { data, isLoading, isError, error, refetch, hasNextPage, isFetchingNextPage, fetchNextPage } =
    useRecommendGameList(kind);
  const games = data?.pages.flatMap((p) => p.list) ?? [];
  useReachBottom(Boolean(hasNextPage) && !isFetchingNextPage, () => void fetchNextPage(), games.length);
  const open = (g: Game) => {
    setCurrentGame(g);
    navigate(paths.list(scene, { applicationId: g.applicationId }));
  };
  const pc = isPcPage(scene);
  return (
    <MarketLayout title={title}>
      <div className="card section" style={{ margin: pc ? 0 : 12 }} data-testid={`${kind}-games`}>
        {isLoading
          ? [0, 1, 2, 3, 4].map((i) => <div key={i} className="skeleton" style={{ height: 72, marginBottom: 10 }} />)
          : null}
        {isError ? (
          <EmptyState
            title={error.message || copy.networkError}
            action={
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => refetch()}>
                {copy.retry}
              </button>
            }
          />
        ) : null}
        {data && games.length === 0 ? <EmptyState title="暂无游戏" hint="新游戏上线后会出现在这里" /> : null}
        <div style={pc ? { display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', columnGap: 24 } : undefined}>
          {games.map((g) => (
            <GameRow key={g.applicationId} game={g} onClick={open} />
          ))}
        </div>
        {isFetchingNextPage ? (
          <div className="muted" style={{ textAlign: 'center', padding: 12 }}>
            {copy.loading}
          </div>
        ) : null}
        {data && games.length > 0 && !hasNextPage ? (
          <div className="muted" style={{ textAlign: 'center', padding: 12, fontSize: 12 }} data-testid="no-more">
            没有更多了
          </div>
        ) : null}
      </div>
    </MarketLayout>
  );
}
