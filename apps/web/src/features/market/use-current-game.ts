import type { Game } from '@app/protocol/calls/market-games';
import { useState } from 'react';
import { useGameInfo } from './api/get-game-info';
import { useLastPlayedGame } from './api/get-last-played-game';
import { chosenGameId, setCurrentGame } from './current-game';

/**
 * The game of the home: the one the user chose (applicationIdClick), else lastPlayedGame.
 * choose() switches it and remembers the choice.
 */
export function useCurrentGame() {
  const [chosen, setChosen] = useState(chosenGameId);
  const last = useLastPlayedGame();
  const lastGame = last.data?.game ?? null;
  const needInfo = Boolean(chosen) && chosen !== lastGame?.applicationId;
  const info = useGameInfo(needInfo ? chosen : null);
  const game: Game | null = needInfo ? (info.data?.game ?? null) : lastGame;
  return {
    game,
    played: !needInfo && Boolean(last.data?.played),
    isLoading: last.isLoading || (needInfo && info.isLoading),
    choose: (g: Game) => {
      setCurrentGame(g);
      setChosen(g.applicationId);
    },
  };
}
