import type { Game } from '@app/protocol/calls/market-games';
import { useDeferredValue, useState } from 'react';
import { useNavigate } from 'react-router';
import { copy } from '../lib/copy';
import { listAppId } from '../lib/list-app-id';
import { paths } from '../lib/paths';
import { useGameLobby } from '../lib/queries/get-game-lobby';

/** The game a search lands in when it names no game: the one in view, else the busiest. */
function gameInView(hot: readonly Game[]): string {
  return listAppId(new URLSearchParams(globalThis.location.search)) || hot[0]?.applicationId || '';
}

/**
 * The header search: games whose name (or pinyin initials) match are offered while typing; Enter
 * opens the game the text names (the only one it matches), or searches titles, role and server names
 * in the game in view.
 */
export function PcHeaderSearch({ scene }: { scene: string }) {
  const navigate = useNavigate();
  const [text, setText] = useState(() => new URLSearchParams(globalThis.location.search).get('keyword') ?? '');
  const [open, setOpen] = useState(false);
  const keyword = useDeferredValue(text.trim());
  const all = useGameLobby('');
  const matched = useGameLobby(keyword);
  const games = keyword ? (matched.data?.groups.flatMap((g) => g.games) ?? []) : [];
  const hot = all.data?.hot ?? [];
  const inView = gameInView(hot);
  const allGames = all.data?.groups.flatMap((g) => g.games) ?? [];
  const inViewName = [...hot, ...allGames].find((g) => g.applicationId === inView)?.gameName;

  const openGame = (game: Game) => {
    setOpen(false);
    setText('');
    navigate(paths.list(scene, { applicationId: game.applicationId }));
  };
  const searchListings = (words: string) => {
    setOpen(false);
    const query = new URLSearchParams();
    if (inView) query.set('applicationId', inView);
    if (words) query.set('keyword', words);
    navigate(`${paths.list(scene)}${query.toString() ? `?${query}` : ''}`);
  };
  const submit = () => {
    const words = text.trim().slice(0, 30);
    // The text names a game when it is the one game whose name (or initials) it matches: by name at
    // once (Enter may come before the suggestions caught up with the typing), else by the server's match.
    const byName = allGames.filter((g) => g.gameName.includes(words));
    const named = !words
      ? undefined
      : byName.length === 1
        ? byName[0]
        : keyword === words && games.length === 1
          ? games[0]
          : undefined;
    if (named) openGame(named);
    else searchListings(words);
  };

  return (
    <form
      className="pc-search"
      data-testid="pc-search"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.4" />
        <path d="M15.5 15.5L21 21" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
      </svg>
      <input
        type="search"
        value={text}
        maxLength={30}
        placeholder={copy.search}
        aria-label="搜索游戏、区服、商品"
        data-testid="pc-search-input"
        onFocus={() => setOpen(true)}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
      />
      <button type="submit" className="pc-search-submit" data-testid="pc-search-submit">
        搜索
      </button>
      {open && keyword ? (
        <div className="pc-search-suggest" data-testid="pc-search-suggest">
          {games.slice(0, 5).map((g) => (
            <button
              key={g.applicationId}
              type="button"
              className="pc-suggest-row"
              data-testid="pc-suggest-game"
              onClick={() => openGame(g)}
            >
              <img src={g.iconUrl} alt="" width={24} height={24} />
              <span>{g.gameName}</span>
              <span className="muted">在售 {g.onSaleCount}</span>
            </button>
          ))}
          {inView ? (
            <button
              type="button"
              className="pc-suggest-row"
              data-testid="pc-suggest-listings"
              onClick={() => searchListings(keyword)}
            >
              <span>
                在{inViewName ? `《${inViewName}》` : '当前游戏'}中搜索“{keyword}”
              </span>
              <span className="muted">标题 · 区服 · 角色</span>
            </button>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}
