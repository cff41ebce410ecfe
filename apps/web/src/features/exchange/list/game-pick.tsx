import type { Game } from '@app/protocol/calls/market-games';
import { EmptyState } from '../../../components/empty-state';
import { copy } from '../../../lib/copy';
import { useGameLobby } from '../../../lib/queries/get-game-lobby';

/** Every game once: the hot ones first, then the rest by initial. */
export function allGames(data: { hot: Game[]; groups: Array<{ games: Game[] }> } | undefined): Game[] {
  if (!data) return [];
  const games = [...data.hot, ...data.groups.flatMap((g) => g.games)];
  return games.filter((g, i) => games.findIndex((x) => x.applicationId === g.applicationId) === i);
}

/** A PC list opened without a game (a bare link, a first visit) asks for one instead of failing. */
export function GamePick({ onPick }: { onPick: (game: Game) => void }) {
  const { data, isLoading, isError, error, refetch } = useGameLobby('');
  const games = allGames(data);
  return (
    <div data-testid="game-pick">
      <h2 style={{ fontSize: 20, margin: '8px 0 4px' }}>请选择游戏</h2>
      <div className="muted">选择游戏后查看在售的角色、游戏币和道具</div>
      {isLoading ? <div className="skeleton" style={{ height: 160, marginTop: 12 }} /> : null}
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
      <div className="pc-game-pick">
        {games.map((g) => (
          <button
            key={g.applicationId}
            type="button"
            className="game-pick-card"
            data-testid="game-pick-option"
            onClick={() => onPick(g)}
          >
            <img src={g.iconUrl} alt="" width={44} height={44} />
            <span>
              <b>{g.gameName}</b>
              <br />
              <span className="muted">在售 {g.onSaleCount}</span>
            </span>
          </button>
        ))}
      </div>
    </div>
  );
}
