import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { loginFromGame } from './api/game-token-login';

/** Runs the game login once per launch in game-embedded scenes. */
export function GameSession() {
  const queryClient = useQueryClient();
  useEffect(() => {
    loginFromGame()
      .then((info) => {
        if (info) void queryClient.invalidateQueries();
      })
      .catch(() => {
        // no host or the host refused: the page stays anonymous; calls needing login will say so
      });
  }, [queryClient]);
  return null;
}
