import { type RealNameVersion, realNameVersion } from '@app/protocol/auth-type';
import { useQuery } from '@tanstack/react-query';
import { listAppId } from '../../lib/list-app-id';
import { gameConfigOptions } from '../../lib/queries/get-filter-options';

/**
 * The version the game in view asks for (its config's authType): the ID photos, the number, or a
 * switch between them; without a game, or when its config cannot be read, the switchable one.
 * Answers null while the config is read. The dialog and the ID-upload page both follow it.
 */
export function useGameRealNameVersion(): RealNameVersion | null {
  const appId = listAppId(new URLSearchParams(globalThis.location.search));
  const config = useQuery({ ...gameConfigOptions(appId), enabled: Boolean(appId) });
  if (!appId || config.isError) return 'switchable';
  return config.data ? realNameVersion(config.data.authType) : null;
}
