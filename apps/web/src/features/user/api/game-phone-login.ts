import { h5sdkPhoneLogin } from '@app/protocol/calls/game';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { gameToken } from '../../../lib/game-token';
import { sceneOfPath } from '../../../lib/platform';
import { saveLogin, storage } from '../../../lib/storage';

/** The game account of this view, when the page is the SDK view inside a game (null elsewhere). */
export function gameInView(): ReturnType<typeof gameToken> {
  return sceneOfPath(globalThis.location?.pathname ?? '/') === 'h5sdk' ? gameToken() : null;
}

/**
 * Inside the game: logs in with a phone and its code (h5sdkPhoneLogin), which links this game
 * account to the phone's marketplace account — the web account of that phone, with its real name,
 * balance and orders, or this game login's own account when the phone has none yet. Answers
 * whether the view now speaks as another account than before.
 */
export function useGamePhoneLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { phone: string; code: string }) => {
      const game = gameInView();
      if (!game) throw new Error('不在游戏内');
      const before = storage.get('uid');
      const login = await callApi(h5sdkPhoneLogin, { ...game, ...input });
      saveLogin(login);
      return { ...login, switched: before !== login.uid };
    },
    // Every answer so far was the other account's.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
