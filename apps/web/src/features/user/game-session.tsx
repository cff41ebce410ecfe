import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { loginFromGame } from './api/game-token-login';
import { FirstTimeGuide } from './first-time-guide';

/** Runs the game login once per launch in game-embedded scenes. */
export function GameSession() {
  const queryClient = useQueryClient();
  const [inGame, setInGame] = useState(false);
  useEffect(() => {
    loginFromGame()
      .then((info) => {
        if (!info) return;
        setInGame(true);
        void queryClient.invalidateQueries();
      })
      .catch(() => {
        // no host or the host refused: the page stays anonymous; calls needing login will say so
      });
  }, [queryClient]);
  return inGame ? <FirstTimeGuide /> : null;
}
