import { h5sdkPhoneLogin } from '@app/protocol/calls/game';
import { isGameScene } from '@app/protocol/platform';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { gameToken } from '../../../lib/game-token';
import { sceneOfPath } from '../../../lib/platform';
import { clearLoginInfo, saveLogin, storage } from '../../../lib/storage';

/** The game account of this view, when the page is a game scene the game logged in (null elsewhere). */
export function gameInView(): ReturnType<typeof gameToken> {
  const scene = sceneOfPath(globalThis.location?.pathname ?? '/');
  return scene && isGameScene(scene) ? gameToken() : null;
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
      const switched = before !== login.uid;
      // What the device kept of the other account (its chat login, its profile) goes with it.
      if (switched) clearLoginInfo();
      saveLogin(login);
      return { ...login, switched };
    },
    // Every answer so far was the other account's.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
