import { type Game, testPlayGameInfo } from '@app/protocol/calls/market-games';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../api/call-api';
import { detectPlatform } from '../platform';

export interface GameLink {
  url: string;
  /** 进入游戏 for a game played in the browser, 下载游戏 for an app to install. */
  label: string;
}

/** The game's link for this device from its config: the web game first, else the app download. */
export function gameLinkOf(game: Game, platform: string = detectPlatform()): GameLink | null {
  const ios = platform.endsWith('ios');
  const pc = platform === 'pc-web';
  const web = pc ? game.pcDownloadUrl : ios ? game.h5IosDownloadUrl : game.h5AndroidDownloadUrl;
  if (web) return { url: web, label: '进入游戏' };
  const app = pc ? '' : ios ? game.iosDownloadUrl : game.androidDownloadUrl;
  return app ? { url: app, label: '下载游戏' } : null;
}

/** The game's download or login link (business-flows §3 download info), null when it has none. */
export function useGameLink(applicationId: string, enabled = true) {
  return useQuery({
    queryKey: ['game-link', applicationId],
    queryFn: async () => gameLinkOf((await callApi(testPlayGameInfo, { applicationId }, { ignoreError: true })).game),
    enabled: enabled && Boolean(applicationId),
    staleTime: 10 * 60_000,
  });
}
