import type { CommodityDetail } from '@app/protocol/calls/exchange';
import { checkAuthentication } from '@app/protocol/calls/identity';
import { CommodityType } from '@app/protocol/commodity';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { useDeliveryTargets } from '../../../lib/delivery-targets';
import { useServers } from '../../../lib/queries/servers';

export interface Readiness {
  realName: boolean;
  accounts: number;
  /** Coins and props: the buyer's roles on the listing's master server (name and server). */
  rolesInGroup: Array<{ roleName: string; serverName: string }>;
}

/**
 * What a logged-in buyer has of what this listing needs (the same checks the order placement
 * makes, business-flows §6): a real name, a linked game account of the game, and for coins and
 * props a role on the listing's master server. Outside the game only; `undefined` while loading.
 */
export function useBuyerReadiness(detail: CommodityDetail, enabled: boolean): Readiness | undefined {
  const auth = useQuery({
    // The identity feature's key: verifying elsewhere updates this at once.
    queryKey: ['identity', 'status'],
    queryFn: () => callApi(checkAuthentication, {}),
    enabled,
  });
  const targets = useDeliveryTargets(detail.applicationId, enabled);
  const goods = detail.type !== CommodityType.ROLE;
  const servers = useServers(detail.applicationId, enabled && goods);
  if (!auth.data || !targets.data || (goods && !servers.data)) return undefined;
  const rolesInGroup = goods
    ? targets.data.roles
        .filter((r) => servers.data?.get(r.serverId)?.masterServerId === detail.masterServerId)
        .map((r) => ({ roleName: r.roleName, serverName: servers.data?.get(r.serverId)?.serverName ?? r.serverId }))
    : [];
  return { realName: auth.data.hasAuthentication === '1', accounts: targets.data.accounts.length, rolesInGroup };
}
