import type { CommodityDetail } from '@app/protocol/calls/exchange';
import { checkAuthentication } from '@app/protocol/calls/identity';
import { CommodityType } from '@app/protocol/commodity';
import type { CallOutput } from '@app/protocol/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { type DeliveryTargets, useDeliveryTargets } from '../../../lib/delivery-targets';
import { type ServersById, useServers } from '../../../lib/queries/servers';

/**
 * One requirement's answer: still asking, asked and failed (the queries do not retry on their
 * own, so the row offers 重试), or known.
 */
export type Answer<T> = { state: 'pending' } | { state: 'failed'; retry: () => void } | { state: 'ready'; value: T };

export interface Readiness {
  realName: Answer<boolean>;
  /** How many game accounts of the game are linked. */
  accounts: Answer<number>;
  /** Coins and props: the buyer's roles on the listing's master server (name and server); none asked for a role. */
  rolesInGroup: Answer<Array<{ roleName: string; serverName: string }>>;
}

/** What readiness reads of each query's result. */
export interface QueryPart<T> {
  data: T | undefined;
  isError: boolean;
  /** Asking (again): a failed query being retried is pending until it answers. */
  isFetching: boolean;
  refetch: () => unknown;
}

export interface ReadinessParts {
  auth: QueryPart<CallOutput<typeof checkAuthentication>>;
  targets: QueryPart<DeliveryTargets>;
  servers: QueryPart<ServersById>;
}

/** The answer of the queries `parts` once each has data; failed as soon as one failed, asking those again. */
function answerOf<T>(parts: Array<QueryPart<unknown>>, value: () => T): Answer<T> {
  const failed = parts.filter((p) => p.isError && !p.isFetching && p.data === undefined);
  if (failed.length > 0)
    return {
      state: 'failed',
      retry: () => {
        for (const p of failed) p.refetch();
      },
    };
  if (parts.some((p) => p.data === undefined)) return { state: 'pending' };
  return { state: 'ready', value: value() };
}

/** Each requirement from the calls it needs, so one failed call leaves the others answered. */
export function readinessOf(
  detail: Pick<CommodityDetail, 'type' | 'masterServerId'>,
  { auth, targets, servers }: ReadinessParts,
): Readiness {
  const goods = detail.type !== CommodityType.ROLE;
  return {
    realName: answerOf([auth], () => auth.data?.hasAuthentication === '1'),
    accounts: answerOf([targets], () => targets.data?.accounts.length ?? 0),
    rolesInGroup: goods
      ? answerOf([targets, servers], () =>
          (targets.data?.roles ?? [])
            .filter((r) => servers.data?.get(r.serverId)?.masterServerId === detail.masterServerId)
            .map((r) => ({
              roleName: r.roleName,
              serverName: servers.data?.get(r.serverId)?.serverName ?? r.serverId,
            })),
        )
      : { state: 'ready', value: [] },
  };
}

/**
 * What a logged-in buyer has of what this listing needs (the same checks the order placement
 * makes, business-flows §6): a real name, a linked game account of the game, and for coins and
 * props a role on the listing's master server. Outside the game only (disabled, every answer pending).
 */
export function useBuyerReadiness(detail: CommodityDetail, enabled: boolean): Readiness {
  const auth = useQuery({
    // The identity feature's key: verifying elsewhere updates this at once.
    queryKey: ['identity', 'status'],
    queryFn: () => callApi(checkAuthentication, {}),
    enabled,
  });
  const targets = useDeliveryTargets(detail.applicationId, enabled);
  const goods = detail.type !== CommodityType.ROLE;
  const servers = useServers(detail.applicationId, enabled && goods);
  return readinessOf(detail, { auth, targets, servers });
}
