import type { Game } from '@app/protocol/calls/market-games';
import { useDeferredValue, useState } from 'react';
import { useNavigate } from 'react-router';
import { BrokerLobbyEntry } from '../../components/broker-lobby-entry';
import { EmptyState } from '../../components/empty-state';
import { isPcPage } from '../../components/pc-page-frame';
import { copy } from '../../lib/copy';
import { paths } from '../../lib/paths';
import { useGameLobby } from '../../lib/queries/get-game-lobby';
import { setCurrentGame } from './current-game';
import { GameRow, GameTile } from './game-card';
import { currentScene, MarketLayout } from './market-layout';

const letterId = (initial: string) => `lobby-${initial === '#' ? 'other' : initial}`;

/** /{scene}/pages/gameLobby/index: hot games, then every game by pinyin initial with a letter index. */
export default function GameLobbyPage() {
  const scene = currentScene();
  const pc = isPcPage(scene);
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const deferred = useDeferredValue(keyword.trim());
  const { data, isLoading, isError, error, refetch } = useGameLobby(deferred);
  const open = (g: Game) => {
    setCurrentGame(g);
    navigate(paths.list(scene, { applicationId: g.applicationId }));
  };
  const groups = data?.groups ?? [];
  const jump = (initial: string) =>
    document.getElementById(letterId(initial))?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  // The A–Z index: pinned to the phone's right edge; on a PC a letter bar above the list.
  const letters =
    groups.length > 0 ? (
      <nav className={pc ? 'lobby-index-pc' : 'lobby-index'} aria-label="字母索引" data-testid="lobby-index">
        {groups.map((g) => (
          <button key={g.initial} type="button" onClick={() => jump(g.initial)}>
            {g.initial}
          </button>
        ))}
      </nav>
    ) : null;
  return (
    <MarketLayout title={copy.gameLobby}>
      <div
        data-testid="game-lobby"
        className={pc ? 'lobby-pc' : undefined}
        style={{ padding: pc ? 0 : 12, paddingRight: pc ? 0 : 28 }}
      >
        <input
          type="search"
          className="search-input"
          placeholder="搜索游戏名称或拼音首字母"
          value={keyword}
          maxLength={30}
          onChange={(e) => setKeyword(e.target.value)}
          data-testid="lobby-search"
          aria-label="搜索游戏"
        />
        {isLoading ? <div className="skeleton" style={{ height: 240, marginTop: 12 }} /> : null}
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
        {!deferred && data && data.hot.length > 0 ? (
          <section className="card section" style={{ margin: '12px 0 0' }} data-testid="lobby-hot">
            <div className="section-head">
              <span className="section-title">{copy.hotGames}</span>
            </div>
            <div style={{ display: 'grid', gridTemplateColumns: `repeat(${pc ? 8 : 4}, 1fr)`, gap: 8 }}>
              {data.hot.map((g) => (
                <GameTile key={g.applicationId} game={g} onClick={open} />
              ))}
            </div>
          </section>
        ) : null}
        {!deferred && data ? <BrokerLobbyEntry scene={scene} /> : null}
        {pc ? letters : null}
        {data && groups.length === 0 ? <EmptyState title="没有找到相关游戏" hint="换个关键词试试" /> : null}
        {groups.map((group) => (
          <section key={group.initial} id={letterId(group.initial)} style={{ marginTop: 12 }} data-testid="lobby-group">
            <div className="lobby-letter">{group.initial}</div>
            <div className={pc ? 'card lobby-group-pc' : 'card'} style={{ padding: '0 12px' }}>
              {group.games.map((g) => (
                <GameRow key={g.applicationId} game={g} onClick={open} />
              ))}
            </div>
          </section>
        ))}
        {pc ? null : letters}
      </div>
    </MarketLayout>
  );
}
