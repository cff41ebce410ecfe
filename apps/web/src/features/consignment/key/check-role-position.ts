import { checkRolePosition } from '@app/protocol/calls/consignment';
import type { CallOutput } from '@app/protocol/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { callHost, hasHost } from '../../../lib/bridge';
import { requireGameToken } from '../api/game-token';

export type RolePosition = CallOutput<typeof checkRolePosition> & {
  /** The host bridge's own checkSecurityZone (null without a host or when it did not answer). */
  hostInSafeZone: boolean | null;
};

/** 角色位置: the exchange asks the game (checkRolePosition); the game client's bridge is asked beside it. */
export const useRolePosition = () =>
  useQuery({
    queryKey: ['consignment', 'rolePosition'],
    queryFn: async (): Promise<RolePosition> => {
      const [answer, host] = await Promise.all([
        callApi(checkRolePosition, requireGameToken()),
        hasHost() ? callHost<{ inSafeZone: boolean }>('checkSecurityZone').catch(() => null) : Promise.resolve(null),
      ]);
      return { ...answer, hostInSafeZone: host ? host.inSafeZone : null };
    },
    staleTime: 0,
    retry: false,
  });
