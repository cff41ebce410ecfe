import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { useGameLobby } from '../lib/queries/get-game-lobby';
import './keyword-scope.css';

/**
 * A keyword search is one game's (the list asks one game): this says which, and offers the same
 * words in every other game, so 沙巴克 searched in the wrong game is one click from the right one.
 * `widen` false (the game view, whose list is its own game's) says which game only.
 */
export function KeywordScope({
  scene,
  appId,
  keyword,
  widen = true,
}: {
  scene: string;
  appId: string;
  keyword: string;
  widen?: boolean;
}) {
  const lobby = useGameLobby('');
  const games = lobby.data?.groups.flatMap((g) => g.games) ?? [];
  const byId = new Map([...(lobby.data?.hot ?? []), ...games].map((g) => [g.applicationId, g] as const));
  const unique = [...byId.values()];
  const here = unique.find((g) => g.applicationId === appId)?.gameName;
  const others = unique.filter((g) => g.applicationId !== appId);
  return (
    <div className="keyword-scope" data-testid="keyword-scope">
      <span>
        在{here ? `《${here}》` : '当前游戏'}中搜索“{keyword}”
      </span>
      {widen && others.length > 0 ? (
        <span className="keyword-scope-others">
          <span className="muted">其他游戏：</span>
          {others.map((g) => (
            <Link
              key={g.applicationId}
              className="keyword-scope-game"
              data-testid="keyword-scope-game"
              to={paths.list(scene, { applicationId: g.applicationId, keyword })}
            >
              {g.gameName}
            </Link>
          ))}
        </span>
      ) : null}
    </div>
  );
}
